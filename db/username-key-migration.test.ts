import { expect, it } from 'vitest';
import { usernameKey } from './username-key';
import { migratedFrom } from '../src/server/testing/old-database';
import { describeOnEachStore } from '../src/server/testing/stores';

// The username key's migration (SQLite 0020, PostgreSQL 0006, filled at the start right after): usernames are compared
// as NFKC with case folded. A database where look-alike names were registered keeps every account: the oldest keeps
// its name, each later look-alike gets its own name tagged with its id, and then a look-alike is refused.

const USERNAME_KEY = { sqlite: '0020_username_key', pg: '0006_username_key' };

// In order of creation (ids 1, 2, …). Full-width letters, a compatibility form ('ﬁ' is 'fi' in NFKC), 'ß' against 'SS'
// (a plain lower() meets neither), and an account already named as the tag the second one would get.
const ACCOUNTS = ['kari.nordmann', 'ｋａｒｉ.nordmann', 'kari.nordmann-duplikat-2', 'ola', 'ﬁnn', 'FINN', 'straße', 'STRASSE'] as const;

const EXPECTED = [
  'kari.nordmann',
  // Its tag 'ｋａｒｉ.nordmann-duplikat-2' would look like the third account's name: tagged once more.
  'ｋａｒｉ.nordmann-duplikat-2-2',
  'kari.nordmann-duplikat-2',
  'ola',
  'ﬁnn',
  'FINN-duplikat-6',
  'straße',
  'STRASSE-duplikat-8',
];

/** 'ＯＬＡ' with its key, as the store writes it: refused beside 'ola'. */
const LOOK_ALIKE = "INSERT INTO users (username, username_key, password_hash, name, email, unique_id) VALUES ('ＯＬＡ', 'ola', 'x', 'Navn', 'ny@example.no', 'BP-NY')";

describeOnEachStore('the username key migration', (dialect) => {
  it('keeps every account, the oldest with the name, every key set, and then refuses a look-alike', async () => {
    const ids: Record<string, number> = {};
    const db = await migratedFrom(dialect, USERNAME_KEY, async (old) => {
      for (const [i, u] of ACCOUNTS.entries()) {
        const [row] = await old("INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ($1, 'x', 'Navn', $2, $3) RETURNING id", [u, `konto${i}@example.no`, `BP-K${i}`]);
        ids[u] = Number(row.id);
      }
    });
    const rows = (await db('SELECT id, username, username_key FROM users ORDER BY id')) as { id: number; username: string; username_key: string | null }[];
    expect(ACCOUNTS.map((u) => ids[u])).toEqual(ACCOUNTS.map((_, i) => i + 1));
    expect(rows.map((r) => r.username)).toEqual(EXPECTED);
    expect(rows.map((r) => r.id)).toEqual(ACCOUNTS.map((u) => ids[u]));
    for (const r of rows) expect(r.username_key).toBe(usernameKey(r.username));
    expect(new Set(rows.map((r) => r.username_key)).size).toBe(rows.length);
    await expect(db(LOOK_ALIKE)).rejects.toThrow(/users_username_key_uq|UNIQUE constraint failed: users.username_key/);
  });
});
