import type { ListingCardShape } from '../../shared/schemas/listing-shape';
import { listingListItemShape, type ListingListItem } from '../services/search/listing-search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, createUser, json, loggedInUser, type TestApp } from '../testing/harness';
import { insertListing, insertListingImage } from '../testing/listing-factory';
import { deleteRows, insertRow, updateRows } from '../testing/store-rows';

// GET /api/listings and /api/listings/:id as the browser meets them (docs/product/screens.md, docs/product/api.md): arrays and
// X-Total-Count, paging and sorting, 400s in Norwegian for bad numbers, never a 500, and who may see which listing.

let t: TestApp;
let seller: Awaited<ReturnType<typeof loggedInUser>>;
let buyer: Awaited<ReturnType<typeof loggedInUser>>;
let admin: Awaited<ReturnType<typeof loggedInUser>>;
const hidden: Record<string, number> = {};
let visibleId: number;

/** A seller's choice to hide the address and the contact phone ('Skjul adresse', 'Skjul kontaktinfo'). */
const HIDDEN_CONTACT = {
  address: 'Hemmeligveien 9, 0150 Oslo',
  place: 'Oslo',
  contactPhone: '93333333',
  hideAddress: true,
  hideContactInfo: true,
};

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await createTestApp();
  seller = await loggedInUser(t.store, { name: 'Per Selger', phone: '41234567', address: 'Selgerveien 1, 0150 OSLO' });
  buyer = await loggedInUser(t.store);
  admin = await loggedInUser(t.store, { isAdmin: true });
  for (let i = 0; i < 30; i++) {
    await insertListing(t.store, seller.user.id, {
      make: i % 3 === 0 ? 'Volvo' : 'Toyota',
      model: i % 3 === 0 ? 'V60' : 'Corolla',
      fuelType: i % 2 === 0 ? 'diesel' : 'hybrid',
      price: 100_000 + i * 10_000,
      createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
    });
  }
  visibleId = (await insertListing(t.store, seller.user.id, {
    make: 'Tesla',
    model: 'Model Y',
    price: 420_000,
    registrationFee: 0,
    description: 'Blå Tesla med hengerfeste.',
    equipment: ['Hengerfeste', 'Varmepumpe'],
    contactPhone: '98765432',
    address: 'Bilveien 3, 0150 Oslo',
    createdAt: new Date(Date.UTC(2025, 1, 1)),
  })).id;
  await insertListingImage(t.store, visibleId, 1);
  await insertListingImage(t.store, visibleId, 0);
  hidden.pending = (await insertListing(t.store, seller.user.id, { make: 'Audi', model: 'A4', status: 'pending' })).id;
  hidden.rejected = (await insertListing(t.store, seller.user.id, { make: 'Audi', model: 'A6', status: 'rejected', rejectionReason: 'Uklare bilder' })).id;
  hidden.inactive = (await insertListing(t.store, seller.user.id, { make: 'Audi', model: 'Q5', active: false })).id;
});
afterAll(() => t.close());

