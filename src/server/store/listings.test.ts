import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import * as pgSchema from '../../../db/pg/schema';
import * as sqliteSchema from '../../../db/schema';
import type { Listing, ListingImage, NewListing } from '../../../db/schema';
import { adminListingsInput } from '../../shared/schemas/admin';
import { listingFormInput, type ListingFormData } from '../../shared/schemas/listing';
import type { ImageStorage } from '../integrations/image-storage';
import { InProcessHub } from '../realtime/hub';
import { adminDeleteListing, adminListings } from '../services/admin-listings';
import { createInquiry } from '../services/inquiries';
import { createListing, deleteListing, listingForEdit, myListings, setListingActive, updateListing } from '../services/listings';
import { pendingListings, reviewListing } from '../services/moderation';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { LISTING_FORM, listingValues } from '../testing/listing-factory';
import type { Store } from '.';

// The listings repository's contract on both stores (docs/decisions/018-postgresql.md), through the services that
// hold its rules: what a seller, an admin and a buyer would notice, and that a transaction that fails leaves nothing.

// The codes the repository draws: a test may queue some to force a clash (the rest are random as usual).
const codes = vi.hoisted(() => [] as string[]);
vi.mock('../../shared/random-code', async (original) => {
  const actual = await original<typeof import('../../shared/random-code')>();
  return { ...actual, randomCode: (length?: number) => codes.shift() ?? actual.randomCode(length) };
});

const storage: ImageStorage = { put: async () => {}, delete: async () => {}, url: (key) => `/uploads/${key}` };
const hub = new InProcessHub();
let seq = 0;

