import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../db/client';
import { inquiries, listings, users } from '../db/schema';
import { backupDatabase, restoreDatabase } from './db-backup';

// npm run db:backup (docs/operations.md#back-up): a consistent copy of the live database while another process keeps
// writing to it, and a restore that brings exactly that copy back.

const root = path.resolve(import.meta.dirname, '..');
let dir: string;
let live: string;
let db: Db | null;
let listingId: number;

const BASELINE = 20_000;
const filler = 'Hei! Er bilen fortsatt til salgs? Jeg kan komme på visning i helgen, og har mulighet til å hente den selv. '.repeat(2);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-backup-test-'));
  live = path.join(dir, 'bilpartner.db');
  db = openDatabase(live); // created and migrated as the server does, WAL mode
  const user = db
    .insert(users)
    .values({ username: 'kari.nordmann', passwordHash: 'x', name: 'Kari Nordmann', email: 'kari@example.no', uniqueId: 'BP-TEST01' })
    .returning()
    .get();
  listingId = db
    .insert(listings)
    .values({ userId: user.id, uniqueCode: 'BP-ABC123', make: 'Volvo', model: 'V60', year: 2019, registrationNumber: 'AB12345', price: 249_000, totalPrice: 251_500 })
    .returning()
    .get().id;
  // A few MB of rows, so the copy takes a moment.
  db.transaction((tx) => {
    for (let i = 0; i < BASELINE; i++) {
      tx.insert(inquiries).values({ listingId, senderId: user.id, name: 'Ola Nordmann', email: 'ola@example.no', message: `${filler} #${i}` }).run();
    }
  });
});

afterEach(() => {
  if (db) closeDatabase(db);
  db = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Another process inserting one inquiry per transaction as fast as it can until `stop` exists. */
function startWriter(file: string, stop: string) {
  const code = `
    const fs = require('node:fs');
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare("INSERT INTO inquiries (listing_id, name, email, message) VALUES (?, 'Per Olsen', 'per@example.no', ?)");
    let n = 0;
    while (!fs.existsSync(${JSON.stringify(stop)})) {
      insert.run(${listingId}, 'skrevet under backup #' + n++);
      if (n === 50) fs.writeSync(1, 'ready\\n');
    }
    db.close();
    fs.writeSync(1, 'done ' + n + '\\n');
  `;
  const child = spawn(process.execPath, ['-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('ready')) resolve();
    });
    child.once('exit', (c) => reject(new Error(`writer exited early (${c}): ${out}`)));
  });
  const finished = new Promise<number>((resolve) => child.once('exit', () => resolve(Number(/done (\d+)/.exec(out)?.[1] ?? -1))));
  return { ready, finished };
}

const ids = (file: string) => {
  const c = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return c.prepare('SELECT id FROM inquiries ORDER BY id').pluck().all() as number[];
  } finally {
    c.close();
  }
};

describe('backupDatabase', () => {
  it('copies a consistent snapshot while another process writes, and restoreDatabase brings exactly it back', async () => {
    const stop = path.join(dir, 'stop');
    const writer = startWriter(live, stop);
    await writer.ready;

    const maxId = () => db!.$client.prepare('SELECT max(id) FROM inquiries').pluck().get() as number;
    const before = maxId();
    const backupFile = path.join(dir, 'backups', 'bilpartner-backup.db');
    const result = await backupDatabase(live, backupFile);
    const after = maxId();
    fs.writeFileSync(stop, '');
    const written = await writer.finished;

    expect(result.integrity).toBe('ok');
    expect(result.pages).toBeGreaterThan(100);
    expect(fs.readdirSync(path.dirname(backupFile))).toEqual(['bilpartner-backup.db']); // no partial file left
    // The writer was busy throughout: rows committed before, during and after the copy.
    expect(after).toBeGreaterThan(before);
    expect(written).toBeGreaterThan(50);

    // A snapshot: every row committed before the backup started, no gaps, nothing beyond what existed after it.
    const copied = ids(backupFile);
    const n = copied.length;
    expect(copied[0]).toBe(1);
    expect(copied[n - 1]).toBe(n);
    expect(n).toBeGreaterThanOrEqual(before);
    expect(n).toBeLessThanOrEqual(after);
    const liveCount = ids(live).length;
    expect(liveCount).toBeGreaterThan(n); // the writer went on after the copy

    // Restore: the server is stopped (its connection closed), the backup goes into place, stale -wal/-shm go away.
    closeDatabase(db!);
    db = null;
    const { kept } = restoreDatabase(backupFile, live);
    expect(kept).toBe(`${live}.before-restore`);
    expect(fs.existsSync(`${live}-wal`)).toBe(false);

    db = openDatabase(live); // as the server opens it on start: migrations are already applied
    expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.select().from(inquiries).all().map((r) => r.id)).toEqual(copied);
    expect(db.select().from(inquiries).all().filter((r) => r.message.startsWith(filler))).toHaveLength(BASELINE);
    expect(db.select().from(listings).get()).toMatchObject({ id: listingId, uniqueCode: 'BP-ABC123', make: 'Volvo' });
    expect(db.select().from(users).get()).toMatchObject({ username: 'kari.nordmann' });
    // And the database works as before: a new row gets the next id.
    const next = db.insert(inquiries).values({ listingId, name: 'Lars', email: 'lars@example.no', message: 'Etter gjenoppretting' }).returning().get();
    expect(next.id).toBe(n + 1);
  });

  it('refuses to overwrite an existing file or back up onto the database itself', async () => {
    const file = path.join(dir, 'copy.db');
    fs.writeFileSync(file, 'old backup');
    await expect(backupDatabase(live, file)).rejects.toThrow(/exists/);
    expect(fs.readFileSync(file, 'utf8')).toBe('old backup');
    await expect(backupDatabase(live, live)).rejects.toThrow(/must not be the database itself/);
    await expect(backupDatabase(path.join(dir, 'missing.db'), path.join(dir, 'x.db'))).rejects.toThrow(/no database/);
    const r = await backupDatabase(live, file, { overwrite: true, pagesPerStep: 50 });
    expect(r.integrity).toBe('ok');
    expect(ids(file)).toHaveLength(BASELINE);
  });

  it('restoreDatabase refuses a file that is not a sound database and leaves the live one alone', () => {
    const bad = path.join(dir, 'bad.db');
    fs.writeFileSync(bad, 'this is not a database');
    closeDatabase(db!);
    db = null;
    expect(() => restoreDatabase(bad, live)).toThrow();
    expect(ids(live)).toHaveLength(BASELINE);
  });
});
