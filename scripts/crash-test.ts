// npm run test:crash: does every write the server acknowledged survive a crash? (docs/operations.md, "Crash test")
//
// Runs the BUILT server (dist/server/main.mjs, built first if missing or stale) on a temp database and upload
// folder, drives concurrent writes through the real HTTP API, SIGKILLs the server in the middle of the load, starts
// it again on the same files, and checks that
//   - every write that got a 2xx answer is there after the restart (read from the database file, opened read-only,
//     and for listings and saved listings also through the API as their owner sees them),
//   - PRAGMA integrity_check answers ok and PRAGMA foreign_key_check finds nothing,
//   - every photo row has its files, and the upload folder holds no stray files (`*.tmp`, or photos no row
//     references; the server sweeps them at start-up). Stray files fail the run; `--lenient-uploads` only warns.
// Exits 1 on any lost write, failed integrity check or photo row without its file.
//
//   npm run test:crash                                   6 rounds, 16 writers
//   npm run test:crash -- --rounds 10 --writers 24       more
//   npm run test:crash -- --lenient-uploads              stray upload files only warn
//   npm run test:crash -- --keep                         keep the temp folder (database, uploads, server log, ledger)
//
// Writer kinds are entries of WRITERS below: each issues one kind of write, records what the server acknowledged,
// and knows how to verify its records. A new kind (chat messages, once they exist) is one more entry.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  api,
  clientIp,
  ensureBuild,
  freePort,
  listingBody,
  loadavg,
  parseArgs,
  sampleJpegDataUrl,
  sessionCookieOf,
  sleep,
  startServer,
  stopServer,
  userBody,
  type RunningServer,
  type ServerOptions,
  runMain,
  scratchFolder,
} from './lib/built-server';

const args = parseArgs(process.argv.slice(2));
const ROUNDS = args.num('rounds', 6);
const WRITERS = args.num('writers', 16);
const MIN_LOAD_MS = args.num('min-load-ms', 1000);
const MAX_LOAD_MS = args.num('max-load-ms', 3500);
// Strict by default since the server sweeps the upload folder at start-up (src/server/startup.ts); --strict-uploads
// is still accepted.
const STRICT_UPLOADS = !args.flag('lenient-uploads');
const KEEP = args.flag('keep');
const TARGETS = 6; // approved listings the buyers save and ask about

type Db = Database.Database;

// ---------------------------------------------------------------------------------------------------------------
// The ledger: what the server acknowledged, kept in this process (and written to ledger.json for --keep).

interface Writer {
  n: number;
  userId: number;
  cookie: string;
  ip: string;
  /** Own listings acknowledged and not (attempted to be) deleted, as candidates for delete-listing. */
  ownListings: number[];
}

interface ListingAck {
  id: number;
  uniqueCode: string;
  ownerIdx: number;
  files: string[]; // upload keys of its photos and thumbnails
  /** 'present' until a delete was acknowledged ('deleted') or sent without an answer ('unknown'). */
  expect: 'present' | 'deleted' | 'unknown';
}

interface KindStats {
  attempted: number;
  acknowledged: number;
  refused: Record<string, number>; // non-2xx answers by status
  noAnswer: number; // request in flight when the server died (or any network error): outcome unknown, not checked
}

interface Check {
  verified: number;
  lost: string[];
  notChecked: number;
}

interface Ctx {
  base: string;
  stop: boolean;
  targets: number[];
  photo: string;
  seq: { n: number };
  tag: string;
}

interface WriterKind {
  name: string;
  weight: number;
  /** One write by this writer; return the status (or throw on a network error). Record acks in the ledger. */
  run(w: Writer, ctx: Ctx): Promise<number | 'skip'>;
  /** Compare the acknowledged writes with the database (and the API where useful). */
  verify(db: Db, ctx: Ctx, writers: Writer[]): Promise<Check>;
}

const ledger = {
  users: [] as { id: number; username: string }[],
  listings: new Map<number, ListingAck>(),
  inquiries: [] as { id: number; message: string }[],
  // per "userId:listingId": the saved state the last acknowledged call left, or 'unknown' after an unanswered call
  saved: new Map<string, 'saved' | 'unsaved' | 'unknown'>(),
  savesAcked: 0,
  unsavesAcked: 0,
  deletesAcked: 0,
};

