import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFromUrl } from '../integrations/image-storage';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { httpClient } from '../testing/http';
import { gradientJpeg, toDataUrl } from '../testing/images';
import { insertListing } from '../testing/listing-factory';
import { findRow, findRows, insertRow } from '../testing/store-rows';

// The all-listings tab over HTTP (docs/product/admin.md#listings): GET /api/admin/listings with paging, sorting,
// filter and search (the page as the body, the total in X-Total-Count), and DELETE /api/admin/listings/:id.

let t: TestApp;
let admin: { id: number; cookie: string };
let owner: { id: number; cookie: string; username: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await loggedInUser(t.store, { name: 'Ada Admin', isAdmin: true });
  const o = await loggedInUser(t.store, { name: 'Kari Nordmann' });
  admin = { id: a.user.id, cookie: a.cookie };
  owner = { id: o.user.id, cookie: o.cookie, username: o.user.username };
});
afterAll(() => t.close());

const { send } = httpClient(() => t);
const get = (url: string, cookie = admin.cookie) => send({ method: 'GET', url, headers: { cookie } });
type Row = { id: number; uniqueCode: string; registrationNumber: string; totalPrice: number; status: string; ownerUsername: string };

describe('GET /api/admin/listings', () => {
  let ids: number[];
  beforeAll(async () => {
    const day = 24 * 3600_000;
    const base = Date.UTC(2025, 0, 1);
    ids = [
      await insertListing(t.store, owner.id, { uniqueCode: 'BP-AAAAA1', registrationNumber: 'AB12345', price: 300_000, status: 'approved', createdAt: new Date(base + 1 * day) }),
      await insertListing(t.store, owner.id, { uniqueCode: 'BP-BBBBB2', registrationNumber: 'AB12399', price: 100_000, status: 'pending', createdAt: new Date(base + 2 * day) }),
      await insertListing(t.store, owner.id, { uniqueCode: 'BP-CCCCC3', registrationNumber: 'CD55555', price: 200_000, status: 'rejected', rejectionReason: 'Uklar tekst.', createdAt: new Date(base + 3 * day) }),
      await insertListing(t.store, owner.id, { uniqueCode: 'BP-DDDDD4', registrationNumber: 'EF77777', price: 400_000, status: 'approved', active: false, createdAt: new Date(base + 4 * day) }),
    ].map((l) => l.id);
  });

  it('answers every status, newest first, with the total in X-Total-Count', async () => {
    const res = await get('/api/admin/listings?_cb=1&_r=x');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    const rows = json(res) as Row[];
    expect(rows.map((r) => r.id)).toEqual([...ids].reverse());
    expect(rows[0]).toMatchObject({ uniqueCode: 'BP-DDDDD4', status: 'approved', ownerUsername: owner.username, totalPrice: 400_000 });
    expect(rows.find((r) => r.status === 'rejected')).toMatchObject({ rejectionReason: 'Uklar tekst.' });
  });

  it('pages, sorts, filters and searches', async () => {
    const codes = async (query: string) => {
      const res = await get(`/api/admin/listings?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { codes: (json(res) as Row[]).map((r) => r.uniqueCode), total: Number(res.headers['x-total-count']) };
    };
    expect(await codes('sort=price&direction=asc')).toEqual({ codes: ['BP-BBBBB2', 'BP-CCCCC3', 'BP-AAAAA1', 'BP-DDDDD4'], total: 4 });
    expect(await codes('sort=price&direction=asc&limit=2&page=2')).toEqual({ codes: ['BP-AAAAA1', 'BP-DDDDD4'], total: 4 });
    expect(await codes('sort=createdAt&direction=asc&limit=1&offset=1')).toEqual({ codes: ['BP-BBBBB2'], total: 4 });
    expect(await codes('status=approved')).toEqual({ codes: ['BP-DDDDD4', 'BP-AAAAA1'], total: 2 });
    expect(await codes('status=all&search=')).toEqual(expect.objectContaining({ total: 4 }));
    expect(await codes('search=bp-ccccc3')).toEqual({ codes: ['BP-CCCCC3'], total: 1 });
    expect(await codes('search=CCCCC')).toEqual({ codes: ['BP-CCCCC3'], total: 1 });
    expect(await codes(`search=${encodeURIComponent('ab 123')}`)).toEqual({ codes: ['BP-BBBBB2', 'BP-AAAAA1'], total: 2 });
    expect(await codes('search=AB12399&status=approved')).toEqual({ codes: [], total: 0 });
    expect(await codes('page=9')).toEqual({ codes: [], total: 4 });
  });

  it.each([
    ['limit=500', 'Antall per side (limit) må være et heltall fra 1 til 100.'],
    ['page=abc', 'Side (page) må være et heltall fra 1.'],
    ['sort=mileage', 'Ukjent sortering.'],
    ['status=sold', 'Ukjent status. Bruk pending, approved, rejected eller all.'],
    [`search=${'x'.repeat(41)}`, 'Søket kan ikke være lengre enn 40 tegn.'],
  ])('answers 400 with a Norwegian message for bad parameters (%s)', async (query, message) => {
    const res = await get(`/api/admin/listings?${query}`);
    expect(res.statusCode, query).toBe(400);
    expect(json(res).message, query).toBe(message);
  });
});

describe('DELETE /api/admin/listings/:id', () => {
  it("deletes anyone's listing with its photo files and saved entries; the audit log keeps it", async () => {
    const created = await send({
      method: 'POST',
      url: '/api/listings',
      payload: {
        registrationNumber: 'GH 12121',
        make: 'Toyota',
        model: 'RAV4',
        year: 2019,
        price: 289_000,
        address: 'Kirkegata 1, 4006 STAVANGER',
        images: [toDataUrl(await gradientJpeg(640, 480, 60)), toDataUrl(await gradientJpeg(640, 480, 200))],
      },
      headers: { cookie: owner.cookie },
    });
    expect(created.statusCode, created.body).toBe(201);
    const listing = json(created) as { id: number; images: string[]; uniqueCode: string };
    const files = listing.images.flatMap((u) => {
      const f = path.join(t.uploadDir, keyFromUrl(u)!);
      return [f, f.replace(/\.webp$/, '-thumb.webp')];
    });
    for (const f of files) expect(fs.existsSync(f)).toBe(true);
    const saver = await loggedInUser(t.store);
    await insertRow(t.store, 'savedListings', { userId: saver.user.id, listingId: listing.id });

    const res = await send({ method: 'DELETE', url: `/api/admin/listings/${listing.id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(204);
    expect(await findRow(t.store, 'listings', { id: listing.id })).toBeUndefined();
    expect(await findRows(t.store, 'listingImages', { listingId: listing.id })).toEqual([]);
    expect(await findRows(t.store, 'savedListings', { listingId: listing.id })).toEqual([]);
    for (const f of files) expect(fs.existsSync(f), f).toBe(false);
    expect(json(await get('/api/my-listings', owner.cookie)).map((l: { id: number }) => l.id)).not.toContain(listing.id);

    const audit = json(await get(`/api/admin/audit?targetType=listing&targetId=${listing.id}`));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'listing.delete', actorId: admin.id, actorName: 'Ada Admin', targetLabel: `${listing.uniqueCode} Toyota RAV4 2019`, details: { owner: owner.username } }),
    ]);

    const again = await send({ method: 'DELETE', url: `/api/admin/listings/${listing.id}`, headers: { cookie: admin.cookie } });
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe('Annonse ikke funnet');
  });
});

