import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as lite from '../schema';
import * as pgSchema from './schema';
import type { PgStore, SqliteStore } from '../../src/server/store';
import { createTestStore } from '../../src/server/testing/stores';

// One domain model, two schemas (docs/decisions/018-postgresql.md): a row read from either store has the same shape,
// and the migrated databases have the same tables, columns and indexes.

describe('the two schemas', () => {
  it('give every table the same row type', () => {
    expectTypeOf<typeof pgSchema.users.$inferSelect>().toEqualTypeOf<typeof lite.users.$inferSelect>();
    expectTypeOf<typeof pgSchema.sessions.$inferSelect>().toEqualTypeOf<typeof lite.sessions.$inferSelect>();
    expectTypeOf<typeof pgSchema.listings.$inferSelect>().toEqualTypeOf<typeof lite.listings.$inferSelect>();
    expectTypeOf<typeof pgSchema.listingImages.$inferSelect>().toEqualTypeOf<typeof lite.listingImages.$inferSelect>();
    expectTypeOf<typeof pgSchema.listingRevisions.$inferSelect>().toEqualTypeOf<typeof lite.listingRevisions.$inferSelect>();
    expectTypeOf<typeof pgSchema.savedListings.$inferSelect>().toEqualTypeOf<typeof lite.savedListings.$inferSelect>();
    expectTypeOf<typeof pgSchema.inquiries.$inferSelect>().toEqualTypeOf<typeof lite.inquiries.$inferSelect>();
    expectTypeOf<typeof pgSchema.chats.$inferSelect>().toEqualTypeOf<typeof lite.chats.$inferSelect>();
    expectTypeOf<typeof pgSchema.messages.$inferSelect>().toEqualTypeOf<typeof lite.messages.$inferSelect>();
    expectTypeOf<typeof pgSchema.notifications.$inferSelect>().toEqualTypeOf<typeof lite.notifications.$inferSelect>();
    expectTypeOf<typeof pgSchema.inboxMessages.$inferSelect>().toEqualTypeOf<typeof lite.inboxMessages.$inferSelect>();
    expectTypeOf<typeof pgSchema.auditLog.$inferSelect>().toEqualTypeOf<typeof lite.auditLog.$inferSelect>();
    expectTypeOf<typeof pgSchema.passwordResetTokens.$inferSelect>().toEqualTypeOf<typeof lite.passwordResetTokens.$inferSelect>();
    expectTypeOf<typeof pgSchema.mailQueue.$inferSelect>().toEqualTypeOf<typeof lite.mailQueue.$inferSelect>();
    expectTypeOf<typeof pgSchema.listingPrices.$inferSelect>().toEqualTypeOf<typeof lite.listingPrices.$inferSelect>();
    expectTypeOf<typeof pgSchema.listingRegistryFacts.$inferSelect>().toEqualTypeOf<typeof lite.listingRegistryFacts.$inferSelect>();
    expectTypeOf<typeof pgSchema.listingReports.$inferSelect>().toEqualTypeOf<typeof lite.listingReports.$inferSelect>();
  });

  it('name the same tables with the same property and column names', () => {
    const tables = Object.entries(lite).filter(([, v]) => v instanceof SQLiteTable) as [keyof typeof pgSchema, SQLiteTable][];
    expect(tables.length).toBe(19);
    for (const [name, table] of tables) {
      const pgColumns = getTableColumns(pgSchema[name] as typeof pgSchema.users);
      const columns = (t: Record<string, { name: string }>) => Object.entries(t).map(([prop, c]) => `${prop}:${c.name}`).sort();
      expect(columns(pgColumns), name).toEqual(columns(getTableColumns(table)));
    }
  });
});

interface Column {
  name: string;
  type: string;
  notNull: boolean;
}

describe('the migrated databases', () => {
  let sqlite: SqliteStore;
  let pg: PgStore;
  beforeAll(async () => {
    sqlite = (await createTestStore('sqlite')) as SqliteStore;
    pg = (await createTestStore('pg')) as PgStore;
  });
  afterAll(async () => {
    await sqlite?.close();
    await pg?.close();
  });

  // The SQLite column types as PostgreSQL spells them: time in milliseconds is a timestamptz there, a 0/1 flag a
  // boolean and JSON text jsonb, as the two schemas declare them.
  function sqliteColumns(): Record<string, Column[]> {
    const c = sqlite.db.$client;
    const tables = c.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name").pluck().all() as string[];
    const declared = new Map<string, string>();
    for (const table of Object.values(pgSchema)) {
      if (!(table instanceof PgTable)) continue;
      for (const col of Object.values(getTableColumns(table))) declared.set(`${getTableName(table)}.${col.name}`, col.getSQLType());
    }
    const out: Record<string, Column[]> = {};
    for (const table of tables) {
      const cols = c.prepare(`PRAGMA table_info(${table})`).all() as { name: string; type: string; notnull: number; pk: number }[];
      out[table] = cols.map((col) => {
        const pgType = declared.get(`${table}.${col.name}`);
        const type = pgType ? normalise(pgType) : col.type.toLowerCase();
        return { name: col.name, type, notNull: col.notnull === 1 || col.pk === 1 };
      });
    }
    return out;
  }

  function normalise(type: string) {
    return type.replace(/^timestamp ?\(3\) with time zone$/, 'timestamp with time zone');
  }

  async function pgColumns(): Promise<Record<string, Column[]>> {
    const { rows } = await pg.db.$client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
    const out: Record<string, Column[]> = {};
    for (const r of rows) (out[r.table_name] ??= []).push({ name: r.column_name, type: r.data_type, notNull: r.is_nullable === 'NO' });
    return out;
  }

  it('have the same tables and columns with matching types', async () => {
    // By name: SQLite's order is the order of its migrations' ALTER TABLE ADDs.
    const byName = (tables: Record<string, Column[]>) =>
      Object.fromEntries(Object.entries(tables).map(([t, cols]) => [t, [...cols].sort((a, b) => a.name.localeCompare(b.name))]));
    expect(byName(await pgColumns())).toEqual(byName(sqliteColumns()));
  });

  it('have the same indexes on the same columns', async () => {
    const c = sqlite.db.$client;
    const liteIndexes = (
      c.prepare("SELECT name, tbl_name AS tbl FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string; tbl: string }[]
    ).map(({ name, tbl }) => {
      const cols = (c.prepare(`PRAGMA index_info(${name})`).all() as { name: string | null }[]).map((x) => x.name ?? '(expression)');
      const unique = (c.prepare(`PRAGMA index_list(${tbl})`).all() as { name: string; unique: number }[]).find((i) => i.name === name)!.unique === 1;
      return `${tbl}.${name}${unique ? ' unique' : ''} (${cols.join(', ')})`;
    });
    const { rows } = await pg.db.$client.query<{ line: string }>(
      `SELECT t.relname || '.' || i.relname || CASE WHEN x.indisunique THEN ' unique' ELSE '' END || ' (' ||
              string_agg(coalesce(a.attname, '(expression)'), ', ' ORDER BY k.n) || ')' AS line
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace s ON s.oid = t.relnamespace AND s.nspname = 'public'
       CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
       LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum AND k.attnum > 0
       WHERE NOT x.indisprimary
       GROUP BY t.relname, i.relname, x.indisunique
       ORDER BY i.relname`,
    );
    expect(rows.map((r) => r.line)).toEqual(liteIndexes);
  });
});