const keyOfUrl = (url: string) => (url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : null);

const WRITER_KINDS: WriterKind[] = [
  {
    name: 'register',
    weight: 1,
    async run(_w, ctx) {
      const n = ++ctx.seq.n;
      const body = userBody(`${ctx.tag}r`, n);
      const res = await api(ctx.base, 'POST', '/api/auth/register', { body, ip: clientIp(100_000 + n) });
      if (res.status === 201) ledger.users.push({ id: res.body.id, username: body.username });
      return res.status;
    },
    async verify(db) {
      const get = db.prepare('SELECT username FROM users WHERE id = ?').pluck();
      const c: Check = { verified: 0, lost: [], notChecked: 0 };
      for (const u of ledger.users) {
        if (get.get(u.id) === u.username) c.verified++;
        else c.lost.push(`user ${u.id} (${u.username})`);
      }
      return c;
    },
  },
  {
    name: 'listing',
    weight: 4,
    async run(w, ctx) {
      const n = ++ctx.seq.n;
      // A third of them carry a photo, so the photo pipeline (files + rows) is under the same crash.
      const body = listingBody(n, n % 3 === 0 ? [ctx.photo] : []);
      const res = await api(ctx.base, 'POST', '/api/listings', { body, cookie: w.cookie, ip: w.ip });
      if (res.status === 201) {
        const l = res.body as { id: number; uniqueCode: string; images: string[]; imageDetails?: { url: string; thumbUrl: string }[] };
        const urls = [...l.images, ...(l.imageDetails ?? []).flatMap((d) => [d.url, d.thumbUrl])];
        const files = [...new Set(urls.map(keyOfUrl).filter((k): k is string => !!k))];
        ledger.listings.set(l.id, { id: l.id, uniqueCode: l.uniqueCode, ownerIdx: w.n, files, expect: 'present' });
        w.ownListings.push(l.id);
      }
      return res.status;
    },
    async verify(db, ctx, writers) {
      const get = db.prepare('SELECT unique_code FROM listings WHERE id = ?').pluck();
      const imgs = db.prepare('SELECT count(*) FROM listing_images WHERE listing_id = ?').pluck();
      const c: Check = { verified: 0, lost: [], notChecked: 0 };
      for (const l of ledger.listings.values()) {
        if (l.expect === 'unknown') {
          c.notChecked++;
          continue;
        }
        if (l.expect === 'deleted') continue; // checked by delete-listing
        const code = get.get(l.id);
        const photoRows = imgs.get(l.id) as number;
        const missingFiles = l.files.filter((k) => !fs.existsSync(path.join(uploadDir, k)));
        if (code !== l.uniqueCode) c.lost.push(`listing ${l.id} (${l.uniqueCode}) missing`);
        else if (photoRows * 2 !== l.files.length) c.lost.push(`listing ${l.id}: ${photoRows} photo rows, acknowledged ${l.files.length / 2}`);
        else if (missingFiles.length) c.lost.push(`listing ${l.id}: photo files missing: ${missingFiles.join(', ')}`);
        else c.verified++;
      }
      // Through the API as well: each owner's /api/my-listings lists all of its acknowledged, undeleted listings.
      for (const w of writers) {
        const res = await api(ctx.base, 'GET', '/api/my-listings', { cookie: w.cookie, ip: w.ip });
        if (res.status !== 200) {
          c.lost.push(`GET /api/my-listings as writer ${w.n} answered ${res.status}`);
          continue;
        }
        const ids = new Set((res.body as { id: number }[]).map((l) => l.id));
        for (const l of ledger.listings.values()) {
          if (l.ownerIdx === w.n && l.expect === 'present' && !ids.has(l.id)) c.lost.push(`listing ${l.id} not in its owner's /api/my-listings`);
          if (l.ownerIdx === w.n && l.expect === 'deleted' && ids.has(l.id)) c.lost.push(`deleted listing ${l.id} still in /api/my-listings`);
        }
      }
      return c;
    },
  },
  {
    name: 'delete-listing',
    weight: 1,
    async run(w, ctx) {
      // Only once a writer has a few listings, and never its newest (keeps most listings around for the check).
      if (w.ownListings.length < 3) return 'skip';
      const id = w.ownListings.shift()!;
      const l = ledger.listings.get(id)!;
      l.expect = 'unknown'; // until the answer arrives
      const res = await api(ctx.base, 'DELETE', `/api/listings/${id}`, { cookie: w.cookie, ip: w.ip });
      if (res.status === 204) {
        l.expect = 'deleted';
        ledger.deletesAcked++;
      } else if (res.status === 404) {
        // Should not happen for an acknowledged listing; leave it as 'present' so the check reports it if it is gone.
        l.expect = 'present';
      }
      return res.status;
    },
    async verify(db) {
      // An acknowledged delete stays deleted: no listing row, no photo rows, no photo files.
      const get = db.prepare('SELECT 1 FROM listings WHERE id = ?').pluck();
      const imgs = db.prepare('SELECT count(*) FROM listing_images WHERE listing_id = ?').pluck();
      const c: Check = { verified: 0, lost: [], notChecked: 0 };
      for (const l of ledger.listings.values()) {
        if (l.expect !== 'deleted') continue;
        const left = l.files.filter((k) => fs.existsSync(path.join(uploadDir, k)));
        if (get.get(l.id) !== undefined || imgs.get(l.id) !== 0) c.lost.push(`listing ${l.id}: delete was acknowledged, but it is back`);
        else if (left.length) c.lost.push(`listing ${l.id}: deleted, but its photo files remain: ${left.join(', ')}`);
        else c.verified++;
      }
      return c;
    },
  },
  {
    name: 'saved-listing',
    weight: 4,
    async run(w, ctx) {
      const listingId = ctx.targets[Math.floor(Math.random() * ctx.targets.length)];
      const key = `${w.userId}:${listingId}`;
      const state = ledger.saved.get(key) ?? 'unsaved';
      const save = state !== 'saved';
      ledger.saved.set(key, 'unknown');
      const res = save
        ? await api(ctx.base, 'POST', '/api/saved-listings', { body: { listingId }, cookie: w.cookie, ip: w.ip })
        : await api(ctx.base, 'DELETE', `/api/saved-listings/${listingId}`, { cookie: w.cookie, ip: w.ip });
      if (save && res.status === 201) {
        ledger.saved.set(key, 'saved');
        ledger.savesAcked++;
      } else if (!save && res.status === 204) {
        ledger.saved.set(key, 'unsaved');
        ledger.unsavesAcked++;
      }
      return res.status;
    },
    async verify(db, ctx, writers) {
      const get = db.prepare('SELECT 1 FROM saved_listings WHERE user_id = ? AND listing_id = ?').pluck();
      const c: Check = { verified: 0, lost: [], notChecked: 0 };
      for (const [key, state] of ledger.saved) {
        if (state === 'unknown') {
          c.notChecked++;
          continue;
        }
        const [userId, listingId] = key.split(':').map(Number);
        const present = get.get(userId, listingId) === 1;
        if (present === (state === 'saved')) c.verified++;
        else c.lost.push(`saved listing ${key}: acknowledged ${state}, found ${present ? 'saved' : 'not saved'}`);
      }
      // Through the API: GET /api/saved-listings as each buyer.
      for (const w of writers) {
        const res = await api(ctx.base, 'GET', '/api/saved-listings', { cookie: w.cookie, ip: w.ip });
        if (res.status !== 200) {
          c.lost.push(`GET /api/saved-listings as writer ${w.n} answered ${res.status}`);
          continue;
        }
        const ids = new Set((res.body as { id: number }[]).map((l) => l.id));
        for (const id of ctx.targets) {
          const state = ledger.saved.get(`${w.userId}:${id}`) ?? 'unsaved';
          if (state !== 'unknown' && ids.has(id) !== (state === 'saved')) c.lost.push(`API: writer ${w.n} listing ${id} acknowledged ${state}`);
        }
      }
      return c;
    },
  },
  {
    name: 'inquiry',
    weight: 2,
    async run(w, ctx) {
      const n = ++ctx.seq.n;
      const listingId = ctx.targets[n % ctx.targets.length];
      const message = `Hei! Er bilen fortsatt til salgs? Kan jeg komme på visning i helgen? (${ctx.tag}#${n})`;
      // Inquiries are limited to 30 per 10 minutes per client address: each one comes from its own.
      const res = await api(ctx.base, 'POST', '/api/inquiries', {
        body: { listingId, name: 'Ola Nordmann', email: `ola${n}@example.no`, phone: '+47 912 34 567', message },
        cookie: w.cookie,
        ip: clientIp(200_000 + n),
      });
      if (res.status === 201) ledger.inquiries.push({ id: res.body.id, message });
      return res.status;
    },
    async verify(db) {
      const get = db.prepare('SELECT message FROM inquiries WHERE id = ?').pluck();
      const c: Check = { verified: 0, lost: [], notChecked: 0 };
      for (const i of ledger.inquiries) {
        if (get.get(i.id) === i.message) c.verified++;
        else c.lost.push(`inquiry ${i.id}`);
      }
      return c;
    },
  },
  // Chat messages (POST /api/chats/:id/messages) do not exist yet; when they do, add a kind here that starts a chat
  // per writer in setup(), posts messages, records {id, content} on 201 and checks them in `messages`.
];