describe('GET /api/listings', () => {
  it('answers a JSON array of full Listings with the number of all matches in X-Total-Count', async () => {
    const res = await get('/api/listings');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['x-total-count']).toBe('31');
    const body = json<ListingListItem[]>(res);
    expect(body).toHaveLength(24); // default page size
    // docs/product/api.md "Shapes": a Listing is every field, images as URLs.
    expect(body[0]).toMatchObject({
      id: visibleId,
      userId: seller.user.id,
      make: 'Tesla',
      model: 'Model Y',
      year: 2018,
      mileage: 90_000,
      fuelType: 'bensin',
      transmission: 'manuell',
      price: 420_000,
      registrationFee: 0,
      totalPrice: 420_000,
      description: 'Blå Tesla med hengerfeste.',
      equipment: ['Hengerfeste', 'Varmepumpe'],
      images: [`/uploads/listings/${visibleId}/0.webp`, `/uploads/listings/${visibleId}/1.webp`],
      address: 'Bilveien 3, 0150 Oslo',
      contactPhone: '98765432',
      place: 'Oslo',
      status: 'approved',
      rejectionReason: null,
      active: true,
      createdAt: '2025-02-01T00:00:00.000Z',
    });
    expect(body[0].imageDetails.map((i) => i.thumbUrl)).toEqual([0, 1].map((n) => `/uploads/listings/${visibleId}/${n}-thumb.webp`));
    expect(JSON.stringify(body)).not.toMatch(/password|email|username/i);
  });

  it('answers items with every key of the detail view\'s Listing, so a filter can be checked on the answer', async () => {
    const pickups: number[] = [];
    for (const i of [0, 1, 2]) pickups.push((await insertListing(t.store, seller.user.id, { make: 'Ford', model: 'Ranger', bodyType: 'pickup', createdAt: new Date(Date.UTC(2024, 0, 1 + i)) })).id);
    await insertListingImage(t.store, pickups[1], 0);
    try {
      const res = await get('/api/listings?bodyType=pickup');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      const items = json<ListingListItem[]>(res);
      expect(items.map((l) => l.id)).toEqual([...pickups].reverse()); // newest first, the search's order kept
      expect(items.every((l) => l.bodyType === 'pickup')).toBe(true);
      const detail = json(await get(`/api/listings/${pickups[0]}`));
      // The detail alone has the price history and 'Sjekk bilen' (docs/product/api.md); a list item has the card's
      // price reduction (null here, as the ratings).
      const viewerKeys = ['seller', 'isSaved', 'isOwner', 'priceHistory', 'registry'];
      const listingKeys = [...Object.keys(detail).filter((k) => !viewerKeys.includes(k)), 'priceReducedBy'].sort();
      expect(listingKeys).toEqual(Object.keys(listingListItemShape.shape).sort());
      for (const l of items) expect(Object.keys(l).sort()).toEqual(listingKeys);
      expect(items[1].images).toEqual([`/uploads/listings/${pickups[1]}/0.webp`]);
      expect(items[0].images).toEqual([]);
      // The same listing as the detail view shows a visitor, less the viewer's parts.
      const { seller: _s, isSaved: _i, isOwner: _o, priceHistory: _h, registry: _r, ...detailListing } = detail;
      expect(items[2]).toEqual({ ...detailListing, priceReducedBy: null });
    } finally {
      for (const id of pickups) await deleteRows(t.store, 'listings', { id });
    }
  });

  it('blanks a hidden address and hidden contact phone in the list for everyone, as the detail view does for visitors', async () => {
    const id = (await insertListing(t.store, seller.user.id, { ...HIDDEN_CONTACT, make: 'Lada' })).id;
    try {
      for (const cookie of [undefined, seller.cookie, admin.cookie]) {
        const res = await get('/api/listings?make=Lada', cookie);
        const [l] = json<ListingListItem[]>(res);
        expect(l).toMatchObject({ id, address: '', contactPhone: '', hideAddress: true, hideContactInfo: true, place: 'Oslo' });
        expect(res.body).not.toContain('Hemmeligveien');
        expect(res.body).not.toContain('93333333');
      }
    } finally {
      await deleteRows(t.store, 'listings', { id });
    }
  });

  it('pages with limit and offset, sorts, and keeps the total', async () => {
    const first = await get('/api/listings?limit=5&sort=price_asc');
    const second = await get('/api/listings?limit=5&offset=5&sort=price_asc');
    expect(first.headers['x-total-count']).toBe('31');
    expect(second.headers['x-total-count']).toBe('31');
    const prices = [...json<ListingCardShape[]>(first), ...json<ListingCardShape[]>(second)].map((c) => c.totalPrice);
    expect(prices).toEqual([100, 110, 120, 130, 140, 150, 160, 170, 180, 190].map((k) => k * 1000));
    const past = await get('/api/listings?offset=100');
    expect(json(past)).toEqual([]);
    expect(past.headers['x-total-count']).toBe('31');
  });

  it('filters by the query parameters of docs/product/api.md and the home quick search', async () => {
    const res = await get('/api/listings?make=volvo&fuelType=Diesel&priceMin=100000&priceMax=300000');
    const cards = json<ListingCardShape[]>(res);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.make === 'Volvo' && c.fuelType === 'diesel' && c.totalPrice <= 300_000)).toBe(true);
    expect(res.headers['x-total-count']).toBe(String(cards.length));
    expect(json<ListingCardShape[]>(await get('/api/listings?query=hengerf')).map((c) => c.id)).toEqual([visibleId]);
    expect(json<ListingCardShape[]>(await get(`/api/listings?query=${encodeURIComponent('blå tesla')}`)).map((c) => c.id)).toEqual([visibleId]);
  });

  it('ignores the cache busters and unknown parameters', async () => {
    const res = await get('/api/listings?limit=3&_cb=1732000000000&_r=abc123&foo=bar');
    expect(res.statusCode).toBe(200);
    expect(json<ListingCardShape[]>(res)).toHaveLength(3);
  });

  it('answers HEAD with the total and no body (the client warms its cache with it)', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/listings?limit=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('31');
    expect(res.body).toBe('');
  });

  it('never lists pending, rejected or inactive listings, not even to their owner or an admin', async () => {
    for (const cookie of [undefined, seller.cookie, admin.cookie]) {
      const ids = json<ListingCardShape[]>(await get('/api/listings?limit=100&make=Audi', cookie)).map((c) => c.id);
      expect(ids).toEqual([]);
    }
  });

  it.each([
    ['limit=abc', 'limit'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['priceFrom=-5', 'priceFrom'],
    ['priceTo=mange', 'priceTo'],
    ['yearFrom=2020.5', 'yearFrom'],
    ['mileageTo=1e400', 'mileageTo'],
    ['sort=cheapest', 'sort'],
  ])('answers 400 with a Norwegian message for %s', async (qs, field) => {
    const res = await get(`/api/listings?${qs}`);
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.message).toMatch(/[a-zæøå]/i);
    expect(body.message).not.toMatch(/expected|invalid|received/i);
    // zod's generic wording (its Norwegian locale) is not a message a person should read.
    expect(body.message).not.toMatch(/forventet|NaN|Ugyldig input/);
    expect(Object.keys(body.details)).toContain(field);
  });

  it.each([
    'query=%22%22%22', 'query=NEAR(a%20b)', 'query=*', 'query=%00', 'query=%F0%9F%9A%97', 'make[]=Volvo', 'make=Volvo&make=Audi',
    'query=' + 'x'.repeat(101), 'location=%27%3B%20DROP%20TABLE%20listings%3B--', 'color=%25', 'model=_', 'fuelType=,,,',
    'bodyType=Personbil,SUV', 'limit=', 'sort=', 'priceFrom=&priceTo=', 'query=%E2%80%94', 'offset=99999999999',
  ])('never answers 500 (%s)', async (qs) => {
    const res = await get(`/api/listings?${qs}`);
    expect([200, 400]).toContain(res.statusCode);
    expect(() => json(res)).not.toThrow();
  });
});

