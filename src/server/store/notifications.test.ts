import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { storeParts, type Store } from '.';
import { describeOnEachStore, storeForEachTest } from '../testing/stores';
import { insertUserRow } from '../testing/store-rows';
import { insertNotification, NOTIFICATION_ORDER_LOCK } from './notifications';

// The notifications repository on both stores (docs/product/notifications.md, docs/decisions/018-postgresql.md).
describeOnEachStore('notifications repository', (dialect) => {
  const t = storeForEachTest(dialect, async (store) => ({ kari: await insertUserRow(store), ola: await insertUserRow(store) }));

  const approved = (title: string) => ({ type: 'success' as const, title, message: 'Annonsen din er godkjent og synlig for kjøpere.', data: { listingId: 7 } });

  it('stores a notification with its data, unread, and lists a user’s own newest first', async () => {
    const first = await t.store.notifications.insert(t.kari, approved('Volvo V90 er godkjent'));
    const second = await t.store.notifications.insert(t.kari, { type: 'info', title: 'Ny chat om Tesla Model 3', message: 'Ola: Hei!' });
    await t.store.notifications.insert(t.ola, approved('Ikke Karis'));
    expect(first).toMatchObject({ userId: t.kari, type: 'success', title: 'Volvo V90 er godkjent', data: { listingId: 7 }, read: false });
    expect(first.createdAt).toBeInstanceOf(Date);
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.data).toBeNull();
    expect((await t.store.notifications.list(t.kari, 10)).map((n) => n.id)).toEqual([second.id, first.id]);
    expect((await t.store.notifications.list(t.kari, 1)).map((n) => n.id)).toEqual([second.id]);
    expect(await t.store.notifications.list(t.kari, 10)).toEqual([second, first]);
  });

  it('counts unread, marks one or all read, a user’s own only', async () => {
    const a = await t.store.notifications.insert(t.kari, approved('A'));
    await t.store.notifications.insert(t.kari, approved('B'));
    await t.store.notifications.insert(t.kari, approved('C'));
    const olas = await t.store.notifications.insert(t.ola, approved('Olas'));
    expect(await t.store.notifications.unreadCount(t.kari)).toBe(3);
    expect(await t.store.notifications.markRead(t.kari, a.id)).toMatchObject({ id: a.id, read: true });
    expect(await t.store.notifications.unreadCount(t.kari)).toBe(2);
    expect(await t.store.notifications.markRead(t.kari, olas.id)).toBeNull();
    expect(await t.store.notifications.markRead(t.kari, 2 ** 40)).toBeNull();
    expect(await t.store.notifications.unreadCount(t.ola)).toBe(1);
    expect(await t.store.notifications.markAllRead(t.kari)).toBe(2);
    expect(await t.store.notifications.markAllRead(t.kari)).toBe(0);
    expect(await t.store.notifications.unreadCount(t.kari)).toBe(0);
    expect(await t.store.notifications.unreadCount(t.ola)).toBe(1);
  });

  it('replays a user’s notifications after an id, oldest first, bounded', async () => {
    const rows = [];
    for (const title of ['A', 'B', 'C', 'D']) rows.push(await t.store.notifications.insert(t.kari, approved(title)));
    await t.store.notifications.insert(t.ola, approved('Olas'));
    expect((await t.store.notifications.after(t.kari, rows[0].id, 10)).map((n) => n.title)).toEqual(['B', 'C', 'D']);
    expect((await t.store.notifications.after(t.kari, 0, 2)).map((n) => n.title)).toEqual(['A', 'B']);
    expect(await t.store.notifications.after(t.kari, Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
  });

  it('loads notifications by id in id order, leaving out what does not exist', async () => {
    const a = await t.store.notifications.insert(t.kari, approved('A'));
    const b = await t.store.notifications.insert(t.ola, approved('B'));
    const found = await t.store.notifications.byIds([b.id, 2 ** 40, a.id, b.id + 1000]);
    expect(found.map((n) => [n.id, n.title])).toEqual([[a.id, 'A'], [b.id, 'B']]);
    expect(await t.store.notifications.byIds([])).toEqual([]);
  });

  it('deletes a user’s own, one or all', async () => {
    const a = await t.store.notifications.insert(t.kari, approved('A'));
    await t.store.notifications.insert(t.kari, approved('B'));
    const olas = await t.store.notifications.insert(t.ola, approved('Olas'));
    expect(await t.store.notifications.delete(t.kari, olas.id)).toBe(false);
    expect(await t.store.notifications.delete(t.kari, 2 ** 40)).toBe(false);
    expect(await t.store.notifications.delete(t.kari, a.id)).toBe(true);
    expect(await t.store.notifications.delete(t.kari, a.id)).toBe(false);
    expect(await t.store.notifications.deleteAll(t.kari)).toBe(1);
    expect(await t.store.notifications.list(t.kari, 10)).toEqual([]);
    expect(await t.store.notifications.list(t.ola, 10)).toHaveLength(1);
  });

  it('inserts inside a producer’s transaction, and nothing when it rolls back', async () => {
    const fail = new Error('rolled back');
    const parts = storeParts(t.store);
    await expect(
      parts.d.transaction(parts.db, async (tx) => {
        await insertNotification(tx, parts, t.kari, approved('Rulles tilbake'));
        throw fail;
      }),
    ).rejects.toThrow(fail);
    await parts.d.transaction(parts.db, (tx) => insertNotification(tx, parts, t.kari, approved('Lagret')));
    expect((await t.store.notifications.list(t.kari, 10)).map((n) => n.title)).toEqual(['Lagret']);
  });

  if (dialect === 'pg') {
    it('hands out ids in commit order: a second producer waits for the first one’s commit', async () => {
      const db = (t.store as Extract<Store, { dialect: 'pg' }>).db;
      let commit!: () => void;
      const held = new Promise<void>((r) => (commit = r));
      let inserted!: (id: number) => void;
      const firstId = new Promise<number>((r) => (inserted = r));
      const first = db.transaction(async (tx) => {
        inserted((await insertNotification(tx as never, storeParts(t.store), t.kari, approved('Først'))).id);
        await held;
      });
      await firstId;
      const lockHolders = () =>
        db.execute<{ n: number }>(sql`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = ${NOTIFICATION_ORDER_LOCK}`);
      expect((await lockHolders()).rows[0].n).toBe(1);
      let secondDone = false;
      const second = t.store.notifications.insert(t.ola, approved('Etterpå')).then((n) => ((secondDone = true), n));
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