const stats = new Map<string, KindStats>(WRITER_KINDS.map((k) => [k.name, { attempted: 0, acknowledged: 0, refused: {}, noAnswer: 0 }]));

// ---------------------------------------------------------------------------------------------------------------

let server: RunningServer | null = null;
const { tmp, dbPath, uploadDir, logFile, cleanup } = scratchFolder('crash', KEEP, () => server);

function pickKind(): WriterKind {
  const total = WRITER_KINDS.reduce((s, k) => s + k.weight, 0);
  let r = Math.random() * total;
  for (const k of WRITER_KINDS) if ((r -= k.weight) < 0) return k;
  return WRITER_KINDS[0];
}

async function writerLoop(w: Writer, ctx: Ctx) {
  while (!ctx.stop) {
    const kind = pickKind();
    const s = stats.get(kind.name)!;
    try {
      const status = await kind.run(w, ctx);
      if (status === 'skip') continue;
      s.attempted++;
      if (status >= 200 && status < 300) s.acknowledged++;
      else s.refused[status] = (s.refused[status] ?? 0) + 1;
    } catch {
      s.attempted++;
      s.noAnswer++;
      // The server is gone; stop (the round ends with the kill anyway).
      if (!ctx.stop) await sleep(20);
    }
  }
}

function openReadOnly(): Db {
  return new Database(dbPath, { readonly: true, fileMustExist: true });
}

