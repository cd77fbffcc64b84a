import type { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, generateSessionToken, sessionIdFromToken } from '../auth/session';
import { loggedInUser, type TestApp } from '../testing/harness';
import { insertListing, LISTING_FORM } from '../testing/listing-factory';
import type { AppRouter } from './root';
import { closedAfterEachTest, listeningTestApp, socketClient } from '../testing/sockets';
import { findRow, findRows, updateRows } from '../testing/store-rows';

// docs/decisions/016-socket-sessions.md: a websocket's context is made when it opens, yet every call over it must run
// with the session as it is now. After a logout, a password change made elsewhere or a reset by mail, an expiry or the
// user's deletion, the open socket is refused what the user could do, and its subscriptions end without waiting for an
// event.

type User = Awaited<ReturnType<typeof loggedInUser>>;


let t: TestApp;
let host: string;
const opened = closedAfterEachTest();
beforeAll(async () => ({ t, host } = await listeningTestApp()));
afterAll(() => t.close());

/** A browser tab's websocket, opened with the user's cookie. */
async function socketOf(user: User) {
  const { client, wsClient } = socketClient(host, { cookie: user.cookie, origin: `http://${host}` });
  opened.push(wsClient);
  // The socket works for the user before anything ends: what follows is a change, not a broken socket.
  expect((await client.auth.me.query())?.id).toBe(user.user.id);
  return client;
}

const form = LISTING_FORM;

async function refused(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  const err = (await call.then(
    () => {
      throw new Error('the call was allowed');
    },
    (e: unknown) => e,
  )) as TRPCClientError<AppRouter>;
  expect(err.data).toMatchObject({ code: 'UNAUTHORIZED' });
  expect(err.message).toBe('Du må være innlogget.');
  return err;
}

/** Everything the probe did over a socket after the session had ended: each refused, nothing changed. */
async function expectNoRights(client: Awaited<ReturnType<typeof socketOf>>, who: User, chatId: number) {
  expect(await client.auth.me.query()).toBeNull();
  await refused(
    client.auth.updateProfile.mutate({ name: 'Kari Nordmann', displayName: 'Kari', email: 'angriper@example.no', phone: '91234567', address: '' }),
  );
  await refused(client.listings.create.mutate(form as never));
  await refused(client.chats.list.query());
  await refused(client.chats.messages.query({ chatId }));
  await refused(client.chats.send.mutate({ chatId, content: 'Sendt etter utlogging' }));
  const row = await findRow(t.store, 'users', { id: who.user.id });
  if (row) expect(row.email).not.toBe('angriper@example.no');
}

async function chatOf(buyer: User) {
  const seller = await loggedInUser(t.store);
  const listing = await insertListing(t.store, seller.user.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chats/start',
    headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ listingId: listing.id, sellerId: seller.user.id, message: 'Hei! Er bilen ledig?' }),
  });
  expect(res.statusCode).toBe(201);
  return { chatId: JSON.parse(res.body).chatId as number, listingId: listing.id, seller };
}

/** A subscription on the socket, and a promise of the error it ends with. */
function subscribed(client: Awaited<ReturnType<typeof socketOf>>) {
  let started!: () => void;
  let failed!: (e: TRPCClientError<AppRouter>) => void;
  const startedP = new Promise<void>((r) => (started = r));
  const error = new Promise<TRPCClientError<AppRouter>>((r) => (failed = r));
  const data: unknown[] = [];
  client.notifications.onNotification.subscribe(undefined, { onStarted: () => started(), onData: (d) => data.push(d), onError: (e) => failed(e) });
  return { started: startedP, error, data };
}

