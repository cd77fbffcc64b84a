import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals';

// The admin's performance panel (docs/product/admin.md#performance-panel): what this browser measured of this page
// load, with nothing sent anywhere. Web vitals come from the `web-vitals` package; API latency from the browser's
// resource timing of the calls to /api/* and /trpc/*. The last SAMPLE_LIMIT samples are kept per metric
// (docs/product/limits.md).
//
// This module is loaded only when an admin's Developer Panel mounts (components/admin/metrics-panel.tsx imports it
// dynamically), so visitors never download it. Starting late loses little, because every observer here asks for the
// entries the browser buffered before it started (`buffered: true`):
//   - LCP, FCP, CLS and TTFB of the page load are all still reported (their entries are buffered in full);
//   - INP only sees earlier interactions that took 104 ms or more (the browser buffers no shorter event timings), so
//     before the panel mounted a good INP may read as "not measured yet" and the interaction count starts late;
//   - resource timings beyond the browser's buffer (250 entries by default) before the start are gone;
//   - everything is per page load: a client-side route change is no new load, and a reload starts from zero.

export const SAMPLE_LIMIT = 50;

export type VitalName = MetricType['name'];
export type Rating = MetricType['rating'];

export interface VitalState {
  /** The latest value reported: milliseconds, except CLS (a unitless score). */
  value: number;
  rating: Rating;
  /** The values reported so far, oldest first, at most SAMPLE_LIMIT. */
  samples: readonly number[];
}

export interface ApiGroupStats {
  /** A tRPC procedure ('auth.me') or a REST path with its ids replaced ('/api/listings/:id'). */
  group: string;
  /** Samples kept (at most SAMPLE_LIMIT) and what they say, in milliseconds. */
  count: number;
  median: number;
  p95: number;
  last: number;
}

export interface MetricsSnapshot {
  vitals: Partial<Record<VitalName, VitalState>>;
  /** By group name. */
  api: readonly ApiGroupStats[];
}

export interface MetricsStore {
  recordVital(metric: Pick<MetricType, 'name' | 'value' | 'rating'>): void;
  /** One finished request: its URL (absolute or relative to `origin`) and how long it took, in milliseconds. */
  recordRequest(url: string, durationMs: number): void;
  subscribe(listener: () => void): () => void;
  /** The same object until something new is recorded (for useSyncExternalStore). */
  getSnapshot(): MetricsSnapshot;
}

/**
 * The p-th percentile (0–100) of ascending values, interpolating linearly between the two nearest ranks (the common
 * definition: numpy's and Excel's PERCENTILE.INC), so the median of an even count is the mean of the middle two.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = (Math.min(Math.max(p, 0), 100) / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

/**
 * The groups one request's latency counts towards: each procedure of a tRPC batch (`/trpc/auth.me,listings.list`;
 * every procedure of a batch waits for the whole answer), or the REST path with every segment holding a digit (an id,
 * a registration number) as ':id' and no query. Anything else — another origin, a page, a photo — counts nowhere.
 */
export function requestGroups(url: string, origin: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return [];
  }
  if (parsed.origin !== new URL(origin).origin) return [];
  const path = parsed.pathname;
  if (path.startsWith('/trpc/')) {
    return path
      .slice('/trpc/'.length)
      .split(',')
      .map((p) => safeDecode(p))
      .filter((p) => p.length > 0);
  }
  if (path === '/api' || path.startsWith('/api/')) {
    const segments = path.split('/').map((s) => (/\d/.test(s) ? ':id' : s));
    return [segments.join('/').replace(/\/+$/, '') || '/api'];
  }
  return [];
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Keeps at most `limit` values, dropping the oldest. */
function pushBounded(list: number[], value: number, limit: number) {
  list.push(value);
  if (list.length > limit) list.splice(0, list.length - limit);
}

export function createMetricsStore(opts: { limit?: number; origin?: string } = {}): MetricsStore {
  const limit = opts.limit ?? SAMPLE_LIMIT;
  const origin = opts.origin ?? globalThis.location?.origin ?? 'http://localhost';
  const vitals = new Map<VitalName, { value: number; rating: Rating; samples: number[] }>();
  const requests = new Map<string, number[]>();
  const listeners = new Set<() => void>();
  let snapshot: MetricsSnapshot | undefined;
  let notifyQueued = false;

  // Buffered entries arrive in a burst: listeners hear of a burst once.
  function changed() {
    snapshot = undefined;
    if (notifyQueued) return;
    notifyQueued = true;
    queueMicrotask(() => {
      notifyQueued = false;
      for (const listener of listeners) listener();
    });
  }

  function build(): MetricsSnapshot {
    const v: MetricsSnapshot['vitals'] = {};
    for (const [name, state] of vitals) v[name] = { value: state.value, rating: state.rating, samples: [...state.samples] };
    const api = [...requests]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, samples]): ApiGroupStats => {
        const sorted = [...samples].sort((a, b) => a - b);
        return { group, count: samples.length, median: percentile(sorted, 50), p95: percentile(sorted, 95), last: samples[samples.length - 1] };
      });
    return { vitals: v, api };
  }

  return {
    recordVital(metric) {
      const state = vitals.get(metric.name) ?? { value: metric.value, rating: metric.rating, samples: [] };
      state.value = metric.value;
      state.rating = metric.rating;
      pushBounded(state.samples, metric.value, limit);
      vitals.set(metric.name, state);
      changed();
    },
    recordRequest(url, durationMs) {
      if (!Number.isFinite(durationMs) || durationMs < 0) return;
      const groups = requestGroups(url, origin);
      for (const group of groups) {
        const samples = requests.get(group) ?? [];
        pushBounded(samples, durationMs, limit);
        requests.set(group, samples);
      }
      if (groups.length > 0) changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot() {
      snapshot ??= build();
      return snapshot;
    },
  };
}

let pageStore: MetricsStore | undefined;

/**
 * This page's store, measuring from the first call on for as long as the page lives (web-vitals cannot be stopped,
 * and the panel wants the whole page load): later calls return the same store.
 */
export function startMetrics(): MetricsStore {
  if (pageStore) return pageStore;
  const store = createMetricsStore();
  pageStore = store;
  const report = (metric: MetricType) => store.recordVital(metric);
  const opts = { reportAllChanges: true };
  onLCP(report, opts);
  onINP(report, opts);
  onCLS(report, opts);
  onFCP(report, opts);
  onTTFB(report, opts);
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('resource')) {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.recordRequest(entry.name, entry.duration);
    });
    observer.observe({ type: 'resource', buffered: true });
  }
  return store;
}
