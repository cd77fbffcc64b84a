import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../../db/client';
import { listings } from '../../../../db/schema';
import { searchInput, type SearchInput } from '../../../shared/schemas/search';
import { createUser } from '../../testing/harness';
import { generateListing, insertListing, rng } from '../../testing/listing-factory';
import { ListingSearch } from './listing-search';
import { SearchThreads } from './search-threads';

// Search threads (docs/decisions/014-cold-search.md "Search threads"): pages no cache has are computed on worker
// threads with their own read-only connection to the same file. They must answer exactly what the main thread would.

const INPUTS: SearchInput[] = [
  {},
  { make: 'Volvo', fuelType: 'Diesel', priceTo: 400_000 },
  { query: 'hengerfeste', sort: 'price_asc' },
  { query: 'tesla 2022' },
  { transmission: 'Automat', sort: 'mileage_asc', offset: 48, limit: 12 },
  { fuelType: 'el', sort: 'year_desc', offset: 380, limit: 24 },
  { make: 'Ingenbil' },
];

describe('search threads', () => {
  let dir: string;
  let db: Db;
  let uid: number;
  let threads: SearchThreads;
  let onThreads: ListingSearch;
  let here: ListingSearch;
  const errors: Error[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-threads-'));
    db = openDatabase(path.join(dir, 'threads.db'));
    uid = (await createUser(db)).user.id;
    const r = rng(11);
    db.$client.transaction(() => {
      for (let i = 0; i < 500; i++) db.insert(listings).values(generateListing(r, uid, i)).run();
    })();
    threads = new SearchThreads(db.$client.name, 2, true, (err) => errors.push(err));
    onThreads = new ListingSearch(db);
    onThreads.useThreads(threads);
    here = new ListingSearch(db);
  });
  afterAll(async () => {
    await threads.close();
    closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the same cards, full listings, totals and JSON as the main thread', async () => {
    for (const input of INPUTS) {
      const p = searchInput.parse(input);
      const cards = onThreads.find(p);
      expect(cards).toBeInstanceOf(Promise);
      const want = here.search(p);
      expect(JSON.parse(JSON.stringify(await cards))).toEqual(JSON.parse(JSON.stringify(want)));
      const full = await onThreads.findFull(p);
      const wantFull = here.searchFull(p);
      // The REST body is the thread's bytes; the items, read from them, are the same objects as computed here.
      expect(full.itemsJson()).toBe(wantFull.itemsJson());
      expect(full.items).toEqual(wantFull.items);
      expect({ total: full.total, totalBounded: full.totalBounded }).toEqual({ total: wantFull.total, totalBounded: wantFull.totalBounded });
      expect(JSON.parse(JSON.stringify(full))).toEqual(JSON.parse(JSON.stringify(wantFull)));
    }
  });

  it('keeps a thread answer for the same search in the same version, and sees a write at once', async () => {
    const p = searchInput.parse({ query: 'hengerfeste', make: 'Volvo' });
    await onThreads.find(p);
    // Kept from its second request on (cache.ts Doorkeeper).
    const first = await onThreads.find(p);
    expect(onThreads.find(p)).toBe(first);
    const added = insertListing(db, uid, { make: 'Volvo', model: 'V70', description: 'Med hengerfeste og vinterhjul', status: 'approved' });
    const after = await onThreads.find(p);
    expect(after.items.map((i) => i.id)).toContain(added.id);
    expect(after.total).toBe(first.total + 1);
  });

  it('answers on the main thread when a thread dies, and replaces the thread', async () => {
    const p = searchInput.parse({ make: 'Toyota', sort: 'price_desc' });
    const dying = (threads as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads.map((t) => t.worker.terminate());
    const answer = onThreads.find(p);
    await Promise.all(dying);
    expect((await answer).items.map((i) => i.id)).toEqual(here.search(p).items.map((i) => i.id));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    // The replacements answer the next search.
    const q = searchInput.parse({ make: 'Toyota', sort: 'year_desc' });
    expect((await onThreads.find(q)).items.map((i) => i.id)).toEqual(here.search(q).items.map((i) => i.id));
  });
});
