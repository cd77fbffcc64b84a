import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistListingQueries, STORAGE_KEY } from './persisted-queries';

/** A Storage in memory (the unit tests run in node). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const listKey = (q: string) => [['listings', 'list'], { input: { query: q }, type: 'query' }];
const byIdKey = (id: number) => [['listings', 'byId'], { input: { id }, type: 'query' }];
const meKey = [['auth', 'me'], { type: 'query' }];
const stored = (storage: Storage) => JSON.parse(storage.getItem(STORAGE_KEY)!) as { owner: number | null; clientState: { queries: { queryKey: unknown[] }[] } };

// What is kept and for whom is ours (the saving and restoring is TanStack Query's persister).
describe('persisted listing queries', () => {
  let storage: Storage;
  beforeEach(() => {
    vi.useFakeTimers();
    storage = memoryStorage();
  });
  afterEach(() => vi.useRealTimers());

  async function start(buster = 'b1') {
    const client = new QueryClient();
    const { stop, ready } = persistListingQueries(client, buster, storage);
    await ready;
    vi.advanceTimersByTime(10); // what this page fetches is newer than the restored copy
    return { client, stop };
  }

  it('keeps the public listing queries only, and a new page of the same build gets them back', async () => {
    const { client, stop } = await start();
    client.setQueryData(listKey('volvo'), { items: [{ id: 1, model: 'V60' }] });
    client.setQueryData(byIdKey(1), { id: 1, model: 'V60' });
    client.setQueryData([['chats', 'list'], { type: 'query' }], [{ id: 9, text: 'privat' }]);
    vi.advanceTimersByTime(1000);
    stop();
    expect(storage.getItem(STORAGE_KEY)).toContain('V60');
    expect(storage.getItem(STORAGE_KEY)).not.toContain('privat');

    const again = await start();
    expect(again.client.getQueryData(listKey('volvo'))).toEqual({ items: [{ id: 1, model: 'V60' }] });
    expect(again.client.getQueryData(byIdKey(1))).toEqual({ id: 1, model: 'V60' });
    expect(again.client.getQueryData([['chats', 'list'], { type: 'query' }])).toBeUndefined();
    // Shown at once but stale: a page that uses it asks the server again (a reload shows what changed meanwhile).
    expect(again.client.getQueryState(listKey('volvo'))?.isInvalidated).toBe(true);
    again.stop();

    // Another build neither restores nor keeps the old copy.
    const next = await start('b2');
    expect(next.client.getQueryData(listKey('volvo'))).toBeUndefined();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    next.stop();
  });

  it('is bounded to the 30 most recently updated queries', async () => {
    const { client, stop } = await start();
    for (let i = 0; i < 40; i += 1) {
      vi.advanceTimersByTime(10);
      client.setQueryData(byIdKey(i), { id: i });
    }
    vi.advanceTimersByTime(1000);
    stop();
    const ids = stored(storage).clientState.queries.map((q) => (q.queryKey[1] as { input: { id: number } }).input.id);
    expect(ids).toHaveLength(30);
    expect(ids).toContain(39);
    expect(ids).not.toContain(9);
  });

  it('is cleared on logout and when another user turns out to be logged in', async () => {
    const { client, stop } = await start();
    client.setQueryData(meKey, { id: 5 });
    vi.advanceTimersByTime(10);
    client.setQueryData(byIdKey(1), { id: 1, model: 'inaktiv' });
    vi.advanceTimersByTime(1000);
    expect(stored(storage).owner).toBe(5);

    // A write throttled from before the logout does not bring user 5's listing back.
    client.setQueryData(byIdKey(1), { id: 1, model: 'inaktiv' });
    await client.getMutationCache().build(client, { mutationKey: [['auth', 'logout']], mutationFn: async () => ({ ok: true }) }).execute(undefined);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(storage.getItem(STORAGE_KEY) ?? '').not.toContain('inaktiv');

    vi.advanceTimersByTime(10);
    client.setQueryData(byIdKey(2), { id: 2 });
    vi.advanceTimersByTime(1000);
    expect(stored(storage).owner).toBeNull();
    client.setQueryData(meKey, { id: 7 });
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    stop();
  });

  /** A copy stored for user 5, with their inactive listing. */
  async function storedForUser5() {
    const first = await start();
    first.client.setQueryData(meKey, { id: 5 });
    first.client.setQueryData(byIdKey(1), { id: 1, model: 'inaktiv' });
    vi.advanceTimersByTime(1000);
    first.stop();
    vi.advanceTimersByTime(10);
  }

  it('a copy restored for another user is not written again for the one logged in now', async () => {
    await storedForUser5();
    const { client, stop } = await start();
    expect(client.getQueryData(byIdKey(1))).toEqual({ id: 1, model: 'inaktiv' });
    client.setQueryData(meKey, null);
    vi.advanceTimersByTime(10);
    client.setQueryData(listKey('volvo'), { items: [] });
    vi.advanceTimersByTime(1000);
    expect(stored(storage).owner).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).not.toContain('inaktiv');
    expect(storage.getItem(STORAGE_KEY)).toContain('volvo');
    stop();
  });

  it('an auth.me answered before the copy is put in counts as the first answer', async () => {
    await storedForUser5();
    // The page starts keeping its queries once the browser is idle (src/client/start.tsx): a visitor's auth.me
    // has answered by then.
    const client = new QueryClient();
    client.setQueryData(meKey, null);
    const { stop, ready } = persistListingQueries(client, 'b1', storage);
    await ready;
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    vi.advanceTimersByTime(10);
    client.setQueryData(listKey('volvo'), { items: [] });
    vi.advanceTimersByTime(1000);
    expect(stored(storage).owner).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).not.toContain('inaktiv');
    stop();
  });
});
