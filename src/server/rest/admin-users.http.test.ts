import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFromUrl } from '../integrations/image-storage';
import { createTestApp, json, loggedInUser, sessionCookie, type TestApp } from '../testing/harness';
import { as, httpClient } from '../testing/http';
import { gradientJpeg, toDataUrl } from '../testing/images';
import { MINIMAL_LISTING_FORM } from '../testing/listing-factory';
import { findRow, findRows, insertRow } from '../testing/store-rows';

// The users tab over HTTP (docs/product/admin.md#users): the list, an edit with the profile's rules, and deleting a
// user with everything theirs in one go, while the other side of their chats keeps the conversation.

let t: TestApp;
let admin: { id: number; cookie: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await loggedInUser(t.store, { name: 'Ada Admin', isAdmin: true });
  admin = { id: a.user.id, cookie: a.cookie, name: a.user.name };
});
afterAll(() => t.close());

const { send } = httpClient(() => t);
const get = (url: string, who: { cookie: string } | null) => send({ method: 'GET', url, headers: as(who) });
const put = (id: number | string, payload: unknown, who: { cookie: string } | null = admin) =>
  send({ method: 'PUT', url: `/api/admin/users/${id}`, payload: payload as InjectOptions['payload'], headers: as(who) });
const del = (id: number | string, who: { cookie: string } | null = admin) => send({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: as(who) });
const userRow = (id: number) => findRow(t.store, 'users', { id });
const fileOf = (url: string) => path.join(t.uploadDir, keyFromUrl(url)!);
const thumbOf = (url: string) => fileOf(url).replace(/\.webp$/, '-thumb.webp');

const form = MINIMAL_LISTING_FORM;

