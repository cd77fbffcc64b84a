import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, listenOnLoopback, loggedInUser, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';
import { socketClient } from '../testing/sockets';
import { parsePrometheusText, type Scrape } from '../testing/prometheus-text';
import { createTestStore, testDialect } from '../testing/stores';
import { beginDraining } from './probes';

// The three operator endpoints over HTTP (src/server/ops/probes.ts, docs/operations.md#probes), on the suite's store
// (TEST_STORE=pg runs them on PostgreSQL). The real SIGTERM path and a rolling restart behind a proxy:
// rolling-restart.test.ts.

const TOKEN = 'metrics-token-for-tests';

/** Polls `check` until it holds (the event listener reconnects on its own schedule). */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; !(await check()); i++) {
    if (i > 400) throw new Error('condition never held');
    await new Promise((r) => setTimeout(r, 10));
  }
}
const BEARER = { authorization: `Bearer ${TOKEN}` };
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** /metrics with the token, parsed as Prometheus reads it. */
async function scrape(app: TestApp) {
  const res = await app.app.inject({ method: 'GET', url: '/metrics', headers: BEARER });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.body);
}

/** The samples named `name` (a histogram's are `name_bucket`, `name_sum` and `name_count`). */
const samples = (scrape: Scrape, name: string) => scrape.samples.filter((s) => s.name === name);

/** The request histogram's count for one route pattern, method and status class (0 when absent). */
function requestCount(scrape: Scrape, route: string, method: string, statusClass: string) {
  const sample = samples(scrape, 'http_request_duration_seconds_count').find(
    (s) => s.labels.route === route && s.labels.method === method && s.labels.status_class === statusClass,
  );
  return sample?.value ?? 0;
}

