import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_NOT_FOUND_MESSAGE, type NotificationShape } from '../../shared/schemas/notification';
import { InProcessHub, type UserEvent } from '../realtime/hub';
import { reviewListing } from '../services/moderation';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { httpClient } from '../testing/http';
import { insertListing } from '../testing/listing-factory';
import { findRow, findRows, insertRow } from '../testing/store-rows';

// docs/product/notifications.md, docs/product/api.md#notifications: GET /api/notifications, PATCH
// /api/notifications/:id/read, PATCH /api/notifications/mark-all-read, DELETE /api/notifications/:id, DELETE
// /api/notifications. A user's own only: 401 for visitors, someone else's answers 404 and stays as it was. Produced by
// an inquiry on one's listing, a new chat about it, and its approval or rejection.

type User = Awaited<ReturnType<typeof loggedInUser>>;

let t: TestApp;
let seller: User;
let buyer: User;
let eve: User;

const { call } = httpClient(() => t);

async function listOf(who: User): Promise<NotificationShape[]> {
  const res = await call('GET', '/api/notifications', who.cookie);
  expect(res.statusCode).toBe(200);
  return json(res);
}
const rows = () => findRows(t.store, 'notifications');
const rowsOf = (userId: number) => findRows(t.store, 'notifications', { userId });

/** A stored notification of `userId`, as a producer would write it. */
function notify(userId: number, title: string, type: NotificationShape['type'] = 'info') {
  return insertRow(t.store, 'notifications', { userId, type, title, message: `${title} – detaljer` });
}

const admin = { id: 0, name: 'Admin' };

beforeAll(async () => {
  t = await createTestApp();
  seller = await loggedInUser(t.store, { name: 'Per Hansen' });
  buyer = await loggedInUser(t.store, { name: 'Kari Nordmann' });
  eve = await loggedInUser(t.store, { name: 'Eva Lie' });
  admin.id = (await loggedInUser(t.store, { isAdmin: true })).user.id;
});
afterAll(() => t.close());

describe('visitors', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['PATCH', '/api/notifications/1/read'],
    ['PATCH', '/api/notifications/mark-all-read'],
    ['DELETE', '/api/notifications/1'],
    ['DELETE', '/api/notifications'],
  ] as const)('%s %s answers 401 and changes nothing', async (method, url) => {
    const n = await notify(seller.user.id, 'Urørt');
    const before = await rows();
    const res = await call(method, url.replace('/1', `/${n.id}`));
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe('Du må være innlogget.');
    expect(await rows()).toEqual(before);
  });
});

