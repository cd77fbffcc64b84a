// npm run db:backup -- <file>: a consistent copy of the live database while the server keeps running.
//
// Uses SQLite's online backup API (better-sqlite3's db.backup): the copy is the database as of one committed
// transaction, including what still sits in the -wal file, never half a write. The server keeps serving meanwhile
// (in WAL mode a reader does not block writers). The copy is written next to <file> under a temp name, checked
// with PRAGMA integrity_check and then renamed into place, so <file> is either a whole, checked backup or absent.
//
//   DATABASE_PATH=./data/bilpartner.db npm run db:backup -- backups/bilpartner-2025-01-31.db
//   npm run db:backup -- --restore backups/bilpartner-2025-01-31.db      (server stopped!) copy a backup into place
//
// See docs/operations.md. Exported for scripts/db-backup.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';

export interface BackupResult {
  source: string;
  file: string;
  pages: number;
  bytes: number;
  ms: number;
  integrity: string;
}

export interface BackupOptions {
  /** Overwrite an existing file (default: refuse). */
  overwrite?: boolean;
  /**
   * Pages copied per step (default: all in one step). Between steps the source is unlocked; a write by another
   * connection in between makes SQLite restart the copy, so small steps against a busy server may never finish.
   * One step holds a read transaction for the whole copy, which in WAL mode does not block the server's writes.
   */
  pagesPerStep?: number;
}

function integrityOf(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/** Copies the SQLite database at `source` to `file` with the online backup API; safe while the server writes. */
export async function backupDatabase(source: string, file: string, opts: BackupOptions = {}): Promise<BackupResult> {
  const src = path.resolve(source);
  const dest = path.resolve(file);
  if (!fs.existsSync(src)) throw new Error(`no database at ${src}`);
  if (src === dest) throw new Error('the backup file must not be the database itself');
  if (fs.existsSync(dest) && !opts.overwrite) throw new Error(`${dest} exists; choose a new file name (or --force to overwrite)`);
  fs.mkdirSync(path.dirname(dest), { recursive: true });

  const started = Date.now();
  const tmp = `${dest}.${process.pid}.partial`;
  fs.rmSync(tmp, { force: true });
  // Not readonly: a read-only connection cannot recover or read a -wal file whose -shm it may not create.
  const db = new Database(src, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    const step = opts.pagesPerStep ?? 0x7fffffff;
    const { totalPages } = await db.backup(tmp, { progress: () => step });
    // The copy inherits WAL mode from the source's header; switched to a rollback journal it stays one
    // self-contained file (no -wal/-shm appear beside it when it is opened). The server turns WAL on again on start.
    const copy = new Database(tmp, { fileMustExist: true });
    let integrity: string;
    try {
      copy.pragma('journal_mode = DELETE');
      integrity = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    } finally {
      copy.close();
    }
    if (integrity !== 'ok') throw new Error(`the copy failed integrity_check: ${integrity}`);
    fs.renameSync(tmp, dest);
    return { source: src, file: dest, pages: totalPages, bytes: fs.statSync(dest).size, ms: Date.now() - started, integrity };
  } catch (err) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(tmp + suffix, { force: true });
    throw err;
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database. Only with the server STOPPED: it replaces the file under a running
 * server's feet otherwise. The target's -wal and -shm files are removed, since a stale -wal next to the restored
 * file would be replayed onto it. The file being replaced is kept as `<target>.before-restore`.
 */
export function restoreDatabase(backup: string, target: string): { kept: string | null } {
  const src = path.resolve(backup);
  const dest = path.resolve(target);
  const integrity = integrityOf(src);
  if (integrity !== 'ok') throw new Error(`${src} failed integrity_check: ${integrity}`);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const tmp = `${dest}.${process.pid}.restoring`;
  fs.copyFileSync(src, tmp);
  let kept: string | null = null;
  if (fs.existsSync(dest)) {
    kept = `${dest}.before-restore`;
    // Its -wal (after a crash it may hold the last commits) moves with it, so the kept copy stays whole.
    for (const suffix of ['', '-wal', '-journal']) {
      fs.rmSync(kept + suffix, { force: true });
      if (fs.existsSync(dest + suffix)) fs.renameSync(dest + suffix, kept + suffix);
    }
  }
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(dest + suffix, { force: true });
  fs.renameSync(tmp, dest);
  return { kept };
}

async function cli(argv: string[]) {
  const database = process.env.DATABASE_PATH || './data/bilpartner.db';
  const restore = argv.includes('--restore');
  const overwrite = argv.includes('--force');
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: npm run db:backup -- <backup-file>            copy DATABASE_PATH while the server runs');
    console.error('       npm run db:backup -- --restore <backup-file>  put a backup in place (stop the server first)');
    return 2;
  }
  if (restore) {
    const { kept } = restoreDatabase(file, database);
    console.log(`Restored ${path.resolve(file)} to ${path.resolve(database)}${kept ? `; the previous file is kept as ${kept}` : ''}.`);
    return 0;
  }
  const r = await backupDatabase(database, file, { overwrite });
  console.log(`Backed up ${r.source} to ${r.file}: ${r.pages} pages, ${(r.bytes / 1024 / 1024).toFixed(1)} MB in ${r.ms} ms; integrity_check ${r.integrity}.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  cli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(`db:backup failed: ${err.message}`);
      process.exit(1);
    },
  );
}
