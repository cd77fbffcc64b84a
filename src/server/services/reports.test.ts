import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { searchInput } from '../../shared/schemas/search';
import { REPORT_TEXTS } from '../../shared/texts/reports';
import { InProcessHub } from '../realtime/hub';
import { storeParts, type Dialect } from '../store';
import { insertListing } from '../testing/listing-factory';
import { insertUser } from '../testing/photos-fixtures';
import { describeOnEachStore, storeForEachTest } from '../testing/stores';
import { exportAccount } from './account';
import { auditFor } from './audit';
import { ListingDetails } from './listing-detail';
import { myListings, setListingActive, setListingSold } from './listings';
import { reportedListings, reportListing, resolveReports, REPORT_WINDOW_MS } from './reports';
import { ListingSearch } from './search/listing-search';

// Reports of listings on both stores (docs/decisions/025-buyer-trust.md): three accounts within seven days hide a
// listing from search and buyers until an admin decides; 'avvis' shows it again, 'fjern' rejects it; each reporter is
// told, and the decision is audited.

describeOnEachStore('reports', (dialect: Dialect) => {
  const t = storeForEachTest(dialect, async (store) => ({
    search: new ListingSearch(store),
    details: new ListingDetails(store),
    seller: await insertUser(store, { name: 'Siri Selger' }),
    buyers: [await insertUser(store), await insertUser(store), await insertUser(store), await insertUser(store)],
    admin: await insertUser(store, { name: 'Ada Admin', isAdmin: true }),
  }));

  const found = async () => (await t.search.search(searchInput.parse({ query: 'skoda' }))).items.map((c) => c.id);
  const report = (buyer: number, id: number, reason: 'svindel' | 'feil_informasjon' = 'svindel', comment = '') =>
    reportListing(t.store, buyer, { listingId: id, reason, comment });
  const listing = async (id: number) => (await t.store.listings.find(id))!;
  const hub = () => new InProcessHub();
  const actor = () => ({ id: t.admin, name: 'Ada Admin' });

  async function hiddenListing() {
    const { id } = await insertListing(t.store, t.seller, { make: 'Skoda', model: 'Octavia', year: 2017 });
    for (const b of t.buyers.slice(0, 3)) await report(b, id, b === t.buyers[1] ? 'feil_informasjon' : 'svindel');
    return id;
  }

  it('refuses the own listing (403), one the reporter cannot open (404) and a second report (409)', async () => {
    const { id } = await insertListing(t.store, t.seller);
    const inactive = await insertListing(t.store, t.seller, { active: false });
    const pending = await insertListing(t.store, t.seller, { status: 'pending' });
    await expect(report(t.seller, id)).rejects.toMatchObject({ code: 'FORBIDDEN', message: REPORT_TEXTS.ownListing });
    await expect(report(t.buyers[0], inactive.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(report(t.buyers[0], pending.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(report(t.buyers[0], 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const first = await report(t.buyers[0], id, 'feil_informasjon', 'Feil årsmodell');
    expect(first).toMatchObject({ hidden: false, report: { listingId: id, reason: 'feil_informasjon', comment: 'Feil årsmodell', resolution: null } });
    await expect(report(t.buyers[0], id)).rejects.toMatchObject({ code: 'CONFLICT', message: REPORT_TEXTS.duplicate });
  });

  it('hides the listing at the third account within seven days: out of search, 404 for buyers, shown to owner and admin', async () => {
    const { id } = await insertListing(t.store, t.seller, { make: 'Skoda', model: 'Octavia' });
    expect((await report(t.buyers[0], id)).hidden).toBe(false);
    expect((await report(t.buyers[1], id)).hidden).toBe(false);
    expect(await found()).toEqual([id]);
    expect((await report(t.buyers[2], id)).hidden).toBe(true);

    expect(await listing(id)).toMatchObject({ active: false, reportHiddenAt: expect.any(Date) });
    expect(await found()).toEqual([]);
    await expect(t.details.forViewer(id, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.details.forViewer(id, { id: t.buyers[3], isAdmin: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.details.forViewer(id, { id: t.seller, isAdmin: false })).toMatchObject({ id, reportHidden: true });
    expect(await t.details.forViewer(id, { id: t.admin, isAdmin: true })).toMatchObject({ id, reportHidden: true });
    expect((await myListings(t.store, t.seller)).find((l) => l.id === id)).toMatchObject({ reportHidden: true, active: false });
    // A fourth account cannot open it any more.
    await expect(report(t.buyers[3], id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('does not hide on two reports, nor when one of three is older than seven days', async () => {
    const { id } = await insertListing(t.store, t.seller, { make: 'Skoda' });
    await report(t.buyers[0], id);
    await report(t.buyers[1], id);
    expect(await listing(id)).toMatchObject({ active: true, reportHiddenAt: null });

    const { db, t: tables } = storeParts(t.store);
    const old = new Date(Date.now() - REPORT_WINDOW_MS - 60_000);
    await db.update(tables.listingReports).set({ createdAt: old }).where(eq(tables.listingReports.reporterId, t.buyers[0]));
    expect((await report(t.buyers[2], id)).hidden).toBe(false);
    expect(await listing(id)).toMatchObject({ active: true, reportHiddenAt: null });
    expect(await found()).toEqual([id]);
    // A fourth within the window makes three recent ones.
    expect((await report(t.buyers[3], id)).hidden).toBe(true);
  });

  it('keeps a hidden listing from being activated, sold or put back on sale by its owner (409)', async () => {
    const id = await hiddenListing();
    const owner = { id: t.seller, isAdmin: false };
    await expect(setListingActive(t.store, owner, id, true)).rejects.toMatchObject({ code: 'CONFLICT', message: REPORT_TEXTS.activationRefused });
    await expect(setListingSold(t.store, owner, id, true)).rejects.toMatchObject({ code: 'CONFLICT', message: REPORT_TEXTS.activationRefused });
    await expect(setListingSold(t.store, owner, id, false)).rejects.toMatchObject({ code: 'CONFLICT' });
    // Deactivating is harmless and allowed.
    expect(await setListingActive(t.store, owner, id, false)).toMatchObject({ active: false, reportHidden: true });
    expect(await listing(id)).toMatchObject({ active: false, soldAt: null });
  });

  it('lists reported listings for admins, hidden first, with each report and its reporter', async () => {
    const shown = await insertListing(t.store, t.seller, { make: 'Volvo', model: 'V70' });
    await report(t.buyers[3], shown.id, 'feil_informasjon', 'Feil kilometerstand');
    const id = await hiddenListing();
    const items = await reportedListings(t.store);
    expect(items.map((i) => [i.listing.id, i.listing.hiddenAt !== null, i.reports.length])).toEqual([
      [id, true, 3],
      [shown.id, false, 1],
    ]);
    expect(items[1]).toMatchObject({
      listing: { uniqueCode: shown.uniqueCode, make: 'Volvo', status: 'approved', active: true, owner: { id: t.seller, name: 'Siri Selger' } },
      reports: [{ reason: 'feil_informasjon', comment: 'Feil kilometerstand', reporter: { id: t.buyers[3], name: 'Kari Nordmann' } }],
    });
  });

  it("'avvis' shows the listing again, closes the reports, tells each reporter and is audited", async () => {
    const id = await hiddenListing();
    const h = hub();
    const publish = vi.spyOn(h, 'publish');
    const result = await resolveReports(t.store, h, actor(), id, 'avvis');
    expect(result).toEqual({ listingId: id, action: 'avvis', resolved: 3, shown: true });

    expect(await listing(id)).toMatchObject({ active: true, reportHiddenAt: null, status: 'approved' });
    expect(await found()).toEqual([id]);
    expect(await t.details.forViewer(id, null)).toMatchObject({ id, reportHidden: false });
    expect(await reportedListings(t.store)).toEqual([]);
    for (const b of t.buyers.slice(0, 3)) {
      const [n] = await t.store.notifications.list(b, 10);
      expect(n).toMatchObject({ title: 'Rapporten din er vurdert', data: { listingId: id } });
      expect(n.message).toContain('Skoda Octavia 2017');
    }
    expect(await t.store.notifications.list(t.buyers[3], 10)).toEqual([]);
    expect(publish.mock.calls.filter(([, e]) => e.kind === 'notification').map(([u]) => u).sort()).toEqual(t.buyers.slice(0, 3).sort());
    const [entry] = await auditFor(t.store, 'listing', id);
    expect(entry).toMatchObject({ action: 'listing.reports_dismiss', actorName: 'Ada Admin', details: { reports: 3 } });
    // Nothing left to decide.
    await expect(resolveReports(t.store, hub(), actor(), id, 'avvis')).rejects.toMatchObject({ code: 'NOT_FOUND', message: REPORT_TEXTS.nothingToResolve });
    // The owner may turn it off and on again.
    await setListingActive(t.store, { id: t.seller, isAdmin: false }, id, false);
    expect(await setListingActive(t.store, { id: t.seller, isAdmin: false }, id, true)).toMatchObject({ active: true });
  });

  it("'fjern' rejects the listing with the reports' reasons, tells reporters and the owner, and is audited", async () => {
    const id = await hiddenListing();
    expect(await resolveReports(t.store, hub(), actor(), id, 'fjern')).toMatchObject({ resolved: 3, shown: false });
    const reason = 'Fjernet etter rapporter fra brukere (svindel, feil informasjon)';
    expect(await listing(id)).toMatchObject({ status: 'rejected', rejectionReason: reason, reportHiddenAt: null });
    expect(await found()).toEqual([]);
    await expect(t.details.forViewer(id, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await myListings(t.store, t.seller))[0]).toMatchObject({ status: 'rejected', rejectionReason: reason, reportHidden: false });
    const [told] = await t.store.notifications.list(t.buyers[0], 10);
    expect(told).toMatchObject({ title: 'Annonsen du rapporterte er fjernet' });
    const [owner] = await t.store.notifications.list(t.seller, 10);
    expect(owner).toMatchObject({ title: 'Annonsen din ble avvist', message: `Skoda Octavia 2017 ble avvist: ${reason}` });
    const [entry] = await auditFor(t.store, 'listing', id);
    expect(entry).toMatchObject({ action: 'listing.reject', details: { reports: 3, rejectionReason: reason } });
    const reports = (await exportAccount(t.store, t.buyers[0])).reports;
    expect(reports).toEqual([expect.objectContaining({ listingId: id, reason: 'svindel', resolution: 'fjern' })]);
  });

  it("'avvis' on a listing the reports did not hide closes them and leaves the listing as it was", async () => {
    const { id } = await insertListing(t.store, t.seller, { make: 'Skoda' });
    await report(t.buyers[0], id);
    expect(await resolveReports(t.store, hub(), actor(), id, 'avvis')).toMatchObject({ resolved: 1, shown: false });
    expect(await listing(id)).toMatchObject({ status: 'approved', active: true, reportHiddenAt: null });
    expect(await reportedListings(t.store)).toEqual([]);
  });

  it('404 for a listing without open reports or that does not exist', async () => {
    const { id } = await insertListing(t.store, t.seller);
    await expect(resolveReports(t.store, hub(), actor(), id, 'fjern')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(resolveReports(t.store, hub(), actor(), 999_999, 'avvis')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await listing(id)).toMatchObject({ status: 'approved', active: true });
  });
});
