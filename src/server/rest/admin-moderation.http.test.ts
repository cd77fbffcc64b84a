import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { as, httpClient } from '../testing/http';
import { gradientJpeg, toDataUrl } from '../testing/images';
import { countRows, findRow, findRows } from '../testing/store-rows';

// Moderation over HTTP (docs/product/admin.md#moderation): a new listing waits as pending, is rejected with a reason,
// then approved. At each step: what the public sees (detail and search), what the owner is told (notifications,
// /mine-annonser) and what the admin's pending tab and audit log show.

let t: TestApp;
let owner: { id: number; cookie: string };
let admin: { id: number; cookie: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const o = await loggedInUser(t.store, { name: 'Kari Nordmann' });
  const a = await loggedInUser(t.store, { name: 'Ada Admin', isAdmin: true });
  owner = { id: o.user.id, cookie: o.cookie };
  admin = { id: a.user.id, cookie: a.cookie, name: a.user.name };
});
afterAll(() => t.close());

const { send } = httpClient(() => t);
const get = (url: string, who: { cookie: string } | null = null) => send({ method: 'GET', url, headers: as(who) });
const review = (id: number | string, payload: unknown, who: { cookie: string } | null = admin) =>
  send({ method: 'POST', url: `/api/admin/listings/${id}/approve`, payload: payload as InjectOptions['payload'], headers: as(who) });

const form = {
  registrationNumber: 'SB 95001',
  make: 'Saab',
  model: '9-5 Aero',
  year: 2008,
  bodyType: 'stasjonsvogn',
  fuelType: 'bensin',
  transmission: 'automat',
  drivetrain: 'forhjulsdrift',
  mileage: 212000,
  color: 'Svart',
  description: 'Velholdt Saab med full servicehistorikk.',
  price: 49000,
  registrationFee: 1500,
  address: 'Kongens gate 5, 7011 TRONDHEIM',
};

/** What the public sees: the detail page's status and whether a search for the make finds it. */
async function publicView(id: number) {
  const detail = await get(`/api/listings/${id}`);
  const search = await get('/api/listings?make=Saab');
  const found = (json(search) as { id: number }[]).some((l) => l.id === id);
  return { detail: detail.statusCode, found, total: Number(search.headers['x-total-count']) };
}
const ownerNotifications = async () => json(await get('/api/notifications', owner)) as { type: string; title: string; message: string; data: Record<string, unknown> | null }[];
const pendingIds = async () => (json(await get('/api/admin/pending-listings', admin)) as { id: number }[]).map((l) => l.id);
const mine = async (id: number) => (json(await get('/api/my-listings', owner)) as { id: number; status: string; rejectionReason: string | null }[]).find((l) => l.id === id)!;

