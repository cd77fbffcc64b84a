import { expect, it } from 'vitest';
import { migratedFrom } from '../src/server/testing/old-database';
import { describeOnEachStore } from '../src/server/testing/stores';

// The unique e-mail migration (SQLite 0017, PostgreSQL 0003): addresses become unique ignoring case. A database where
// several accounts share an address keeps every account: the oldest keeps the address, the others get it tagged with
// their id (docs/decisions/021-mail-and-account-recovery.md).

const UNIQUE_EMAIL = { sqlite: '0017_unique_email_reset_tokens', pg: '0003_unique_email_reset_tokens' };

// In order of creation: Kari first, then two later accounts with her address in other cases, then the admin-address
// squatter and the admin (in that order), and one account with an address of its own.
const ACCOUNTS = [
  ['kari', 'kari@example.no'],
  ['kari2', 'KARI@example.no'],
  ['ola', 'ola@example.no'],
  ['kari3', 'Kari@Example.no'],
  ['squatter', 'admin@bilpartner.no'],
  ['admin', 'Admin@Bilpartner.no'],
] as const;

const EXPECTED = (ids: Record<string, number>) => [
  { username: 'kari', email: 'kari@example.no' },
  { username: 'kari2', email: `KARI+duplikat-${ids.kari2}@example.no` },
  { username: 'ola', email: 'ola@example.no' },
  { username: 'kari3', email: `Kari+duplikat-${ids.kari3}@Example.no` },
  { username: 'squatter', email: 'admin@bilpartner.no' },
  { username: 'admin', email: `Admin+duplikat-${ids.admin}@Bilpartner.no` },
];

const INSERT = "INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ($1, 'x', 'Navn', $2, $3) RETURNING id";

describeOnEachStore('the unique e-mail migration', (dialect) => {
  it('keeps every account, the oldest with the shared address, and then refuses a duplicate', async () => {
    const ids: Record<string, number> = {};
    const db = await migratedFrom(dialect, UNIQUE_EMAIL, async (old) => {
      for (const [u, e] of ACCOUNTS) ids[u] = Number((await old(INSERT, [u, e, `BP-${u}`]))[0].id);
    });
    expect(await db('SELECT username, email FROM users ORDER BY id')).toEqual(EXPECTED(ids));
    await expect(db(INSERT, ['per', 'OLA@example.no', 'BP-per'])).rejects.toThrow(/users_email_lower_uq/);
  });
});
