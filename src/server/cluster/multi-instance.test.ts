import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase } from '../../../db/pg/client';
import type { MessageShape } from '../../shared/schemas/chat';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createPgStore, type PgStore, type Store } from '../store';
import { loggedInUser } from '../testing/harness';
import { photoLikeJpeg, toDataUrl } from '../testing/images';
import { LISTING_FORM } from '../testing/listing-factory';
import { socketClient } from '../testing/sockets';
import { createTestStore, pgUrlOf } from '../testing/stores';
import { insertListingRow } from '../testing/store-rows';

// Two app instances on one PostgreSQL database behave as one product (docs/decisions/018-postgresql.md). Each instance
// has its own pool, its own search index, event hub, rate-limit insurance and websocket server; only the database is
// shared, as behind a load balancer. Requests go over real sockets to each instance's port.

const until = async (check: () => Promise<boolean> | boolean, ms = 5000, what = 'condition') => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now() - started;
};

describe('two instances on one PostgreSQL database', () => {
  let uploadDir: string;
  let storeA: Store;
  let storeB: Store;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseA: string;
  let baseB: string;

  async function start(store: Store) {
    // One folder for both, as two processes on one machine share it (on several machines: S3_BUCKET).
    const app = await buildApp(testConfig({ uploadDir }), { store });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base: `127.0.0.1:${(app.server.address() as { port: number }).port}` };
  }

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-two-'));
    storeA = await createTestStore('pg');
    storeB = createPgStore(await openPgDatabase(pgUrlOf(storeA), { max: 4 }));
    ({ app: a, base: baseA } = await start(storeA));
    ({ app: b, base: baseB } = await start(storeB));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await storeB?.close();
    await storeA?.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  const call = (base: string, method: string, url: string, opts: { cookie?: string; body?: unknown } = {}) =>
    fetch(`http://${base}${url}`, {
      method,
      headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.body ? { 'content-type': 'application/json' } : {}) },
      body: opts.body ? JSON.stringify(opts.body) : undefined,
    });

  it('accepts on B a session made by logging in on A', async () => {
    const { user, password } = await loggedInUser(storeA, { username: 'kari.a' });
    const login = await call(baseA, 'POST', '/api/auth/login', { body: { username: 'KARI.A', password } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const me = await call(baseB, 'GET', '/api/auth/user', { cookie });
    expect(me.status).toBe(200);
    expect((await me.json()).id).toBe(user.id);
    // A logout through B ends it on A as well.
    expect((await call(baseB, 'POST', '/api/auth/logout', { cookie })).status).toBeLessThan(300);
    expect((await call(baseA, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
  });

  it('finds on A, within a second, a listing an admin approved on B', async () => {
    const seller = await loggedInUser(storeA);
    const admin = await loggedInUser(storeB, { isAdmin: true });
    const id = await insertListingRow(storeA, seller.user.id, { make: 'Polestar', model: 'Flerinstans', status: 'pending' });
    const searchA = async () => (await (await call(baseA, 'GET', '/api/listings?query=Flerinstans')).json()) as { id: number }[];
    expect(await searchA()).toEqual([]);
    const approved = await call(baseB, 'POST', `/api/admin/listings/${id}/approve`, { cookie: admin.cookie, body: { approved: true } });
    expect(approved.status).toBe(200);
    const waited = await until(async () => (await searchA()).some((l) => l.id === id), 1000, 'the approved listing on A');
    expect(waited).toBeLessThan(1000);
  });

  it('pushes a message sent through A to a subscriber on B, also across a dropped listener', async () => {
    const seller = await loggedInUser(storeA, { name: 'Per Selger' });
    const buyer = await loggedInUser(storeA, { name: 'Kari Kjøper' });
    const listingId = await insertListingRow(storeA, seller.user.id, { status: 'approved', active: true });
    const socket = socketClient(baseB, { cookie: seller.cookie, origin: `http://${baseB}` }, { retryDelayMs: 50 });
    const received: MessageShape[] = [];
    const sub = socket.client.chats.onMessage.subscribe(undefined, { onData: ({ data }) => void received.push(data) });
    try {
      // Live once the subscription answers: a message sent now arrives.
      await new Promise((r) => setTimeout(r, 300));
      const started = await call(baseA, 'POST', '/api/chats/start', {
        cookie: buyer.cookie,
        body: { listingId, sellerId: seller.user.id, message: 'Hei, er bilen ledig?' },
      });
      expect(started.status).toBe(201);
      const { chatId } = (await started.json()) as { chatId: number };
      await until(() => received.length === 1, 5000, 'the first message on B');

      // The listening connections die (A's and B's: their last query asked for their own pid, realtime/pg-hub.ts): B asks its sockets to reconnect, and the
      // client replays from its lastEventId what was sent meanwhile.
      const killed = await (storeA as PgStore).db.$client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'SELECT pg_backend_pid() AS pid' AND pid <> pg_backend_pid()",
      );
      expect(killed.rowCount).toBe(2);
      for (const content of ['Ja, den er ledig.', 'Vil du prøvekjøre?', 'Lørdag passer fint.']) {
        const sent = await call(baseA, 'POST', '/api/messages', { cookie: seller.cookie, body: { chatId, content } });
        expect(sent.status).toBeLessThan(300);
      }
      await until(() => received.length >= 4, 10_000, 'the messages sent across the drop');
      await new Promise((r) => setTimeout(r, 300));
      expect(received.map((m) => m.content)).toEqual(['Hei, er bilen ledig?', 'Ja, den er ledig.', 'Vil du prøvekjøre?', 'Lørdag passer fint.']);
    } finally {
      sub.unsubscribe();
      await socket.close();
    }
  });

  it('locks an account after failed logins spread over A and B', async () => {
    const { password } = await loggedInUser(storeA, { username: 'ola.throttle' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const base = i % 2 === 0 ? baseA : baseB;
      statuses.push((await call(base, 'POST', '/api/auth/login', { body: { username: 'ola.throttle', password: 'feil-passord' } })).status);
    }
    // The fifth wrong password, wherever it came, locks the account (docs/product/limits.md): 3 went to A, 2 to B.
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Locked on both, the right password too.
    for (const base of [baseA, baseB]) {
      const res = await call(base, 'POST', '/api/auth/login', { body: { username: 'ola.throttle', password } });
      expect(res.status).toBe(429);
      expect(((await res.json()) as { message: string }).message).toMatch(/^For mange mislykkede innlogginger/);
    }
  });

  it('serves on B a photo uploaded through A', async () => {
    const seller = await loggedInUser(storeA);
    const photo = toDataUrl(await photoLikeJpeg(900, 600, 3));
    const created = await call(baseA, 'POST', '/api/listings', { cookie: seller.cookie, body: { ...LISTING_FORM, images: [photo] } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const mine = await call(baseA, 'GET', `/api/listings/${id}`, { cookie: seller.cookie });
    const url = ((await mine.json()) as { images: string[] }).images[0]!;
    expect(url).toMatch(/^\/uploads\//);
    const served = await call(baseB, 'GET', url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);
  });
});