function integrity(db: Db): { integrity: string; foreignKeyProblems: number } {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[];
  const fk = db.pragma('foreign_key_check') as unknown[];
  return { integrity: rows.map((r) => r.integrity_check).join('; '), foreignKeyProblems: fk.length };
}

/** Files in the upload folder vs the photo rows: *.tmp files, files no row references, rows without a file. */
function uploadCheck(db: Db) {
  const files: string[] = [];
  const walk = (dir: string, rel: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(dir, e.name), r);
      else files.push(r);
    }
  };
  walk(uploadDir, '');
  const referenced = new Set<string>();
  for (const row of db.prepare('SELECT url, thumb_url AS thumbUrl, medium_url AS mediumUrl FROM listing_images').all() as { url: string; thumbUrl: string; mediumUrl: string | null }[]) {
    for (const u of [row.url, row.thumbUrl, row.mediumUrl]) {
      if (!u) continue;
      const k = keyOfUrl(u);
      if (k) referenced.add(k);
    }
  }
  const fileSet = new Set(files);
  const tmpFiles = files.filter((f) => f.endsWith('.tmp'));
  const unreferenced = files.filter((f) => !f.endsWith('.tmp') && !referenced.has(f));
  const missing = [...referenced].filter((k) => !fileSet.has(k));
  return { files: files.length, tmpFiles, unreferenced, missing };
}