describe('DELETE /api/admin/listings/:id of a listing with an edit waiting for review', () => {
  it('removes the photos the edit added too', async () => {
    const form = { registrationNumber: 'JK 34343', make: 'Skoda', model: 'Octavia', year: 2017, price: 159_000, address: 'Torggata 2, 2317 HAMAR' };
    const created = json(await send({ method: 'POST', url: '/api/listings', payload: { ...form, images: [toDataUrl(await gradientJpeg(640, 480, 10))] }, headers: { cookie: owner.cookie } })) as {
      id: number;
      images: string[];
    };
    await send({ method: 'POST', url: `/api/admin/listings/${created.id}/approve`, payload: { approved: true }, headers: { cookie: admin.cookie } });
    const edited = await send({
      method: 'PATCH',
      url: `/api/listings/${created.id}`,
      payload: { ...form, description: 'Nå med nye vinterdekk.', images: [...created.images, toDataUrl(await gradientJpeg(640, 480, 300))] },
      headers: { cookie: owner.cookie },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const revisionPhotos = await findRows(t.store, 'listingImages', { revisionListingId: created.id });
    expect(revisionPhotos).toHaveLength(1);
    const pending = json(await get('/api/admin/pending-listings')) as { id: number; kind: string }[];
    expect(pending.find((p) => p.id === created.id)?.kind).toBe('edit');
    const files = [...created.images.map((u) => keyFromUrl(u)!), revisionPhotos[0].storageKey].map((k) => path.join(t.uploadDir, k));
    for (const f of files) expect(fs.existsSync(f)).toBe(true);

    expect((await send({ method: 'DELETE', url: `/api/admin/listings/${created.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(204);
    for (const f of files) {
      expect(fs.existsSync(f), f).toBe(false);
      expect(fs.existsSync(f.replace(/\.webp$/, '-thumb.webp')), f).toBe(false);
    }
    expect(await findRows(t.store, 'listingImages', { revisionListingId: created.id })).toEqual([]);
  });
});

describe('GET /api/admin/audit', () => {
  it('answers an empty list for a target with no entries, and 400 for a bad target', async () => {
    expect(json(await get('/api/admin/audit?targetType=user&targetId=424242'))).toEqual([]);
    for (const query of ['targetType=car&targetId=1', 'targetType=user', 'targetType=user&targetId=abc']) {
      expect((await get(`/api/admin/audit?${query}`)).statusCode, query).toBe(400);
    }
  });
});