describe('producers', () => {
  it('a new chat about one’s listing notifies its seller once; continuing the chat does not', async () => {
    const listing = await insertListing(t.store, seller.user.id, { make: 'Volvo', model: 'XC60', year: 2020 });
    const before = (await rowsOf(seller.user.id)).length;
    const started = await call('POST', '/api/chats/start', buyer.cookie, { listingId: listing.id, sellerId: seller.user.id, message: 'Er den ledig?' });
    expect(started.statusCode).toBe(201);
    const chatId = json(started).chatId;

    const [newest] = await listOf(seller);
    expect(newest).toEqual({
      id: expect.any(Number),
      type: 'info',
      title: expect.stringContaining('Volvo XC60'),
      message: expect.stringContaining('Er den ledig?'),
      data: { chatId, listingId: listing.id },
      read: false,
      createdAt: expect.any(String),
    });
    expect(await rowsOf(seller.user.id)).toHaveLength(before + 1);

    await call('POST', '/api/chats/start', buyer.cookie, { listingId: listing.id, sellerId: seller.user.id, message: 'Hallo igjen' });
    await call('POST', '/api/messages', buyer.cookie, { chatId, content: 'Er du der?' });
    await call('POST', '/api/messages', seller.cookie, { chatId, content: 'Ja!' });
    expect(await rowsOf(seller.user.id)).toHaveLength(before + 1);
    expect(await rowsOf(buyer.user.id)).toEqual([]);
  });

  it('an inquiry about one’s listing notifies its seller', async () => {
    const listing = await insertListing(t.store, seller.user.id, { make: 'Audi', model: 'A4' });
    const res = await call('POST', '/api/inquiries', buyer.cookie, { listingId: listing.id, name: 'Kari Nordmann', email: 'kari@example.no', message: 'Kan jeg se den?' });
    expect(res.statusCode).toBe(201);
    const [newest] = await listOf(seller);
    expect(newest).toMatchObject({ type: 'info', title: 'Ny henvendelse om Audi A4', read: false, data: { listingId: listing.id } });
    expect(newest.message).toContain('Kan jeg se den?');
  });

  it('approval and rejection notify the listing’s owner, live too, and no one else', async () => {
    const hub = new InProcessHub();
    const abort = new AbortController();
    const heard: UserEvent[] = [];
    const listening = (async () => {
      for await (const e of hub.subscribe(seller.user.id, abort.signal)) heard.push(e);
    })();
    const othersHeard: UserEvent[] = [];
    const othersListening = (async () => {
      for await (const e of hub.subscribe(buyer.user.id, abort.signal)) othersHeard.push(e);
    })();

    const approved = await insertListing(t.store, seller.user.id, { make: 'Tesla', model: 'Model Y', year: 2022, status: 'pending' });
    const rejected = await insertListing(t.store, seller.user.id, { make: 'BMW', model: 'X5', year: 2015, status: 'pending' });
    expect(await reviewListing(t.store, hub, admin, { id: approved.id, approved: true, rejectionReason: '' })).toMatchObject({ status: 'approved' });
    expect(await reviewListing(t.store, hub, admin, { id: rejected.id, approved: false, rejectionReason: 'Bildene viser en annen bil.' })).toMatchObject({
      status: 'rejected',
    });

    const [rejection, approval] = await listOf(seller);
    expect(approval).toMatchObject({ type: 'success', title: 'Annonsen din er godkjent', read: false, data: { listingId: approved.id } });
    expect(approval.message).toContain('Tesla Model Y 2022');
    expect(rejection).toMatchObject({ type: 'error', title: 'Annonsen din ble avvist', read: false, data: { listingId: rejected.id } });
    expect(rejection.message).toContain('BMW X5 2015');
    expect(rejection.message).toContain('Bildene viser en annen bil.');
    expect(await findRow(t.store, 'listings', { id: rejected.id })).toMatchObject({ status: 'rejected', rejectionReason: 'Bildene viser en annen bil.' });

    await new Promise((r) => setImmediate(r));
    abort.abort();
    await Promise.all([listening, othersListening]);
    expect(heard).toEqual([
      { kind: 'notification', notification: approval },
      { kind: 'notification', notification: rejection },
    ]);
    expect(othersHeard).toEqual([]);
    expect(await rowsOf(admin.id)).toEqual([]);
  });

  it('an unknown listing is not reviewed and notifies no one', async () => {
    const before = await rows();
    await expect(reviewListing(t.store, new InProcessHub(), admin, { id: 999_999, approved: true, rejectionReason: '' })).rejects.toThrow('Annonse ikke funnet');
    expect(await rows()).toEqual(before);
  });
});

