import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMAT, accountExportShape } from '../../shared/schemas/account';
import { WRONG_PASSWORD_MESSAGE } from '../../shared/schemas/auth';
import { UNKNOWN_PARTY_NAME } from '../../shared/schemas/chat';
import { keyFromUrl } from '../integrations/image-storage';
import { ACCOUNT_DELETED_SUBJECT } from '../mail/templates';
import { createTestApp, json, loggedInUser, sessionCookie, type TestApp } from '../testing/harness';
import { as, httpClient } from '../testing/http';
import { gradientJpeg, toDataUrl } from '../testing/images';
import { MINIMAL_LISTING_FORM } from '../testing/listing-factory';
import { readOutbox } from '../testing/mail';
import { findRow, findRows } from '../testing/store-rows';

// 'Your data' (docs/decisions/021-mail-and-account-recovery.md): GET /api/auth/export (everything the account holds,
// another user only by the name their chat shows) and DELETE /api/auth/account (the password asked for; the admin's
// deletion, audit-logged).

let t: TestApp;
let admin: { id: number; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  const a = await loggedInUser(t.store, { name: 'Ada Admin', isAdmin: true });
  admin = { id: a.user.id, cookie: a.cookie };
});
afterAll(() => t.close());

const { send, call } = httpClient(() => t);
const get = (url: string, who: { cookie: string } | null) => send({ method: 'GET', url, headers: as(who) });
const deleteAccount = (who: { cookie: string } | null, body: unknown) => call('DELETE', '/api/auth/account', who, body);
const fileOf = (url: string) => path.join(t.uploadDir, keyFromUrl(url)!);

const form = MINIMAL_LISTING_FORM;

let plates = 0;
/** A seller's approved listing with one photo. */
async function approvedListing(seller: { cookie: string }, extra: object = {}) {
  const photo = toDataUrl(await gradientJpeg(320, 240, 90));
  plates += 1;
  const res = await call('POST', '/api/listings', seller, { ...form, registrationNumber: `EK ${10000 + plates}`, ...extra, images: [photo] });
  expect(res.statusCode, res.body).toBe(201);
  const listing = json(res) as { id: number; images: string[] };
  expect((await call('POST', `/api/admin/listings/${listing.id}/approve`, admin, { approved: true })).statusCode).toBe(200);
  return listing;
}

/** A seller and a buyer who saved the seller's car, asked about it by inquiry, and chatted about it. */
async function aDeal() {
  const seller = await loggedInUser(t.store, { name: 'Selma Selger', email: `selma.${++plates}@example.no`, phone: '41111111' });
  const buyer = await loggedInUser(t.store, { name: 'Kjell Kjøper', email: `kjell.${++plates}@example.no`, phone: '92222222' });
  const car = await approvedListing(seller);
  expect((await call('POST', '/api/saved-listings', buyer, { listingId: car.id })).statusCode).toBe(201);
  const inquiry = await call('POST', '/api/inquiries', buyer, {
    listingId: car.id,
    name: 'Kjell Kjøper',
    email: buyer.user.email,
    phone: '92222222',
    message: 'Kan jeg komme på visning lørdag?',
  });
  expect(inquiry.statusCode, inquiry.body).toBe(201);
  const start = await call('POST', '/api/chats/start', buyer, { listingId: car.id, sellerId: seller.user.id, message: 'Er bilen fortsatt til salgs?' });
  expect(start.statusCode, start.body).toBe(201);
  const chatId = json(start).chatId as number;
  expect((await call('POST', '/api/messages', seller, { chatId, content: 'Ja, den er det!' })).statusCode).toBeLessThan(300);
  return { seller, buyer, car, chatId };
}

