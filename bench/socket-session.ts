// The socket-session case (npm run bench -- --case socket-session): what it costs that every call over a websocket reads
// its session again (docs/decisions/016-socket-sessions.md). In one process and one run, alternately:
//   A  a call over an open websocket (auth.me, which does nothing but the session read and an answer), round trip;
//   B  the session read alone, as a socket's call makes it (RequestAuth.lookup: the session and its user by key).
// Each round times a batch of each; the median of the rounds and their spread are reported, and B's share of A.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeDatabase, openDatabase } from '../db/client';
import { buildApp } from '../src/server/app';
import { RequestAuth } from '../src/server/auth/request-auth';
import { createSession, generateSessionToken, SESSION_COOKIE, SESSION_TTL_MS, sessionIdFromToken } from '../src/server/auth/session';
import { sessions as sessionRows } from '../db/schema';
import { testConfig } from '../src/server/config';
import { registerUser } from '../src/server/services/auth';
import { socketClient } from '../src/server/testing/sockets';
import { createSqliteStore } from '../src/server/store';

export interface SocketSessionResult {
  rounds: number;
  /** µs per call over the socket, median and range of the rounds. */
  callUs: { median: number; min: number; max: number };
  /** µs per session read, median and range. */
  lookupUs: { median: number; min: number; max: number };
  /** lookup ÷ call, median and range of the per-round ratios. */
  share: { median: number; min: number; max: number };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const spread = (xs: number[]) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });

export async function runSocketSession({ rounds = 7, calls = 2000, lookups = 20000, sessions = 10000 } = {}): Promise<SocketSessionResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-socket-session-'));
  const file = path.join(dir, 'bench.db');
  const db = openDatabase(file);
  const app = await buildApp(testConfig({ databasePath: file, uploadDir: path.join(dir, 'uploads'), countyLookup: false }), { db });
  try {
    await app.ready();
    const store = createSqliteStore(db, false);
    const user = await registerUser(store, { username: 'benk', password: 'hemmelig123', name: 'Kari Nordmann', email: 'kari@example.no', phone: '91234567' });
    // A sessions table of a real size, so the read is an index probe, not a scan of one row.
    // Straight into the file in one transaction: one commit, not ten thousand.
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    db.transaction((tx) => {
      for (let i = 0; i < sessions; i++) tx.insert(sessionRows).values({ id: sessionIdFromToken(generateSessionToken()), userId: user.id, expiresAt }).run();
    });
    const token = generateSessionToken();
    await createSession(store, token, user.id);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const host = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const { client, close } = socketClient(host, { cookie: `${SESSION_COOKIE}=${token}`, origin: `http://${host}` });
    const auth = new RequestAuth(store);
    if ((await client.auth.me.query())?.id !== user.id) throw new Error('the socket is not logged in');
    // Warm-up: JIT, statement caches, the socket.
    for (let i = 0; i < 500; i++) await client.auth.me.query();
    for (let i = 0; i < 5000; i++) await auth.lookup(token);

    const call: number[] = [];
    const lookup: number[] = [];
    const share: number[] = [];
    for (let r = 0; r < rounds; r++) {
      let t0 = process.hrtime.bigint();
      for (let i = 0; i < calls; i++) await client.auth.me.query();
      const a = Number(process.hrtime.bigint() - t0) / 1000 / calls;
      t0 = process.hrtime.bigint();
      for (let i = 0; i < lookups; i++) if (!(await auth.lookup(token)).user) throw new Error('session lost');
      const b = Number(process.hrtime.bigint() - t0) / 1000 / lookups;
      call.push(a);
      lookup.push(b);
      share.push(b / a);
    }
    await close();
    return { rounds, callUs: spread(call), lookupUs: spread(lookup), share: spread(share) };
  } finally {
    await app.close();
    closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
