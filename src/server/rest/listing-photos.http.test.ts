import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingCardShape, ListingImageShape, ListingShape } from '../../shared/schemas/listing-shape';
import { keyFromUrl } from '../integrations/image-storage';
import { callerFor, createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { photoLikeJpeg, pngImage, toDataUrl } from '../testing/images';
import { LISTING_FORM } from '../testing/listing-factory';
import { updateListingRow } from '../testing/store-rows';

// Every listing answer carries each photo's medium size and the sizes' widths, so the client can build srcset with w
// descriptors (docs/product/limits.md#photo-sizes); the fields that were there before are unchanged.

let t: TestApp;
let seller: Awaited<ReturnType<typeof loggedInUser>>;
let buyer: Awaited<ReturnType<typeof loggedInUser>>;
let listing: ListingShape;

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const fileOf = (url: string) => path.join(t.uploadDir, keyFromUrl(url)!);

beforeAll(async () => {
  t = await createTestApp();
  seller = await loggedInUser(t.store, { name: 'Siri Selger' });
  buyer = await loggedInUser(t.store, { name: 'Kai Kjøper' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/listings',
    headers: { cookie: seller.cookie },
    payload: {
      ...LISTING_FORM,
      model: 'Model 3',
      images: [toDataUrl(await photoLikeJpeg(2400, 1800)), toDataUrl(await pngImage(640, 480), 'image/png')],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  listing = json(res);
  await updateListingRow(t.store, listing.id, { status: 'approved', active: true });
});
afterAll(() => t.close());

describe('photo sizes in listing answers', () => {
  it('GET /api/listings/:id gives each photo a medium URL and the widths of its sizes, which the files have', async () => {
    const res = await get(`/api/listings/${listing.id}`, buyer.cookie);
    expect(res.statusCode).toBe(200);
    const [big, small] = json<ListingShape>(res).imageDetails;
    expect(big).toMatchObject({ width: 1600, height: 1200, mediumWidth: 800, thumbWidth: 480 });
    // A photo narrower than the medium size: the medium file is as wide as the photo.
    expect(small).toMatchObject({ width: 640, height: 480, mediumWidth: 640, thumbWidth: 480 });
    for (const img of [big, small]) {
      expect(img.mediumUrl).toMatch(/^\/uploads\/[\w-]+\/[\w-]+-medium\.webp$/);
      expect(Object.keys(img).sort()).toEqual(['height', 'id', 'mediumUrl', 'mediumWidth', 'thumbUrl', 'thumbWidth', 'url', 'width']);
      const served = await get(img.mediumUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const [url, width] of [[img.url, img.width], [img.mediumUrl, img.mediumWidth], [img.thumbUrl, img.thumbWidth]] as const) {
        expect((await sharp(fileOf(url)).metadata()).width, url).toBe(width);
      }
    }
    // The medium size weighs far less than the large one: what a phone saves on a card or the gallery.
    expect(fs.statSync(fileOf(big.mediumUrl)).size).toBeLessThan(fs.statSync(fileOf(big.url)).size / 2);
  });

  it('the full list (REST) and the cards (tRPC search, REST saved listings) carry the cover photo in all its sizes', async () => {
    const detail = json<ListingShape>(await get(`/api/listings/${listing.id}`)).imageDetails;
    const full = json<ListingShape[]>(await get('/api/listings?make=Tesla&model=Model%203'));
    expect(full.find((l) => l.id === listing.id)!.imageDetails).toEqual(detail);

    const cards = await callerFor(t.store, null).listings.list({ make: 'Tesla' });
    const card = cards.items.find((c) => c.id === listing.id)!;
    expect(card.coverImage).toBe(detail[0].thumbUrl); // the field cards had before, unchanged
    expect(card.coverPhoto).toEqual(detail[0]);

    const save = await t.app.inject({ method: 'POST', url: '/api/saved-listings', headers: { cookie: buyer.cookie }, payload: { listingId: listing.id } });
    expect(save.statusCode).toBe(201);
    const saved = json<ListingCardShape[]>(await get('/api/saved-listings', buyer.cookie));
    expect(saved.find((c) => c.id === listing.id)!.coverPhoto).toEqual(detail[0]);
  });

  it('the card follows the cover when the photos are reordered, and deleting the listing removes every size', async () => {
    const before = json<ListingShape>(await get(`/api/listings/${listing.id}`)).imageDetails;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      headers: { cookie: seller.cookie },
      payload: { ...listingForm(listing), images: [before[1].url, before[0].url] },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const cards = await callerFor(t.store, null).listings.list({ make: 'Tesla' });
    const card = cards.items.find((c) => c.id === listing.id)!;
    expect(card.coverImage).toBe(before[1].thumbUrl);
    expect(card.coverPhoto).toEqual<ListingImageShape>(before[1]);

    const files = before.flatMap((i) => [i.url, i.mediumUrl, i.thumbUrl]).map(fileOf);
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/listings/${listing.id}`, headers: { cookie: seller.cookie } });
    expect(del.statusCode).toBeLessThan(300);
    expect(files.filter((f) => fs.existsSync(f))).toEqual([]);
  });
});

/** The form's fields of a listing as the API answered it (PATCH sends the whole form). */
function listingForm(l: ListingShape) {
  const { registrationNumber, make, model, year, bodyType, fuelType, transmission, drivetrain, mileage, power, color, description, price, registrationFee, address } = l;
  return { registrationNumber, make, model, year, bodyType, fuelType, transmission, drivetrain, mileage, power, color, description, price, registrationFee, address };
}