describe('GET /api/listings/:id', () => {
  it('shows a visible listing to a visitor, with images, seller, place, isSaved and isOwner', async () => {
    const res = await get(`/api/listings/${visibleId}`);
    expect(res.statusCode).toBe(200);
    const l = json(res);
    expect(l).toMatchObject({
      id: visibleId,
      make: 'Tesla',
      totalPrice: 420_000,
      equipment: ['Hengerfeste', 'Varmepumpe'],
      images: [`/uploads/listings/${visibleId}/0.webp`, `/uploads/listings/${visibleId}/1.webp`],
      status: 'approved',
      active: true,
      place: 'Oslo',
      address: 'Bilveien 3, 0150 Oslo',
      contactPhone: '98765432',
      isSaved: false,
      isOwner: false,
      seller: { id: seller.user.id, name: 'Per Selger', displayName: 'Per', phone: '98765432', address: 'Bilveien 3, 0150 Oslo' },
    });
    expect(l.imageDetails[0]).toEqual({ id: expect.any(Number), url: `/uploads/listings/${visibleId}/0.webp`, thumbUrl: `/uploads/listings/${visibleId}/0-thumb.webp`, width: 1600, height: 1067, mediumUrl: `/uploads/listings/${visibleId}/0.webp`, mediumWidth: 1600, thumbWidth: 480 });
    expect(JSON.stringify(l)).not.toMatch(/password|email|username/i);
  });

  it('never shows the seller’s home address: a listing without an address of its own shows none', async () => {
    const { id } = await insertListing(t.store, seller.user.id, { status: 'approved', active: true, address: '', hideAddress: false });
    const l = json(await get(`/api/listings/${id}`));
    expect(l.seller.address ?? '').toBe('');
    expect(JSON.stringify(l)).not.toContain('Selgerveien');
  });

  it('answers exactly the keys the tRPC procedure answers (the response schema drops nothing)', async () => {
    const viaRest = json(await get(`/api/listings/${visibleId}`, buyer.cookie));
    const viaTrpc = await callerFor(t.store, buyer.user).listings.byId({ id: visibleId });
    expect(viaRest).toEqual(JSON.parse(JSON.stringify(viaTrpc)));
    const items = json<ListingListItem[]>(await get('/api/listings?limit=2'));
    const trpcItems = await callerFor(t.store, null).listings.listFull({ limit: 2 });
    expect(items).toEqual(JSON.parse(JSON.stringify(trpcItems.items)));
    // The web client keeps its slim cards over tRPC.
    const cards = await callerFor(t.store, null).listings.list({ limit: 2 });
    expect(cards.items.map((c) => c.id)).toEqual(items.map((l) => l.id));
    expect(Object.keys(cards.items[0]).sort()).toEqual(
      ['coverImage', 'coverPhoto', 'createdAt', 'fuelType', 'id', 'make', 'mileage', 'model', 'place', 'priceRating', 'priceReducedBy', 'totalPrice', 'transmission', 'year'],
    );
  });

  it('tells the owner it is theirs and a buyer whether they saved it', async () => {
    expect(json(await get(`/api/listings/${visibleId}`, seller.cookie))).toMatchObject({ isOwner: true, isSaved: false });
    await callerFor(t.store, buyer.user).savedListings.add({ listingId: visibleId });
    expect(json(await get(`/api/listings/${visibleId}`, buyer.cookie))).toMatchObject({ isOwner: false, isSaved: true });
    expect(json(await get(`/api/listings/${visibleId}`))).toMatchObject({ isSaved: false });
  });

  it.each(['pending', 'rejected', 'inactive'])('answers 404 for a %s listing to visitors and other users', async (state) => {
    for (const cookie of [undefined, buyer.cookie]) {
      const res = await get(`/api/listings/${hidden[state]}`, cookie);
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ message: 'Annonse ikke funnet' });
    }
  });

  it.each(['pending', 'rejected', 'inactive'])('shows a %s listing to its owner and to admins', async (state) => {
    for (const cookie of [seller.cookie, admin.cookie]) {
      const res = await get(`/api/listings/${hidden[state]}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(json(res).id).toBe(hidden[state]);
    }
    const asOwner = json(await get(`/api/listings/${hidden[state]}`, seller.cookie));
    if (state === 'rejected') expect(asOwner.rejectionReason).toBe('Uklare bilder');
    expect(json(await get(`/api/listings/${hidden[state]}`, admin.cookie)).isOwner).toBe(false);
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    expect((await get('/api/listings/999999')).statusCode).toBe(404);
    for (const bad of ['abc', '1.5', '-1', '0']) {
      const res = await get(`/api/listings/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('Annonse ikke funnet');
    }
  });

  it('hides a hidden address and hidden contact details from everyone but the owner and admins', async () => {
    const id = (await insertListing(t.store, seller.user.id, HIDDEN_CONTACT)).id;
    for (const cookie of [undefined, buyer.cookie]) {
      const l = json(await get(`/api/listings/${id}`, cookie));
      expect(l).toMatchObject({ address: '', contactPhone: '', hideAddress: true, hideContactInfo: true, place: 'Oslo' });
      expect(l.seller).toEqual({ id: seller.user.id, name: 'Per Selger', displayName: 'Per' });
      expect(JSON.stringify(l)).not.toContain('Hemmeligveien');
      expect(JSON.stringify(l)).not.toContain('93333333');
      expect(JSON.stringify(l)).not.toContain('41234567');
    }
    for (const cookie of [seller.cookie, admin.cookie]) {
      expect(json(await get(`/api/listings/${id}`, cookie))).toMatchObject({ address: 'Hemmeligveien 9, 0150 Oslo', contactPhone: '93333333' });
    }
  });

  it('shows the seller phone and address independently (hideContactInfo / hideAddress)', async () => {
    const phoneOnly = (await insertListing(t.store, seller.user.id, { hideAddress: true, hideContactInfo: false, contactPhone: '' })).id;
    expect(json(await get(`/api/listings/${phoneOnly}`)).seller).toEqual({ id: seller.user.id, name: 'Per Selger', displayName: 'Per', phone: '41234567' });
    const addressOnly = (await insertListing(t.store, seller.user.id, { hideAddress: false, hideContactInfo: true, address: 'Bilveien 7, 0150 OSLO' })).id;
    expect(json(await get(`/api/listings/${addressOnly}`)).seller).toEqual({
      id: seller.user.id,
      name: 'Per Selger',
      displayName: 'Per',
      address: 'Bilveien 7, 0150 OSLO',
    });
  });

  it('stops showing a listing to buyers as soon as it is deactivated', async () => {
    const id = (await insertListing(t.store, seller.user.id, { make: 'Kia', model: 'EV6' })).id;
    expect((await get(`/api/listings/${id}`)).statusCode).toBe(200);
    await updateRows(t.store, 'listings', { active: false }, { id });
    expect((await get(`/api/listings/${id}`)).statusCode).toBe(404);
    expect(json<ListingCardShape[]>(await get('/api/listings?make=Kia')).length).toBe(0);
  });
});

