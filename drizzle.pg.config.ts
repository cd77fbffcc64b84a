import { defineConfig } from 'drizzle-kit';

// The PostgreSQL store's migrations (docs/decisions/018-postgresql.md); drizzle.config.ts is the SQLite one.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/pg/schema.ts',
  out: './db/pg/migrations',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost/bilpartner' },
});
