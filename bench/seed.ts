// The listing cases' database (bench/run.ts): 100 000 realistic listings seeded into a SQLite file, timed, and what
// the cold cases draw their inputs from.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { getTableColumns } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { openDatabase } from '../db/client';
import { listings, type NewListing } from '../db/schema';
import { visibleWhere } from '../src/server/store/rules';
import { generateListing, rng } from '../src/server/testing/listing-factory';

const FIRST = ['Ola', 'Kari', 'Per', 'Ingrid', 'Lars', 'Anne', 'Jonas', 'Sofie', 'Erik', 'Nora', 'Håkon', 'Åse', 'Øystein', 'Marte'];
const LAST = ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Berg', 'Haugen', 'Bakken', 'Sæther'];

export interface Seeded {
  /** Milliseconds from opening the empty file to a checkpointed, optimised database; null when nothing was seeded. */
  ms: number | null;
  /** Listings inserted now (0 when the file already held enough). */
  inserted: number;
  /** Listings the file held before (a file with fewer than asked is topped up: that time is no full seed). */
  existing: number;
  sizeMB: number;
}

/**
 * Seeds `count` listings (+5 000 sellers, 3 image rows each) into `file`, created and migrated if new; a file that
 * already holds `count` listings is reused as it is. The time covers everything a fresh database needs before a
 * server opens it: migrations, inserts (the search's triggers included), planner statistics, and the WAL checkpoint.
 */
