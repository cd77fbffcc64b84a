import { afterEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Store } from '.';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { isForeignKeyViolation, isUniqueViolation } from './errors';

// The driver errors the services act on, as each store raises them (docs/decisions/018-postgresql.md).
describeOnEachStore('driver errors', (dialect) => {
  let store: Store;
  afterEach(() => store?.close());

  async function run(statement: string) {
    try {
      if (store.dialect === 'sqlite') store.db.run(sql.raw(statement));
      else await store.db.execute(sql.raw(statement));
    } catch (err) {
      // drizzle wraps the driver's error since 0.44; the driver's own is its cause.
      return (err as { cause?: unknown }).cause ?? err;
    }
    return undefined;
  }

  it('tells a unique violation by the index it broke', async () => {
    store = await createTestStore(dialect);
    const user = (name: string, code: string, email = `${name}.${code}@example.no`) =>
      `INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ('${name}', 'x', 'Kari', '${email}', '${code}')`;
    expect(await run(user('kari', 'BP-1'))).toBeUndefined();
    const sameName = await run(user('KARI', 'BP-2'));
    expect(isUniqueViolation(sameName, 'users_username_lower_uq')).toBe(true);
    expect(isUniqueViolation(sameName, 'users_unique_id_uq')).toBe(false);
    const sameCode = await run(user('ola', 'BP-1'));
    expect(isUniqueViolation(sameCode, 'users_unique_id_uq')).toBe(true);
    expect(isUniqueViolation(sameCode, 'users_username_lower_uq')).toBe(false);
    const sameEmail = await run(user('per', 'BP-3', 'KARI.bp-1@EXAMPLE.no'));
    expect(isUniqueViolation(sameEmail, 'users_email_lower_uq')).toBe(true);
    expect(isUniqueViolation(sameEmail, 'users_username_lower_uq')).toBe(false);
    expect(isUniqueViolation(new Error('UNIQUE constraint failed: users.unique_id'), 'users_unique_id_uq')).toBe(false);
  });

  it('tells a reference to a missing row', async () => {
    store = await createTestStore(dialect);
    const err = await run("INSERT INTO sessions (id, user_id, expires_at) VALUES ('s', 999, " + (dialect === 'pg' ? 'now()' : '0') + ')');
    expect(isForeignKeyViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'sessions_pkey')).toBe(false);
  });
});