describe('a websocket runs every call with the session as it is now', () => {
  it('after logout over HTTP, the open socket is anonymous: no profile change, no listing, no chat', async () => {
    const user = await loggedInUser(t.store);
    const { chatId } = await chatOf(user);
    const client = await socketOf(user);
    expect((await client.chats.list.query()).length).toBe(1);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie } });
    expect(logout.statusCode).toBeLessThan(300);
    await expectNoRights(client, user, chatId);
  });

  it('after a password change made elsewhere, the old socket has no rights', async () => {
    const user = await loggedInUser(t.store, { password: 'gammelt-passord' });
    const { chatId } = await chatOf(user);
    const client = await socketOf(user);
    // The same account in another browser: a session of its own.
    const other = `bp_session=${await newSessionToken(user.user.id)}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: { cookie: other, 'content-type': 'application/json' },
      payload: JSON.stringify({ oldPassword: 'gammelt-passord', newPassword: 'nytt-passord-123' }),
    });
    expect(res.statusCode).toBe(200);
    await expectNoRights(client, user, chatId);
  });

  it('after a password reset from the mailed link, the old socket has no rights', async () => {
    const user = await loggedInUser(t.store);
    const { chatId } = await chatOf(user);
    const client = await socketOf(user);
    expect((await resetWithMailedToken(user.user.id)).statusCode).toBe(200);
    await expectNoRights(client, user, chatId);
  });

  it('after the session expires, the socket is anonymous', async () => {
    const user = await loggedInUser(t.store);
    const { chatId } = await chatOf(user);
    const client = await socketOf(user);
    const id = sessionIdFromToken(user.cookie.split('=')[1]);
    await updateRows(t.store, 'sessions', { expiresAt: new Date(Date.now() - 1000) }, { id });
    await expectNoRights(client, user, chatId);
  });

  it('after an admin deletes the user, the socket is anonymous and saving a listing is 401, not 500', async () => {
    const admin = await loggedInUser(t.store, { isAdmin: true });
    const user = await loggedInUser(t.store);
    const other = await loggedInUser(t.store);
    const listing = await insertListing(t.store, other.user.id);
    const client = await socketOf(user);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${user.user.id}`, headers: { cookie: admin.cookie } });
    expect(del.statusCode).toBe(204);
    expect(await client.auth.me.query()).toBeNull();
    await refused(client.savedListings.add.mutate({ listingId: listing.id }));
    expect(await findRows(t.store, 'savedListings', { listingId: listing.id })).toEqual([]);
  });

  it('a demoted admin loses the admin calls on a socket opened while an admin', async () => {
    const admin = await loggedInUser(t.store, { isAdmin: true });
    const client = await socketOf(admin);
    expect(Array.isArray(await client.admin.users.list.query())).toBe(true);
    await updateRows(t.store, 'users', { isAdmin: false }, { id: admin.user.id });
    const err = (await client.admin.users.list.query().catch((e: unknown) => e)) as TRPCClientError<AppRouter>;
    expect(err.data).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('a subscription ends at once when the session ends, without waiting for an event', async () => {
    for (const end of ['logout', 'password', 'deleted', 'reset', 'self-deleted'] as const) {
      const admin = await loggedInUser(t.store, { isAdmin: true });
      const user = await loggedInUser(t.store, { password: 'gammelt-passord' });
      const client = await socketOf(user);
      const sub = subscribed(client);
      await sub.started;
      if (end === 'logout') {
        await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie } });
      } else if (end === 'password') {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/auth/change-password',
          headers: { cookie: `bp_session=${await newSessionToken(user.user.id)}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ oldPassword: 'gammelt-passord', newPassword: 'nytt-passord-123' }),
        });
        expect(res.statusCode).toBe(200);
      } else if (end === 'reset') {
        expect((await resetWithMailedToken(user.user.id)).statusCode).toBe(200);
      } else if (end === 'self-deleted') {
        const res = await t.app.inject({
          method: 'DELETE',
          url: '/api/auth/account',
          headers: { cookie: `bp_session=${await newSessionToken(user.user.id)}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ password: 'gammelt-passord' }),
        });
        expect(res.statusCode).toBe(204);
      } else {
        await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${user.user.id}`, headers: { cookie: admin.cookie } });
      }
      const err = await Promise.race([sub.error, new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
      expect(err, `the subscription outlived the session (${end})`).not.toBeNull();
      expect(err!.data).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(sub.data).toEqual([]);
    }
  });
});

/** 'Glemt passord?' as the mailed link uses it: a token for the user, then POST /api/auth/reset-password from anywhere. */
async function resetWithMailedToken(userId: number) {
  const token = generateSessionToken();
  await t.store.users.createResetToken({ id: sessionIdFromToken(token), userId, expiresAt: new Date(Date.now() + 60_000) });
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token, newPassword: 'nullstilt-passord' }),
  });
}

async function newSessionToken(userId: number): Promise<string> {
  const token = generateSessionToken();
  await createSession(t.store, token, userId);
  return token;
}