describe(`operator endpoints on ${testDialect()}`, () => {
  it('/healthz answers 200 while the process runs, and every answer carries its request id', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // The proxy's id is kept, so one request can be followed through both logs; one that is not an id is replaced.
    const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'nginx-4f2a9c' } });
    expect(given.headers['x-request-id']).toBe('nginx-4f2a9c');
    const odd = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\nc' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/readyz answers 503 until the search index is built, then 200', async () => {
    t = await createTestApp({}, { warmSearchIndex: false });
    const { user } = await createUser(t.store);
    await insertListing(t.store, user.id, { make: 'Volvo', model: 'V70' });
    const before = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'unavailable', reason: 'search index not built' });
    expect(before.headers['cache-control']).toBe('no-store');
    // The first search builds it.
    const search = await t.app.inject({ method: 'GET', url: '/api/listings?make=Volvo' });
    expect(search.headers['x-total-count']).toBe('1');
    const after = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 until the page renderer has loaded and rendered a page once, then 200', async () => {
    t = await createTestApp({}, { serverRender: true, warmPageRenderer: true });
    const before = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'unavailable', reason: 'page renderer not warm' });
    let ready = before;
    for (let i = 0; i < 600 && ready.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    }
    expect(ready.json()).toEqual({ status: 'ready' });
    // The renderer is loaded: the next visitor's page is rendered at once.
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root"><');
  });

  it('/readyz waits for each entry page to be rendered once, the listing page as the newest listing\'s', async () => {
    // Listings in the store before the app starts: the warm-up's newest listing is there to be rendered.
    const store = await createTestStore();
    const { user } = await createUser(store);
    const older = await insertListing(store, user.id, { createdAt: new Date(Date.now() - 60_000) });
    const newest = await insertListing(store, user.id);
    const app = await createTestApp({}, { serverRender: true, warmPageRenderer: true, store });
    t = { ...app, close: async () => (await app.close(), await store.close()) };
    for (let i = 0; i < 600 && (await app.app.inject({ method: 'GET', url: '/readyz' })).statusCode !== 200; i++) await new Promise((r) => setTimeout(r, 50));
    // A page is kept from its second request on (the page cache's doorkeeper): the warm-up's request was the newest
    // listing's first, so a visitor's first request is kept and the next one served from it; another listing's is not.
    const visit = async (id: number) => (await app.app.inject({ method: 'GET', url: `/listing/${id}` })).headers['x-cache'];
    expect([await visit(newest.id), await visit(newest.id)]).toEqual(['miss', 'hit']);
    expect([await visit(older.id), await visit(older.id)]).toEqual(['miss', 'miss']);
    for (const url of ['/', '/annonser']) {
      const search = async () => (await app.app.inject({ method: 'GET', url })).headers['x-cache'];
      expect([await search(), await search()], url).toEqual(['miss', 'hit']);
    }
  });

  it('/readyz answers 503 once the instance is shutting down, and every answer then closes its connection', async () => {
    t = await createTestApp();
    await t.app.inject({ method: 'GET', url: '/api/listings' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers.connection).not.toBe('close');
    beginDraining(t.app);
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
    // Still serving meanwhile: requests the proxy sent before it noticed are answered.
    const search = await t.app.inject({ method: 'GET', url: '/api/listings' });
    expect(search.statusCode).toBe(200);
    expect(search.headers.connection).toBe('close');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it.runIf(testDialect() === 'pg')("/readyz answers 503 while PostgreSQL's event listener is down, and 200 once it is back", async () => {
    t = await createTestApp();
    const readyz = async () => (await t!.app.inject({ method: 'GET', url: '/readyz' })).json() as { status: string; reason?: string };
    await until(async () => (await readyz()).status === 'ready');
    if (t.store.dialect !== 'pg') return;
    const pool = t.store.db.$client;
    // The listening connection's last statement, after its LISTEN, asks for its own pid (realtime/pg-hub.ts).
    const { rows } = await pool.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'SELECT pg_backend_pid() AS pid' AND pid <> pg_backend_pid()",
    );
    expect(rows).toHaveLength(1);
    await pool.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
    // Seen while the hub reconnects, then ready again without anyone's help.
    await until(async () => (await readyz()).reason === 'event listener not connected');
    await until(async () => (await readyz()).status === 'ready');
  });

  it('/metrics answers 404 without METRICS_TOKEN', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: BEARER });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('/metrics refuses a request without the token, and answers the metrics with it', async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    for (const headers of [{}, { authorization: 'Bearer wrong-token-of-same-size!' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    const { types } = await scrape(t);
    for (const [name, type] of [
      ['http_request_duration_seconds', 'histogram'],
      ['bilpartner_websocket_connections', 'gauge'],
      ['bilpartner_subscriptions', 'gauge'],
      ['bilpartner_events_pushed_total', 'counter'],
      ['bilpartner_event_delivery_lag_seconds', 'histogram'],
      ['bilpartner_search_index_listings', 'gauge'],
      ['bilpartner_search_index_lag_changes', 'gauge'],
      ['bilpartner_db_query_duration_seconds', 'histogram'],
      ['bilpartner_rate_limit_refusals_total', 'counter'],
      ['bilpartner_mail_sent_total', 'counter'],
      ['bilpartner_mail_failed_total', 'counter'],
      ['process_cpu_seconds_total', 'counter'],
      ['process_resident_memory_bytes', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
    ]) {
      expect(types.get(name), name).toBe(type);
    }
  });

  it("counts a request under its route pattern, never its URL, and unmatched ones under 'not_found'", async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    const { user } = await createUser(t.store);
    const listing = await insertListing(t.store, user.id);
    const before = await scrape(t);
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: `/api/listings/${listing.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/listings/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' })).statusCode).toBe(404);
    const after = await scrape(t);

    const delta = (route: string, statusClass: string) =>
      requestCount(after, route, 'GET', statusClass) - requestCount(before, route, 'GET', statusClass);
    expect(delta('/api/listings/:id', '2xx')).toBe(3);
    expect(delta('/api/listings/:id', '4xx')).toBe(1);
    expect(delta('not_found', '4xx')).toBe(1);
    // No raw URL among the labels: the listing's id appears in none.
    const routes = samples(after, 'http_request_duration_seconds_count').map((s) => s.labels.route);
    expect(routes.filter((r) => r.includes(String(listing.id)) || r.includes('999999') || r.includes('no-such-thing'))).toEqual([]);
    // The database time of the detail's reads, measured at the store.
    const reads = samples(after, 'bilpartner_db_query_duration_seconds_count').filter((s) => s.labels.store === testDialect());
    expect(reads.length).toBeGreaterThan(0);
    // Each labelled '<repository>.<method>', a method of the store's own (the timer finds the repositories itself).
    for (const s of reads) {
      const [repository, method, ...rest] = s.labels.operation.split('.');
      expect(rest, s.labels.operation).toEqual([]);
      expect(typeof (t.store as unknown as Record<string, Record<string, unknown>>)[repository!]?.[method!], s.labels.operation).toBe('function');
    }
  });

  it("reports the search index's size, and how far it lags the change log until a search brings it in step", async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    await t.app.inject({ method: 'GET', url: '/api/listings' });
    const { user } = await createUser(t.store);
    await insertListing(t.store, user.id);
    await insertListing(t.store, user.id);
    const behind = await scrape(t);
    expect(samples(behind, 'bilpartner_search_index_listings')[0].value).toBe(0);
    expect(samples(behind, 'bilpartner_search_index_lag_changes')[0].value).toBeGreaterThan(0);
    expect(Number((await t.app.inject({ method: 'GET', url: '/api/listings' })).headers['x-total-count'])).toBe(2);
    const inStep = await scrape(t);
    expect(samples(inStep, 'bilpartner_search_index_listings')[0].value).toBe(2);
    expect(samples(inStep, 'bilpartner_search_index_lag_changes')[0].value).toBe(0);
  });

  it('counts open websockets and subscriptions, and each message pushed with its delivery lag', async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    const host = `127.0.0.1:${await listenOnLoopback(t)}`;
    const seller = await loggedInUser(t.store);
    const buyer = await loggedInUser(t.store);
    const listing = await insertListing(t.store, seller.user.id);
    const post = (url: string, cookie: string, body: unknown) =>
      t!.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const started = await post('/api/chats/start', buyer.cookie, { listingId: listing.id, sellerId: seller.user.id, message: 'Hei! Er bilen ledig?' });
    expect(started.statusCode).toBe(201);
    const value = (s: Scrape, name: string, labels: Record<string, string> = {}) =>
      samples(s, name).find((x) => Object.entries(labels).every(([k, v]) => x.labels[k] === v))?.value ?? 0;
    const before = await scrape(t);
    expect(value(before, 'bilpartner_websocket_connections')).toBe(0);

    const socket = socketClient(host, { cookie: seller.cookie, origin: `http://${host}` });
    try {
      const received: unknown[] = [];
      await new Promise<void>((resolve, reject) => {
        socket.client.chats.onMessage.subscribe(undefined, { onStarted: () => resolve(), onData: (e) => received.push(e), onError: reject });
      });
      const open = await scrape(t);
      expect(value(open, 'bilpartner_websocket_connections')).toBe(1);
      expect(value(open, 'bilpartner_subscriptions')).toBe(1);

      const sent = await post('/api/messages', buyer.cookie, { chatId: started.json().chatId, content: 'Kan jeg se den i morgen?' });
      expect(sent.statusCode).toBe(201);
      for (let i = 0; received.length === 0 && i < 500; i++) await new Promise((r) => setTimeout(r, 10));
      expect(received).toHaveLength(1);
      const after = await scrape(t);
      const kind = { kind: 'message' };
      expect(value(after, 'bilpartner_events_pushed_total', kind) - value(before, 'bilpartner_events_pushed_total', kind)).toBe(1);
      const lagCount = (s: Scrape) => value(s, 'bilpartner_event_delivery_lag_seconds_count', kind);
      expect(lagCount(after) - lagCount(before)).toBe(1);
    } finally {
      await socket.close();
    }
  });

  it('counts a 429 under the name of the limit that refused', async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    const refusals = async () =>
      samples(await scrape(t!), 'bilpartner_rate_limit_refusals_total').find((s) => s.labels.limit === 'contact')?.value ?? 0;
    const before = await refusals();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{}' });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(await refusals()).toBe(before + 1);
  });
});
