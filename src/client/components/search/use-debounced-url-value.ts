import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A text field whose committed value lives in the URL. Typing updates local state at once and commits after
 * `delay` ms of quiet; a URL change from elsewhere (reset, back button) replaces the local text. `normalize` is
 * applied before comparing, so committing "golf " (stored as "golf") never wipes the space the user just typed.
 */
export function useDebouncedUrlValue(
  urlValue: string,
  commit: (value: string) => void,
  opts: { delay?: number; normalize?: (v: string) => string } = {},
) {
  const { delay = 350, normalize = (v: string) => v.trim() } = opts;
  const [value, setValue] = useState(urlValue);
  const latest = useRef({ value, urlValue, commit, normalize });
  // Layout effects run before the effects below, so they always read this render's values.
  useLayoutEffect(() => {
    latest.current = { value, urlValue, commit, normalize };
  });

  // External URL change → show it (unless it is just our own commit coming back).
  useEffect(() => {
    if (latest.current.normalize(latest.current.value) !== urlValue) setValue(urlValue);
  }, [urlValue]);

  useEffect(() => {
    const next = normalize(value);
    if (next === latest.current.urlValue) return;
    const timer = setTimeout(() => latest.current.commit(next), delay);
    return () => clearTimeout(timer);
    // normalize is expected to be stable in behaviour; the latest one is read through the ref on flush.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, delay]);

  /** Commits now (e.g. on Enter / the 'Søk' button). */
  const flush = useCallback(() => {
    const { value: v, urlValue: u, commit: c, normalize: n } = latest.current;
    if (n(v) !== u) c(n(v));
  }, []);

  return [value, setValue, flush] as const;
}
