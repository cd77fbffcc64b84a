import { useRef } from 'react';

/**
 * Horizontal swipe on touch screens: a mostly-sideways move of at least 50 px (the same threshold as toasts,
 * docs/product/limits.md) calls onLeft or onRight. Mouse drags are ignored so desktop clicks stay clicks.
 */
export function useSwipe({ onLeft, onRight, threshold = 50 }: { onLeft: () => void; onRight: () => void; threshold?: number }) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: React.TouchEvent) => {
      const t = e.touches[0];
      start.current = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const s = start.current;
      const t = e.changedTouches[0];
      start.current = null;
      if (!s || !t) return;
      const dx = t.clientX - s.x;
      const dy = t.clientY - s.y;
      if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      if (dx < 0) onLeft();
      else onRight();
    },
  };
}
