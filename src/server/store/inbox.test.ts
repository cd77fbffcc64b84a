import { afterEach, beforeEach, expect, it } from 'vitest';
import { storeParts, type Store } from '.';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { deleteUserRow, insertUserRow } from '../testing/store-rows';
import { insertAudit, type AuditWrite } from './inbox';

// The inbox (contact and feedback) and the audit log on both stores (docs/product/admin.md, docs/decisions/018-postgresql.md).
describeOnEachStore('inbox repository', (dialect) => {
  let store: Store;
  beforeEach(async () => {
    store = await createTestStore(dialect);
  });
  afterEach(() => store.close());

  const contact = { kind: 'contact' as const, name: 'Kari Nordmann', email: 'kari@example.no', phone: '+47 912 34 567', subject: 'Spørsmål', message: 'Hei! Når blir annonsen godkjent?' };
  const feedback = { kind: 'feedback' as const, name: '', email: '', phone: null, subject: 'Tilbakemelding', message: 'Fin side!' };

  it('stores messages unread and lists one kind newest first', async () => {
    const a = await store.inbox.create(contact);
    const b = await store.inbox.create({ ...contact, name: 'Ola', phone: null });
    const f = await store.inbox.create(feedback);
    expect(a).toMatchObject({ ...contact, isRead: false });
    expect(a.createdAt).toBeInstanceOf(Date);
    expect(f).toMatchObject({ ...feedback, isRead: false });
    expect((await store.inbox.list('contact')).map((m) => m.id)).toEqual([b.id, a.id]);
    expect(await store.inbox.list('feedback')).toEqual([f]);
  });

  it('marks read and unread, and deletes, by id; a missing id is told', async () => {
    const a = await store.inbox.create(contact);
    expect(await store.inbox.markRead(a.id, true)).toMatchObject({ id: a.id, isRead: true });
    expect(await store.inbox.markRead(a.id, false)).toMatchObject({ id: a.id, isRead: false });
    expect(await store.inbox.markRead(a.id + 1000, true)).toBeNull();
    expect(await store.inbox.markRead(2 ** 40, true)).toBeNull();
    expect(await store.inbox.delete(a.id)).toBe(true);
    expect(await store.inbox.delete(a.id)).toBe(false);
    expect(await store.inbox.delete(2 ** 40)).toBe(false);
    expect(await store.inbox.list('contact')).toEqual([]);
  });

  it('keeps an audit log per target, newest first, with its details, after the actor is gone', async () => {
    const admin = await insertUserRow(store, { name: 'Ada Admin' });
    const actor = { id: admin, name: 'Ada Admin' };
    const target = { type: 'listing' as const, id: 42, label: 'BP-4F7K2Q Volvo V90 2019' };
    await store.inbox.recordAudit({ actor, action: 'listing.approve', target });
    await store.inbox.recordAudit({ actor, action: 'listing.reject', target, details: { rejectionReason: 'Mangler bilder' } });
    await store.inbox.recordAudit({ actor, action: 'user.update', target: { type: 'user', id: 42, label: 'kari (Kari Nordmann)' }, details: { fields: ['email'] } });
    const entries = await store.inbox.auditFor('listing', 42, 100);
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['listing.reject', { rejectionReason: 'Mangler bilder' }],
      ['listing.approve', null],
    ]);
    expect(entries[0]).toMatchObject({ actorId: admin, actorName: 'Ada Admin', targetType: 'listing', targetId: 42, targetLabel: 'BP-4F7K2Q Volvo V90 2019' });
    expect(entries[0].createdAt).toBeInstanceOf(Date);
    expect(await store.inbox.auditFor('listing', 42, 1)).toHaveLength(1);
    expect((await store.inbox.auditFor('user', 42, 100)).map((e) => e.action)).toEqual(['user.update']);
    expect(await store.inbox.auditFor('listing', 2 ** 40, 100)).toEqual([]);
    await deleteUserRow(store, admin);
    expect((await store.inbox.auditFor('listing', 42, 100)).map((e) => [e.actorId, e.actorName])).toEqual([
      [null, 'Ada Admin'],
      [null, 'Ada Admin'],
    ]);
  });

  it('writes an audit row inside the change’s transaction, and none when it rolls back', async () => {
    const admin = await insertUserRow(store, { name: 'Ada Admin' });
    const row = (label: string): AuditWrite => ({ actor: { id: admin, name: 'Ada Admin' }, action: 'listing.delete', target: { type: 'listing', id: 9, label } });
    const fail = new Error('rolled back');
    const parts = storeParts(store);
    await expect(
      parts.d.transaction(parts.db, async (tx) => {
        await insertAudit(tx, parts.t, row('Rulles tilbake'));
        throw fail;
      }),
    ).rejects.toThrow(fail);
    await parts.d.transaction(parts.db, (tx) => insertAudit(tx, parts.t, row('Lagret')));
    expect((await store.inbox.auditFor('listing', 9, 100)).map((e) => e.targetLabel)).toEqual(['Lagret']);
  });
});
