import { createTRPCClient, createWSClient, TRPCClientError, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetailShape } from '../../shared/schemas/listing-shape';
import { callerFor, createTestApp, createUser, json, listenOnLoopback, loggedInUser, sessionCookie, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';
import type { AppRouter } from '../trpc/root';

// GET /api/users/:id, the public seller profile (docs/product/api.md "Shapes"): only what the seller's visible listings
// already show a buyer (GET /api/listings/:id, its `seller`), and for a user without a visible listing the same 404 as
// for an id nobody has, so sequential ids do not list everyone's name.

let t: TestApp;
let origin: string;
const HOME = 'Parkveien 4, 0350 OSLO';
const HOME_PHONE = '92345678';
const profile = async (id: number | string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: cookie ? { cookie } : {} });
const someone = (name: string) => createUser(t.store, { name, phone: HOME_PHONE, address: HOME }).then((u) => u.user);
const day = (n: number) => new Date(Date.UTC(2025, 0, n));
const trpcGet = (id: number) => t.app.inject({ method: 'GET', url: `/trpc/users.byId?input=${encodeURIComponent(JSON.stringify({ id }))}` });

beforeAll(async () => {
  t = await createTestApp();
  origin = `http://127.0.0.1:${await listenOnLoopback(t)}`;
});
afterAll(() => t.close());

