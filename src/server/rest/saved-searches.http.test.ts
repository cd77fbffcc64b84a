import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, loggedInUser, type TestApp, loggedInUsers, type TestUser } from '../testing/harness';
import { httpClient, itRefusesVisitors } from '../testing/http';
import { insertListing } from '../testing/listing-factory';
import { readOutbox } from '../testing/mail';

// Saved searches over REST (docs/product/api.md "Saved searches"): the caller's own only, `params` read by the
// schema of GET /api/listings, and the alert that an admin's approval sends to a matching search's owner, once, in
// GET /api/notifications with its link, never to the listing's owner.

let t: TestApp;
let admin: TestUser, seller: TestUser, anna: TestUser, bjorn: TestUser;

const { call } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedInUser(t.store, { isAdmin: true });
  [seller, anna, bjorn] = await loggedInUsers(t.store, 3);
});
afterAll(() => t.close());

describe('logged out', () => {
  itRefusesVisitors(
    () => t,
    [
      ['GET', '/api/saved-searches'],
      ['POST', '/api/saved-searches'],
      ['PATCH', '/api/saved-searches/1'],
      ['DELETE', '/api/saved-searches/1'],
    ],
    { name: 'x' },
  );
});

describe('saving, renaming, deleting', () => {
  it('saves with 201 and the parameters as the search reads them, lists, renames and deletes; others get 404', async () => {
    const res = await call('POST', '/api/saved-searches', anna.cookie, { name: ' Volvo under 300 000 ', params: { make: 'Volvo', priceMax: '300000', limit: 5 }, email: true });
    expect(res.statusCode).toBe(201);
    const saved = json(res);
    expect(saved).toEqual({ id: expect.any(Number), name: 'Volvo under 300 000', params: { make: 'Volvo', priceTo: 300_000, sort: 'newest' }, email: true, newHits: 0, createdAt: expect.any(String) });

    expect(json(await call('GET', '/api/saved-searches', anna.cookie)).map((s: { id: number }) => s.id)).toEqual([saved.id]);
    expect(json(await call('GET', '/api/saved-searches', bjorn.cookie))).toEqual([]);

    const renamed = await call('PATCH', `/api/saved-searches/${saved.id}`, anna.cookie, { name: 'Volvo', email: false });
    expect(json(renamed)).toMatchObject({ id: saved.id, name: 'Volvo', email: false });
    const foreign = await call('PATCH', `/api/saved-searches/${saved.id}`, bjorn.cookie, { name: 'Min nå' });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe('Fant ikke det lagrede søket.');
    expect((await call('DELETE', `/api/saved-searches/${saved.id}`, bjorn.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/saved-searches/${saved.id}`, anna.cookie)).statusCode).toBe(204);
    expect(json(await call('GET', '/api/saved-searches', anna.cookie))).toEqual([]);
  });

  it('answers a bad name or bad parameters with 400 in Norwegian', async () => {
    const empty = await call('POST', '/api/saved-searches', anna.cookie, { name: '  ', params: {} });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toContain('Gi søket et navn.');
    const bad = await call('POST', '/api/saved-searches', anna.cookie, { name: 'Feil', params: { priceTo: 'mye' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toContain('Pris til må være et tall.');
  });
});

describe('alerts', () => {
  it("an admin's approval alerts the matching search's owner once, with a link, and never the seller", async () => {
    const s = json(await call('POST', '/api/saved-searches', bjorn.cookie, { name: 'Elbil', params: { fuelType: 'el', query: 'tesla' } }));
    await call('POST', '/api/saved-searches', seller.cookie, { name: 'Mine', params: { query: 'tesla' } });
    const { id } = await insertListing(t.store, seller.user.id, { make: 'Tesla', model: 'Model 3', year: 2021, fuelType: 'el', status: 'pending' });

    const approve = await call('POST', `/api/admin/listings/${id}/approve`, admin.cookie, { approved: true });
    expect(approve.statusCode).toBe(200);
    const alerts = (cookie: string) =>
      call('GET', '/api/notifications', cookie).then((r) => json<{ title: string; data: unknown }[]>(r).filter((n) => n.title.startsWith('Nytt treff')));
    expect(await alerts(bjorn.cookie)).toEqual([expect.objectContaining({ title: 'Nytt treff i «Elbil»', data: { listingId: id, savedSearchId: s.id } })]);
    expect(await alerts(seller.cookie)).toEqual([]);
    expect(json(await call('GET', '/api/saved-searches', bjorn.cookie))[0].newHits).toBe(1);

    // Switched off and on again: no second alert.
    await call('PATCH', `/api/listings/${id}`, seller.cookie, { active: false });
    await call('PATCH', `/api/listings/${id}`, seller.cookie, { active: true });
    expect(await alerts(bjorn.cookie)).toHaveLength(1);

    expect((await call('POST', `/api/saved-searches/${s.id}/seen`, bjorn.cookie)).statusCode).toBe(204);
    expect(json(await call('GET', '/api/saved-searches', bjorn.cookie))[0].newHits).toBe(0);
  });
});

describe('alert e-mails and their one-click "Meld av"', () => {
  const mailsTo = async (address: string) => {
    await t.mailer.idle();
    return (await readOutbox(t.outboxDir)).filter((m) => m.to.toLowerCase() === address.toLowerCase());
  };
  const tokenOf = (text: string) => {
    const match = /\/meld-av-sok\?token=([a-z2-7]+)/.exec(text);
    if (!match) throw new Error(`no 'Meld av' link in:\n${text}`);
    return match[1];
  };

  it('mails the alert with the listing and a link that turns the e-mails off; the alerts themselves go on', async () => {
    const cecilie = await loggedInUser(t.store);
    const withMail = json(await call('POST', '/api/saved-searches', cecilie.cookie, { name: 'Saab 9-5', params: { make: 'Saab', query: 'aero' }, email: true }));
    const first = await insertListing(t.store, seller.user.id, { make: 'Saab', model: '9-5 Aero', year: 2009, status: 'pending' });
    expect((await call('POST', `/api/admin/listings/${first.id}/approve`, admin.cookie, { approved: true })).statusCode).toBe(200);

    const [mail, ...more] = await mailsTo(cecilie.user.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Nytt treff i «Saab 9-5»');
    expect(mail.text).toMatch(/Saab 9-5 Aero 2009 til \d{1,3}([\s\u00a0\u202f]\d{3})*[\s\u00a0\u202f]kr passer det lagrede søket ditt «Saab 9-5»\./);
    expect(mail.text).toContain(`/listing/${first.id}`);
    // Mail programs offer the same link as their own 'unsubscribe' (RFC 2369).
    const token = tokenOf(mail.text);
    const headers = mail.raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(new RegExp(`List-Unsubscribe: <http[^>]+/meld-av-sok\\?token=${token}>`));

    // The link works without a login, once is enough, and answers the search's name.
    const off = await call('POST', '/api/saved-searches/unsubscribe', undefined, { token });
    expect(off.statusCode).toBe(200);
    expect(json(off)).toEqual({ name: 'Saab 9-5' });
    expect(json(await call('GET', '/api/saved-searches', cecilie.cookie))).toEqual([expect.objectContaining({ id: withMail.id, email: false })]);

    // The next match is alerted in the notification list, and no longer by mail.
    const second = await insertListing(t.store, seller.user.id, { make: 'Saab', model: '9-5 Aero Sportcombi', year: 2010, status: 'pending' });
    await call('POST', `/api/admin/listings/${second.id}/approve`, admin.cookie, { approved: true });
    expect(await mailsTo(cecilie.user.email)).toHaveLength(1);
    const titles = json<{ title: string }[]>(await call('GET', '/api/notifications', cecilie.cookie)).map((n) => n.title);
    expect(titles.filter((x) => x === 'Nytt treff i «Saab 9-5»')).toHaveLength(2);
  });

  it('sends no mail for a search without e-mail', async () => {
    const dag = await loggedInUser(t.store);
    await call('POST', '/api/saved-searches', dag.cookie, { name: 'Lada', params: { make: 'Lada', query: 'niva' } });
    const { id } = await insertListing(t.store, seller.user.id, { make: 'Lada', model: 'Niva', year: 1995, status: 'pending' });
    await call('POST', `/api/admin/listings/${id}/approve`, admin.cookie, { approved: true });
    expect(await mailsTo(dag.user.email)).toEqual([]);
  });

  it('answers an unknown token with 404 and a malformed one with 400, in Norwegian', async () => {
    const unknown = await call('POST', '/api/saved-searches/unsubscribe', undefined, { token: 'a'.repeat(32) });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('Lenken for å melde deg av er ugyldig. Du kan slå av e-post for søket under Lagrede søk.');
    const malformed = await call('POST', '/api/saved-searches/unsubscribe', undefined, { token: '<script>' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).message).toContain('Lenken for å melde deg av er ugyldig.');
  });
});