describe("an owner's edit waiting for review", () => {
  it('is invisible to buyers (detail, full list, cards, free text) and shown to its owner; an admin sees what waits', async () => {
    const id = (await insertListing(t.store, seller.user.id, { make: 'Skoda', model: 'Enyaq', description: 'Godkjent beskrivelse.', mileage: 30_000 })).id;
    await insertListingImage(t.store, id, 0);
    await insertRow(t.store, 'listingRevisions', { listingId: id, fields: { description: 'Ventende beskrivelse med kulturminne.', mileage: 31_000 } });
    const waitingPhoto = await insertRow(t.store, 'listingImages', {
      listingId: null,
      revisionListingId: id,
      uploaderId: seller.user.id,
      position: 1,
      storageKey: `w/${id}.webp`,
      url: `/uploads/w/${id}.webp`,
      thumbUrl: `/uploads/w/${id}-thumb.webp`,
    });

    for (const cookie of [undefined, buyer.cookie]) {
      const l = json(await get(`/api/listings/${id}`, cookie));
      expect(l).toMatchObject({ description: 'Godkjent beskrivelse.', mileage: 30_000, revision: null });
      expect(l.images).toEqual([`/uploads/listings/${id}/0.webp`]);
    }
    const full = json<ListingListItem[]>(await get('/api/listings?make=Skoda'));
    expect(full.map((l) => [l.description, l.mileage, l.images.length, l.revision])).toEqual([['Godkjent beskrivelse.', 30_000, 1, null]]);
    const cards = await callerFor(t.store, null).listings.list({ make: 'Skoda' });
    expect(cards.items.map((c) => c.mileage)).toEqual([30_000]);
    expect(json<ListingListItem[]>(await get('/api/listings?query=kulturminne'))).toEqual([]);

    const own = json(await get(`/api/listings/${id}`, seller.cookie));
    expect(own).toMatchObject({ description: 'Ventende beskrivelse med kulturminne.', mileage: 31_000, status: 'approved', revision: { status: 'pending', newImages: [waitingPhoto.url] } });
    expect(own.images).toEqual([`/uploads/listings/${id}/0.webp`, waitingPhoto.url]);
    const asAdmin = json(await get(`/api/listings/${id}`, admin.cookie));
    expect(asAdmin).toMatchObject({ description: 'Godkjent beskrivelse.', revision: { status: 'pending' } });
    expect(asAdmin.revision.changes.map((c: { label: string }) => c.label)).toEqual(['Kilometerstand', 'Beskrivelse', 'Bilder']);
  });
});