describe('pending → rejected with a reason → approved', () => {
  it('is visible to the public only once approved, and tells the owner at each decision', async () => {
    const created = await send({
      method: 'POST',
      url: '/api/listings',
      payload: { ...form, images: [toDataUrl(await gradientJpeg(800, 600, 30))] },
      headers: as(owner),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = json(created).id as number;

    // Pending: hidden from the public, in the admin's pending tab with photos and owner.
    expect(await publicView(id)).toEqual({ detail: 404, found: false, total: 0 });
    expect((await get(`/api/listings/${id}`, owner)).statusCode).toBe(200);
    const pending = (json(await get('/api/admin/pending-listings', admin)) as { id: number; images: string[]; owner: { username: string }; mileage: number }[]).find((l) => l.id === id)!;
    expect(pending.images).toHaveLength(1);
    expect(pending.mileage).toBe(212000);
    expect(pending.owner.username).toMatch(/^bruker/);
    expect(await ownerNotifications()).toEqual([]);

    // A blank reason is refused and changes nothing.
    for (const payload of [{ approved: false }, { approved: false, rejectionReason: '   ' }, { approved: false, rejectionReason: null }]) {
      const res = await review(id, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('Vennligst oppgi en årsak for avvisning');
      expect(json(res).details).toEqual({ rejectionReason: 'Vennligst oppgi en årsak for avvisning' });
    }
    expect((await review(id, { rejectionReason: 'x' })).statusCode).toBe(400);
    expect((await findRow(t.store, 'listings', { id }))!.status).toBe('pending');
    expect(await ownerNotifications()).toEqual([]);

    // Rejected: still hidden; the owner is told why, and /mine-annonser shows the reason.
    const rejected = await review(id, { approved: false, rejectionReason: '  Bildet viser ikke bilen.  ' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(json(rejected)).toEqual({ id, status: 'rejected', rejectionReason: 'Bildet viser ikke bilen.', edit: false });
    expect(await publicView(id)).toEqual({ detail: 404, found: false, total: 0 });
    expect(await mine(id)).toMatchObject({ status: 'rejected', rejectionReason: 'Bildet viser ikke bilen.' });
    expect(await pendingIds()).not.toContain(id);
    const afterReject = await ownerNotifications();
    expect(afterReject).toHaveLength(1);
    expect(afterReject[0]).toMatchObject({
      type: 'error',
      title: 'Annonsen din ble avvist',
      message: 'Saab 9-5 Aero 2008 ble avvist: Bildet viser ikke bilen.',
      data: { listingId: id },
    });
    const rejectedRow = (json(await get('/api/admin/listings?status=rejected', admin)) as { id: number; rejectionReason: string }[]).find((l) => l.id === id);
    expect(rejectedRow?.rejectionReason).toBe('Bildet viser ikke bilen.');

    // 'Godkjenn likevel': approved, public in detail and search, the owner told.
    const approved = await review(id, { approved: true, rejectionReason: 'ignored when approving' });
    expect(approved.statusCode).toBe(200);
    expect(json(approved)).toEqual({ id, status: 'approved', rejectionReason: null, edit: false });
    expect(await publicView(id)).toEqual({ detail: 200, found: true, total: 1 });
    expect(await mine(id)).toMatchObject({ status: 'approved', rejectionReason: null });
    const afterApprove = await ownerNotifications();
    expect(afterApprove).toHaveLength(2);
    expect(afterApprove[0]).toMatchObject({ type: 'success', title: 'Annonsen din er godkjent', message: 'Saab 9-5 Aero 2008 er nå synlig for kjøpere.' });

    // The audit log names both decisions, newest first, with the admin and the reason.
    const audit = json(await get(`/api/admin/audit?targetType=listing&targetId=${id}`, admin)) as { action: string; actorName: string; actorId: number; details: unknown; targetLabel: string }[];
    expect(audit.map((e) => e.action)).toEqual(['listing.approve', 'listing.reject']);
    expect(audit[1]).toMatchObject({ actorId: admin.id, actorName: admin.name, details: { rejectionReason: 'Bildet viser ikke bilen.' } });
    expect(audit[0].targetLabel).toMatch(/^BP-[A-Z0-9]{6} Saab 9-5 Aero 2008$/);
  });

  it('answers 404 for a listing that does not exist, and 400 for a body that is not an object', async () => {
    const before = await countRows(t.store, 'notifications');
    const missing = await review(999_999, { approved: true });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Annonse ikke funnet');
    for (const body of ['[]', '"ja"', '42']) {
      const res = await send({ method: 'POST', url: '/api/admin/listings/1/approve', payload: body, headers: { ...as(admin), 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
    }
    expect((await review(1, { approved: 'yes' })).statusCode).toBe(400);
    expect(await countRows(t.store, 'notifications')).toBe(before);
  });

  it('keeps the audit entries after the listing is deleted', async () => {
    const created = await send({ method: 'POST', url: '/api/listings', payload: { ...form, registrationNumber: 'SB 95002', images: [] }, headers: as(owner) });
    const id = json(created).id as number;
    expect((await review(id, { approved: true })).statusCode).toBe(200);
    const del = await send({ method: 'DELETE', url: `/api/admin/listings/${id}`, headers: as(admin) });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/listings/${id}`, owner)).statusCode).toBe(404);
    const audit = json(await get(`/api/admin/audit?targetType=listing&targetId=${id}`, admin)) as { action: string }[];
    expect(audit.map((e) => e.action)).toEqual(['listing.delete', 'listing.approve']);
    expect(await findRows(t.store, 'auditLog', { targetId: id })).toHaveLength(2);
  });
});