describe('GET /api/admin/users', () => {
  it('lists every user newest first with contact details, admin flag and listing count, never a password hash', async () => {
    const u = await loggedInUser(t.store, { name: 'Liv Larsen', phone: '41234567', address: 'Torggata 2, 2317 HAMAR' });
    await insertRow(t.store, 'listings', { userId: u.user.id, uniqueCode: 'BP-LIVCAR', make: 'Kia', model: 'Niro', year: 2020, registrationNumber: 'LL11111', price: 1, totalPrice: 1 });
    const res = await get('/api/admin/users', admin);
    expect(res.statusCode).toBe(200);
    const list = json(res) as Record<string, unknown>[];
    expect(list[0]).toEqual({
      id: u.user.id,
      username: u.user.username,
      name: 'Liv Larsen',
      displayName: 'Liv',
      email: u.user.email,
      phone: '41234567',
      address: 'Torggata 2, 2317 HAMAR',
      uniqueId: u.user.uniqueId,
      isAdmin: false,
      createdAt: u.user.createdAt.toISOString(),
      listingCount: 1,
    });
    expect(list.find((x) => x.id === admin.id)).toMatchObject({ isAdmin: true, listingCount: 0 });
    expect(res.body).not.toMatch(/password/i);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it("changes name, e-mail, phone and address with the profile's rules; the user sees it; the audit log names the fields", async () => {
    const u = await loggedInUser(t.store, { name: 'Per Olsen' });
    const res = await put(u.user.id, { name: '  Per Ove Olsen ', email: 'per.ove@example.no', phone: '+47 922 33 444', address: 'Sjøgata 3, 8006 BODØ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ id: u.user.id, name: 'Per Ove Olsen', displayName: 'Per', email: 'per.ove@example.no', phone: '+4792233444', address: 'Sjøgata 3, 8006 BODØ' });
    const me = json(await get('/api/auth/user', { cookie: u.cookie }));
    expect(me).toMatchObject({ name: 'Per Ove Olsen', email: 'per.ove@example.no', phone: '+4792233444' });
    const audit = json(await get(`/api/admin/audit?targetType=user&targetId=${u.user.id}`, admin));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.update', actorName: admin.name, details: { fields: ['name', 'email', 'phone', 'address'] } });
    // Values are not copied into the log (it outlives the user).
    expect(JSON.stringify(audit)).not.toContain('per.ove@example.no');
    // The same values again change nothing and log nothing.
    expect((await put(u.user.id, { name: 'Per Ove Olsen', email: 'per.ove@example.no', phone: '+4792233444', address: 'Sjøgata 3, 8006 BODØ' })).statusCode).toBe(200);
    expect(json(await get(`/api/admin/audit?targetType=user&targetId=${u.user.id}`, admin))).toHaveLength(1);
  });

  it('refuses invalid fields with the profile\'s Norwegian messages and changes nothing', async () => {
    const u = await loggedInUser(t.store, { name: 'Siri Dahl' });
    const good = { name: 'Siri Dahl', email: 'siri@example.no', phone: '', address: '' };
    const before = await userRow(u.user.id);
    for (const [payload, field, message] of [
      [{ ...good, email: 'siri@' }, 'email', 'Skriv inn en gyldig e-postadresse.'],
      [{ ...good, email: '' }, 'email', 'E-post må fylles ut.'],
      [{ ...good, phone: '12345678' }, 'phone', 'Telefonnummer må være et gyldig norsk nummer (8 siffer, starter med 2-9)'],
      [{ ...good, name: '   ' }, 'name', 'Navn må fylles ut.'],
      [{ ...good, name: 'x'.repeat(101) }, 'name', 'Navn kan ikke være lengre enn 100 tegn.'],
    ] as const) {
      const res = await put(u.user.id, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res).details[field]).toBe(message);
    }
    for (const body of ['[]', '"Siri"', 'null']) {
      const res = await send({ method: 'PUT', url: `/api/admin/users/${u.user.id}`, payload: body, headers: { ...as(admin), 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
    }
    expect(await userRow(u.user.id)).toEqual(before);
  });

  it('answers 404 for a user that does not exist and 403 for an admin account, changing nothing', async () => {
    const missing = await put(987_654, { name: 'Ingen', email: 'ingen@example.no', phone: '', address: '' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Fant ikke brukeren.');
    const other = await loggedInUser(t.store, { name: 'Bjørn Admin', isAdmin: true });
    const before = await userRow(other.user.id);
    const refused = await put(other.user.id, { name: 'Hacket', email: 'x@example.no', phone: '', address: '' });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Administratorer kan ikke endres her. Bruk Min profil for din egen konto.');
    expect(await userRow(other.user.id)).toEqual(before);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes sessions, listings with their photo files, saved entries and notifications in one go; the buyer keeps the chat', async () => {
    const seller = await loggedInUser(t.store, { name: 'Selger Sandvik' });
    const secondSession = await sessionCookie(t.store, seller.user.id);
    const buyer = await loggedInUser(t.store, { name: 'Kjøper Berg' });
    const bystander = await loggedInUser(t.store, { name: 'Nabo Nilsen' });
    const photo = toDataUrl(await gradientJpeg(640, 480, 120));

    // Two listings with photos, one approved (public), and a staged photo never attached.
    const create = async (extra: object) => {
      const res = await send({ method: 'POST', url: '/api/listings', payload: { ...form, ...extra, images: [photo] }, headers: as(seller) });
      expect(res.statusCode, res.body).toBe(201);
      return json(res) as { id: number; images: string[] };
    };
    const carA = await create({ registrationNumber: 'AA 11111' });
    const carB = await create({ registrationNumber: 'BB 22222', make: 'Audi', model: 'A4' });
    const staged = json(await send({ method: 'POST', url: '/api/listing-images', payload: { image: photo }, headers: as(seller) })) as { url: string };
    expect((await send({ method: 'POST', url: `/api/admin/listings/${carA.id}/approve`, payload: { approved: true }, headers: as(admin) })).statusCode).toBe(200);
    const urls = [...carA.images, ...carB.images, staged.url];
    for (const url of urls) {
      expect(fs.existsSync(fileOf(url))).toBe(true);
      expect(fs.existsSync(thumbOf(url))).toBe(true);
    }

    // Someone else's listing the seller saved, and the seller's listing someone else saved.
    const otherCar = json(await send({ method: 'POST', url: '/api/listings', payload: { ...form, registrationNumber: 'CC 33333' }, headers: as(bystander) })) as { id: number };
    await send({ method: 'POST', url: `/api/admin/listings/${otherCar.id}/approve`, payload: { approved: true }, headers: as(admin) });
    expect((await send({ method: 'POST', url: '/api/saved-listings', payload: { listingId: otherCar.id }, headers: as(seller) })).statusCode).toBe(201);
    expect((await send({ method: 'POST', url: '/api/saved-listings', payload: { listingId: carA.id }, headers: as(bystander) })).statusCode).toBe(201);

    // A conversation: the buyer asks, the seller answers.
    const start = await send({ method: 'POST', url: '/api/chats/start', payload: { listingId: carA.id, sellerId: seller.user.id, message: 'Er bilen fortsatt til salgs?' }, headers: as(buyer) });
    expect(start.statusCode, start.body).toBe(201);
    const chatId = json(start).chatId as number;
    expect((await send({ method: 'POST', url: '/api/messages', payload: { chatId, content: 'Ja, den er det!' }, headers: as(seller) })).statusCode).toBeLessThan(300);
    expect((await findRows(t.store, 'notifications', { userId: seller.user.id })).length).toBeGreaterThan(0);
    expect((await get('/api/auth/user', seller)).statusCode).toBe(200);

    const res = await del(seller.user.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    // The seller is gone, logged out everywhere.
    expect(await userRow(seller.user.id)).toBeUndefined();
    expect(await findRows(t.store, 'sessions', { userId: seller.user.id })).toEqual([]);
    for (const cookie of [seller.cookie, secondSession]) expect((await get('/api/auth/user', { cookie })).statusCode).toBe(401);
    // Their listings, photo rows and files.
    expect(await findRows(t.store, 'listings', { userId: seller.user.id })).toEqual([]);
    expect(await findRows(t.store, 'listingImages', { uploaderId: seller.user.id })).toEqual([]);
    for (const url of urls) {
      expect(fs.existsSync(fileOf(url)), url).toBe(false);
      expect(fs.existsSync(thumbOf(url)), url).toBe(false);
    }
    expect((await get(`/api/listings/${carA.id}`, null)).statusCode).toBe(404);
    expect(json(await get('/api/listings?make=Volvo', null)).map((l: { id: number }) => l.id)).toEqual([otherCar.id]);
    // Saved entries both ways, and the seller's notifications.
    expect([...(await findRows(t.store, 'savedListings', { userId: seller.user.id })), ...(await findRows(t.store, 'savedListings', { listingId: carA.id }))]).toEqual([]);
    expect(json(await get('/api/saved-listings', bystander))).toEqual([]);
    expect(await findRows(t.store, 'notifications', { userId: seller.user.id })).toEqual([]);
    // The bystander's own listing is untouched.
    expect((await get(`/api/listings/${otherCar.id}`, null)).statusCode).toBe(200);

    // The buyer still has the conversation, with the fallback names, and can read it.
    const buyerChats = json(await get('/api/chats', buyer)) as { id: number; otherUser: { id: number | null; name: string | null }; carName: string | null; listingId: number | null }[];
    expect(buyerChats).toHaveLength(1);
    expect(buyerChats[0]).toMatchObject({ id: chatId, listingId: null, carName: null, otherUser: { id: null, name: null } });
    const thread = json(await get(`/api/messages/${chatId}`, buyer)) as { content: string; senderId: number | null; senderDisplayName: string }[];
    expect(thread.map((m) => m.content)).toEqual(['Er bilen fortsatt til salgs?', 'Ja, den er det!']);
    expect(thread[1]).toMatchObject({ senderId: null, senderDisplayName: 'Administrator' });
    expect(await findRow(t.store, 'chats', { id: chatId })).toMatchObject({ sellerId: null, buyerId: buyer.user.id });
    expect(await findRows(t.store, 'messages', { chatId })).toHaveLength(2);

    // The audit log keeps the user's and the listings' entries.
    const userAudit = json(await get(`/api/admin/audit?targetType=user&targetId=${seller.user.id}`, admin));
    expect(userAudit).toHaveLength(1);
    expect(userAudit[0]).toMatchObject({ action: 'user.delete', actorId: admin.id, targetLabel: `${seller.user.username} (Selger Sandvik)`, details: { deletedListings: 2 } });
    for (const car of [carA, carB]) {
      const entries = json(await get(`/api/admin/audit?targetType=listing&targetId=${car.id}`, admin)) as { action: string }[];
      expect(entries[0].action).toBe('listing.delete');
    }
  });

  it("refuses an admin account with 403 and the admin keeps everything", async () => {
    const other = await loggedInUser(t.store, { name: 'Bjørg Admin', isAdmin: true });
    for (const target of [other.user.id, admin.id]) {
      const res = await del(target);
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toBe('Administratorer kan ikke slettes.');
    }
    expect(await userRow(other.user.id)).toBeDefined();
    expect((await get('/api/auth/user', { cookie: other.cookie })).statusCode).toBe(200);
    expect(await findRows(t.store, 'auditLog', { targetId: other.user.id })).toEqual([]);
  });

  it('answers 404 for a user that does not exist (or an id that cannot be one)', async () => {
    expect((await del(987_654)).statusCode).toBe(404);
    expect(json(await del(987_654)).message).toBe('Fant ikke brukeren.');
    for (const bad of ['abc', '0', '-1', '1.5']) expect([400, 404]).toContain((await del(bad)).statusCode);
  });
});
