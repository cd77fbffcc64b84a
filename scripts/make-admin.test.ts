import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../db/client';
import { createSqliteStore } from '../src/server/store';
import { users } from '../db/schema';
import { registerUser } from '../src/server/services/auth';
import { cli } from './make-admin';

// npm run admin -- <username> (docs/product/admin.md#making-an-admin).

const root = path.resolve(import.meta.dirname, '..');
let dir: string;
let file: string;
let db: Db | null;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-make-admin-'));
  file = path.join(dir, 'bilpartner.db');
  db = openDatabase(file);
  await registerUser(createSqliteStore(db, false), { username: 'kari.nordmann', password: 'hemmelig123', name: 'Kari Nordmann', email: 'kari@example.no', phone: '91234567' });
  await registerUser(createSqliteStore(db, false), { username: 'ola.hansen', password: 'hemmelig123', name: 'Ola Hansen', email: 'ola@example.no', phone: '91234568' });
  closeDatabase(db);
  db = null;
});
afterEach(() => {
  if (db) closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

function isAdmin(username: string): boolean | undefined {
  const d = openDatabase(file);
  try {
    return d.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.username, username)).get()?.isAdmin;
  } finally {
    closeDatabase(d);
  }
}

/** `npm run admin -- <args>` as the package script runs it, against the temp database. */
function run(args: string[], env: Record<string, string> = { DATABASE_PATH: file }) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/make-admin.ts', '--', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

function capture() {
  const lines: { out: string[]; err: string[] } = { out: [], err: [] };
  return { lines, out: { log: (s: string) => lines.out.push(s), error: (s: string) => lines.err.push(s) } as unknown as Console };
}

describe('npm run admin', () => {
  it('makes an existing user an admin (exit 0) and leaves the others alone', () => {
    const res = run(['kari.nordmann']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('kari.nordmann (Kari Nordmann) er nå administrator.');
    expect(isAdmin('kari.nordmann')).toBe(true);
    expect(isAdmin('ola.hansen')).toBe(false);
  });

  it('says so with exit 1 when the user does not exist, and changes nothing', () => {
    const res = run(['per.olsen']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Fant ingen bruker med brukernavnet «per.olsen».');
    expect(res.stderr).toContain('No user named "per.olsen"');
    expect(isAdmin('kari.nordmann')).toBe(false);
    expect(isAdmin('ola.hansen')).toBe(false);
  });

  it('refuses a database path that does not exist instead of creating an empty database', () => {
    const missing = path.join(dir, 'nowhere', 'bilpartner.db');
    const res = run(['kari.nordmann'], { DATABASE_PATH: missing });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Fant ingen database i');
    expect(fs.existsSync(missing)).toBe(false);
  });

  it('finds the username regardless of case, and is idempotent', async () => {
    const first = capture();
    expect(await cli(['OLA.Hansen'], { DATABASE_PATH: file }, first.out)).toBe(0);
    expect(first.lines.out.join('\n')).toContain('ola.hansen (Ola Hansen) er nå administrator.');
    const again = capture();
    expect(await cli(['ola.hansen'], { DATABASE_PATH: file }, again.out)).toBe(0);
    expect(again.lines.out.join('\n')).toContain('er allerede administrator');
    expect(isAdmin('ola.hansen')).toBe(true);
  });

  it('prints the usage with exit 2 without exactly one username', async () => {
    for (const args of [[], ['a', 'b'], ['--help'], ['  ']]) {
      const c = capture();
      expect(await cli(args, { DATABASE_PATH: file }, c.out)).toBe(2);
      expect(c.lines.err[0]).toContain('npm run admin -- <brukernavn>');
    }
    expect(isAdmin('kari.nordmann')).toBe(false);
  });
});