describe('GET /api/users/:id', () => {
  it('answers a user without a listing visible to buyers exactly as an id nobody has', async () => {
    const unknown = await profile(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ message: 'Bruker ikke funnet' });

    const none = await someone('Siri Holm');
    const pending = await someone('Odd Berg');
    await insertListing(t.store, pending.id, { status: 'pending', hideAddress: false, hideContactInfo: false });
    const rejected = await someone('Randi Sæther');
    await insertListing(t.store, rejected.id, { status: 'rejected', rejectionReason: 'Uklare bilder', hideAddress: false, hideContactInfo: false });
    const inactive = await someone('Kjell Aas');
    await insertListing(t.store, inactive.id, { active: false, hideAddress: false, hideContactInfo: false });
    const approvedButInactive = await someone('Marit Lund');
    await insertListing(t.store, approvedButInactive.id, { status: 'pending' });
    await insertListing(t.store, approvedButInactive.id, { status: 'approved', active: false });

    for (const u of [none, pending, rejected, inactive, approvedButInactive]) {
      const res = await profile(u.id);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(res.body).not.toContain(u.name);
    }
  });

  it('answers the same to the user themselves and to an admin: the public route is one answer for everyone', async () => {
    const { user, cookie } = await loggedInUser(t.store, { name: 'Trond Eng', phone: HOME_PHONE, address: HOME });
    const admin = await loggedInUser(t.store, { isAdmin: true });
    await insertListing(t.store, user.id, { status: 'pending', hideAddress: false, hideContactInfo: false });
    const unknown = await profile(999_999);
    for (const c of [cookie, admin.cookie]) {
      const res = await profile(user.id, c);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
    }

    await insertListing(t.store, user.id, { hideAddress: true, hideContactInfo: true });
    const asVisitor = await profile(user.id);
    expect(json(asVisitor)).toEqual({ id: user.id, name: 'Trond Eng', displayName: 'Trond' });
    for (const c of [cookie, admin.cookie, await sessionCookie(t.store, user.id)]) expect((await profile(user.id, c)).body).toBe(asVisitor.body);
  });

  it("shows the listing's own address, never the account's home address", async () => {
    const u = await someone('Geir Lie');
    await insertListing(t.store, u.id, { address: 'Storgata 12, 0155 Oslo', hideAddress: false, hideContactInfo: false });
    const res = await profile(u.id);
    expect(json(res)).toEqual({ id: u.id, name: 'Geir Lie', displayName: 'Geir', phone: HOME_PHONE, address: 'Storgata 12, 0155 Oslo' });
    expect(res.body).not.toContain('Parkveien');
  });

  it('never shows the home address, not even through a visible listing without an address of its own', async () => {
    const u = await someone('Bodil Sande');
    await insertListing(t.store, u.id, { address: '', hideAddress: false, hideContactInfo: true });
    const res = await profile(u.id);
    expect(json(res)).toEqual({ id: u.id, name: 'Bodil Sande', displayName: 'Bodil' });
    expect(res.body).not.toContain('Parkveien');
  });

  it("takes the address of the newest visible listing that shows one, not a newer hidden or pending listing's", async () => {
    const u = await someone('Nils Haugen');
    await insertListing(t.store, u.id, { address: 'Gamleveien 1, 5003 Bergen', hideAddress: false, createdAt: day(1) });
    await insertListing(t.store, u.id, { address: 'Kongens gate 9, 7011 Trondheim', hideAddress: false, createdAt: day(5) });
    await insertListing(t.store, u.id, { address: 'Skjultveien 2, 4006 Stavanger', hideAddress: true, createdAt: day(8) });
    await insertListing(t.store, u.id, { address: 'Ventegata 3, 9008 Tromsø', hideAddress: false, status: 'pending', createdAt: day(9) });
    await insertListing(t.store, u.id, { address: 'Solgtveien 4, 3015 Drammen', hideAddress: false, active: false, createdAt: day(10) });
    const body = (await profile(u.id)).body;
    expect(JSON.parse(body).address).toBe('Kongens gate 9, 7011 Trondheim');
    for (const other of ['Gamleveien', 'Skjultveien', 'Ventegata', 'Solgtveien', 'Parkveien']) expect(body).not.toContain(other);
  });

  it("shows the phone a visible listing shows: its contact phone, else the account's, and only without hideContactInfo", async () => {
    const own = await someone('Tone Bakke');
    await insertListing(t.store, own.id, { contactPhone: '41234567', hideContactInfo: false, hideAddress: true, createdAt: day(2) });
    await insertListing(t.store, own.id, { contactPhone: '97654321', hideContactInfo: true, createdAt: day(3) });
    await insertListing(t.store, own.id, { contactPhone: '48765432', hideContactInfo: false, status: 'rejected', createdAt: day(4) });
    const res = await profile(own.id);
    expect(json(res).phone).toBe('41234567');
    for (const other of [HOME_PHONE, '97654321', '48765432']) expect(res.body).not.toContain(other);

    const account = await someone('Arne Dahl');
    await insertListing(t.store, account.id, { contactPhone: '', hideContactInfo: false, hideAddress: true });
    expect(json(await profile(account.id))).toEqual({ id: account.id, name: 'Arne Dahl', displayName: 'Arne', phone: HOME_PHONE });

    const noPhone = await createUser(t.store, { name: 'Liv Moe', phone: '', address: HOME }).then((r) => r.user);
    await insertListing(t.store, noPhone.id, { contactPhone: '', hideContactInfo: false, hideAddress: true });
    expect(json(await profile(noPhone.id))).toEqual({ id: noPhone.id, name: 'Liv Moe', displayName: 'Liv' });
  });

  it('keeps each detail hidden unless some visible listing shows it', async () => {
    const u = await someone('Eirik Foss');
    await insertListing(t.store, u.id, { hideAddress: true, hideContactInfo: true });
    await insertListing(t.store, u.id, { hideAddress: false, hideContactInfo: false, status: 'pending' });
    await insertListing(t.store, u.id, { hideAddress: false, hideContactInfo: false, active: false });
    expect(json(await profile(u.id))).toEqual({ id: u.id, name: 'Eirik Foss', displayName: 'Eirik' });
  });

  it("shows nothing the seller's visible listings do not show a buyer", async () => {
    const u = await someone('Hilde Ruud');
    const ids = [
      (await insertListing(t.store, u.id, { address: 'Elvegata 5, 2317 Hamar', contactPhone: '', hideAddress: false, hideContactInfo: false, createdAt: day(1) })).id,
      (await insertListing(t.store, u.id, { address: 'Torget 1, 3510 Hønefoss', contactPhone: '46123456', hideAddress: true, hideContactInfo: false, createdAt: day(6) })).id,
      (await insertListing(t.store, u.id, { address: 'Bryggen 2, 5003 Bergen', contactPhone: '93456789', hideAddress: false, hideContactInfo: true, createdAt: day(7) })).id,
    ];
    const shown = { name: new Set<unknown>(), displayName: new Set<unknown>(), phone: new Set<unknown>(), address: new Set<unknown>() };
    for (const id of ids) {
      const { seller } = json<ListingDetailShape>(await t.app.inject({ method: 'GET', url: `/api/listings/${id}` }));
      for (const key of Object.keys(shown) as (keyof typeof shown)[]) if (seller[key] !== undefined) shown[key].add(seller[key]);
    }
    const p = json<Record<string, unknown>>(await profile(u.id));
    expect(Object.keys(p).sort()).toEqual(['address', 'displayName', 'id', 'name', 'phone']);
    for (const key of Object.keys(shown) as (keyof typeof shown)[]) expect(shown[key]).toContain(p[key]);
    expect(p).toMatchObject({ phone: '46123456', address: 'Bryggen 2, 5003 Bergen' });
  });

  it('never shows username, e-mail, admin flag or password hash', async () => {
    const u = await someone('Hans Vik');
    await insertListing(t.store, u.id, { hideAddress: false, hideContactInfo: false });
    const body = (await profile(u.id)).body;
    for (const word of ['username', 'email', 'example.no', 'isAdmin', 'password', 'uniqueId']) expect(body).not.toContain(word);
  });

  it('answers 400 for a malformed id', async () => {
    for (const bad of ['abc', '-3', '1.5']) expect((await profile(bad)).statusCode).toBe(400);
  });
});

