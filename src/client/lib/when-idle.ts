/**
 * Runs `work` once the page has loaded and the browser is idle (at most `timeout` ms after the load event): for start-up
 * work that no first paint or hydration waits for, so it stays out of their tasks.
 */
export function afterLoadWhenIdle(work: () => void, timeout = 3000) {
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(work, { timeout }) : setTimeout(work, 500));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