describe('GET /api/auth/export', () => {
  it('gives the seller their profile, listings, chats and notifications as one download, the buyer only by name', async () => {
    const { seller, buyer, car, chatId } = await aDeal();
    const saved = await call('POST', '/api/saved-searches', seller, { name: 'Volvo til under 200 000', params: { make: 'Volvo', priceMax: 200000 }, email: true });
    expect(saved.statusCode, saved.body).toBe(201);
    const res = await get('/api/auth/export', seller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="bilpartner-data-${seller.user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    const data = accountExportShape.parse(json(res));

    expect(data.format).toBe(EXPORT_FORMAT);
    expect(data.profile).toMatchObject({ id: seller.user.id, username: seller.user.username, email: seller.user.email, phone: '41111111' });
    expect(data.listings.map((l) => l.id)).toEqual([car.id]);
    expect(data.savedSearches).toMatchObject([{ name: 'Volvo til under 200 000', params: { make: 'Volvo', priceTo: 200000 }, email: true }]);
    // The 'Meld av' link's secret is not part of the saved search as its owner sees it, nor of the export.
    expect(res.body).not.toContain('unsubscribe');
    expect(data.chats).toHaveLength(1);
    expect(data.chats[0]).toMatchObject({ id: chatId, listingId: car.id, role: 'seller', otherParty: 'Kjell', car: 'Volvo V70 2012' });
    expect(data.chats[0].messages.map((m) => [m.sender, m.fromMe, m.content])).toEqual([
      ['Kjell', false, 'Er bilen fortsatt til salgs?'],
      ['Selma', true, 'Ja, den er det!'],
    ]);
    const titles = data.notifications.map((n) => n.title);
    expect(titles).toContain('Ny henvendelse om Volvo V70');
    const asked = data.notifications.find((n) => n.title === 'Ny henvendelse om Volvo V70')!;
    expect(asked).toMatchObject({ listingId: car.id, message: 'Kan jeg komme på visning lørdag?' });

    // The buyer's contact details reached the seller's notification; the export leaves them out, and every other
    // private detail of the buyer too.
    const text = res.body;
    for (const secret of [buyer.user.email, '92222222', buyer.user.username, 'Kjøper', buyer.user.uniqueId]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toContain('passwordHash');
  });

  it('gives the buyer their saved cards, sent inquiries and chats, the seller only by name', async () => {
    const { seller, buyer, car } = await aDeal();
    const data = accountExportShape.parse(json(await get('/api/auth/export', buyer)));
    expect(data.listings).toEqual([]);
    expect(data.savedListings.map((c) => c.id)).toEqual([car.id]);
    expect(data.inquiries).toEqual([
      expect.objectContaining({ listingId: car.id, car: 'Volvo V70 2012', email: buyer.user.email, phone: '92222222', message: 'Kan jeg komme på visning lørdag?' }),
    ]);
    expect(data.chats[0]).toMatchObject({ role: 'buyer', otherParty: 'Selma' });
    const text = JSON.stringify(data);
    for (const secret of [seller.user.email, '41111111', seller.user.username, 'Selger', seller.user.uniqueId]) expect(text, secret).not.toContain(secret);
  });

  it('answers 401 logged out', async () => {
    expect((await get('/api/auth/export', null)).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/account', () => {
  it('changes nothing with a wrong password', async () => {
    const { seller, car } = await aDeal();
    const res = await deleteAccount(seller, { password: 'feil-passord' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: WRONG_PASSWORD_MESSAGE, details: { password: WRONG_PASSWORD_MESSAGE } });
    expect(await findRow(t.store, 'users', { id: seller.user.id })).toBeDefined();
    expect((await get(`/api/listings/${car.id}`, null)).statusCode).toBe(200);
    expect((await get('/api/auth/user', seller)).statusCode).toBe(200);
    expect(await findRows(t.store, 'auditLog', { targetType: 'user', targetId: seller.user.id })).toEqual([]);
  });

  it('deletes the account as an admin would, logs it, mails a receipt, and leaves the buyer the chat', async () => {
    const { seller, buyer, car, chatId } = await aDeal();
    const otherSession = await sessionCookie(t.store, seller.user.id);
    const res = await deleteAccount(seller, { password: 'hemmelig123' });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === 'bp_session')?.value).toBe('');

    expect(await findRow(t.store, 'users', { id: seller.user.id })).toBeUndefined();
    for (const cookie of [seller.cookie, otherSession]) expect((await get('/api/auth/user', { cookie })).statusCode).toBe(401);
    expect((await get(`/api/listings/${car.id}`, null)).statusCode).toBe(404);
    for (const url of car.images) expect(fs.existsSync(fileOf(url)), url).toBe(false);
    expect(await findRows(t.store, 'notifications', { userId: seller.user.id })).toEqual([]);
    expect(json(await get('/api/saved-listings', buyer))).toEqual([]);

    // The buyer keeps the conversation.
    const thread = json(await get(`/api/messages/${chatId}`, buyer)) as { content: string }[];
    expect(thread.map((m) => m.content)).toEqual(['Er bilen fortsatt til salgs?', 'Ja, den er det!']);
    // Their export shows it without the car or the seller, both gone.
    const kept = accountExportShape.parse(json(await get('/api/auth/export', buyer)));
    expect(kept.chats).toMatchObject([{ id: chatId, listingId: null, role: 'buyer', otherParty: UNKNOWN_PARTY_NAME, car: null }]);
    expect(kept.chats[0].messages.map((m) => [m.sender, m.fromMe])).toEqual([['Kjell', true], [UNKNOWN_PARTY_NAME, false]]);

    // In the audit log, with the user as the actor.
    const audit = json(await get(`/api/admin/audit?targetType=user&targetId=${seller.user.id}`, admin));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.delete',
      actorId: null,
      actorName: `${seller.user.username} (Selma Selger)`,
      details: { deletedListings: 1, byOwner: true },
    });

    await t.mailer.idle();
    const receipts = (await readOutbox(t.outboxDir)).filter((m) => m.to === seller.user.email);
    expect(receipts.map((m) => m.subject)).toEqual([ACCOUNT_DELETED_SUBJECT]);
  });

  it('refuses an admin account and a visitor', async () => {
    const res = await deleteAccount(admin, { password: 'hemmelig123' });
    expect(res.statusCode).toBe(403);
    expect(await findRow(t.store, 'users', { id: admin.id })).toBeDefined();
    expect((await deleteAccount(null, { password: 'hemmelig123' })).statusCode).toBe(401);
  });
});