async function main() {
  ensureBuild();
  const photo = await sampleJpegDataUrl(800, 600);
  const port = await freePort();
  const opts: ServerOptions = { dbPath, uploadDir, port, seedDemo: false, logFile, logLevel: 'warn' };
  const tag = `k${Date.now().toString(36)}`;
  console.log(`crash test: ${ROUNDS} rounds, ${WRITERS} writers, temp folder ${tmp}`);

  // --- setup: a seller with TARGETS listings, WRITERS buyers ---------------------------------------------------
  server = await startServer(opts);
  const base = server.base;
  const seller = await api(base, 'POST', '/api/auth/register', { body: userBody(`${tag}s`, 0), ip: clientIp(1) });
  if (seller.status !== 201) throw new Error(`register seller: ${seller.status} ${JSON.stringify(seller.body)}`);
  const sellerCookie = sessionCookieOf(seller);
  const targets: number[] = [];
  for (let i = 0; i < TARGETS; i++) {
    const res = await api(base, 'POST', '/api/listings', { body: listingBody(1000 + i, [photo]), cookie: sellerCookie, ip: clientIp(1) });
    if (res.status !== 201) throw new Error(`create target listing: ${res.status} ${JSON.stringify(res.body)}`);
    targets.push(res.body.id);
  }
  const writers: Writer[] = [];
  for (let i = 0; i < WRITERS; i++) {
    const ip = clientIp(10 + i);
    const res = await api(base, 'POST', '/api/auth/register', { body: userBody(`${tag}b`, i), ip });
    if (res.status !== 201) throw new Error(`register buyer: ${res.status} ${JSON.stringify(res.body)}`);
    writers.push({ n: i, userId: res.body.id, cookie: sessionCookieOf(res), ip, ownListings: [] });
  }
  await stopServer(server, 'SIGTERM');
  // There is no admin API yet: the target listings are approved in the file while the server is stopped (the one
  // direct write of this script; everything measured goes through the API).
  {
    const db = new Database(dbPath);
    db.pragma('busy_timeout = 5000');
    db.prepare(`UPDATE listings SET status = 'approved', active = 1 WHERE id IN (${targets.map(() => '?').join(',')})`).run(...targets);
    db.close();
  }

  const ctx: Ctx = { base, stop: false, targets, photo, seq: { n: 0 }, tag };
  const rounds: { round: number; loadMs: number; acked: number; integrity: string; fk: number; lost: number; tmp: number; orphans: number; missing: number; restartMs: number }[] = [];
  let totalLost: string[] = [];
  server = await startServer(opts);

  for (let round = 1; round <= ROUNDS; round++) {
    const ackedBefore = [...stats.values()].reduce((s, k) => s + k.acknowledged, 0);
    ctx.stop = false;
    const loops = writers.map((w) => writerLoop(w, ctx));
    const loadMs = MIN_LOAD_MS + Math.floor(Math.random() * (MAX_LOAD_MS - MIN_LOAD_MS));
    await sleep(loadMs);
    // Mid-load: stop issuing new requests and kill the server with requests in flight.
    ctx.stop = true;
    server.proc.kill('SIGKILL');
    const exit = await server.exited;
    await Promise.all(loops);
    const acked = [...stats.values()].reduce((s, k) => s + k.acknowledged, 0) - ackedBefore;

    const t0 = Date.now();
    server = await startServer(opts);
    const restartMs = Date.now() - t0;

    const db = openReadOnly();
    const lost: string[] = [];
    for (const k of WRITER_KINDS) lost.push(...(await k.verify(db, ctx, writers)).lost);
    const integ = integrity(db);
    const up = uploadCheck(db);
    db.close();
    rounds.push({
      round,
      loadMs,
      acked,
      integrity: integ.integrity,
      fk: integ.foreignKeyProblems,
      lost: lost.length,
      tmp: up.tmpFiles.length,
      orphans: up.unreferenced.length,
      missing: up.missing.length,
      restartMs,
    });
    totalLost = lost; // the ledger is cumulative: the last check covers every acknowledged write so far
    console.log(
      `round ${round}: load ${loadMs} ms, ${acked} writes acknowledged, killed (${exit.signal}), restarted in ${restartMs} ms; ` +
        `lost ${lost.length}, integrity ${integ.integrity}, fk problems ${integ.foreignKeyProblems}, ` +
        `upload files ${up.files} (tmp ${up.tmpFiles.length}, unreferenced ${up.unreferenced.length}, rows without file ${up.missing.length})`,
    );
    for (const l of lost.slice(0, 10)) console.log(`  LOST ${l}`);
  }

  // --- final check after a clean shutdown ----------------------------------------------------------------------
  const db = openReadOnly();
  const checks = new Map<string, Check>();
  for (const k of WRITER_KINDS) checks.set(k.name, await k.verify(db, ctx, writers));
  await stopServer(server, 'SIGTERM');
  server = null;
  const integ = integrity(db);
  const up = uploadCheck(db);
  db.close();
  totalLost = [...checks.values()].flatMap((c) => c.lost);

  // --- summary -------------------------------------------------------------------------------------------------
  console.log('\n=== crash test summary ===');
  console.log(`rounds (SIGKILL + restart): ${rounds.length}; load average: ${loadavg()}`);
  console.log('kind            attempted  acknowledged  verified  lost  no answer (in flight at kill)  refused');
  for (const k of WRITER_KINDS) {
    const s = stats.get(k.name)!;
    const c = checks.get(k.name)!;
    const refused = Object.entries(s.refused)
      .map(([st, n]) => `${st}×${n}`)
      .join(' ');
    console.log(
      `${k.name.padEnd(15)} ${String(s.attempted).padStart(9)}  ${String(s.acknowledged).padStart(12)}  ${String(c.verified).padStart(8)}  ${String(c.lost.length).padStart(4)}  ${String(s.noAnswer).padStart(29)}  ${refused || '-'}`,
    );
  }
  const savedState = [...ledger.saved.values()];
  console.log(
    `  saved-listing detail: ${ledger.savesAcked} saves + ${ledger.unsavesAcked} removals acknowledged; ` +
      `${savedState.filter((s) => s !== 'unknown').length} (user, listing) states checked, ${savedState.filter((s) => s === 'unknown').length} left unknown by a kill`,
  );
  const totalAcked = [...stats.values()].reduce((s, k) => s + k.acknowledged, 0);
  const totalVerified = [...checks.values()].reduce((s, c) => s + c.verified, 0);
  console.log(`acknowledged writes: ${totalAcked}; verified records: ${totalVerified}; lost: ${totalLost.length}`);
  console.log(`integrity_check: ${integ.integrity}; foreign_key_check problems: ${integ.foreignKeyProblems}`);
  console.log(
    `upload folder: ${up.files} files; *.tmp: ${up.tmpFiles.length}; not referenced by any photo row: ${up.unreferenced.length}; ` +
      `photo rows whose file is missing: ${up.missing.length}`,
  );
  for (const f of [...up.tmpFiles, ...up.unreferenced].slice(0, 10)) console.log(`  stray: ${f}`);
  for (const f of up.missing.slice(0, 10)) console.log(`  missing: ${f}`);
  const stray = up.tmpFiles.length + up.unreferenced.length;
  if (stray && !STRICT_UPLOADS) {
    console.log(
      `WARNING: ${stray} stray upload file(s) (written by requests the kill interrupted). Not counted as a failure; ` +
        '--lenient-uploads is on.',
    );
  }
  for (const l of totalLost.slice(0, 20)) console.log(`LOST ${l}`);
  if (KEEP) {
    fs.writeFileSync(
      path.join(tmp, 'ledger.json'),
      JSON.stringify({ ...ledger, listings: [...ledger.listings.values()], saved: Object.fromEntries(ledger.saved) }, null, 1),
    );
    console.log(`kept ${tmp} (bilpartner.db, uploads/, server.log, ledger.json)`);
  }

  const failures: string[] = [];
  if (totalLost.length) failures.push(`${totalLost.length} acknowledged write(s) lost`);
  if (integ.integrity !== 'ok' || rounds.some((r) => r.integrity !== 'ok')) failures.push('integrity_check failed');
  if (integ.foreignKeyProblems) failures.push('foreign key problems');
  if (up.missing.length) failures.push('photo rows without their file');
  if (STRICT_UPLOADS && stray) failures.push('stray upload files');
  if (totalAcked === 0) failures.push('no write was acknowledged (is the server working?)');
  console.log(failures.length ? `FAIL: ${failures.join('; ')}` : 'PASS: no acknowledged write lost, database intact');
  return failures.length ? 1 : 0;
}

runMain(main, { cleanup, logFile });
