import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageShape } from '../../shared/schemas/chat';
import { REPORT_TEXTS } from '../../shared/texts/reports';
import { HTTP_MESSAGES } from '../errors';
import { RATE_LIMITS } from '../limits/rate-limits';
import { createTestApp, json, loggedInUser, loggedInUsers, type TestApp, type TestUser } from '../testing/harness';
import { httpClient } from '../testing/http';
import { insertListing } from '../testing/listing-factory';

// Reports over REST (docs/product/api.md#reports): POST /api/listings/{id}/reports, GET /api/admin/reports,
// POST /api/admin/listings/{id}/reports/resolve; and the chat warning in GET /api/messages/{chatId}.

let t: TestApp;
let seller: TestUser, admin: TestUser;
let buyers: TestUser[];
const { call } = httpClient(() => t);

const reportOf = (who: TestUser | undefined, id: number | string, body: unknown = { reason: 'svindel' }) => call('POST', `/api/listings/${id}/reports`, who?.cookie, body);
const searchIds = async () => json<{ id: number }[]>(await call('GET', '/api/listings?make=Saab')).map((l) => l.id);

beforeAll(async () => {
  t = await createTestApp();
  seller = await loggedInUser(t.store, { name: 'Siri Selger' });
  admin = await loggedInUser(t.store, { name: 'Ada Admin', isAdmin: true });
  buyers = await loggedInUsers(t.store, 4);
});
afterAll(() => t.close());

describe('POST /api/listings/{id}/reports', () => {
  it('401 for a visitor, 403 for the owner, 404 for a listing the caller cannot open', async () => {
    const { id } = await insertListing(t.store, seller.user.id);
    const hidden = await insertListing(t.store, seller.user.id, { active: false });
    const visitor = await reportOf(undefined, id);
    expect([visitor.statusCode, json(visitor).message]).toEqual([401, HTTP_MESSAGES.notLoggedIn]);
    const own = await reportOf(seller, id);
    expect([own.statusCode, json(own).message]).toEqual([403, REPORT_TEXTS.ownListing]);
    expect((await reportOf(buyers[0], hidden.id)).statusCode).toBe(404);
    expect((await reportOf(buyers[0], 2_000_000_000)).statusCode).toBe(404);
    // Not an id at all: a bad request, as for every route that takes one.
    expect((await reportOf(buyers[0], 'abc')).statusCode).toBe(400);
  });

  it('400 with a Norwegian message for a missing or unknown reason, or a too long comment', async () => {
    const { id } = await insertListing(t.store, seller.user.id);
    for (const body of [{}, { reason: 'kjedelig' }, { reason: 42 }]) {
      const res = await reportOf(buyers[0], id, body);
      expect([res.statusCode, json(res).message]).toEqual([400, REPORT_TEXTS.reasonRequired]);
    }
    const long = await reportOf(buyers[0], id, { reason: 'annet', comment: 'x'.repeat(1001) });
    expect([long.statusCode, json(long).message]).toEqual([400, 'Kommentaren kan ikke være lengre enn 1000 tegn.']);
    expect((await reportOf(buyers[0], id, { reason: 'annet', comment: 5 })).statusCode).toBe(400);
  });

  it('201 with the report, then 409 for a second report of the same listing', async () => {
    const { id } = await insertListing(t.store, seller.user.id);
    const res = await reportOf(buyers[0], id, { reason: 'feil_informasjon', comment: '  Feil årsmodell ' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ listingId: id, reason: 'feil_informasjon', comment: 'Feil årsmodell', resolution: null });
    const again = await reportOf(buyers[0], id, { reason: 'annet' });
    expect([again.statusCode, json(again).message]).toEqual([409, 'Du har allerede rapportert denne annonsen.']);
  });
});