export function seedListings(file: string, count: number, migrationsFolder?: string): Seeded {
  const started = performance.now();
  const held = listingsIn(file);
  if (held >= count) {
    // Reused as it is, not migrated: the builds' servers migrate their own copies (bench/builds.ts), so the file stays
    // at the schema it was seeded with and serves the next comparison too. A file seeded before photos had a medium
    // size (migration 0008): name one, as a fresh seed does, so the server's medium backfill (services/images.ts)
    // finds nothing to do instead of trying 300 000 files that never existed.
    const c = new Database(file);
    c.exec(`UPDATE listing_images SET medium_url = replace(url, '.webp', '-medium.webp') WHERE medium_url IS NULL`);
    c.close();
    return { ms: null, inserted: 0, existing: held, sizeMB: fs.statSync(file).size / 1e6 };
  }
  const c = openForSeed(file, migrationsFolder); // creates and migrates (tables, triggers, indexes)
  const existing = (c.prepare('SELECT count(*) AS n FROM listings').get() as { n: number }).n;
  // Bulk-load settings for this connection only; the server opens the file with its own.
  c.pragma('synchronous = OFF');
  c.pragma('cache_size = -1000000');
  c.pragma('temp_store = MEMORY');
  const r = rng(2025);
  const sellers = 5_000;
  const insertUser = c.prepare(
    `INSERT INTO users (username, password_hash, name, display_name, email, phone, address, unique_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // The columns come from the Drizzle table (db/schema/listings.ts), so a new field needs no change here.
  // Only the columns the file has: a file at an older build's schema (--baseline) may lack this build's newer ones.
  const present = new Set((c.prepare(`SELECT name FROM pragma_table_info('listings')`).pluck().all() as string[]));
  const cols = (Object.entries(getTableColumns(listings)) as [keyof NewListing, { name: string }][]).filter(([key, col]) => key !== 'id' && present.has(col.name));
  const insertListing = c.prepare(`INSERT INTO listings (${cols.map(([, col]) => col.name).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
  const sqlValue = (v: unknown) => (v instanceof Date ? v.getTime() : typeof v === 'boolean' ? Number(v) : Array.isArray(v) ? JSON.stringify(v) : (v ?? null));
  const insertImage = c.prepare(
    `INSERT INTO listing_images (listing_id, uploader_id, position, storage_key, url, medium_url, thumb_url, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1600, 1067, ?)`,
  );
  const now = Date.now();
  c.transaction(() => {
    const firstUser = Number(c.prepare('SELECT coalesce(max(id), 0) + 1 AS n FROM users').pluck().get());
    const tag = existing ? `t${existing}_` : '';
    for (let i = 0; i < sellers; i++) {
      const name = `${r.pick(FIRST)} ${r.pick(LAST)}`;
      insertUser.run(`selger${tag}${i}`, '$argon2id$v=19$m=19456,t=2,p=1$bench$bench', name, name.split(' ')[0], `selger${tag}${i}@example.no`, `9${String(r.int(1_000_000, 9_999_999))}`, 'Storgata 1, 0155 Oslo', `BP-B${tag.toUpperCase()}${i.toString(36).toUpperCase().padStart(5, '0')}`);
    }
    // Created in time order, as a live site's listings are: ids grow with created_at.
    const rows = Array.from({ length: count - existing }, (_, i) => generateListing(r, firstUser + r.int(0, sellers - 1), existing + i, now));
    rows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
    let nextId = Number(c.prepare('SELECT coalesce(max(id), 0) + 1 FROM listings').pluck().get());
    for (const l of rows) {
      const roll = r.next();
      // About 88 % live; the rest pending review, rejected, or deactivated by the owner.
      const status = roll < 0.04 ? 'pending' : roll < 0.07 ? 'rejected' : 'approved';
      const active = roll > 0.07 && roll < 0.12 ? 0 : 1;
      const id = nextId++;
      const created = (l.createdAt as Date).getTime();
      const row: NewListing = {
        ...l,
        status,
        rejectionReason: status === 'rejected' ? 'Bildene mangler' : null,
        active: active === 1,
        coverImage: `/uploads/listings/${id}/0-thumb.webp`,
        updatedAt: l.createdAt,
      };
      const info = insertListing.run(...cols.map(([key]) => sqlValue(row[key])));
      if (Number(info.lastInsertRowid) !== id) throw new Error('unexpected listing id');
      for (let pos = 0; pos < 3; pos++) {
        insertImage.run(id, l.userId, pos, `listings/${id}/${pos}.webp`, `/uploads/listings/${id}/${pos}.webp`, `/uploads/listings/${id}/${pos}-medium.webp`, `/uploads/listings/${id}/${pos}-thumb.webp`, created);
      }
    }
  })();
  // What a bulk load is followed by: merge an older schema's FTS5 text index (--baseline), refresh planner statistics.
  if (c.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'listings_fts'`).get()) c.exec(`INSERT INTO listings_fts (listings_fts) VALUES ('optimize')`);
  c.exec('PRAGMA optimize');
  c.pragma('wal_checkpoint(TRUNCATE)');
  c.close();
  return { ms: performance.now() - started, inserted: count - existing, existing, sizeMB: fs.statSync(file).size / 1e6 };
}

/**
 * The seed's connection: db/client.ts openDatabase (every migration), or with `migrationsFolder` only those (the
 * migrations all compared builds share, bench/builds.ts), with foreign keys off while they run as openDatabase does.
 */
function openForSeed(file: string, migrationsFolder?: string): Database.Database {
  if (!migrationsFolder) return openDatabase(file).$client;
  const c = new Database(file);
  c.pragma('journal_mode = WAL');
  c.pragma('foreign_keys = OFF');
  migrate(drizzle(c), { migrationsFolder });
  c.pragma('foreign_keys = ON');
  return c;
}

/** How many listings the file holds (0 for a new or empty file). */
function listingsIn(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const c = new Database(file, { readonly: true });
  try {
    const table = c.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'listings'`).get();
    return table ? Number(c.prepare('SELECT count(*) FROM listings').pluck().get()) : 0;
  } finally {
    c.close();
  }
}

/** How many migrations the file has applied (0 for a new file). */
export function appliedMigrations(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const c = new Database(file, { readonly: true });
  try {
    const table = c.prepare(`SELECT 1 FROM sqlite_master WHERE name = '__drizzle_migrations'`).get();
    return table ? Number(c.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()) : 0;
  } finally {
    c.close();
  }
}

/** What is for sale in the seeded file: what the cold cases draw their inputs from (bench/cold-cases.ts). */
export interface ForSale {
  visibleIds: number[];
  /** Visible listings per make, model, fuel, gearbox, drive and body (stored codes): exact totals of any combination. */
  groups: { make: string; model: string; fuel: string; transmission: string; drive: string; body: string; n: number }[];
  places: string[];
  /** Postcodes of the visible listings' addresses (the area filter also matches the address). */
  postcodes: string[];
  /** Photos per visible listing (the seed gives each 3): a reused file without them answers smaller pages. */
  photosPerListing: number;
}

export function readForSale(file: string): ForSale {
  // Read-only and not migrated: the seeded file stays at the schema it was seeded with.
  const c = new Database(file, { readonly: true });
  try {
    const visible = visibleWhere('l');
    const visibleIds = c.prepare(`SELECT id FROM listings l WHERE ${visible}`).pluck().all() as number[];
    const groups = c
      .prepare(
        `SELECT make, model, fuel_type AS fuel, transmission, drivetrain AS drive, body_type AS body, count(*) AS n FROM listings l WHERE ${visible} ` +
          'GROUP BY make, model, fuel_type, transmission, drivetrain, body_type',
      )
      .all() as ForSale['groups'];
    const places = c.prepare(`SELECT DISTINCT place FROM listings l WHERE ${visible} AND place <> ''`).pluck().all() as string[];
    const postcodes = [
      ...new Set(
        (c.prepare(`SELECT DISTINCT address FROM listings l WHERE ${visible} LIMIT 5000`).pluck().all() as string[]).flatMap((a) => /\b(\d{4})\b/.exec(a)?.[1] ?? []),
      ),
    ];
    const photos = Number(c.prepare(`SELECT count(*) FROM listing_images i JOIN listings l ON l.id = i.listing_id WHERE ${visible}`).pluck().get());
    return { visibleIds, groups, places, postcodes, photosPerListing: visibleIds.length ? photos / visibleIds.length : 0 };
  } finally {
    c.close();
  }
}
