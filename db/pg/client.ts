import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema';
import { planUsernameKeys, type KeylessUser } from '../username-key';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

const here = path.dirname(fileURLToPath(import.meta.url));
export const pgMigrationsFolder = [path.join(here, 'migrations'), path.join(here, '../../db/pg/migrations')].find((dir) =>
  fs.existsSync(path.join(dir, 'meta', '_journal.json')),
) ?? path.join(here, 'migrations');

// Any constant works as long as nothing else in the database takes it: "bilpartner migrate" in ASCII.
const MIGRATION_LOCK = 0x62706d69;

// int8 (count(*), sum()) as a JS number: the app's counts stay far below 2^53. Timestamps stay Dates (timestamptz).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface PgOptions {
  /** Connections in this instance's pool; each app instance has its own (docs/operations.md). */
  max?: number;
}

/**
 * Connects to PostgreSQL and applies the committed migrations under an advisory lock: three instances starting at once
 * migrate once, the others wait for the lock and then find nothing left to apply.
 */
export async function openPgDatabase(url: string, options: PgOptions = {}): Promise<PgDb> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection the server ended (a restart, a failover) is dropped from the pool, not thrown at the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as PgDb;
  try {
    await migrateLocked(db);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return db;
}

function migrateLocked(db: PgDb) {
  return withAdvisoryLock(db.$client, MIGRATION_LOCK, async () => {
    await migrate(db, { migrationsFolder: pgMigrationsFolder });
    await fillUsernameKeys(db.$client);
  });
}

/**
 * Gives every user without one its username key (db/username-key.ts), computed as on SQLite (PostgreSQL's lower()
 * follows the database's locale): once, right after migration 0006, and for any row written since without the store.
 */
async function fillUsernameKeys(pool: pg.Pool) {
  const keyless = (await pool.query<KeylessUser>('SELECT id, username FROM users WHERE username_key IS NULL ORDER BY id')).rows;
  if (keyless.length === 0) return;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
    const keyed = (await client.query<{ k: string }>('SELECT username_key AS k FROM users WHERE username_key IS NOT NULL')).rows.map((r) => r.k);
    const usernames = (await client.query<{ u: string }>('SELECT username AS u FROM users')).rows.map((r) => r.u);
    const stillKeyless = (await client.query<KeylessUser>('SELECT id, username FROM users WHERE username_key IS NULL ORDER BY id')).rows;
    for (const fill of planUsernameKeys(stillKeyless, keyed, usernames)) {
      if (fill.username) await client.query('UPDATE users SET username = $1, username_key = $2 WHERE id = $3', [fill.username, fill.usernameKey, fill.id]);
      else await client.query('UPDATE users SET username_key = $1 WHERE id = $2', [fill.usernameKey, fill.id]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Runs `work` while holding a session-level advisory lock on one connection of the pool: every instance that asks for
 * the same key waits until the holder is done (start-up steps that must happen once: migrating, seeding).
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}

export async function closePgDatabase(db: PgDb) {
  if (!db.$client.ended) await db.$client.end();
}
