import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../db/client';
import { listings } from '../db/schema';
import { insertListing } from '../src/server/testing/listing-factory';
import { insertUser } from '../src/server/testing/photos-fixtures';
import { createSqliteStore } from '../src/server/store';
import { cli } from './rate-prices';

// npm run prices:rate (docs/operations.md "Price ratings"): listings published before ratings were kept, written
// straight into the database as an upgraded one holds them, get their rating from the one-time run.

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('rates the listings of a database whose ratings were never kept', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-rate-prices-'));
  const file = path.join(dir, 'bilpartner.db');
  const db = openDatabase(file);
  const store = createSqliteStore(db, false);
  const car = { make: 'Tesla', model: 'Model Y', fuelType: 'el', year: 2022, mileage: 45_000, price: 400_000, registrationFee: 0, totalPrice: 400_000 };
  for (let i = 0; i < 5; i++) await insertListing(store, await insertUser(store), car);
  const cheap = await insertListing(store, await insertUser(store), { ...car, price: 320_000, totalPrice: 320_000 });
  closeDatabase(db);

  const lines: string[] = [];
  expect(await cli({ DATABASE_PATH: file, NODE_ENV: 'production' } as NodeJS.ProcessEnv, { ...console, log: (l: string) => lines.push(l) })).toBe(0);
  expect(lines.join('\n')).toContain('Rated 1 groups');
  const after = openDatabase(file);
  try {
    const rows = after.select({ id: listings.id, priceRating: listings.priceRating }).from(listings).all();
    expect(rows.find((r) => r.id === cheap.id)?.priceRating).toBe('godt_kjop');
    expect(rows.filter((r) => r.id !== cheap.id).every((r) => r.priceRating !== null)).toBe(true);
  } finally {
    closeDatabase(after);
  }
});
