import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingShape } from '../../shared/schemas/listing-shape';
import { keyFromUrl } from '../integrations/image-storage';
import { AddressLimits, createRateLimits } from '../limits/rate-limiter';
import { RATE_LIMITS } from '../limits/rate-limits';
import { callerFor, createTestApp, createUser, json, loggedInUser, sessionCookie, type TestApp } from '../testing/harness';
import { gradientJpeg, pngImage, toDataUrl } from '../testing/images';
import { LISTING_FORM } from '../testing/listing-factory';
import { countRows, findRow, updateRows } from '../testing/store-rows';

let t: TestApp;
let owner: { id: number; cookie: string };
let other: { id: number; cookie: string };
let admin: { id: number; cookie: string };
let jpeg: string;
let png: string;

beforeAll(async () => {
  // One seller creates every listing of this file, more than an hour's budget (src/server/rest/listing-create-limit.http.test.ts
  // tests that budget); the other limits stay as they are.
  const rateLimits = createRateLimits();
  const roomy = { max: 1000, timeWindow: 60_000, per: 'user' } as const;
  rateLimits.addresses = new AddressLimits({ ...RATE_LIMITS, listingCreate: roomy, listingCreateDay: roomy });
  t = await createTestApp({}, { rateLimits });
  const o = await loggedInUser(t.store, { name: 'Ola Hansen' });
  const x = await loggedInUser(t.store, { name: 'Per Olsen' });
  const { user: a } = await createUser(t.store, { isAdmin: true });
  owner = { id: o.user.id, cookie: o.cookie };
  other = { id: x.user.id, cookie: x.cookie };
  admin = { id: a.id, cookie: await sessionCookie(t.store, a.id) };
  jpeg = toDataUrl(await gradientJpeg(1200, 900, 210));
  png = toDataUrl(await pngImage(800, 600), 'image/png');
});
afterAll(() => t.close());

async function send(opts: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(opts);
  // docs/product/api.md: no request, however malformed, gets a 500.
  expect(res.statusCode, res.body).toBeLessThan(500);
  return res;
}
const as = (who: { cookie: string } | null) => (who ? { cookie: who.cookie } : {});
const create = (payload: object, who: { cookie: string } | null = owner) =>
  send({ method: 'POST', url: '/api/listings', payload, headers: as(who) });
const patch = (id: number, payload: object, who: { cookie: string } | null = owner) =>
  send({ method: 'PATCH', url: `/api/listings/${id}`, payload, headers: as(who) });
const del = (id: number, who: { cookie: string } | null = owner) => send({ method: 'DELETE', url: `/api/listings/${id}`, headers: as(who) });
const mine = (who: { cookie: string } | null) => send({ method: 'GET', url: '/api/my-listings?_cb=1&_r=abc', headers: as(who) });
const stage = async (image: string, who: { cookie: string } = owner) => {
  const res = await send({ method: 'POST', url: '/api/listing-images', payload: { image }, headers: as(who) });
  expect(res.statusCode, res.body).toBe(201);
  return json(res) as { id: number; url: string; thumbUrl: string };
};
const fileOf = (url: string) => path.join(t.uploadDir, keyFromUrl(url)!);
const exists = (url: string) => fs.existsSync(fileOf(url));
const approve = (id: number) => updateRows(t.store, 'listings', { status: 'approved', active: true }, { id });
const row = (id: number) => findRow(t.store, 'listings', { id });

const form = { ...LISTING_FORM, equipment: ['Varmepumpe', 'Hengerfeste elektrisk', 'Fulgt servicehåndbok'] };

async function createOk(extra: object = {}, who = owner): Promise<ListingShape> {
  const res = await create({ ...form, ...extra }, who);
  expect(res.statusCode, res.body).toBe(201);
  return json(res);
}

