import { useSyncExternalStore } from 'react';
import { photoSources, smallerSize, type PhotoSize, type PhotoSizes } from '../../shared/photo-sources';

// Which photo sizes a listing photo offers the browser (docs/product/limits.md: "a slow connection or memory use above
// 80 % lowers image quality"; docs/product/limits.md#photo-sizes). Each photo comes in three WebP sizes (thumbnail
// ≤ 480 px, medium 800 px wide, large ≤ 1600 px) and every <img> lists those its box can use in `srcset` with their
// widths; `sizes` says how wide the box is, and the browser picks for the screen's density. On a slow connection or
// under memory pressure the list is capped one size lower, so the browser cannot pick the bigger files at all.

/** What the browser tells about the connection and memory (each part missing where the browser has no such API). */
export interface QualitySignals {
  /** `navigator.connection` (Network Information API: Chromium, not Safari or Firefox). */
  connection?: { saveData?: boolean; effectiveType?: string };
  /** `performance.memory` (Chromium only). */
  memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number };
  /** `navigator.deviceMemory` in GiB, rounded down to a power of two (Chromium only). */
  deviceMemory?: number;
}

/** Effective connection types too slow for the bigger sizes: 3g is ≈ 700 kbit/s, where an 80 KB photo takes 1 s. */
export const SLOW_CONNECTION_TYPES: ReadonlySet<string> = new Set(['slow-2g', '2g', '3g']);
/** Memory use above this share of the JavaScript heap's limit counts as memory pressure. */
export const MEMORY_PRESSURE_RATIO = 0.8;
/** A device with this much memory or less (GiB) is treated as always under memory pressure. */
export const LOW_DEVICE_MEMORY_GIB = 1;

/** True when photos should come a size smaller: data saver, a slow connection, or memory pressure. */
export function isReducedQuality({ connection, memory, deviceMemory }: QualitySignals): boolean {
  if (connection?.saveData) return true;
  if (connection?.effectiveType && SLOW_CONNECTION_TYPES.has(connection.effectiveType)) return true;
  if (memory && memory.jsHeapSizeLimit > 0 && memory.usedJSHeapSize / memory.jsHeapSizeLimit > MEMORY_PRESSURE_RATIO) return true;
  return deviceMemory !== undefined && deviceMemory > 0 && deviceMemory <= LOW_DEVICE_MEMORY_GIB;
}

type ConnectionLike = QualitySignals['connection'] & Partial<Pick<EventTarget, 'addEventListener' | 'removeEventListener'>>;
const nav = () => (typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionLike; deviceMemory?: number }));

/** The signals of this browser, now. */
export function currentSignals(): QualitySignals {
  const n = nav();
  const memory = typeof performance === 'undefined' ? undefined : (performance as Performance & { memory?: QualitySignals['memory'] }).memory;
  return { connection: n?.connection, memory, deviceMemory: n?.deviceMemory };
}

// The heap grows and shrinks all the time; reading it at most every 10 s keeps photos from switching sizes back and
// forth (each switch can cost a download). A change of connection is taken at once.
const MEMORY_SAMPLE_MS = 10_000;
let cached: { value: boolean; at: number } | undefined;

function snapshot(): boolean {
  const now = Date.now();
  if (!cached || now - cached.at > MEMORY_SAMPLE_MS) cached = { value: isReducedQuality(currentSignals()), at: now };
  return cached.value;
}

function subscribe(onChange: () => void): () => void {
  const connection = nav()?.connection;
  const changed = () => {
    cached = undefined;
    onChange();
  };
  connection?.addEventListener?.('change', changed);
  return () => connection?.removeEventListener?.('change', changed);
}

/** Whether photos should come a size smaller here (see isReducedQuality); follows connection changes. */
export function useReducedImageQuality(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

// --- srcset ---------------------------------------------------------------------------------------------------------

// The sizes each <img> offers are built in photo-sources.ts (shared with the server's preload hints).
export { photoSources, smallerSize, type PhotoSize, type PhotoSizes } from '../../shared/photo-sources';

/** photoSources with the cap lowered one size when quality is reduced. */
export function usePhotoSources(img: PhotoSizes | null | undefined, largest: PhotoSize): { src: string; srcSet?: string } | null {
  const reduced = useReducedImageQuality();
  return img ? photoSources(img, reduced ? smallerSize(largest) : largest) : null;
}
