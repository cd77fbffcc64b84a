import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { httpClient } from '../testing/http';
import { findRow, updateRows } from '../testing/store-rows';

// The admin's inbox (docs/product/admin.md#inbox): feedback on /admin/feedbacks, contact messages on /admin/messages,
// newest first; PATCH /api/feedbacks/:id/read and DELETE /api/feedbacks/:id serve both kinds.

let t: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = { cookie: (await loggedInUser(t.store, { isAdmin: true })).cookie };
});
afterAll(() => t.close());

const http = httpClient(() => t);
let ip = 0;
// Each visitor's message from its own address, so the per-address budget of the send forms does not bite.
const send = (opts: InjectOptions) => http.send({ remoteAddress: `10.9.0.${++ip}`, ...opts });
const get = (url: string) => send({ method: 'GET', url, headers: { cookie: admin.cookie } });
const markRead = (id: number | string, payload?: unknown) =>
  send({ method: 'PATCH', url: `/api/feedbacks/${id}/read`, headers: { cookie: admin.cookie }, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
const remove = (id: number | string) => send({ method: 'DELETE', url: `/api/feedbacks/${id}`, headers: { cookie: admin.cookie } });
const row = (id: number) => findRow(t.store, 'inboxMessages', { id });

type Item = { id: number; kind: string; name: string; email: string; phone: string | null; subject: string; message: string; isRead: boolean; createdAt: string };

describe.each([
  {
    kind: 'feedback',
    list: '/api/feedbacks',
    post: (n: number) => send({ method: 'POST', url: '/api/feedback', payload: { name: `Per ${n}`, email: `per${n}@example.no`, feedback: `Tilbakemelding nummer ${n}` } }),
    expected: (n: number) => ({ kind: 'feedback', name: `Per ${n}`, email: `per${n}@example.no`, phone: null, subject: 'Tilbakemelding', message: `Tilbakemelding nummer ${n}` }),
  },
  {
    kind: 'contact',
    list: '/api/contact-messages',
    post: (n: number) =>
      send({ method: 'POST', url: '/api/contact', payload: { name: `Kari ${n}`, email: `kari${n}@example.no`, phone: '912 34 567', subject: `Emne ${n}`, message: `Melding nummer ${n}` } }),
    expected: (n: number) => ({ kind: 'contact', name: `Kari ${n}`, email: `kari${n}@example.no`, phone: '912 34 567', subject: `Emne ${n}`, message: `Melding nummer ${n}` }),
  },
])('$kind', ({ kind, list, post, expected }) => {
  let ids: number[];

  beforeAll(async () => {
    ids = [];
    for (const n of [1, 2, 3]) {
      const res = await post(n);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(json(res).id);
      // Distinct timestamps, so "newest first" is observable.
      await updateRows(t.store, 'inboxMessages', { createdAt: new Date(Date.UTC(2025, 6, 19, 12, n)) }, { id: json(res).id });
    }
  });

  it(`lists only the ${kind} messages, newest first, unread`, async () => {
    const res = await get(list);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const items = json(res) as Item[];
    expect(items.map((i) => i.id)).toEqual([...ids].reverse());
    expect(items.every((i) => i.kind === kind && !i.isRead)).toBe(true);
    expect(items[0]).toMatchObject({ ...expected(3), isRead: false, createdAt: '2025-07-19T12:03:00.000Z' });
  });

  it('marks one read with no body, and unread again with {isRead:false}', async () => {
    const [first, second] = ids;
    const read = await markRead(first);
    expect(read.statusCode, read.body).toBe(200);
    expect(json(read)).toMatchObject({ id: first, isRead: true });
    expect((await row(first))!.isRead).toBe(true);
    expect((await row(second))!.isRead).toBe(false);
    expect((json(await get(list)) as Item[]).find((i) => i.id === first)!.isRead).toBe(true);

    expect(json(await markRead(first, { isRead: true })).isRead).toBe(true);
    const unread = await markRead(first, { isRead: false });
    expect(unread.statusCode).toBe(200);
    expect(json(unread)).toMatchObject({ id: first, isRead: false });
    expect((await row(first))!.isRead).toBe(false);
  });

  it('refuses a read flag that is not a boolean, changing nothing', async () => {
    for (const payload of [{ isRead: 'nei' }, { isRead: 0 }, [true]]) {
      const res = await markRead(ids[1], payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await row(ids[1]))!.isRead).toBe(false);
  });

  it('deletes one; it is gone from the list; a second delete is a 404', async () => {
    const res = await remove(ids[1]);
    expect(res.statusCode).toBe(204);
    expect(await row(ids[1])).toBeUndefined();
    expect((json(await get(list)) as Item[]).map((i) => i.id)).toEqual([ids[2], ids[0]]);
    const again = await remove(ids[1]);
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe('Fant ikke meldingen.');
    expect((await markRead(ids[1])).statusCode).toBe(404);
  });
});

describe('the two lists', () => {
  it('do not mix the kinds', async () => {
    const feedback = json(await get('/api/feedbacks')) as Item[];
    const contact = json(await get('/api/contact-messages')) as Item[];
    expect(feedback.length).toBeGreaterThan(0);
    expect(contact.length).toBeGreaterThan(0);
    expect(feedback.every((i) => i.kind === 'feedback')).toBe(true);
    expect(contact.every((i) => i.kind === 'contact')).toBe(true);
  });

  it('answer 404 for ids that cannot be a message', async () => {
    for (const bad of ['abc', '0', '999999']) {
      const res = await remove(bad);
      expect([400, 404]).toContain(res.statusCode);
      expect(json(res).message).toBe('Fant ikke meldingen.');
    }
  });
});
