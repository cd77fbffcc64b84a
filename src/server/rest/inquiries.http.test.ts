import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_SUBMIT_MESSAGE } from '../../shared/validation/phone';
import { InProcessHub, type UserEvent } from '../realtime/hub';
import { createInquiry } from '../services/inquiries';
import { appWithListing, json, type TestApp, type TestUser } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';
import { countRows, findRow, findRows } from '../testing/store-rows';

// docs/product/data.md#inquiry, docs/product/validation.md, docs/product/api.md POST /api/inquiries: login required; name, e-mail and message required, phone by the
// Norwegian rule when given; stored with a notification to the seller in one transaction, pushed live after commit.

let t: TestApp;
let seller: TestUser, buyer: TestUser;
let listingId: number;
const valid = () => ({ listingId, name: 'Ola Nordmann', email: 'ola@example.no', phone: '+47 912 34 567', message: 'Er bilen fortsatt til salgs?' });

const post = (body: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
const notificationsOf = (userId: number) => findRows(t.store, 'notifications', { userId });

beforeAll(async () => {
  ({ t, seller, buyer, listingId } = await appWithListing({ make: 'Volvo', model: 'V90' }));
});
afterAll(() => t.close());

describe('POST /api/inquiries', () => {
  it('answers 401 to a visitor and stores nothing', async () => {
    const res = await post(valid());
    expect(res.statusCode).toBe(401);
    expect(await findRows(t.store, 'inquiries')).toEqual([]);
  });

  it('stores the inquiry (201) and notifies the seller with the buyer’s contact details', async () => {
    const res = await post(valid(), buyer.cookie);
    expect(res.statusCode).toBe(201);
    const inquiry = json(res);
    expect(inquiry).toEqual({
      id: expect.any(Number),
      listingId,
      name: 'Ola Nordmann',
      email: 'ola@example.no',
      phone: '+47 912 34 567',
      message: 'Er bilen fortsatt til salgs?',
      createdAt: expect.any(String),
    });
    expect(await findRow(t.store, 'inquiries', { id: inquiry.id })).toMatchObject({ senderId: buyer.user.id });
    const [n] = await notificationsOf(seller.user.id);
    expect(n).toMatchObject({
      type: 'info',
      title: 'Ny henvendelse om Volvo V90',
      read: false,
      data: { listingId, inquiryId: inquiry.id, name: 'Ola Nordmann', email: 'ola@example.no', phone: '+47 912 34 567' },
    });
    for (const part of ['Ola Nordmann', 'ola@example.no', '+47 912 34 567', 'Er bilen fortsatt til salgs?']) expect(n.message).toContain(part);
    expect(await notificationsOf(buyer.user.id)).toEqual([]);
  });

  it('accepts an inquiry without a phone', async () => {
    const { phone: _phone, ...noPhone } = valid();
    const res = await post(noPhone, buyer.cookie);
    expect(res.statusCode).toBe(201);
    expect(json(res).phone).toBe('');
    expect((await notificationsOf(seller.user.id)).at(-1)!.message).not.toContain('undefined');
  });

  it.each([
    ['name', { name: '  ' }, 'Navn må fylles ut.'],
    ['email', { email: '' }, 'E-post må fylles ut.'],
    ['email', { email: 'ola@' }, 'Skriv inn en gyldig e-postadresse.'],
    ['message', { message: '' }, 'Melding må fylles ut.'],
    ['phone', { phone: '12345678' }, PHONE_SUBMIT_MESSAGE],
    ['phone', { phone: '+46 912 34 567' }, PHONE_SUBMIT_MESSAGE],
    ['listingId', { listingId: 'abc' }, 'Annonse ikke funnet'],
    ['name', { name: 42 }, 'Navn må være tekst.'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const before = await countRows(t.store, 'inquiries');
    const res = await post({ ...valid(), ...change }, buyer.cookie);
    expect(res.statusCode).toBe(400);
    expect(json(res).details[field]).toBe(message);
    expect(await findRows(t.store, 'inquiries')).toHaveLength(before);
  });

  it('answers 400 for a body that is not an object, never 500', async () => {
    for (const body of [[], 'tekst', null, 5]) expect((await post(body, buyer.cookie)).statusCode).toBe(400);
    const raw = await t.app.inject({ method: 'POST', url: '/api/inquiries', headers: { 'content-type': 'application/json', cookie: buyer.cookie }, payload: '{"listingId":' });
    expect(raw.statusCode).toBe(400);
  });

  it('answers 404 for a listing a buyer cannot see and stores nothing', async () => {
    const before = (await notificationsOf(seller.user.id)).length;
    for (const overrides of [{ status: 'pending' as const }, { status: 'rejected' as const }, { active: false }]) {
      const hidden = (await insertListing(t.store, seller.user.id, overrides)).id;
      const res = await post({ ...valid(), listingId: hidden }, buyer.cookie);
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe('Annonse ikke funnet');
    }
    expect((await post({ ...valid(), listingId: 999_999 }, buyer.cookie)).statusCode).toBe(404);
    expect(await notificationsOf(seller.user.id)).toHaveLength(before);
  });

  it('refuses (403) an inquiry about one’s own listing', async () => {
    const before = (await notificationsOf(seller.user.id)).length;
    const res = await post(valid(), seller.cookie);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Du kan ikke sende en henvendelse om din egen annonse.');
    expect(await notificationsOf(seller.user.id)).toHaveLength(before);
  });
});

describe('createInquiry (service)', () => {
  it('pushes the notification to the seller’s channel only, after it is stored', async () => {
    const hub = new InProcessHub();
    const received: UserEvent[] = [];
    const others: unknown[] = [];
    const ac = new AbortController();
    const listen = async (userId: number, into: unknown[]) => {
      for await (const e of hub.subscribe(userId, ac.signal)) into.push(e);
    };
    void listen(seller.user.id, received);
    void listen(buyer.user.id, others);
    await new Promise((r) => setTimeout(r, 0));

    const inquiry = await createInquiry(t.store, hub, buyer.user.id, { listingId, name: 'Kari', email: 'kari@example.no', phone: '', message: 'Prøvekjøring?' });
    await new Promise((r) => setTimeout(r, 0));
    expect(received).toHaveLength(1);
    const e = received[0];
    if (e.kind !== 'notification') throw new Error('expected a notification');
    expect(e).toMatchObject({ kind: 'notification', notification: { type: 'info', title: 'Ny henvendelse om Volvo V90', read: false } });
    expect(e.notification.data).toMatchObject({ listingId, inquiryId: inquiry.id, name: 'Kari', email: 'kari@example.no', phone: '' });
    // What was pushed is what is stored.
    const stored = (await findRow(t.store, 'notifications', { id: e.notification.id }))!;
    expect(stored.message).toBe(e.notification.message);
    expect(others).toEqual([]);

    // A refused inquiry pushes nothing.
    await expect(createInquiry(t.store, hub, seller.user.id, { listingId, name: 'x', email: 'x@example.no', phone: '', message: 'x' })).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(received).toHaveLength(1);
    ac.abort();
    hub.close();
  });
});
