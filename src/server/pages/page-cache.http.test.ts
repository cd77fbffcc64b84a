import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase } from '../../../db/pg/client';
import { formatPrice } from '../../shared/format';
import { RenderAhead } from './render-ahead';
import { createPgStore, type Store } from '../store';
import { createTestApp, json, loggedInUser, type TestApp, type TestUser } from '../testing/harness';
import { LISTING_FORM } from '../testing/listing-factory';
import { createTestStore, pgUrlOf, testDialect } from '../testing/stores';

// The page cache as a listing's page meets it (src/server/http/response-cache.ts, pages/server-render.ts
// listingPageTag): a listing's page is kept until that listing, or what it shows of its seller, changes, whatever
// happens to the other listings; a changed listing's page is rendered ahead; and on PostgreSQL an instance never
// serves a page another instance changed. X-Cache says whether an answer came from the kept page.

const ORIGIN = 'https://bilpartner.example';
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const noLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return this; }, level: 'silent', silent() {} } as never;

/** A listing of `seller`'s, created over HTTP and approved by `admin`: answers its id. */
async function approvedListing(t: TestApp, seller: TestUser, admin: TestUser, form: Partial<typeof LISTING_FORM> = {}): Promise<number> {
  const created = await t.app.inject({ method: 'POST', url: '/api/listings', headers: { cookie: seller.cookie }, payload: { ...LISTING_FORM, ...form } });
  expect(created.statusCode, created.body).toBe(201);
  const id = json(created).id as number;
  const approved = await t.app.inject({ method: 'POST', url: `/api/admin/listings/${id}/approve`, headers: { cookie: admin.cookie }, payload: { approved: true } });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

const setPrice = async (t: TestApp, seller: TestUser, id: number, price: number) => {
  const res = await t.app.inject({ method: 'PATCH', url: `/api/listings/${id}`, headers: { cookie: seller.cookie }, payload: { ...LISTING_FORM, price } });
  expect(res.statusCode, res.body).toBe(200);
};

/** Asks for a page until it is kept (a URL is kept from its second request on): answers its ETag. */
async function keptEtag(t: TestApp, url: string): Promise<string> {
  await t.app.inject({ url });
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  expect(res.headers.etag).toMatch(/^".+"$/);
  return String(res.headers.etag);
}

describe('a listing page in the page cache', () => {
  let t: TestApp;
  let renderAhead: RenderAhead;
  let seller: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    renderAhead = new RenderAhead(noLog);
    t = await createTestApp({ publicUrl: ORIGIN }, { serverRender: true, renderAhead });
    seller = await loggedInUser(t.store, { name: 'Kari Selger' });
    admin = await loggedInUser(t.store, { isAdmin: true });
  });
  afterAll(() => t.close());

  it("stays kept when another listing changes: its ETag still gets 304, from the kept page", async () => {
    const kept = await approvedListing(t, seller, admin);
    const other = await approvedListing(t, seller, admin);
    await renderAhead.idle();
    const etag = await keptEtag(t, `/listing/${kept}`);
    await setPrice(t, seller, other, 350_000);
    const res = await t.app.inject({ url: `/listing/${kept}`, headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.headers['x-cache']).toBe('hit');
    expect(res.headers.etag).toBe(etag);
  });

  it("answers a changed listing's page with its new content and a new ETag, and 304 to that one", async () => {
    const id = await approvedListing(t, seller, admin);
    await renderAhead.idle();
    const url = `/listing/${id}`;
    const etag = await keptEtag(t, url);
    await setPrice(t, seller, id, 377_100);
    const changed = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(spaces(changed.body)).toContain(spaces(formatPrice(379_600)));
    expect(changed.headers.etag).toMatch(/^".+"$/);
    expect(changed.headers.etag).not.toBe(etag);
    const again = await t.app.inject({ url, headers: { 'if-none-match': String(changed.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("changes a listing's page when its seller's name changes", async () => {
    const owner = await loggedInUser(t.store, { name: 'Per Gammelnavn', email: 'per.selger@example.no' });
    const id = await approvedListing(t, owner, admin);
    await renderAhead.idle();
    const url = `/listing/${id}`;
    const etag = await keptEtag(t, url);
    expect((await t.app.inject({ url })).body).toContain('Per Gammelnavn');
    const profile = { name: 'Per Nyttnavn', displayName: 'Per Nyttnavn', email: 'per.selger@example.no', phone: '91234567', address: '' };
    const updated = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: { cookie: owner.cookie }, payload: profile });
    expect(updated.statusCode, updated.body).toBe(200);
    const res = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(etag);
    expect(res.body).toContain('Per Nyttnavn');
    expect(res.body).not.toContain('Per Gammelnavn');
  });

  it("renders an approved listing's page ahead: its first visitor is served the kept page", async () => {
    const id = await approvedListing(t, seller, admin, { model: 'Model 3' });
    await renderAhead.idle();
    const first = await t.app.inject({ url: `/listing/${id}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('hit');
    expect(first.body).toContain('Tesla Model 3');
    // So is a price change's.
    await setPrice(t, seller, id, 360_000);
    await renderAhead.idle();
    const changed = await t.app.inject({ url: `/listing/${id}` });
    expect(changed.headers['x-cache']).toBe('hit');
    expect(spaces(changed.body)).toContain(spaces(formatPrice(362_500)));
  });
});

describe.runIf(testDialect() === 'pg')('a listing page on two instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let storeB: Store;
  let seller: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    a = await createTestApp({ publicUrl: ORIGIN }, { serverRender: true, store: await createTestStore('pg') });
    storeB = createPgStore(await openPgDatabase(pgUrlOf(a.store), { max: 4 }));
    b = await createTestApp({ publicUrl: ORIGIN }, { serverRender: true, store: storeB });
    seller = await loggedInUser(a.store);
    admin = await loggedInUser(a.store, { isAdmin: true });
  });
  afterAll(async () => {
    await b?.close();
    await storeB?.close();
    await a?.close();
    await a?.store.close();
  });

  it("never serves on B a page A changed, and B's render of an unchanged page keeps A's ETag", async () => {
    const id = await approvedListing(a, seller, admin);
    const url = `/listing/${id}`;
    const etag = await keptEtag(b, url);
    // Unchanged: A's render has B's ETag, so a browser's copy stays valid whichever instance answers.
    expect((await a.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await setPrice(a, seller, id, 377_100);
    const res = await b.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-cache']).toBe('miss');
    expect(spaces(res.body)).toContain(spaces(formatPrice(379_600)));
    expect(res.headers.etag).not.toBe(etag);
  });
});