describe('three reports, and the admin decides', () => {
  let id: number;

  it('three accounts hide the listing: gone from search, 404 for buyers, the owner sees it hidden and cannot activate it', async () => {
    id = (await insertListing(t.store, seller.user.id, { make: 'Saab', model: '9-5', year: 2009 })).id;
    for (const b of buyers.slice(0, 2)) expect((await reportOf(b, id)).statusCode).toBe(201);
    expect(await searchIds()).toEqual([id]);
    expect((await reportOf(buyers[2], id, { reason: 'upassende' })).statusCode).toBe(201);

    expect(await searchIds()).toEqual([]);
    expect((await call('GET', `/api/listings/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/listings/${id}`, buyers[3].cookie)).statusCode).toBe(404);
    expect(json(await call('GET', `/api/listings/${id}`, seller.cookie))).toMatchObject({ id, reportHidden: true, active: false });
    expect(json(await call('GET', `/api/listings/${id}`, admin.cookie))).toMatchObject({ id, reportHidden: true });
    const mine = json<{ id: number; reportHidden: boolean }[]>(await call('GET', '/api/my-listings', seller.cookie));
    expect(mine.find((l) => l.id === id)).toMatchObject({ reportHidden: true });
    const activate = await call('PATCH', `/api/listings/${id}`, seller.cookie, { active: true });
    expect([activate.statusCode, json(activate).message]).toEqual([409, REPORT_TEXTS.activationRefused]);
    expect((await call('PATCH', `/api/listings/${id}`, seller.cookie, { sold: true })).statusCode).toBe(409);
  });

  it('GET /api/admin/reports: 401, 403, and the reported listings for an admin', async () => {
    expect((await call('GET', '/api/admin/reports')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/reports', buyers[0].cookie)).statusCode).toBe(403);
    const res = await call('GET', '/api/admin/reports', admin.cookie);
    expect(res.statusCode).toBe(200);
    const item = json<{ listing: { id: number; hiddenAt: string | null }; reports: { reason: string; reporter: { id: number } }[] }[]>(res).find((i) => i.listing.id === id)!;
    expect(item.listing.hiddenAt).not.toBeNull();
    expect(item.reports.map((r) => [r.reason, r.reporter.id])).toEqual([
      ['svindel', buyers[0].user.id],
      ['svindel', buyers[1].user.id],
      ['upassende', buyers[2].user.id],
    ]);
  });

  it('POST …/reports/resolve: 401, 403, 400 for an unknown action, then avvis shows it again and 404 afterwards', async () => {
    const url = `/api/admin/listings/${id}/reports/resolve`;
    expect((await call('POST', url, undefined, { action: 'avvis' })).statusCode).toBe(401);
    expect((await call('POST', url, seller.cookie, { action: 'avvis' })).statusCode).toBe(403);
    const bad = await call('POST', url, admin.cookie, { action: 'slett' });
    expect([bad.statusCode, json(bad).message]).toEqual([400, 'action må være avvis eller fjern.']);

    const res = await call('POST', url, admin.cookie, { action: 'avvis' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ listingId: id, action: 'avvis', resolved: 3 });
    expect(await searchIds()).toEqual([id]);
    expect(json(await call('GET', `/api/listings/${id}`))).toMatchObject({ id, reportHidden: false });
    const notes = json<{ title: string }[]>(await call('GET', '/api/notifications', buyers[0].cookie));
    expect(notes[0]).toMatchObject({ title: 'Rapporten din er vurdert' });
    const audit = json<{ action: string }[]>(await call('GET', `/api/admin/audit?targetType=listing&targetId=${id}`, admin.cookie));
    expect(audit[0]).toMatchObject({ action: 'listing.reports_dismiss' });

    const again = await call('POST', url, admin.cookie, { action: 'avvis' });
    expect([again.statusCode, json(again).message]).toEqual([404, REPORT_TEXTS.nothingToResolve]);
  });

  it("'fjern' rejects it with the reports' reasons", async () => {
    expect((await reportOf(buyers[3], id, { reason: 'feil_informasjon' })).statusCode).toBe(201);
    const res = await call('POST', `/api/admin/listings/${id}/reports/resolve`, admin.cookie, { action: 'fjern' });
    expect(json(res)).toEqual({ listingId: id, action: 'fjern', resolved: 1 });
    expect((await call('GET', `/api/listings/${id}`)).statusCode).toBe(404);
    expect(json(await call('GET', `/api/listings/${id}`, seller.cookie))).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Fjernet etter rapporter fra brukere (feil informasjon)',
    });
    const exported = json<{ reports: { listingId: number; resolution: string }[] }>(await call('GET', '/api/auth/export', buyers[3].cookie));
    expect(exported.reports).toEqual([expect.objectContaining({ listingId: id, resolution: 'fjern' })]);
  });
});

describe('rate limit', () => {
  it(`refuses the ${RATE_LIMITS.listingReport.max + 1}th report of an account within the hour with 429`, async () => {
    const me = await loggedInUser(t.store);
    const { id } = await insertListing(t.store, me.user.id);
    for (let i = 0; i < RATE_LIMITS.listingReport.max; i++) expect((await reportOf(me, id)).statusCode).toBe(403);
    expect((await reportOf(me, id)).statusCode).toBe(429);
  });
});

describe('the chat warning', () => {
  it('marks messages with an address, a phone number or advance payment words, and no others', async () => {
    const { id } = await insertListing(t.store, seller.user.id);
    const buyer = await loggedInUser(t.store);
    const start = await call('POST', '/api/chats/start', buyer.cookie, { listingId: id, sellerId: seller.user.id, message: 'Hei! Er den til salgs for 250 000?' });
    const { chatId } = json<{ chatId: number }>(start);
    const sent = await call('POST', '/api/messages', seller.cookie, { chatId, content: 'Ja! Send meg en SMS på 912 34 567' });
    expect(json<MessageShape>(sent)).toMatchObject({ warning: true });
    await call('POST', '/api/messages', buyer.cookie, { chatId, content: 'Kan jeg betale forskudd via Western Union?' });
    const messages = json<MessageShape[]>(await call('GET', `/api/messages/${chatId}`, buyer.cookie));
    expect(messages.map((m) => m.warning)).toEqual([false, true, true]);
  });
});