describe('users.byId over tRPC', () => {
  it('answers over HTTP as the REST route does, and a user without a visible listing as an unknown id', async () => {
    const shown = await someone('Eva Strand');
    await insertListing(t.store, shown.id, { address: 'Strandveien 7, 1366 Lysaker', contactPhone: '45678901' });
    const ok = await trpcGet(shown.id);
    expect(ok.statusCode).toBe(200);
    expect(json(ok).result.data).toEqual(json(await profile(shown.id)));
    expect(json(ok).result.data).toEqual({ id: shown.id, name: 'Eva Strand', displayName: 'Eva', phone: '45678901', address: 'Strandveien 7, 1366 Lysaker' });

    const unshown = await someone('Per Hagen');
    await insertListing(t.store, unshown.id, { status: 'pending' });
    const unknown = await trpcGet(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error.message).toBe('Bruker ikke funnet');
    const res = await trpcGet(unshown.id);
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(unknown.body);

    await expect(callerFor(t.store, unshown).users.byId({ id: unshown.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Bruker ikke funnet' });
  });

  it('answers the same over a WebSocket', async () => {
    const shown = await someone('Ola Vik');
    await insertListing(t.store, shown.id, { address: 'Fjordgata 3, 6002 Ålesund', hideContactInfo: true });
    const unshown = await someone('Kari Ness');
    await insertListing(t.store, unshown.id, { active: false });

    const wsClient = createWSClient({
      url: `${origin.replace('http', 'ws')}/trpc`,
      WebSocket: class extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers: { origin } });
        }
      } as never,
    });
    try {
      const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
      expect(await client.users.byId.query({ id: shown.id })).toEqual({
        id: shown.id,
        name: 'Ola Vik',
        displayName: 'Ola',
        address: 'Fjordgata 3, 6002 Ålesund',
      });
      const errorOf = (id: number) => client.users.byId.query({ id }).then(
        () => null,
        (e: unknown) => (e instanceof TRPCClientError ? { message: e.message, code: (e.data as { code?: string }).code } : e),
      );
      const unknown = await errorOf(999_999);
      expect(unknown).toEqual({ message: 'Bruker ikke funnet', code: 'NOT_FOUND' });
      expect(await errorOf(unshown.id)).toEqual(unknown);
    } finally {
      await wsClient.close();
    }
  });
});