describe('one’s own notifications', () => {
  let user: User;
  let other: User;
  beforeAll(async () => {
    user = await loggedInUser(t.store);
    other = await loggedInUser(t.store);
  });

  it('are listed newest first with every field, never cached, never someone else’s', async () => {
    const first = await notify(user.user.id, 'Første', 'warning');
    const second = await notify(user.user.id, 'Andre', 'success');
    await notify(other.user.id, 'Ikke din');
    const res = await call('GET', `/api/notifications?_=${Date.now()}`, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(json(res)).toEqual([
      { id: second.id, type: 'success', title: 'Andre', message: 'Andre – detaljer', data: null, read: false, createdAt: second.createdAt.toISOString() },
      { id: first.id, type: 'warning', title: 'Første', message: 'Første – detaljer', data: null, read: false, createdAt: first.createdAt.toISOString() },
    ]);
    expect(await listOf(eve)).toEqual([]);
  });

  it('PATCH /:id/read marks one read (200, the notification) and no other', async () => {
    const [a, b] = [await notify(user.user.id, 'A'), await notify(user.user.id, 'B')];
    const res = await call('PATCH', `/api/notifications/${a.id}/read`, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: a.id, title: 'A', read: true });
    const list = await listOf(user);
    expect(list.find((n) => n.id === a.id)!.read).toBe(true);
    expect(list.find((n) => n.id === b.id)!.read).toBe(false);
    // Again: still 200, still read.
    expect((await call('PATCH', `/api/notifications/${a.id}/read`, user.cookie)).statusCode).toBe(200);
  });

  it('PATCH /mark-all-read marks all of the caller’s read and says how many, and no one else’s', async () => {
    await notify(user.user.id, 'C');
    const unread = (await rowsOf(user.user.id)).filter((n) => !n.read).length;
    expect(unread).toBeGreaterThan(1);
    const othersBefore = await rowsOf(other.user.id);
    const res = await call('PATCH', '/api/notifications/mark-all-read', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ updated: unread });
    expect((await listOf(user)).every((n) => n.read)).toBe(true);
    expect(await rowsOf(other.user.id)).toEqual(othersBefore);
    expect(json(await call('PATCH', '/api/notifications/mark-all-read', user.cookie))).toEqual({ updated: 0 });
  });

  it('DELETE /:id deletes one (204, no body); again it is 404', async () => {
    const n = await notify(user.user.id, 'Slett meg');
    const count = (await rowsOf(user.user.id)).length;
    const res = await call('DELETE', `/api/notifications/${n.id}`, user.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await listOf(user)).map((x) => x.id)).not.toContain(n.id);
    expect(await rowsOf(user.user.id)).toHaveLength(count - 1);
    const again = await call('DELETE', `/api/notifications/${n.id}`, user.cookie);
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe(NOTIFICATION_NOT_FOUND_MESSAGE);
  });

  it('DELETE / deletes all of the caller’s (204) and no one else’s', async () => {
    const othersBefore = await rowsOf(other.user.id);
    expect(othersBefore.length).toBeGreaterThan(0);
    const res = await call('DELETE', '/api/notifications', user.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await listOf(user)).toEqual([]);
    expect(await rowsOf(other.user.id)).toEqual(othersBefore);
    expect((await call('DELETE', '/api/notifications', user.cookie)).statusCode).toBe(204);
  });

  it('an id that cannot be one answers 400 with the Norwegian message; an unknown one 404', async () => {
    for (const [method, url, status] of [
      ['PATCH', '/api/notifications/abc/read', 400],
      ['DELETE', '/api/notifications/abc', 400],
      ['DELETE', '/api/notifications/-1', 400],
      ['PATCH', '/api/notifications/999999/read', 404],
      ['DELETE', '/api/notifications/999999', 404],
    ] as const) {
      const res = await call(method, url, user.cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(json(res).message).toBe(NOTIFICATION_NOT_FOUND_MESSAGE);
    }
  });
});

describe('a third user', () => {
  it('gets 404 for someone else’s notification, and it stays as it was', async () => {
    const n = await notify(seller.user.id, 'Bare for selgeren');
    const before = await rows();
    for (const [method, url] of [
      ['PATCH', `/api/notifications/${n.id}/read`],
      ['DELETE', `/api/notifications/${n.id}`],
    ] as const) {
      const res = await call(method, url, eve.cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(json(res).message).toBe(NOTIFICATION_NOT_FOUND_MESSAGE);
    }
    // Their "all" calls reach only their own (none).
    expect(json(await call('PATCH', '/api/notifications/mark-all-read', eve.cookie))).toEqual({ updated: 0 });
    expect((await call('DELETE', '/api/notifications', eve.cookie)).statusCode).toBe(204);
    expect(await rows()).toEqual(before);
    expect((await listOf(seller)).find((x) => x.id === n.id)).toMatchObject({ read: false });
  });
});