describe('POST /api/listings', () => {
  it('creates a pending, active listing with a BP code, server totalPrice, place and processed photos in order', async () => {
    const staged = await stage(png);
    const res = await create({ ...form, totalPrice: 1, status: 'approved', userId: other.id, images: [jpeg, staged.url, png] });
    expect(res.statusCode, res.body).toBe(201);
    const l: ListingShape = json(res);
    expect(l).toMatchObject({
      userId: owner.id,
      status: 'pending',
      active: true,
      registrationNumber: 'EL12345',
      price: 389000,
      registrationFee: 2500,
      totalPrice: 391500,
      equipment: ['Varmepumpe', 'Hengerfeste elektrisk', 'Fulgt servicehåndbok'], // what the client sent comes back
      serviceHistory: true,
      rejectionReason: null,
    });
    expect(l.uniqueCode).toMatch(/^BP-[A-Z0-9]{6}$/);
    expect(l.images).toHaveLength(3);
    expect(l.images[1]).toBe(staged.url);
    expect(l.imageDetails.map((i) => [i.width, i.height])).toEqual([[1200, 900], [800, 600], [800, 600]]);
    for (const url of [...l.images, ...l.imageDetails.map((i) => i.thumbUrl)]) expect(exists(url)).toBe(true);
    const stored = (await row(l.id))!;
    expect(stored.place).toBe('Oslo');
    expect(stored.coverImage).toBe(l.imageDetails[0].thumbUrl);
    // The staged row was attached, not copied.
    expect(await findRow(t.store, 'listingImages', { id: staged.id })).toMatchObject({ listingId: l.id, position: 1 });
  });

  it('answers 401 to a visitor', async () => {
    const res = await create(form, null);
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['registrationNumber', { registrationNumber: '' }, 'Vennligst fyll inn alle obligatoriske felt.'],
    ['make', { make: '  ' }, 'Vennligst fyll inn alle obligatoriske felt.'],
    ['model', { model: undefined }, 'Vennligst fyll inn alle obligatoriske felt.'],
    ['year', { year: '' }, 'Vennligst fyll inn alle obligatoriske felt.'],
    ['address', { address: '' }, 'Vennligst fyll inn alle obligatoriske felt.'],
    ['price', { price: 0 }, 'Vennligst angi en gyldig pris.'],
    ['price', { price: -100 }, 'Vennligst angi en gyldig pris.'],
    ['year', { year: 1949 }, `Årsmodell må være mellom 1950 og ${new Date().getFullYear() + 1}.`],
    ['doors', { doors: 7 }, 'Antall dører må være mellom 2 og 6.'],
    ['seats', { seats: 1 }, 'Antall seter må være mellom 2 og 9.'],
    ['previousOwners', { previousOwners: 21 }, 'Antall tidligere eiere må være mellom 1 og 20.'],
    ['mileage', { mileage: -1 }, 'Kilometerstand kan ikke være negativ.'],
    ['vinNumber', { vinNumber: 'W'.repeat(31) }, 'Understellsnummer (VIN) kan ikke være lengre enn 30 tegn.'],
    ['images.0', { images: ['data:application/pdf;base64,JVBERi0='] }, 'Kun bildefiler er tillatt.'],
  ])('answers 400 for a bad %s with the documented message', async (field, change, message) => {
    const before = await countRows(t.store, 'listings');
    const res = await create({ ...form, ...change });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(json(res).details[field]).toBe(message);
    expect(await countRows(t.store, 'listings')).toBe(before);
  });

  it('refuses a text file posing as a JPEG (real bytes are checked) and leaves no files behind', async () => {
    const webpFiles = () => fs.readdirSync(t.uploadDir, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length;
    const filesBefore = webpFiles();
    const fake = toDataUrl(Buffer.from('Dette er tekst, ikke et bilde. '.repeat(40)), 'image/jpeg');
    const res = await create({ ...form, images: [jpeg, fake] });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: 'Kun bildefiler er tillatt.', details: { title: 'Ugyldig filtype' } });
    // The valid JPEG was processed and written before the fake failed; it was removed again.
    expect(webpFiles()).toBe(filesBefore);
  });

  it("refuses another user's staged photo", async () => {
    const theirs = await stage(png, other);
    const res = await create({ ...form, images: [theirs.url] });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Ukjent bilde. Last opp bildet på nytt.');
    expect((await findRow(t.store, 'listingImages', { id: theirs.id }))!.listingId).toBeNull();
  });
});

describe('GET /api/my-listings', () => {
  it('answers the own listings newest first, with images, and nobody else’s', async () => {
    const u = await loggedInUser(t.store);
    const me = { cookie: u.cookie };
    const first = await createOk({ model: 'Model 3' }, { ...me } as never);
    await updateRows(t.store, 'listings', { createdAt: new Date(Date.now() - 60_000) }, { id: first.id });
    const second = await createOk({ model: 'Model S', images: [png] }, me as never);
    await createOk({ model: 'Annen bil' }, other);
    const res = await mine(me);
    expect(res.statusCode).toBe(200);
    const list: ListingShape[] = json(res);
    expect(list.map((l) => l.id)).toEqual([second.id, first.id]);
    expect(list[0].images).toHaveLength(1);
  });

  it('answers 401 to a visitor', async () => {
    expect((await mine(null)).statusCode).toBe(401);
  });
});

