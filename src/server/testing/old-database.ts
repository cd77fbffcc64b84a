import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { onTestFinished } from 'vitest';
import { closeDatabase, migrationsFolder, openDatabase } from '../../../db/client';
import { closePgDatabase, openPgDatabase, pgMigrationsFolder } from '../../../db/pg/client';
import type { Dialect } from '../store';
import { adminQuery } from './pg-cluster';

// A migration's test: a database as it was before the migration `tag`, holding the rows a test inserts, then opened as
// the server opens it (every migration, and what the start does right after). Cleaned up when the test finishes.

/** Runs a statement with numbered parameters (`$1`, `$2`, each once and in order: `?` on SQLite) and answers its rows. */
export type Exec = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The migrations before `tag`, in a folder of their own (as a database of that time was migrated). */
function migrationsBefore(folder: string, tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  if (entries.length === 0) throw new Error(`no migration before ${tag}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-migrations-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/**
 * Migrates a new database up to just before `tags[dialect]`, hands it to `fill`, then opens it as the server does and
 * answers a way to run statements on it.
 */
export async function migratedFrom(dialect: Dialect, tags: Record<Dialect, string>, fill: (old: Exec) => Promise<void>): Promise<Exec> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-db-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'old.db');
    const sqlite = new Database(file);
    migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(migrationsFolder, tags.sqlite) });
    await fill(sqliteExec(sqlite));
    sqlite.close();
    const db = openDatabase(file);
    onTestFinished(() => closeDatabase(db));
    return sqliteExec(db.$client);
  }
  const admin = process.env.BP_TEST_PG_ADMIN_URL!;
  const name = `bp_migration_${process.pid}_${tags.pg.toLowerCase().replace(/[^a-z0-9_]/g, '')}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  onTestFinished(() => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = admin.replace(/\/postgres$/, `/${name}`);
  const old = new pg.Pool({ connectionString: url, max: 1 });
  await migratePg(drizzlePg(old), { migrationsFolder: migrationsBefore(pgMigrationsFolder, tags.pg) });
  await fill(pgExec(old));
  await old.end();
  const db = await openPgDatabase(url);
  onTestFinished(() => closePgDatabase(db));
  return pgExec(db.$client);
}

function sqliteExec(sqlite: Database.Database): Exec {
  return async (text, params = []) => {
    const statement = sqlite.prepare(text.replace(/\$\d+/g, '?'));
    if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
    statement.run(...params);
    return [];
  };
}

const pgExec = (pool: pg.Pool): Exec => async (text, params = []) => (await pool.query(text, params)).rows;
