import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { storeParts, type Store } from '.';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { insertUserRow } from '../testing/store-rows';
import { insertNotification, NOTIFICATION_ORDER_LOCK } from './notifications';

// The notifications repository on both stores (docs/product/notifications.md, docs/decisions/018-postgresql.md).
describeOnEachStore('notifications repository', (dialect) => {
  let store: Store;
  let kari: number;
  let ola: number;
  beforeEach(async () => {
    store = await createTestStore(dialect);
    kari = await insertUserRow(store);
    ola = await insertUserRow(store);
  });
  afterEach(() => store.close());

  const approved = (title: string) => ({ type: 'success' as const, title, message: 'Annonsen din er godkjent og synlig for kjøpere.', data: { listingId: 7 } });

  it('stores a notification with its data, unread, and lists a user’s own newest first', async () => {
    const first = await store.notifications.insert(kari, approved('Volvo V90 er godkjent'));
    const second = await store.notifications.insert(kari, { type: 'info', title: 'Ny chat om Tesla Model 3', message: 'Ola: Hei!' });
    await store.notifications.insert(ola, approved('Ikke Karis'));
    expect(first).toMatchObject({ userId: kari, type: 'success', title: 'Volvo V90 er godkjent', data: { listingId: 7 }, read: false });
    expect(first.createdAt).toBeInstanceOf(Date);
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.data).toBeNull();
    expect((await store.notifications.list(kari, 10)).map((n) => n.id)).toEqual([second.id, first.id]);
    expect((await store.notifications.list(kari, 1)).map((n) => n.id)).toEqual([second.id]);
    expect(await store.notifications.list(kari, 10)).toEqual([second, first]);
  });

  it('counts unread, marks one or all read, a user’s own only', async () => {
    const a = await store.notifications.insert(kari, approved('A'));
    await store.notifications.insert(kari, approved('B'));
    await store.notifications.insert(kari, approved('C'));
    const olas = await store.notifications.insert(ola, approved('Olas'));
    expect(await store.notifications.unreadCount(kari)).toBe(3);
    expect(await store.notifications.markRead(kari, a.id)).toMatchObject({ id: a.id, read: true });
    expect(await store.notifications.unreadCount(kari)).toBe(2);
    expect(await store.notifications.markRead(kari, olas.id)).toBeNull();
    expect(await store.notifications.markRead(kari, 2 ** 40)).toBeNull();
    expect(await store.notifications.unreadCount(ola)).toBe(1);
    expect(await store.notifications.markAllRead(kari)).toBe(2);
    expect(await store.notifications.markAllRead(kari)).toBe(0);
    expect(await store.notifications.unreadCount(kari)).toBe(0);
    expect(await store.notifications.unreadCount(ola)).toBe(1);
  });

  it('replays a user’s notifications after an id, oldest first, bounded', async () => {
    const rows = [];
    for (const title of ['A', 'B', 'C', 'D']) rows.push(await store.notifications.insert(kari, approved(title)));
    await store.notifications.insert(ola, approved('Olas'));
    expect((await store.notifications.after(kari, rows[0].id, 10)).map((n) => n.title)).toEqual(['B', 'C', 'D']);
    expect((await store.notifications.after(kari, 0, 2)).map((n) => n.title)).toEqual(['A', 'B']);
    expect(await store.notifications.after(kari, Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
  });

  it('loads notifications by id in id order, leaving out what does not exist', async () => {
    const a = await store.notifications.insert(kari, approved('A'));
    const b = await store.notifications.insert(ola, approved('B'));
    const found = await store.notifications.byIds([b.id, 2 ** 40, a.id, b.id + 1000]);
    expect(found.map((n) => [n.id, n.title])).toEqual([[a.id, 'A'], [b.id, 'B']]);
    expect(await store.notifications.byIds([])).toEqual([]);
  });

  it('deletes a user’s own, one or all', async () => {
    const a = await store.notifications.insert(kari, approved('A'));
    await store.notifications.insert(kari, approved('B'));
    const olas = await store.notifications.insert(ola, approved('Olas'));
    expect(await store.notifications.delete(kari, olas.id)).toBe(false);
    expect(await store.notifications.delete(kari, 2 ** 40)).toBe(false);
    expect(await store.notifications.delete(kari, a.id)).toBe(true);
    expect(await store.notifications.delete(kari, a.id)).toBe(false);
    expect(await store.notifications.deleteAll(kari)).toBe(1);
    expect(await store.notifications.list(kari, 10)).toEqual([]);
    expect(await store.notifications.list(ola, 10)).toHaveLength(1);
  });

  it('inserts inside a producer’s transaction, and nothing when it rolls back', async () => {
    const fail = new Error('rolled back');
    const parts = storeParts(store);
    await expect(
      parts.d.transaction(parts.db, async (tx) => {
        await insertNotification(tx, parts, kari, approved('Rulles tilbake'));
        throw fail;
      }),
    ).rejects.toThrow(fail);
    await parts.d.transaction(parts.db, (tx) => insertNotification(tx, parts, kari, approved('Lagret')));
    expect((await store.notifications.list(kari, 10)).map((n) => n.title)).toEqual(['Lagret']);
  });

  if (dialect === 'pg') {
    it('hands out ids in commit order: a second producer waits for the first one’s commit', async () => {
      const db = (store as Extract<Store, { dialect: 'pg' }>).db;
      let commit!: () => void;
      const held = new Promise<void>((r) => (commit = r));
      let inserted!: (id: number) => void;
      const firstId = new Promise<number>((r) => (inserted = r));
      const first = db.transaction(async (tx) => {
        inserted((await insertNotification(tx as never, storeParts(store), kari, approved('Først'))).id);
        await held;
      });
      await firstId;
      const lockHolders = () =>
        db.execute<{ n: number }>(sql`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = ${NOTIFICATION_ORDER_LOCK}`);
      expect((await lockHolders()).rows[0].n).toBe(1);
      let secondDone = false;
      const second = store.notifications.insert(ola, approved('Etterpå')).then((n) => ((secondDone = true), n));
      await new Promise((r) => setTimeout(r, 150));
      expect(secondDone).toBe(false);
      commit();
      await first;
      expect((await second).id).toBeGreaterThan(await firstId);
      // The lock is the transaction's: nothing is left held once both have committed.
      expect((await lockHolders()).rows[0].n).toBe(0);
    });
  }
});
