import { eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { listings, type NewListing } from '../../../db/schema';
import * as pgSchema from '../../../db/pg/schema';
import { openPgDatabase } from '../../../db/pg/client';
import { insertListingImage, listingValues } from '../testing/listing-factory';
import { createTestStore, describeOnEachStore, pgUrlOf } from '../testing/stores';
import { createPgStore, type Store } from '.';

// The search's reads (store/search-source.ts) on both stores: what the column index is built from and kept in step
// with, and the rows of a page. Writes go straight to the tables, as any writer's would: the triggers are under test.

let users = 0;
async function addUser(store: Store): Promise<number> {
  const n = ++users;
  const insert = sql`INSERT INTO users (username, password_hash, name, email, unique_id) VALUES (${`kari${n}`}, 'x', 'Kari', 'k@example.no', ${`BP-U${n}`}) RETURNING id`;
  if (store.dialect === 'sqlite') return (store.db.get(insert) as { id: number }).id;
  return (await store.db.execute<{ id: number }>(insert)).rows[0].id;
}

async function addListing(store: Store, userId: number, overrides: Partial<NewListing> = {}): Promise<number> {
  const values = listingValues(userId, overrides);
  if (store.dialect === 'sqlite') return store.db.insert(listings).values(values).returning().get().id;
  return (await store.db.insert(pgSchema.listings).values(values).returning())[0].id;
}

async function update(store: Store, id: number, set: Partial<NewListing>) {
  if (store.dialect === 'sqlite') store.db.update(listings).set(set).where(eq(listings.id, id)).run();
  else await store.db.update(pgSchema.listings).set(set).where(eq(pgSchema.listings.id, id));
}

async function remove(store: Store, id: number) {
  if (store.dialect === 'sqlite') store.db.delete(listings).where(eq(listings.id, id)).run();
  else await store.db.delete(pgSchema.listings).where(eq(pgSchema.listings.id, id));
}

async function addPhoto(store: Store, listingId: number, position: number, mediumUrl: string | null = `/m/${listingId}-${position}.webp`) {
  await insertListingImage(store, listingId, position, { mediumUrl });
}

const version = async (store: Store) => store.searchSource.version();

describeOnEachStore('search source', (dialect) => {
  let store: Store;
  afterEach(() => store?.close());

  it('moves the version on every write to a listing, whoever writes it', async () => {
    store = await createTestStore(dialect);
    const uid = await addUser(store);
    const v0 = await version(store);
    const id = await addListing(store, uid);
    const v1 = await version(store);
    expect(v1).toBeGreaterThan(v0);
    await update(store, id, { coverImage: '/x.webp' }); // nothing the index reads, still a new version
    const v2 = await version(store);
    expect(v2).toBeGreaterThan(v1);
    await remove(store, id);
    expect(await version(store)).toBeGreaterThan(v2);
  });

  it('builds from the visible listings only, with the count of visible ones and the log position they are as of', async () => {
    store = await createTestStore(dialect);
    const uid = await addUser(store);
    const created = new Date(Date.UTC(2025, 2, 3, 4, 5, 6, 789));
    const shown = await addListing(store, uid, {
      make: 'Volvo', model: 'V60', color: 'Sølv', fuelType: 'diesel', transmission: 'automat', drivetrain: 'firehjulsdrift', bodyType: 'stasjonsvogn',
      price: 200_000, registrationFee: 5_000, year: 2019, mileage: 80_000, createdAt: created, place: 'Bergen', county: 'Vestland',
      address: 'Strandkaien 1, 5013 Bergen', description: 'Romslig', equipment: ['Hengerfeste', 'Panorama «tak»'],
    });
    const hiddenAddress = await addListing(store, uid, { address: 'Hemmelig vei 1', hideAddress: true, place: 'Oslo' });
    await addListing(store, uid, { status: 'pending' });
    await addListing(store, uid, { status: 'rejected', rejectionReason: 'Nei' });
    await addListing(store, uid, { active: false });
    const { latest } = await store.searchSource.logState();
    const { built, seq } = await store.searchSource.build((rows, visible) => ({ rows: [...rows], visible }));
    expect(seq).toBe(latest);
    expect(built.visible).toBe(2);
    const byId = new Map(built.rows.map((r) => [r[0], r]));
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual([shown, hiddenAddress]);
    const [, createdMs, total, year, mileage, ...rest] = byId.get(shown)!;
    expect({ createdMs, total, year, mileage }).toEqual({ createdMs: created.getTime(), total: 205_000, year: 2019, mileage: 80_000 });
    expect(rest.slice(0, 9)).toEqual(['Volvo', 'V60', 'Sølv', 'diesel', 'automat', 'firehjulsdrift', 'stasjonsvogn', 'Bergen', 'Vestland']);
    expect(rest[9]).toContain('Strandkaien');
    for (const word of ['Volvo', 'Romslig', 'Hengerfeste', 'Panorama', '«tak»', 'Vestland']) expect(rest[10]).toContain(word);
    expect(byId.get(hiddenAddress)![5 + 9]).not.toContain('Hemmelig');
  });

  it('logs each changed listing in order, reads back only the visible ones, and prunes', async () => {
    store = await createTestStore(dialect);
    const uid = await addUser(store);
    const a = await addListing(store, uid);
    const { seq } = await store.searchSource.build(() => undefined);
    const b = await addListing(store, uid, { status: 'pending' });
    await update(store, a, { totalPrice: 1 });
    await update(store, a, { contactPhone: '99999999' }); // not read by the index: not logged
    const c = await addListing(store, uid);
    await remove(store, c);
    const changes = await store.searchSource.changes(seq, 100);
    expect(changes.map(([, id]) => id)).toEqual([b, a, c, c]);
    const seqs = changes.map(([s]) => s);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(seqs[0]).toBeGreaterThan(seq);
    expect(await store.searchSource.changes(seq, 2)).toEqual(changes.slice(0, 2));
    expect(await store.searchSource.changes(seqs[3], 100)).toEqual([]);
    const rows = await store.searchSource.visibleRows([a, b, c]);
    expect(rows.map((r) => [r[0], r[2]])).toEqual([[a, 1]]);
    expect(await store.searchSource.visibleRows([])).toEqual([]);

    const { first } = await store.searchSource.logState();
    expect(first).not.toBeNull();
    expect(first!).toBeLessThanOrEqual(seqs[0]);
    // The newest entries stay whatever seq is asked for: four entries after `seq`, and the first insert's before it.
    await store.searchSource.prune(seqs[3], 3);
    expect((await store.searchSource.logState()).first).toBe(seqs[1]);
    await store.searchSource.prune(seqs[1], 1);
    expect((await store.searchSource.logState()).first).toBe(seqs[2]);
    expect(await store.searchSource.changes(seq, 100)).toEqual(changes.slice(2));
    await store.searchSource.prune(seqs[3], 100); // fewer entries than kept: none go
    expect((await store.searchSource.logState()).first).toBe(seqs[2]);
  });

  it("reads a page's cards and full listings in the order asked, skipping ids that are gone", async () => {
    store = await createTestStore(dialect);
    const uid = await addUser(store);
    const created = new Date(Date.UTC(2024, 1, 29, 12, 30, 15, 123));
    const a = await addListing(store, uid, { make: 'Kia', model: 'EV6', createdAt: created, coverImage: '/uploads/listings/x/0-thumb.webp' });
    const b = await addListing(store, uid, { hideAddress: true, hideContactInfo: true, contactPhone: '91234567', serviceHistory: true, equipment: ['Hengerfeste'] });
    await addPhoto(store, a, 1);
    await addPhoto(store, a, 0, null);
    await update(store, a, { coverImage: `/uploads/listings/${a}/0-thumb.webp` });
    const gone = 999_999;

    const cards = await store.searchSource.cards([b, gone, a]);
    expect(cards.map((c) => c.id)).toEqual([b, a]);
    expect(cards[1]).toMatchObject({ make: 'Kia', model: 'EV6', total_price: 250_000, created_at: created.getTime(), cover_image: `/uploads/listings/${a}/0-thumb.webp` });
    expect(JSON.parse(cards[1].cover_photo!)).toEqual([expect.any(Number), `/uploads/listings/${a}/0.webp`, `/uploads/listings/${a}/0-thumb.webp`, null, 1600, 1067]);
    expect(cards[0].cover_photo ?? null).toBeNull();
    expect(await store.searchSource.cards([])).toEqual([]);

    const full = await store.searchSource.fullListings([a, gone, b]);
    expect(full.map((f) => f.listing.id)).toEqual([a, b]);
    expect(full[0].listing.createdAt).toEqual(created);
    expect(full[0].photos.map((p) => [p.position, p.mediumUrl])).toEqual([[0, null], [1, `/m/${a}-1.webp`]]);
    expect(full[1].photos).toEqual([]);
    expect(full[1].listing).toMatchObject({ hideAddress: true, hideContactInfo: true, serviceHistory: true, active: true, equipment: ['Hengerfeste'], rejectionReason: null });
    // Every column as the store's Drizzle reads give it, converted alike.
    expect(full[1].listing).toEqual(await store.listings.find(b));
    expect(await store.searchSource.fullListings([])).toEqual([]);
  });

  it('names the makes and models added after an id, and the largest id', async () => {
    store = await createTestStore(dialect);
    expect(await store.searchSource.maxListingId()).toBe(0);
    const uid = await addUser(store);
    const a = await addListing(store, uid, { make: 'Kia', model: 'Niro' });
    const b = await addListing(store, uid, { make: 'Volkswagen', model: 'ID.4', status: 'pending' });
    expect(await store.searchSource.maxListingId()).toBe(b);
    expect(await store.searchSource.makesAndModelsAfter(a)).toEqual([{ id: b, make: 'Volkswagen', model: 'ID.4' }]);
    expect(await store.searchSource.makesAndModelsAfter(b)).toEqual([]);
  });

  if (dialect === 'pg') {
    it('builds from one snapshot: a write committed during the build is in the log after its position, not in the rows', async () => {
      store = await createTestStore(dialect);
      const uid = await addUser(store);
      const before = await addListing(store, uid);
      // A second instance's writer, holding the version row's lock while the build reads.
      const other = createPgStore(await openPgDatabase(pgUrlOf(store), { max: 2 }));
      const writer = await other.db.$client.connect();
      try {
        await writer.query('BEGIN');
        const during = (await writer.query<{ id: number }>(
          `INSERT INTO listings (user_id, unique_code, make, model, year, registration_number, price, total_price, status)
           VALUES ($1, 'BP-SNAP', 'Lada', 'Niva', 2010, 'AB12345', 1, 1, 'approved') RETURNING id`,
          [uid],
        )).rows[0].id;
        const { built, seq } = await store.searchSource.build((rows) => [...rows].map((r) => r[0]));
        await writer.query('COMMIT');
        expect(built).toEqual([before]);
        expect((await store.searchSource.changes(seq, 10)).map(([, id]) => id)).toEqual([during]);
      } finally {
        writer.release();
        await other.close();
      }
    });
  }
});