describe('listings.byId over tRPC', () => {
  it('maps a hidden listing to NOT_FOUND for others and returns it to the owner', async () => {
    const other = await createUser(t.store);
    await expect(callerFor(t.store, other.user).listings.byId({ id: hidden.pending })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Annonse ikke funnet' });
    await expect(callerFor(t.store, null).listings.byId({ id: hidden.inactive })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(t.store, seller.user).listings.byId({ id: hidden.pending })).resolves.toMatchObject({ id: hidden.pending, isOwner: true });
  });
});

describe('GET /api/listings counts every match (docs/product/api.md#conventions)', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await createTestApp();
    const { user } = await createUser(big.store);
    for (let i = 0; i < 1005; i++) await insertListing(big.store, user.id, { make: 'Skoda', model: 'Octavia', fuelType: 'diesel', price: 90_000 + i });
    for (let i = 0; i < 3; i++) await insertListing(big.store, user.id, { make: 'Skoda', model: 'Octavia', fuelType: 'el', price: 200_000 + i });
  });
  afterAll(() => big.close());

  it('counts free text exactly, however many match (docs/decisions/014-cold-search.md)', async () => {
    const many = await big.app.inject({ method: 'GET', url: '/api/listings?query=pent&fuelType=diesel&limit=5' });
    expect(many.statusCode).toBe(200);
    expect(many.headers['x-total-count']).toBe('1005');
    expect(json<unknown[]>(many)).toHaveLength(5);

    const few = await big.app.inject({ method: 'GET', url: '/api/listings?query=pent&fuelType=el' });
    expect(few.headers['x-total-count']).toBe('3');
  });

  it('counts a search without text exactly, however many match', async () => {
    const all = await big.app.inject({ method: 'GET', url: '/api/listings?make=Skoda&fuelType=diesel&sort=price_asc&limit=5&offset=1000' });
    expect(all.headers['x-total-count']).toBe('1005');
    // The last five in price order: the cheapest diesel is 90 000, one krone more each.
    expect(json<{ price: number }[]>(all).map((l) => l.price)).toEqual([91_000, 91_001, 91_002, 91_003, 91_004]);
  });
});