describe('PATCH /api/listings/:id', () => {
  it('{active} alone toggles, for the owner and an admin; others get 404 (hidden) or 403 (public), never the data', async () => {
    const l = await createOk();
    let res = await patch(l.id, { active: false }, other);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Model Y');
    res = await patch(l.id, { active: false });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: l.id, active: false, status: 'pending' });

    await approve(l.id);
    res = await patch(l.id, { active: false }, other);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Model Y');
    expect((await row(l.id))!.active).toBe(true);

    res = await patch(l.id, { active: false }, admin);
    expect(res.statusCode).toBe(200);
    expect(json(res).active).toBe(false);
    expect((await patch(l.id, { active: true }, null)).statusCode).toBe(401);
  });

  it('edits with the full form: photos kept, reordered, removed (files deleted) and added', async () => {
    const l = await createOk({ images: [jpeg, png] });
    const [keep, drop] = l.imageDetails;
    const res = await patch(l.id, { ...form, description: 'Ny beskrivelse.', images: [png, keep.url] });
    expect(res.statusCode, res.body).toBe(200);
    const updated: ListingShape = json(res);
    expect(updated.description).toBe('Ny beskrivelse.');
    expect(updated.images).toHaveLength(2);
    expect(updated.images[1]).toBe(keep.url);
    expect(exists(keep.url)).toBe(true);
    expect(exists(drop.url)).toBe(false);
    expect(exists(drop.thumbUrl)).toBe(false);
    expect((await row(l.id))!.coverImage).toBe(updated.imageDetails[0].thumbUrl);
  });

  it("keeps an approved listing public while the owner's content change waits for review; a price change is instant", async () => {
    const l = await createOk();
    await approve(l.id);
    let res = await patch(l.id, { ...form, price: 375000 });
    expect(json(res)).toMatchObject({ status: 'approved', price: 375000, totalPrice: 377500, revision: null });
    res = await patch(l.id, { ...form, price: 375000, mileage: 46000 });
    // The owner's answer shows the edit and that it waits; the listing itself stays approved with the old mileage.
    expect(json(res)).toMatchObject({ status: 'approved', mileage: 46000, revision: { status: 'pending', changes: [{ field: 'mileage' }] } });
    expect(await row(l.id)).toMatchObject({ status: 'approved', mileage: 45000, price: 375000 });
    const publicView = await send({ method: 'GET', url: `/api/listings/${l.id}`, headers: as(other) });
    expect(json(publicView)).toMatchObject({ mileage: 45000, totalPrice: 377500, revision: null });
    const own = (json(await mine(owner)) as ListingShape[]).find((x) => x.id === l.id)!;
    expect(own).toMatchObject({ mileage: 46000, revision: { status: 'pending' } });

    // An admin's edit applies at once and never changes the status.
    res = await patch(l.id, { ...form, description: 'Endret av admin.' }, admin);
    expect(json(res)).toMatchObject({ status: 'approved', description: 'Endret av admin.', userId: owner.id, revision: null });
  });

  it('sends a rejected listing back to the queue when the owner changes its content, but not for a price change', async () => {
    const l = await createOk();
    await updateRows(t.store, 'listings', { status: 'rejected', rejectionReason: 'Feil bilmerke.' }, { id: l.id });
    let res = await patch(l.id, { ...form, price: 375000 });
    expect(json(res)).toMatchObject({ status: 'rejected', rejectionReason: 'Feil bilmerke.' });
    res = await patch(l.id, { ...form, make: 'Volvo', model: 'XC40' });
    expect(json(res)).toMatchObject({ status: 'pending', rejectionReason: null, make: 'Volvo', revision: null });
  });

  it('answers 400 with the documented message for bad form data and ignores a client totalPrice', async () => {
    const l = await createOk();
    let res = await patch(l.id, { ...form, price: 0 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: 'Vennligst angi en gyldig pris.', details: { price: 'Vennligst angi en gyldig pris.' } });
    res = await patch(l.id, { ...form, make: '' });
    expect(json(res).message).toBe('Vennligst fyll inn alle obligatoriske felt.');
    res = await patch(l.id, { ...form, price: 100000, registrationFee: 5000, totalPrice: 7 });
    expect(json(res).totalPrice).toBe(105000);
    expect((await patch(l.id, { ...form }, other)).statusCode).toBe(404);
    expect((await patch(999999, { active: true })).statusCode).toBe(404);
    res = await patch(l.id, { active: 'kanskje' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Aktiv må være true eller false.');
  });
});

describe('DELETE /api/listings/:id', () => {
  it('deletes for the owner (204) and removes the photo files; others get 404/403', async () => {
    const l = await createOk({ images: [jpeg] });
    await approve(l.id);
    expect((await del(l.id, other)).statusCode).toBe(403);
    expect((await del(l.id, null)).statusCode).toBe(401);
    const res = await del(l.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await row(l.id)).toBeUndefined();
    expect(exists(l.images[0])).toBe(false);
    expect(exists(l.imageDetails[0].thumbUrl)).toBe(false);
    expect((await del(l.id)).statusCode).toBe(404);
  });

  it('lets an admin delete any listing', async () => {
    const l = await createOk();
    expect((await del(l.id, admin)).statusCode).toBe(204);
  });
});

describe('listings.forEdit', () => {
  it('answers the owner and admins, and "Annonse ikke funnet" to anyone else', async () => {
    const l = await createOk();
    expect((await callerFor(t.store, { id: owner.id }).listings.forEdit({ id: l.id })).id).toBe(l.id);
    expect((await callerFor(t.store, { id: admin.id }).listings.forEdit({ id: l.id })).id).toBe(l.id);
    await approve(l.id);
    await expect(callerFor(t.store, { id: other.id }).listings.forEdit({ id: l.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Annonse ikke funnet' });
    await expect(callerFor(t.store, null).listings.forEdit({ id: l.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
