import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMileage } from '../../shared/format';
import { pendingListingShape } from '../../shared/schemas/moderation';
import type { ListingDetailShape, ListingShape } from '../../shared/schemas/listing-shape';
import { keyFromUrl } from '../integrations/image-storage';
import { InProcessHub } from '../realtime/hub';
import { createTestApp, createUser, json, loggedInUser, sessionCookie, type TestApp } from '../testing/harness';
import { gradientJpeg, pngImage, toDataUrl } from '../testing/images';
import { cleanupStagedImages } from './images';
import { pendingListings, reviewListing } from './moderation';
import { LISTING_FORM } from '../testing/listing-factory';
import { findRow, findRows } from '../testing/store-rows';

// docs/decisions/007-pending-revisions.md: an owner's edit of an approved listing waits for review while buyers, the
// search and its index keep the approved version; the owner's reads show the edit and its status; approving swaps it
// in, rejecting keeps the approved version and gives the owner the reason.

let t: TestApp;
let owner: { id: number; cookie: string };
let buyer: { id: number; cookie: string };
let admin: { id: number; cookie: string; name: string };
let jpeg: string;
let png: string;
const hub = new InProcessHub();

beforeAll(async () => {
  t = await createTestApp();
  const o = await loggedInUser(t.store, { name: 'Ola Hansen' });
  const b = await loggedInUser(t.store, { name: 'Per Kjøper' });
  const { user: a } = await createUser(t.store, { isAdmin: true, name: 'Ada Admin' });
  owner = { id: o.user.id, cookie: o.cookie };
  buyer = { id: b.user.id, cookie: b.cookie };
  admin = { id: a.id, cookie: await sessionCookie(t.store, a.id), name: a.name };
  jpeg = toDataUrl(await gradientJpeg(1200, 900, 210));
  png = toDataUrl(await pngImage(800, 600), 'image/png');
});
afterAll(async () => {
  hub.close();
  await t.close();
});

