import { describe, expect, it } from 'vitest';
import { createMetricsStore, percentile, requestGroups, SAMPLE_LIMIT } from './metrics';

const ORIGIN = 'https://bilpartner.no';
const store = () => createMetricsStore({ origin: ORIGIN });
const tick = () => new Promise<void>((r) => queueMicrotask(r));

describe('requestGroups', () => {
  it.each<[string, string[]]>([
    ['/trpc/auth.me?batch=1&input=%7B%7D', ['auth.me']],
    ['https://bilpartner.no/trpc/auth.me,listings.list?batch=1', ['auth.me', 'listings.list']],
    ['/api/listings?limit=6', ['/api/listings']],
    ['/api/listings/42', ['/api/listings/:id']],
    ['/api/admin/listings/7/approve', ['/api/admin/listings/:id/approve']],
    ['/api/vehicle-data/AB12345', ['/api/vehicle-data/:id']],
    ['/api/feedbacks/3/read/', ['/api/feedbacks/:id/read']],
    ['/api', ['/api']],
    ['/annonser', []],
    ['/uploads/abc.webp', []],
    ['/apiary', []],
    ['https://ws.geonorge.no/api/adresser', []],
    ['https://bilpartner.no.evil.example/api/listings', []],
  ])('%s → %j', (url, groups) => {
    expect(requestGroups(url, ORIGIN)).toEqual(groups);
  });
});

describe('percentile', () => {
  it('interpolates between ranks', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(percentile([10], 95)).toBe(10);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 95)).toBeCloseTo(95.05);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('the metrics store', () => {
  it('keeps the last 50 samples of each group and summarises them', () => {
    const s = store();
    // 1 … 120 ms: only 71 … 120 stay.
    for (let ms = 1; ms <= 120; ms++) s.recordRequest(`/api/listings/${ms}`, ms);
    s.recordRequest('/api/listings', 500);
    const { api } = s.getSnapshot();
    expect(api).toEqual([
      { group: '/api/listings', count: 1, median: 500, p95: 500, last: 500 },
      { group: '/api/listings/:id', count: SAMPLE_LIMIT, median: 95.5, p95: percentile(range(71, 120), 95), last: 120 },
    ]);
    expect(api[1].p95).toBeCloseTo(117.55);
  });

  it('counts a batched tRPC call for each procedure in it, and nothing for other URLs', () => {
    const s = store();
    s.recordRequest('/trpc/auth.me,notifications.unreadCount?batch=1', 80);
    s.recordRequest('/trpc/auth.me?batch=1', 20);
    s.recordRequest('/assets/index-abc.js', 300);
    s.recordRequest('/api/listings', Number.NaN);
    expect(s.getSnapshot().api.map((g) => [g.group, g.count, g.median, g.last])).toEqual([
      ['auth.me', 2, 50, 20],
      ['notifications.unreadCount', 1, 80, 80],
    ]);
  });

  it('shows the latest value and rating of each vital, keeping 50 values', () => {
    const s = store();
    expect(s.getSnapshot().vitals).toEqual({});
    s.recordVital({ name: 'LCP', value: 1800, rating: 'good' });
    s.recordVital({ name: 'LCP', value: 2900, rating: 'needs-improvement' });
    for (let i = 0; i < 60; i++) s.recordVital({ name: 'CLS', value: i / 100, rating: i < 10 ? 'good' : 'poor' });
    const { vitals } = s.getSnapshot();
    expect(vitals.LCP).toEqual({ value: 2900, rating: 'needs-improvement', samples: [1800, 2900] });
    expect(vitals.CLS?.value).toBe(0.59);
    expect(vitals.CLS?.rating).toBe('poor');
    expect(vitals.CLS?.samples).toHaveLength(SAMPLE_LIMIT);
    expect(vitals.CLS?.samples[0]).toBe(0.1);
    expect(vitals.INP).toBeUndefined();
  });

  it('gives the same snapshot until something changes, and tells listeners once per burst', async () => {
    const s = store();
    let calls = 0;
    const stop = s.subscribe(() => (calls += 1));
    const first = s.getSnapshot();
    expect(s.getSnapshot()).toBe(first);
    s.recordRequest('/api/listings', 10);
    s.recordRequest('/api/listings', 30);
    s.recordRequest('/annonser', 30);
    await tick();
    expect(calls).toBe(1);
    const second = s.getSnapshot();
    expect(second).not.toBe(first);
    expect(second.api[0].median).toBe(20);
    expect(s.getSnapshot()).toBe(second);
    stop();
    s.recordVital({ name: 'INP', value: 40, rating: 'good' });
    await tick();
    expect(calls).toBe(1);
  });
});

function range(from: number, to: number) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
