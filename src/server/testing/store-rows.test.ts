import { afterEach, expect, it } from 'vitest';
import type { Store } from '../store';
import { countRows, deleteRows, findRow, findRows, insertRow, updateRows } from './store-rows';
import { createTestStore, describeOnEachStore } from './stores';

// The tests' plain row access reads and writes the same values on both stores: times as Dates, flags as booleans,
// JSON as values.
describeOnEachStore('row access for tests', (dialect) => {
  let store: Store;
  afterEach(() => store?.close());

  it('inserts, finds, updates, counts and deletes rows of the same shape', async () => {
    store = await createTestStore(dialect);
    const user = await insertRow(store, 'users', { username: 'kari', passwordHash: 'x', name: 'Kari', email: 'k@example.no', uniqueId: 'BP-1' });
    expect(user.isAdmin).toBe(false);
    expect(user.createdAt).toBeInstanceOf(Date);
    const n = await insertRow(store, 'notifications', { userId: user.id, title: 'Hei', message: 'Melding', data: { listingId: 7 } });
    expect(n.data).toEqual({ listingId: 7 });
    await insertRow(store, 'notifications', { userId: user.id, title: 'To', message: 'Melding', read: true });
    await updateRows(store, 'notifications', { read: true }, { id: n.id });
    expect(await findRow(store, 'notifications', { id: n.id })).toMatchObject({ read: true, data: { listingId: 7 } });
    expect(await countRows(store, 'notifications', { userId: user.id, read: true })).toBe(2);
    expect((await findRows(store, 'notifications')).map((r) => r.title)).toEqual(['Hei', 'To']);
    await deleteRows(store, 'notifications', { title: 'To' });
    expect(await countRows(store, 'notifications')).toBe(1);
    expect(await findRow(store, 'users', { displayName: null })).toMatchObject({ id: user.id });
  });
});