describeOnEachStore('listings repository', (dialect) => {
  let store: Store;
  let seller: number;
  let buyer: number;
  let admin: { id: number; name: string; isAdmin: true };
  beforeEach(async () => {
    store = await createTestStore(dialect);
    seller = await insertUser('Ola Hansen');
    buyer = await insertUser('Per Kjøper');
    admin = { id: await insertUser('Ada Admin', true), name: 'Ada Admin', isAdmin: true };
  });
  afterEach(async () => {
    codes.length = 0;
    await store.close();
  });

  // --- fixtures, written past the repository on purpose --------------------------------------------------------------

  async function insert<T>(table: 'users' | 'listings' | 'listingImages', values: object): Promise<T> {
    if (store.dialect === 'sqlite') return store.db.insert(sqliteSchema[table]).values(values as never).returning().get() as T;
    return ((await store.db.insert(pgSchema[table]).values(values as never).returning()) as T[])[0];
  }
  async function insertUser(name: string, isAdmin = false): Promise<number> {
    const n = ++seq;
    const row = await insert<{ id: number }>('users', { username: `u${n}`, passwordHash: 'x', name, email: `u${n}@example.no`, uniqueId: `U-${n}`, isAdmin });
    return row.id;
  }
  const insertListing = (userId: number, overrides: Partial<NewListing> = {}) => insert<Listing>('listings', listingValues(userId, overrides));
  /** A photo uploaded ahead of the form by `uploaderId`, or one on a listing. */
  function insertPhoto(uploaderId: number, listingId: number | null = null, position = 0) {
    const key = `ab/photo${++seq}.webp`;
    return insert<ListingImage>('listingImages', {
      listingId,
      uploaderId,
      position,
      storageKey: key,
      url: `/uploads/${key}`,
      thumbUrl: `/uploads/${key.replace('.webp', '-thumb.webp')}`,
      width: 1600,
      height: 1200,
    });
  }
  /** Rows of a raw query, for checks (integer and text columns read the same on both stores). */
  async function query<T>(text: string): Promise<T[]> {
    if (store.dialect === 'sqlite') return store.db.all(sql.raw(text));
    return (await store.db.execute(sql.raw(text))).rows as T[];
  }
  async function exec(text: string) {
    if (store.dialect === 'sqlite') store.db.run(sql.raw(text));
    else await store.db.execute(sql.raw(text));
  }
  const count = async (table: string, where = 'true') => Number((await query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`))[0].n);
  const form = (over: Partial<ListingFormData> = {}): ListingFormData => listingFormInput.parse({ ...LISTING_FORM, ...over });
  const seller$ = () => ({ id: seller, isAdmin: false });
  const deps = () => ({ store, storage });
  /** A listing created from the form and approved: public. */
  async function approvedListing(over: Partial<ListingFormData> = {}) {
    const l = await createListing(deps(), seller$(), form(over));
    await reviewListing(store, hub, admin, { id: l.id, approved: true, rejectionReason: '' });
    await exec('DELETE FROM notifications');
    await exec('DELETE FROM audit_log');
    return l;
  }

  // --- create -----------------------------------------------------------------------------------------------------

  it('creates a pending, active listing with a BP-code, the server total and the staged photos, the first the cover', async () => {
    const [a, b] = [await insertPhoto(seller), await insertPhoto(seller)];
    const l = await createListing(deps(), seller$(), form({ images: [b.url, a.thumbUrl] }));
    expect(l).toMatchObject({ status: 'pending', active: true, userId: seller, totalPrice: 389000 + 2500, rejectionReason: null });
    expect(l.uniqueCode).toMatch(/^BP-[A-Z0-9]{6}$/);
    expect(l.images).toEqual([b.url, a.url]);
    expect((await store.listings.find(l.id))!.coverImage).toBe(b.thumbUrl);
    expect((await myListings(store, seller)).map((x) => x.id)).toEqual([l.id]);
  });

  it("refuses someone else's staged photo, and stores nothing", async () => {
    const theirs = await insertPhoto(buyer);
    await expect(createListing(deps(), seller$(), form({ images: [theirs.url] }))).rejects.toMatchObject({ code: 'BAD_REQUEST', details: { 'images.0': expect.any(String) } });
    expect(await count('listings')).toBe(0);
    expect(await count('listing_images', `id = ${theirs.id} AND listing_id IS NULL`)).toBe(1);
  });

  it('draws another code when the first is taken, and the listing still commits', async () => {
    await insertListing(seller, { uniqueCode: 'BP-TAKEN1' });
    codes.push('TAKEN1', 'FRESH1');
    const l = await createListing(deps(), seller$(), form());
    expect(l.uniqueCode).toBe('BP-FRESH1');
    expect(await count('listings')).toBe(2);
  });

  it('attaches one staged photo to one listing when two saves name it at once', async () => {
    const photo = await insertPhoto(seller);
    const results = await Promise.allSettled([0, 1].map(() => createListing(deps(), seller$(), form({ images: [photo.url] }))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'BAD_REQUEST' } });
    expect(await count('listings')).toBe(1);
  });

  // --- edit, revision and review ----------------------------------------------------------------------------------

  it("keeps an approved listing public while the owner's edit waits; approving swaps it in, notified and audited", async () => {
    const kept = await insertPhoto(seller);
    const l = await approvedListing({ description: 'Gammel tekst.', price: 200_000, images: [kept.url] });
    const added = await insertPhoto(seller);
    const seen = await updateListing(deps(), seller$(), l.id, form({ description: 'Ny tekst.', price: 190_000, images: [kept.url, added.url] }));
    expect(seen.revision).toMatchObject({ status: 'pending', newImages: [added.url] });
    expect(seen.description).toBe('Ny tekst.');
    const row = (await store.listings.find(l.id))!;
    // The price is instant; the description and the new photo wait.
    expect(row).toMatchObject({ description: 'Gammel tekst.', price: 190_000, status: 'approved' });
    expect(await count('listing_images', `id = ${added.id} AND listing_id IS NULL AND revision_listing_id = ${l.id}`)).toBe(1);
    expect(await query(`SELECT action, target_id FROM audit_log`)).toEqual([{ action: 'listing.edit', target_id: l.id }]);

    const queue = await pendingListings(store);
    expect(queue.map((p) => [p.id, p.kind])).toEqual([[l.id, 'edit']]);
    expect(queue[0].changes.map((c) => c.field)).toEqual(['description', 'images']);

    expect(await reviewListing(store, hub, admin, { id: l.id, approved: true, rejectionReason: '' })).toEqual({ id: l.id, status: 'approved', rejectionReason: null, edit: true });
    expect(await store.listings.find(l.id)).toMatchObject({ description: 'Ny tekst.', status: 'approved', coverImage: kept.thumbUrl });
    expect(await count('listing_revisions')).toBe(0);
    expect(await count('listing_images', `listing_id = ${l.id}`)).toBe(2);
    expect(await query(`SELECT user_id, title FROM notifications`)).toEqual([{ user_id: seller, title: 'Endringene dine er godkjent' }]);
    expect(await count('audit_log', `action = 'listing.approve'`)).toBe(1);
    expect(await pendingListings(store)).toEqual([]);
  });

  it("rejecting an owner's edit keeps the approved version and gives the edit the reason", async () => {
    const l = await approvedListing({ description: 'Gammel tekst.' });
    await updateListing(deps(), seller$(), l.id, form({ description: 'Ring meg på 91234567.' }));
    const result = await reviewListing(store, hub, admin, { id: l.id, approved: false, rejectionReason: 'Kontaktinfo i teksten.' });
    expect(result).toEqual({ id: l.id, status: 'rejected', rejectionReason: 'Kontaktinfo i teksten.', edit: true });
    expect(await store.listings.find(l.id)).toMatchObject({ description: 'Gammel tekst.', status: 'approved' });
    expect((await listingForEdit(store, seller$(), l.id)).revision).toMatchObject({ status: 'rejected', rejectionReason: 'Kontaktinfo i teksten.' });
    expect(await query(`SELECT title FROM notifications WHERE user_id = ${seller}`)).toEqual([{ title: 'Endringene dine ble avvist' }]);
  });

  it('approves and rejects new listings with a notification and an audit entry each; an unknown one changes nothing', async () => {
    const a = await insertListing(seller, { status: 'pending' });
    const r = await insertListing(seller, { status: 'pending' });
    expect((await pendingListings(store)).map((p) => p.id).sort()).toEqual([a.id, r.id].sort());
    await reviewListing(store, hub, admin, { id: a.id, approved: true, rejectionReason: '' });
    await reviewListing(store, hub, admin, { id: r.id, approved: false, rejectionReason: 'Feil bil.' });
    expect(await store.listings.find(a.id)).toMatchObject({ status: 'approved', rejectionReason: null });
    expect(await store.listings.find(r.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Feil bil.' });
    expect(await count('notifications', `user_id = ${seller}`)).toBe(2);
    expect(await query(`SELECT action FROM audit_log ORDER BY id`)).toEqual([{ action: 'listing.approve' }, { action: 'listing.reject' }]);
    await expect(reviewListing(store, hub, admin, { id: 999_999, approved: true, rejectionReason: '' })).rejects.toThrow('Annonse ikke funnet');
    expect(await count('notifications')).toBe(2);
    expect(await count('audit_log')).toBe(2);
  });

  it("an owner's fix of a rejected listing sends it back to the queue", async () => {
    const l = await insertListing(seller, { status: 'rejected', rejectionReason: 'Feil merke.' });
    const seen = await updateListing(deps(), seller$(), l.id, form({ make: 'Volvo' }));
    expect(seen).toMatchObject({ status: 'pending', make: 'Volvo', rejectionReason: null, revision: null });
  });

  it('an edit that fails half-way leaves the listing, its photos and its edit as they were', async () => {
    const l = await insertListing(seller, { description: 'Gammel tekst.' });
    const photo = await insertPhoto(seller, l.id);
    const clash = await insertPhoto(seller);
    const edit = store.listings.edit(l.id, seller, [], (state) => ({
      removeImageIds: [photo.id],
      revision: { kind: 'insert', values: { fields: { description: 'Ny.' }, status: 'pending', rejectionReason: null, submittedAt: new Date() } },
      // The second new photo's key is taken: the insert fails after the removal and the revision were written.
      images: [{ kind: 'new', place: 'revision', position: 0, image: { ...clash, mediumUrl: '' } }],
      listing: { description: 'Halvveis.' },
      audit: { actor: { id: seller, name: state.actorName }, action: 'listing.edit', target: { type: 'listing', id: l.id, label: 'x' } },
      notifications: [],
    }));
    await expect(edit).rejects.toThrow();
    expect(await store.listings.find(l.id)).toMatchObject({ description: 'Gammel tekst.' });
    expect(await count('listing_images', `id = ${photo.id} AND listing_id = ${l.id}`)).toBe(1);
    expect(await count('listing_revisions')).toBe(0);
    expect(await count('audit_log')).toBe(0);
  });

  it("refuses an edit of someone else's public listing (403) and of their hidden one (404)", async () => {
    const pub = await insertListing(seller);
    const hidden = await insertListing(seller, { status: 'pending' });
    const other = { id: buyer, isAdmin: false };
    await expect(updateListing(deps(), other, pub.id, form())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(updateListing(deps(), other, hidden.id, form())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(listingForEdit(store, other, pub.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // An admin's edit applies at once and keeps the status.
    expect(await updateListing(deps(), admin, hidden.id, form({ description: 'Rettet av admin.' }))).toMatchObject({ status: 'pending', description: 'Rettet av admin.', revision: null });
  });

  it('switches a listing off and on; lists the owner’s listings newest first', async () => {
    const old = await insertListing(seller, { createdAt: new Date(Date.now() - 60_000) });
    const fresh = await insertListing(seller);
    expect(await setListingActive(store, seller$(), old.id, false)).toMatchObject({ id: old.id, active: false });
    expect((await store.listings.find(old.id))!.active).toBe(false);
    await expect(setListingActive(store, seller$(), 999_999, true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await myListings(store, seller)).map((l) => l.id)).toEqual([fresh.id, old.id]);
  });

  // --- delete -------------------------------------------------------------------------------------------------------

  it('deletes a listing with its photos and waiting edit; someone else may not', async () => {
    const own = await insertPhoto(seller);
    const l = await approvedListing({ images: [own.url] });
    await updateListing(deps(), seller$(), l.id, form({ description: 'Ny.', images: [own.url, (await insertPhoto(seller)).url] }));
    expect(await count('listing_revisions')).toBe(1);
    await expect(deleteListing(deps(), { id: buyer, isAdmin: false }, l.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await count('listings')).toBe(1);
    const removed = await store.listings.remove(l.id, () => null);
    expect(removed).toHaveLength(1 + 1); // the listing's photo and the edit's new one, for their files
    expect(await count('listings')).toBe(0);
    expect(await count('listing_images')).toBe(0);
    expect(await count('listing_revisions')).toBe(0);
  });

  it("an admin deletes any listing, audited with its owner's name; an unknown one is 404", async () => {
    const l = await insertListing(seller, { uniqueCode: 'BP-DEL001', make: 'Saab', model: '9-3', year: 2008 });
    await adminDeleteListing(deps(), admin, l.id);
    expect(await store.listings.find(l.id)).toBeUndefined();
    expect(await query(`SELECT action, target_label FROM audit_log`)).toEqual([{ action: 'listing.delete', target_label: 'BP-DEL001 Saab 9-3 2008' }]);
    await expect(adminDeleteListing(deps(), admin, l.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await count('audit_log')).toBe(1);
  });

  // --- inquiries ----------------------------------------------------------------------------------------------------

  it('stores an inquiry about a visible listing with the seller’s notification; refuses one’s own and hidden ones', async () => {
    const l = await insertListing(seller, { make: 'Volvo', model: 'V90' });
    const input = { listingId: l.id, name: 'Kari', email: 'kari@example.no', phone: '', message: 'Prøvekjøring?' };
    const inquiry = await createInquiry(store, hub, buyer, input);
    expect(inquiry).toMatchObject({ listingId: l.id, name: 'Kari', message: 'Prøvekjøring?' });
    expect(await query(`SELECT user_id, title FROM notifications`)).toEqual([{ user_id: seller, title: 'Ny henvendelse om Volvo V90' }]);

    await expect(createInquiry(store, hub, seller, input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const hidden = await insertListing(seller, { active: false });
    await expect(createInquiry(store, hub, buyer, { ...input, listingId: hidden.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await count('inquiries')).toBe(1);
    expect(await count('notifications')).toBe(1);
  });

  // --- the admin's table --------------------------------------------------------------------------------------------

  it('pages, sorts and searches the admin table the same way on either store', async () => {
    const makes = ['audi', 'BMW', 'Audi', 'volvo', 'Škoda', 'bmw', 'Volvo', 'AUDI'];
    const rows: Listing[] = [];
    for (const [i, make] of makes.entries()) {
      rows.push(await insertListing(seller, { make, model: i % 2 ? 'b' : 'A', uniqueCode: `BP-Q${i}AAAA`, registrationNumber: `EL${10000 + i}`, price: 1000 * (i % 3) }));
    }
    const page = async (input: object) => adminListings(store, adminListingsInput.parse(input));
    const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const expected = [...rows]
      .sort((a, b) => cmp(fold(a.make), fold(b.make)) || cmp(fold(a.model), fold(b.model)) || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((r) => r.id);
    expect((await page({ sort: 'make', direction: 'asc', limit: 100 })).items.map((i) => i.id)).toEqual(expected);
    const byPrice = await page({ sort: 'price', direction: 'desc', limit: 3, offset: 2 });
    expect(byPrice.total).toBe(makes.length);
    expect(byPrice.items.map((i) => i.id)).toEqual([...rows].sort((a, b) => b.totalPrice - a.totalPrice || b.id - a.id).slice(2, 5).map((r) => r.id));
    expect((await page({ search: 'q3aa' })).items.map((i) => i.id)).toEqual([rows[3].id]);
    expect((await page({ search: 'el 1000' })).total).toBe(8);
    expect((await page({ search: 'el 10005' })).items[0]).toMatchObject({ id: rows[5].id, ownerName: 'Ola Hansen', active: true, rejectionReason: null });
  });

  // --- the sitemap's listings ---------------------------------------------------------------------------------------

  it('pages the listings buyers may see in id order, with their last change, and counts them', async () => {
    const changed = new Date('2024-03-05T08:09:10.123Z');
    const first = await insertListing(seller, { updatedAt: changed });
    await insertListing(seller, { status: 'pending' });
    await insertListing(seller, { status: 'rejected', rejectionReason: 'Uklare bilder.' });
    await insertListing(seller, { active: false });
    const second = await insertListing(seller);
    const gone = await insertListing(seller);
    const third = await insertListing(seller);
    await store.listings.remove(gone.id, () => null);

    const all = await store.listings.visiblePage(0, 10);
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.id)).toEqual([first.id, second.id, third.id]);
    expect(all.rows[0].updatedAt).toEqual(changed);
    expect(await store.listings.visiblePage(1, 1)).toEqual({ total: 3, rows: [{ id: second.id, updatedAt: second.updatedAt }] });
    expect(await store.listings.visiblePage(3, 10)).toEqual({ total: 3, rows: [] });
    expect(await store.listings.visiblePage(0, 0)).toEqual({ total: 3, rows: [] });
  });

  // --- demo ---------------------------------------------------------------------------------------------------------

  it('inserts demo listings with fresh codes and their photos, the first the cover', async () => {
    const photo = (n: number) => ({ storageKey: `de/mo${n}.webp`, url: `/uploads/de/mo${n}.webp`, thumbUrl: `/uploads/de/mo${n}-thumb.webp`, mediumUrl: '', width: 1, height: 1, storedBytes: 1 });
    const { uniqueCode: _code, ...values } = listingValues(seller, { createdAt: new Date('2024-05-01T10:00:00Z') });
    const images = await store.listings.insertDemo([
      { values, photos: [photo(1), photo(2)] },
      { values, photos: [photo(3)] },
    ]);
    expect(images).toBe(3);
    const views = await store.listings.viewsOfOwner(seller);
    expect(views.map((v) => v.images.length).sort()).toEqual([1, 2]);
    for (const v of views) {
      expect(v.row.uniqueCode).toMatch(/^BP-[A-Z0-9]{6}$/);
      expect(v.row.coverImage).toBe(v.images[0].thumbUrl);
      expect(v.row.createdAt.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    }
  });
});