async function send(opts: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(opts);
  expect(res.statusCode, res.body).toBeLessThan(500);
  return res;
}
const as = (who: { cookie: string } | null) => (who ? { cookie: who.cookie } : {});
const patch = async (id: number, payload: object, who: { cookie: string } = owner): Promise<ListingShape> => {
  const res = await send({ method: 'PATCH', url: `/api/listings/${id}`, payload, headers: as(who) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};
const detail = async (id: number, who: { cookie: string } | null): Promise<ListingDetailShape> => {
  const res = await send({ method: 'GET', url: `/api/listings/${id}`, headers: as(who) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};
const mine = async (id: number): Promise<ListingShape> => {
  const res = await send({ method: 'GET', url: '/api/my-listings', headers: as(owner) });
  return (json(res) as ListingShape[]).find((l) => l.id === id)!;
};
/** The public search's ids for a free-text query (REST, full listings). */
const search = async (query: string): Promise<ListingShape[]> => json(await send({ method: 'GET', url: `/api/listings?query=${encodeURIComponent(query)}` }));
const exists = (url: string) => fs.existsSync(path.join(t.uploadDir, keyFromUrl(url)!));
const review = (id: number, approved: boolean, rejectionReason = '') =>
  reviewListing(t.store, hub, { id: admin.id, name: admin.name }, { id, approved, rejectionReason });
const notificationsOf = (userId: number) => findRows(t.store, 'notifications', { userId });

const form = { ...LISTING_FORM, description: 'Pent brukt Model Y med hengerfeste.' };

/** A listing created through the API and approved by an admin: public. */
async function approvedListing(extra: object = {}): Promise<ListingShape> {
  const res = await send({ method: 'POST', url: '/api/listings', payload: { ...form, ...extra }, headers: as(owner) });
  expect(res.statusCode, res.body).toBe(201);
  const l: ListingShape = json(res);
  await review(l.id, true);
  return l;
}

describe("an owner's edit of an approved listing", () => {
  it('keeps the approved text public and in search while the owner sees the edit with its waiting status', async () => {
    const l = await approvedListing({ description: 'Originaltekst om bilen med solskinnsgaranti.' });
    expect((await search('solskinnsgaranti')).map((x) => x.id)).toEqual([l.id]);

    const answer = await patch(l.id, { ...form, description: 'Ny tekst: regnvarsel og vinterdekk.' });
    // The owner's answer is their version, still approved and public, with the edit waiting.
    expect(answer).toMatchObject({ status: 'approved', active: true, description: 'Ny tekst: regnvarsel og vinterdekk.' });
    expect(answer.revision).toMatchObject({
      status: 'pending',
      rejectionReason: null,
      changes: [{ field: 'description', label: 'Beskrivelse', before: 'Originaltekst om bilen med solskinnsgaranti.', after: 'Ny tekst: regnvarsel og vinterdekk.' }],
      publicValues: { description: 'Originaltekst om bilen med solskinnsgaranti.' },
      newImages: [],
    });

    // Buyers and visitors: the approved version, no revision.
    for (const who of [null, buyer]) {
      const seen = await detail(l.id, who);
      expect(seen.description).toBe('Originaltekst om bilen med solskinnsgaranti.');
      expect(seen.revision).toBeNull();
    }
    // The search (and its index) still has the approved text, not the new one.
    expect((await search('solskinnsgaranti')).map((x) => x.id)).toEqual([l.id]);
    expect(await search('regnvarsel')).toEqual([]);

    // The owner: the new text with the waiting status, on the detail page and in /mine-annonser.
    const asOwner = await detail(l.id, owner);
    expect(asOwner.description).toBe('Ny tekst: regnvarsel og vinterdekk.');
    expect(asOwner.revision?.status).toBe('pending');
    expect(asOwner.isOwner).toBe(true);
    const listed = await mine(l.id);
    expect(listed.description).toBe('Ny tekst: regnvarsel og vinterdekk.');
    expect(listed).toMatchObject({ status: 'approved', revision: { status: 'pending' } });
    // An admin's listing page shows the public version and what waits.
    const asAdmin = await detail(l.id, admin);
    expect(asAdmin.description).toBe('Originaltekst om bilen med solskinnsgaranti.');
    expect(asAdmin.revision?.changes.map((c) => c.field)).toEqual(['description']);
  });

  it('applies a price change at once and publicly, also while another edit waits', async () => {
    const l = await approvedListing();
    await patch(l.id, { ...form, mileage: 47000 });
    const answer = await patch(l.id, { ...form, mileage: 47000, price: 350000 });
    expect(answer).toMatchObject({ price: 350000, totalPrice: 352500, mileage: 47000, revision: { status: 'pending' } });
    const seen = await detail(l.id, buyer);
    expect(seen).toMatchObject({ price: 350000, totalPrice: 352500, mileage: 45000, status: 'approved' });
    const listed = (await search('Model Y')).find((x) => x.id === l.id)!;
    expect(listed).toMatchObject({ totalPrice: 352500, mileage: 45000 });

    // A price-only edit of a listing with nothing waiting creates no revision.
    const other = await approvedListing();
    const priced = await patch(other.id, { ...form, price: 300000 });
    expect(priced.revision).toBeNull();
    expect(await findRow(t.store, 'listingRevisions', { listingId: other.id })).toBeUndefined();
  });

  it('tells the form which changes wait, and a change undone before review leaves nothing waiting', async () => {
    const l = await approvedListing();
    const edited = await patch(l.id, { ...form, mileage: 52000, fuelType: 'hybrid', equipment: ['Varmepumpe', 'Soltak'] });
    expect(edited.revision?.changes).toEqual([
      { field: 'fuelType', label: 'Drivstoff', before: 'Elektrisk', after: 'Hybrid' },
      { field: 'mileage', label: 'Kilometerstand', before: formatMileage(45000), after: formatMileage(52000) },
      { field: 'equipment', label: 'Utstyr', before: 'Varmepumpe', after: 'Varmepumpe, Soltak' },
    ]);
    const undone = await patch(l.id, { ...form, equipment: ['Varmepumpe'] });
    expect(undone.revision).toBeNull();
    expect(undone.mileage).toBe(45000);
    expect((await pendingListings(t.store)).some((p) => p.id === l.id)).toBe(false);
  });

  it('keeps photos added in an edit from buyers and from the staged-photo cleanup; removing a photo is instant', async () => {
    const l = await approvedListing({ images: [jpeg, png] });
    const [first, second] = l.imageDetails;
    const answer = await patch(l.id, { ...form, images: [second.url, png, first.url] });
    const added = answer.revision!.newImages;
    expect(added).toHaveLength(1);
    expect(answer.images).toEqual([second.url, added[0], first.url]);
    expect(answer.revision?.changes).toEqual([{ field: 'images', label: 'Bilder', before: '2 bilder', after: '3 bilder (1 nytt)' }]);

    // Buyers get the reordered approved photos only; the cover follows the new order.
    expect((await detail(l.id, buyer)).images).toEqual([second.url, first.url]);
    expect((await search('Model Y')).find((x) => x.id === l.id)!.images).toEqual([second.url, first.url]);
    expect((await findRow(t.store, 'listings', { id: l.id }))!.coverImage).toBe(second.thumbUrl);

    // A day later the cleanup of abandoned uploads runs: the waiting photo stays, with its file.
    expect(await cleanupStagedImages(t.store, { delete: async () => {} } as never, Date.now() + 48 * 3600_000)).toBe(0);
    expect(await findRow(t.store, 'listingImages', { url: added[0] })).toBeDefined();
    expect(exists(added[0])).toBe(true);

    // Removing an approved photo applies at once (file gone); the edit still waits.
    const removed = await patch(l.id, { ...form, images: [added[0], second.url] });
    expect(removed.images).toEqual([added[0], second.url]);
    expect(exists(first.url)).toBe(false);
    expect((await detail(l.id, buyer)).images).toEqual([second.url]);

    // Approval puts the new photo on the listing, in the owner's order.
    await review(l.id, true);
    const seen = await detail(l.id, buyer);
    expect(seen.images).toEqual([added[0], second.url]);
    expect(seen.revision).toBeNull();
    expect((await findRow(t.store, 'listings', { id: l.id }))!.coverImage).toBe(seen.imageDetails[0].thumbUrl);
  });

  it("refuses another listing's waiting photo in a form", async () => {
    const a = await approvedListing();
    const edited = await patch(a.id, { ...form, images: [png] });
    const waiting = edited.revision!.newImages[0];
    const b = await approvedListing();
    const res = await send({ method: 'PATCH', url: `/api/listings/${b.id}`, payload: { ...form, images: [waiting] }, headers: as(owner) });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Ukjent bilde. Last opp bildet på nytt.');
  });
});

describe('reviewing an edit', () => {
  it('lists new listings and waiting edits in the pending tab, the edits with their changes', async () => {
    const fresh = await send({ method: 'POST', url: '/api/listings', payload: { ...form, model: 'Model 3' }, headers: as(owner) });
    const freshId = (json(fresh) as ListingShape).id;
    const l = await approvedListing();
    await patch(l.id, { ...form, description: 'Nytt dekksett.', year: 2021, images: [png] });

    const queue = await pendingListings(t.store);
    for (const item of queue) pendingListingShape.parse(item);
    const newOne = queue.find((p) => p.id === freshId)!;
    expect(newOne).toMatchObject({ kind: 'new', status: 'pending', changes: [], owner: { id: owner.id, name: 'Ola Hansen' } });
    const edit = queue.find((p) => p.id === l.id)!;
    expect(edit).toMatchObject({ kind: 'edit', status: 'approved', description: 'Nytt dekksett.', year: 2021 });
    expect(edit.owner.username).toMatch(/^bruker/);
    expect(edit.changes).toEqual([
      { field: 'year', label: 'Årsmodell', before: '2022', after: '2021' },
      { field: 'description', label: 'Beskrivelse', before: form.description, after: 'Nytt dekksett.' },
      { field: 'images', label: 'Bilder', before: '0 bilder', after: '1 bilde (1 nytt)' },
    ]);
    expect(edit.images).toEqual(edit.newImages);
    // Oldest first.
    expect(queue.findIndex((p) => p.id === freshId)).toBeLessThan(queue.findIndex((p) => p.id === l.id));
    // Approved listings with nothing waiting are not in the queue.
    expect(queue.every((p) => p.kind === 'new' ? p.status === 'pending' : p.changes.length > 0)).toBe(true);
  });

  it('approving swaps the edit in: public page, search and the owner are told', async () => {
    const l = await approvedListing({ description: 'Gammel tekst om vinduspusser.' });
    await patch(l.id, { ...form, description: 'Oppdatert tekst om takboks.', address: 'Kirkegata 1, 7010 TRONDHEIM' });
    expect(await search('takboks')).toEqual([]);
    const before = (await notificationsOf(owner.id)).length;

    const result = await review(l.id, true);
    expect(result).toEqual({ id: l.id, status: 'approved', rejectionReason: null, edit: true });
    const seen = await detail(l.id, null);
    expect(seen).toMatchObject({ description: 'Oppdatert tekst om takboks.', place: 'Trondheim', status: 'approved', active: true, revision: null });
    expect((await search('takboks')).map((x) => x.id)).toEqual([l.id]);
    expect(await search('vinduspusser')).toEqual([]);
    const told = await notificationsOf(owner.id);
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)).toMatchObject({ type: 'success', title: 'Endringene dine er godkjent', data: { listingId: l.id } });
    expect((await findRows(t.store, 'auditLog', { targetId: l.id })).at(-1)).toMatchObject({
      action: 'listing.approve',
      actorName: 'Ada Admin',
      details: { edit: true, fields: ['description', 'address'] },
    });
    expect((await pendingListings(t.store)).some((p) => p.id === l.id)).toBe(false);
  });

  it('rejecting keeps the approved version public and shows the owner the reason until they change the edit', async () => {
    const l = await approvedListing({ description: 'Godkjent tekst.' });
    await patch(l.id, { ...form, description: 'Ring meg på 99999999 for rabatt!!!' });
    const result = await review(l.id, false, 'Kontaktinformasjon hører ikke hjemme i beskrivelsen.');
    expect(result).toMatchObject({ status: 'rejected', edit: true });

    const seen = await detail(l.id, buyer);
    expect(seen).toMatchObject({ description: 'Godkjent tekst.', status: 'approved', revision: null });
    expect((await search('Godkjent tekst')).map((x) => x.id)).toContain(l.id);
    const listed = await mine(l.id);
    expect(listed).toMatchObject({
      status: 'approved',
      description: 'Ring meg på 99999999 for rabatt!!!',
      revision: { status: 'rejected', rejectionReason: 'Kontaktinformasjon hører ikke hjemme i beskrivelsen.' },
    });
    expect((await notificationsOf(owner.id)).at(-1)).toMatchObject({ type: 'error', title: 'Endringene dine ble avvist' });
    expect((await pendingListings(t.store)).some((p) => p.id === l.id)).toBe(false);

    // A price change alone re-saves the same proposal: it stays rejected, nothing new for the queue.
    const repriced = await patch(l.id, { ...form, description: 'Ring meg på 99999999 for rabatt!!!', price: 380000 });
    expect(repriced.revision).toMatchObject({ status: 'rejected' });
    expect((await detail(l.id, buyer)).price).toBe(380000);
    // Fixing the text submits it again.
    const fixed = await patch(l.id, { ...form, description: 'Pen bil, ta kontakt via meldinger.', price: 380000 });
    expect(fixed.revision).toMatchObject({ status: 'pending', rejectionReason: null });
    expect((await pendingListings(t.store)).some((p) => p.id === l.id)).toBe(true);
  });

  it('reviews a new listing as before: rejected with a reason, then approved anyway', async () => {
    const res = await send({ method: 'POST', url: '/api/listings', payload: form, headers: as(owner) });
    const l: ListingShape = json(res);
    expect(await review(l.id, false, 'Mangler bilder.')).toEqual({ id: l.id, status: 'rejected', rejectionReason: 'Mangler bilder.', edit: false });
    expect(await mine(l.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Mangler bilder.', revision: null });
    expect((await send({ method: 'GET', url: `/api/listings/${l.id}`, headers: as(buyer) })).statusCode).toBe(404);
    // The owner's fix of a rejected listing sends it back to the queue.
    const fixed = await patch(l.id, { ...form, images: [png] });
    expect(fixed).toMatchObject({ status: 'pending', rejectionReason: null, revision: null });
    expect(await review(l.id, true)).toMatchObject({ status: 'approved', edit: false });
    expect((await detail(l.id, buyer)).images).toHaveLength(1);
  });
});

describe('admins and deletion', () => {
  it("an admin's edit publishes a waiting edit it includes, and keeps the status", async () => {
    const l = await approvedListing();
    const edited = await patch(l.id, { ...form, description: 'Eierens nye tekst.', images: [png] });
    const forEdit = await send({ method: 'GET', url: `/api/listings/${l.id}`, headers: as(admin) });
    expect(json(forEdit).description).toBe(form.description);
    // The admin's edit form holds the proposal (listings.forEdit); saving it applies it.
    const answer = await patch(l.id, { ...form, description: 'Eierens nye tekst.', images: edited.images }, admin);
    expect(answer).toMatchObject({ status: 'approved', description: 'Eierens nye tekst.', revision: null });
    expect((await detail(l.id, buyer)).images).toEqual(edited.images);
    expect((await findRows(t.store, 'auditLog', { targetId: l.id })).at(-1)).toMatchObject({
      action: 'listing.edit',
      actorName: 'Ada Admin',
      details: { fields: ['description', 'images'], byOwner: false, appliedWaitingEdit: true },
    });
  });

  it('deleting a listing removes the files of its waiting photos too', async () => {
    const l = await approvedListing({ images: [jpeg] });
    const edited = await patch(l.id, { ...form, images: [l.images[0], png] });
    const waiting = edited.revision!.newImages[0];
    expect(exists(waiting)).toBe(true);
    const res = await send({ method: 'DELETE', url: `/api/listings/${l.id}`, headers: as(owner) });
    expect(res.statusCode).toBe(204);
    expect(exists(waiting)).toBe(false);
    expect(exists(l.images[0])).toBe(false);
    expect(await findRow(t.store, 'listingImages', { url: waiting })).toBeUndefined();
    expect(await findRow(t.store, 'listingRevisions', { listingId: l.id })).toBeUndefined();
  });
});
