import { TRPCError } from '@trpc/server';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactMessage, createFeedback } from '../services/inbox';
import type { Store } from '../store';
import { callerFor, createTestApp, loggedInUser, type TestApp } from '../testing/harness';
import { insertListing, insertListingImage } from '../testing/listing-factory';
import { appRouter } from '../trpc/root';
import { restRoutes } from './routes';

// docs/product/permissions.md: every admin path answers 401 to a visitor and 403 to a user, on REST and tRPC alike,
// and a refused call changes nothing; the same call by an admin succeeds. The walk is over the rows and procedures
// themselves, so an admin row added later is covered (or this test fails until it is listed below).

let t: TestApp;
let user: { id: number; cookie: string };
let admin: { id: number; cookie: string };

/**
 * Every row of every table of the app's data (FTS shadow tables included on SQLite; PostgreSQL's public schema, each
 * table in a fixed row order): equal snapshots mean nothing was written. The per-address counters are not data: in
 * memory on SQLite, in PostgreSQL's "cluster" schema.
 */
async function snapshot(store: Store): Promise<string> {
  if (store.dialect === 'pg') {
    const pool = store.db.$client;
    const tables = (await pool.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).rows;
    const rows: [string, unknown[]][] = [];
    for (const { name } of tables) rows.push([name, (await pool.query({ text: `SELECT * FROM "${name}" AS t ORDER BY t::text`, rowMode: 'array' })).rows]);
    return JSON.stringify(rows);
  }
  const sqlite = store.db.$client;
  const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return JSON.stringify(tables.map((name) => [name, sqlite.prepare(`SELECT * FROM "${name}"`).raw().all()]));
}

interface Case {
  /** The REST row, as `METHOD /path/:param`. */
  row: string;
  url: string;
  payload?: object;
  /** What the admin gets. */
  ok: number;
}

let cases: Case[];

beforeAll(async () => {
  t = await createTestApp();
  const u = await loggedInUser(t.store, { name: 'Ola Hansen' });
  const a = await loggedInUser(t.store, { name: 'Ada Admin', isAdmin: true });
  user = { id: u.user.id, cookie: u.cookie };
  admin = { id: a.user.id, cookie: a.cookie };
  const seller = await loggedInUser(t.store, { name: 'Kari Nordmann' });
  const leaving = await loggedInUser(t.store, { name: 'Per Olsen' });
  const pending = await insertListing(t.store, seller.user.id, { status: 'pending', make: 'Volvo', model: 'V90' });
  const doomed = await insertListing(t.store, seller.user.id, { status: 'approved', make: 'Tesla', model: 'Model 3' });
  await insertListingImage(t.store, doomed.id);
  await insertListing(t.store, leaving.user.id, { status: 'approved' });
  const reported = await insertListing(t.store, seller.user.id, { status: 'approved' });
  await t.store.reports.create(reported.id, u.user.id, { reason: 'svindel', comment: '' }, new Date(0), () => ({ hide: false }));
  const feedback = await createFeedback(t.store, { name: 'Per', email: '', feedback: 'Fin side!' });
  const doomedFeedback = await createFeedback(t.store, { name: '', email: '', feedback: 'Savner mørk modus.' });
  await createContactMessage(t.store, { name: 'Kari', email: 'kari@example.no', phone: '', subject: 'Hei', message: 'Et spørsmål.' });
  cases = [
    { row: 'GET /api/admin/listings', url: '/api/admin/listings?page=1&limit=10&sort=price&direction=asc&status=all', ok: 200 },
    { row: 'GET /api/admin/pending-listings', url: '/api/admin/pending-listings', ok: 200 },
    { row: 'GET /api/admin/users', url: '/api/admin/users', ok: 200 },
    { row: 'POST /api/admin/listings/:id/approve', url: `/api/admin/listings/${pending.id}/approve`, payload: { approved: true }, ok: 200 },
    {
      row: 'PUT /api/admin/users/:id',
      url: `/api/admin/users/${seller.user.id}`,
      payload: { name: 'Kari N. Nordmann', email: 'kari.ny@example.no', phone: '922 33 444', address: 'Kirkegata 1, 4006 STAVANGER' },
      ok: 200,
    },
    { row: 'DELETE /api/admin/users/:id', url: `/api/admin/users/${leaving.user.id}`, ok: 204 },
    { row: 'DELETE /api/admin/listings/:id', url: `/api/admin/listings/${doomed.id}`, ok: 204 },
    { row: 'GET /api/admin/audit', url: `/api/admin/audit?targetType=listing&targetId=${pending.id}`, ok: 200 },
    { row: 'GET /api/admin/reports', url: '/api/admin/reports', ok: 200 },
    { row: 'POST /api/admin/listings/:id/reports/resolve', url: `/api/admin/listings/${reported.id}/reports/resolve`, payload: { action: 'avvis' }, ok: 200 },
    { row: 'GET /api/feedbacks', url: '/api/feedbacks', ok: 200 },
    { row: 'GET /api/contact-messages', url: '/api/contact-messages', ok: 200 },
    { row: 'PATCH /api/feedbacks/:id/read', url: `/api/feedbacks/${feedback.id}/read`, ok: 200 },
    { row: 'DELETE /api/feedbacks/:id', url: `/api/feedbacks/${doomedFeedback.id}`, ok: 204 },
  ];
});
afterAll(() => t.close());

