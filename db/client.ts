import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';
import { planUsernameKeys, type KeylessUser } from './username-key';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

// Next to this file in the sources (db/migrations); from the bundled server (dist/server) it is ../../db/migrations.
const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = [path.join(here, 'migrations'), path.join(here, '../../db/migrations')].find((dir) =>
  fs.existsSync(path.join(dir, 'meta', '_journal.json')),
) ?? path.join(here, 'migrations');

/**
 * Opens (creating if needed) the SQLite file, turns on WAL and foreign keys, and applies every
 * committed migration. `:memory:` gives a private database, as tests use.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // The default page cache is 2 MB; 16 MB keeps the hot indexes and rows in the process, and a miss is a cheap
  // read from the OS's file cache. No memory-mapped reads: every page of the file they touch counts in the process's
  // resident memory, for little saved per random row read (docs/decisions/013-request-cost.md; the figures are in
  // docs/benchmarks.md#from-decision-013).
  sqlite.pragma('cache_size = -16384');
  sqlite.pragma('mmap_size = 0');
  const db = drizzle(sqlite, { schema }) as Db;
  migrateSafely(db);
  fillUsernameKeys(sqlite);
  return db;
}

/**
 * Gives every user without one its username key (db/username-key.ts), which SQL cannot compute on SQLite: once, right
 * after migration 0020, and for any row written since without the store (a seed script). A no-op otherwise.
 */
function fillUsernameKeys(sqlite: Database.Database) {
  const keyless = sqlite.prepare('SELECT id, username FROM users WHERE username_key IS NULL ORDER BY id').all() as KeylessUser[];
  if (keyless.length === 0) return;
  sqlite.transaction(() => {
    const keyed = (sqlite.prepare('SELECT username_key AS k FROM users WHERE username_key IS NOT NULL').all() as { k: string }[]).map((r) => r.k);
    const usernames = (sqlite.prepare('SELECT username AS u FROM users').all() as { u: string }[]).map((r) => r.u);
    const setKey = sqlite.prepare('UPDATE users SET username_key = ? WHERE id = ?');
    const rename = sqlite.prepare('UPDATE users SET username = ?, username_key = ? WHERE id = ?');
    for (const fill of planUsernameKeys(keyless, keyed, usernames)) {
      if (fill.username) rename.run(fill.username, fill.usernameKey, fill.id);
      else setKey.run(fill.usernameKey, fill.id);
    }
  })();
}

/**
 * Applies the migrations with foreign keys off, as SQLite's procedure for rebuilding a table asks
 * (https://www.sqlite.org/lang_altertable.html#otheralter): the migrator runs in one transaction, where the migrations'
 * own `PRAGMA foreign_keys=OFF` is ignored, and dropping a rebuilt table with keys on would cascade into the tables that
 * reference it (rebuilding `chats` would delete every message). The check afterwards refuses a migration that left a
 * dangling reference.
 */
function migrateSafely(db: Db) {
  const sqlite = db.$client;
  sqlite.pragma('foreign_keys = OFF');
  try {
    migrate(db, { migrationsFolder });
    const broken = sqlite.pragma('foreign_key_check') as unknown[];
    if (broken.length) throw new Error(`Migration left ${broken.length} broken foreign key reference(s): ${JSON.stringify(broken.slice(0, 5))}`);
  } finally {
    sqlite.pragma('foreign_keys = ON');
  }
}

export function closeDatabase(db: Db) {
  if (db.$client.open) db.$client.close();
}
