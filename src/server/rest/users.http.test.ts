import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, createUser, json, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';

// GET /api/users/:id, the public profile (docs/product/api.md): id, name, displayName, plus phone and address only where
// the user already shows them on a visible listing.

let t: TestApp;
const profile = async (id: number | string) => t.app.inject({ method: 'GET', url: `/api/users/${id}` });
const someone = (name: string) => createUser(t.db, { name, phone: '92345678', address: 'Parkveien 4, 0350 OSLO' }).then((u) => u.user);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/users/:id', () => {
  it('shows only id, name and display name of a user without visible listings', async () => {
    const u = await someone('Siri Holm');
    insertListing(t.db, u.id, { status: 'pending', hideAddress: false, hideContactInfo: false });
    insertListing(t.db, u.id, { status: 'rejected', hideAddress: false, hideContactInfo: false });
    insertListing(t.db, u.id, { active: false, hideAddress: false, hideContactInfo: false });
    const res = await profile(u.id);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ id: u.id, name: 'Siri Holm', displayName: 'Siri' });
  });

  it('adds the phone and the address where a visible listing shows them', async () => {
    const u = await someone('Geir Lie');
    insertListing(t.db, u.id, { hideAddress: false, hideContactInfo: false });
    expect(json(await profile(u.id))).toEqual({ id: u.id, name: 'Geir Lie', displayName: 'Geir', phone: '92345678', address: 'Parkveien 4, 0350 OSLO' });
  });

  it('keeps each detail hidden unless some visible listing shows it', async () => {
    const phoneOnly = await someone('Tone Bakke');
    insertListing(t.db, phoneOnly.id, { hideAddress: true, hideContactInfo: false });
    expect(json(await profile(phoneOnly.id))).toEqual({ id: phoneOnly.id, name: 'Tone Bakke', displayName: 'Tone', phone: '92345678' });

    const addressOnly = await someone('Arne Dahl');
    insertListing(t.db, addressOnly.id, { hideAddress: false, hideContactInfo: true });
    expect(json(await profile(addressOnly.id))).toEqual({ id: addressOnly.id, name: 'Arne Dahl', displayName: 'Arne', address: 'Parkveien 4, 0350 OSLO' });

    const both = await someone('Liv Moe');
    insertListing(t.db, both.id, { hideAddress: true, hideContactInfo: true });
    insertListing(t.db, both.id, { hideAddress: false, hideContactInfo: false, status: 'pending' });
    expect(json(await profile(both.id))).toEqual({ id: both.id, name: 'Liv Moe', displayName: 'Liv' });
  });

  it('never shows username, e-mail, admin flag or password hash', async () => {
    const u = await someone('Hans Vik');
    insertListing(t.db, u.id, { hideAddress: false, hideContactInfo: false });
    const body = (await profile(u.id)).body;
    for (const word of ['username', 'email', 'example.no', 'isAdmin', 'password', 'uniqueId']) expect(body).not.toContain(word);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const res = await profile(999_999);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: 'Bruker ikke funnet' });
    for (const bad of ['abc', '-3', '1.5']) expect((await profile(bad)).statusCode).toBe(400);
  });

  it('is the same over tRPC', async () => {
    const u = await someone('Eva Strand');
    await expect(callerFor(t.db, null).users.byId({ id: u.id })).resolves.toEqual({ id: u.id, name: 'Eva Strand', displayName: 'Eva' });
    await expect(callerFor(t.db, null).users.byId({ id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