async function send(c: Case, cookie?: string): Promise<LightMyRequestResponse> {
  const [method] = c.row.split(' ');
  const opts: InjectOptions = { method: method as InjectOptions['method'], url: c.url, headers: cookie ? { cookie } : {} };
  if (c.payload) opts.payload = c.payload;
  const res = await t.app.inject(opts);
  expect(res.statusCode, `${c.row}: ${res.body}`).toBeLessThan(500);
  return res;
}

/** The rows served by admin procedures: every one of them must be walked below. */
const adminRows = () => restRoutes.filter((r) => r.procedure.startsWith('admin.')).map((r) => `${r.method} ${r.url}`);

describe('the admin REST paths', () => {
  it('are exactly the walked ones (a new admin row must be added here)', () => {
    expect(cases.map((c) => c.row).sort()).toEqual(adminRows().sort());
    expect(adminRows()).toEqual(
      expect.arrayContaining([
        'GET /api/admin/listings',
        'GET /api/admin/pending-listings',
        'GET /api/admin/users',
        'POST /api/admin/listings/:id/approve',
        'PUT /api/admin/users/:id',
        'DELETE /api/admin/users/:id',
        'DELETE /api/admin/listings/:id',
        'GET /api/feedbacks',
        'PATCH /api/feedbacks/:id/read',
        'DELETE /api/feedbacks/:id',
        'GET /api/contact-messages',
      ]),
    );
  });

  it("answer a visitor 401 'Du må være innlogget.' and change nothing", async () => {
    const before = await snapshot(t.store);
    for (const c of cases) {
      const res = await send(c);
      expect(res.statusCode, c.row).toBe(401);
      expect(res.json(), c.row).toEqual({ message: 'Du må være innlogget.' });
    }
    // A cookie of a session that does not exist is a visitor too.
    for (const c of cases) expect((await send(c, 'bp_session=forged')).statusCode, c.row).toBe(401);
    expect(await snapshot(t.store)).toBe(before);
  });

  it("answer a logged-in user 403 'Du har ikke administrator-rettigheter.' and change nothing", async () => {
    const before = await snapshot(t.store);
    for (const c of cases) {
      const res = await send(c, user.cookie);
      expect(res.statusCode, c.row).toBe(403);
      expect(res.json(), c.row).toEqual({ message: 'Du har ikke administrator-rettigheter.' });
    }
    expect(await snapshot(t.store)).toBe(before);
  });

  it('serve an admin, each call doing its work', async () => {
    const before = await snapshot(t.store);
    for (const c of cases) {
      const res = await send(c, admin.cookie);
      expect(res.statusCode, `${c.row}: ${res.body}`).toBe(c.ok);
    }
    expect(await snapshot(t.store)).not.toBe(before);
  });
});

describe('the admin tRPC procedures', () => {
  const paths = Object.keys(appRouter._def.procedures).filter((p) => p.startsWith('admin.'));

  /** A valid input for each procedure, so only the caller decides the answer. */
  const inputs: Record<string, unknown> = {
    'admin.listings.list': {},
    'admin.listings.pending': undefined,
    'admin.listings.review': { id: 1, approved: false, rejectionReason: 'Bildene mangler.' },
    'admin.listings.delete': { id: 1 },
    'admin.users.list': undefined,
    'admin.users.update': { id: 1, name: 'Ny Navn', email: 'ny@example.no', phone: '', address: '' },
    'admin.users.delete': { id: 1 },
    'admin.inbox.list': { kind: 'feedback' },
    'admin.inbox.markRead': { id: 1, isRead: false },
    'admin.inbox.delete': { id: 1 },
    'admin.audit.list': { targetType: 'user', targetId: 1 },
    'admin.reports.list': undefined,
    'admin.reports.resolve': { id: 1, action: 'avvis' },
  };

  async function codeOf(caller: ReturnType<typeof callerFor>, path: string): Promise<string> {
    let node: unknown = caller;
    for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
    try {
      await (node as (input: unknown) => Promise<unknown>)(inputs[path]);
      return 'OK';
    } catch (err) {
      return err instanceof TRPCError ? err.code : String(err);
    }
  }

  it('are all listed here', () => {
    expect(paths.sort()).toEqual(Object.keys(inputs).sort());
  });

  it('refuse a visitor (UNAUTHORIZED) and a user (FORBIDDEN) and change nothing', async () => {
    const before = await snapshot(t.store);
    for (const path of paths) {
      expect(await codeOf(callerFor(t.store, null), path), path).toBe('UNAUTHORIZED');
      expect(await codeOf(callerFor(t.store, { id: user.id }), path), path).toBe('FORBIDDEN');
    }
    expect(await snapshot(t.store)).toBe(before);
  });
});
