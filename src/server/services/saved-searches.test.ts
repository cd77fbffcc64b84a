import { afterEach, beforeEach, expect, it } from 'vitest';
import { savedSearchCreateInput, SAVED_SEARCH_TEXTS, SAVED_SEARCHES_MAX } from '../../shared/schemas/saved-search';
import { InProcessHub, type UserEvent } from '../realtime/hub';
import type { Dialect, Store } from '../store';
import { insertListing } from '../testing/listing-factory';
import { insertUser } from '../testing/photos-fixtures';
import { deleteUserRow, updateListingRow } from '../testing/store-rows';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { setListingActive } from './listings';
import { listNotifications } from './notifications';
import {
  alertSavedSearches,
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchSeen,
  updateSavedSearch,
  type SavedSearchAlertMail,
} from './saved-searches';
import { ListingSearch } from './search/listing-search';

// Saved searches and their alerts (docs/decisions/022-market-alerts.md) on both stores: a listing shown to buyers
// alerts every saved search that would show it (make, price and free text by the search's own rules), once, never
// its owner, never for a listing buyers cannot see; new hits count until the search is opened.

describeOnEachStore('saved searches', (dialect: Dialect) => {
  let store: Store;
  let search: ListingSearch;
  let hub: InProcessHub;
  let pushed: [number, UserEvent][];
  let mails: SavedSearchAlertMail[];
  let seller: number;
  let buyer: number;
  beforeEach(async () => {
    store = await createTestStore(dialect);
    search = new ListingSearch(store);
    hub = new InProcessHub();
    pushed = [];
    mails = [];
    hub.publish = (userId, event) => void pushed.push([userId, event]);
    seller = await insertUser(store, { name: 'Siri Selger' });
    buyer = await insertUser(store, { name: 'Kari Kjøper' });
  });
  afterEach(() => store.close());

  const deps = () => ({ store, hub, search, mail: (m: SavedSearchAlertMail[]) => void mails.push(...m) });
  const save = (userId: number, name: string, params: object, email = false) =>
    createSavedSearch(store, userId, savedSearchCreateInput.parse({ name, params, email }));
  const alertsOf = async (userId: number) => (await listNotifications(store, userId)).filter((n) => n.title.startsWith('Nytt treff'));
  /** A listing as a seller submits it (pending), then approved. */
  async function approved(o: Parameters<typeof insertListing>[2]) {
    const { id } = await insertListing(store, seller, { status: 'pending', ...o });
    await updateListingRow(store, id, { status: 'approved' });
    return id;
  }

  it('alerts a search with make, price and free text for a matching approved listing, once, by name and car', async () => {
    const volvo = await save(buyer, 'Volvo med hengerfeste', { make: 'volvo', priceTo: '300000', query: 'hengerfeste' }, true);
    const pending = await insertListing(store, seller, { make: 'Volvo', model: 'V60', year: 2019, price: 249_000, status: 'pending', description: 'Med hengerfeste.' });
    expect(await alertSavedSearches(deps(), pending.id)).toBe(0);

    await updateListingRow(store, pending.id, { status: 'approved' });
    expect(await alertSavedSearches(deps(), pending.id)).toBe(1);
    const [n] = await alertsOf(buyer);
    expect(n).toMatchObject({
      title: 'Nytt treff i «Volvo med hengerfeste»',
      message: 'Volvo V60 2019 til 249\u00a0000\u00a0kr passer det lagrede søket ditt «Volvo med hengerfeste».',
      data: { listingId: pending.id, savedSearchId: volvo.id },
    });
    expect(pushed.map(([userId]) => userId)).toEqual([buyer]);
    expect(mails).toEqual([expect.objectContaining({ userId: buyer, savedSearch: { id: volvo.id, name: 'Volvo med hengerfeste', unsubscribeToken: expect.stringMatching(/^[a-z2-7]{32}$/) }, notificationId: n.id })]);

    // Shown again (deactivated, activated): still one alert.
    await setListingActive(store, { id: seller, isAdmin: false }, pending.id, false);
    await setListingActive(store, { id: seller, isAdmin: false }, pending.id, true);
    expect(await alertSavedSearches(deps(), pending.id)).toBe(0);
    expect(await alertsOf(buyer)).toHaveLength(1);
  });

  it('does not alert for a listing the search would not show: another make, too dear, without the words', async () => {
    await save(buyer, 'Billig Volvo', { make: 'Volvo', priceTo: 300_000, query: 'hengerfeste' });
    for (const o of [
      { make: 'Toyota', model: 'Corolla', price: 200_000, description: 'Hengerfeste.' },
      { make: 'Volvo', model: 'V90', price: 450_000, description: 'Hengerfeste.' },
      { make: 'Volvo', model: 'V70', price: 150_000, description: 'Pent brukt.' },
    ]) {
      expect(await alertSavedSearches(deps(), await approved(o))).toBe(0);
    }
    expect(await alertsOf(buyer)).toEqual([]);
  });

  it("never alerts the listing's owner, and alerts each matching search of others", async () => {
    await save(seller, 'Mine egne', { make: 'Skoda' });
    const a = await save(buyer, 'Skoda', { make: 'Skoda' });
    const other = await insertUser(store);
    const b = await save(other, 'Octavia', { query: 'octavia' });
    const id = await approved({ make: 'Skoda', model: 'Octavia' });
    expect(await alertSavedSearches(deps(), id)).toBe(2);
    expect(await alertsOf(seller)).toEqual([]);
    expect((await alertsOf(buyer)).map((n) => n.data?.savedSearchId)).toEqual([a.id]);
    expect((await alertsOf(other)).map((n) => n.data?.savedSearchId)).toEqual([b.id]);
    // Two alerts at once for the same listing write each once.
    await Promise.all([alertSavedSearches(deps(), id), alertSavedSearches(deps(), id)]);
    expect(await alertsOf(buyer)).toHaveLength(1);
  });

  it('counts new hits until opened, keeps each user to their own, and bounds the number kept', async () => {
    const s = await save(buyer, 'Tesla', { make: 'Tesla' });
    await alertSavedSearches(deps(), await approved({ make: 'Tesla', model: 'Model 3' }));
    await alertSavedSearches(deps(), await approved({ make: 'Tesla', model: 'Model Y' }));
    expect((await listSavedSearches(store, buyer)).map((x) => [x.name, x.newHits])).toEqual([['Tesla', 2]]);
    await markSavedSearchSeen(store, buyer, s.id);
    expect((await listSavedSearches(store, buyer))[0].newHits).toBe(0);

    expect(await updateSavedSearch(store, buyer, s.id, { name: 'Elbil', email: true })).toMatchObject({ name: 'Elbil', email: true });
    await expect(updateSavedSearch(store, seller, s.id, { name: 'Min' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: SAVED_SEARCH_TEXTS.notFound });
    await expect(deleteSavedSearch(store, seller, s.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await deleteSavedSearch(store, buyer, s.id);
    expect(await listSavedSearches(store, buyer)).toEqual([]);

    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) await save(seller, `Søk ${i}`, {});
    await expect(save(seller, 'Ett til', {})).rejects.toMatchObject({ code: 'BAD_REQUEST', message: SAVED_SEARCH_TEXTS.tooMany });
  });

  it('lets saves made at the same time reach the most a user may have, never pass it', async () => {
    for (let i = 0; i < SAVED_SEARCHES_MAX - 2; i++) await save(buyer, `Søk ${i}`, {});
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => save(buyer, `Samtidig ${i}`, {})));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual(
      Array(4).fill(expect.objectContaining({ code: 'BAD_REQUEST', message: SAVED_SEARCH_TEXTS.tooMany })),
    );
    expect(await listSavedSearches(store, buyer)).toHaveLength(SAVED_SEARCHES_MAX);
  });

  it("goes with its owner's account, alerts included (the foreign keys cascade like other user-owned rows)", async () => {
    await save(buyer, 'Skoda', { make: 'Skoda' });
    await alertSavedSearches(deps(), await approved({ make: 'Skoda', model: 'Fabia' }));
    await deleteUserRow(store, buyer);
    expect(await store.savedSearches.candidates(seller)).toEqual([]);
    const left = store.dialect === 'sqlite' ? store.db.$client.prepare('SELECT count(*) AS n FROM saved_search_alerts').get() : (await store.db.$client.query('SELECT count(*)::int AS n FROM saved_search_alerts')).rows[0];
    expect(left).toEqual({ n: 0 });
  });
});
