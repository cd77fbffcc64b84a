import { expect, it } from 'vitest';
import type { NewListing } from '../../../db/schema';
import { listingFormInput } from '../../shared/schemas/listing';
import type { ImageStorage } from '../integrations/image-storage';
import { InProcessHub } from '../realtime/hub';
import type { Dialect } from '../store';
import { insertListing, LISTING_FORM } from '../testing/listing-factory';
import { insertUser } from '../testing/photos-fixtures';
import { findRow } from '../testing/store-rows';
import { describeOnEachStore, storeForEachTest } from '../testing/stores';
import { ListingDetails } from './listing-detail';
import { toCard } from './listing-shape';
import { createListing, deleteListing, setListingActive, setListingSold, updateListing } from './listings';
import { reviewListing } from './moderation';
import { priceGuide, sweepPriceRatings } from './prices';
import { reportListing, resolveReports } from './reports';

// Price history and price rating (docs/decisions/025-buyer-trust.md) through the services that change listings, on
// both stores: the history from the first publication, the card's 'Satt ned', the comparables' rules and the kept
// rating following the market.

const storage: ImageStorage = { put: async () => {}, delete: async () => {}, url: (key) => `/uploads/${key}` };
const DAY = 86_400_000;
// The seller's car: Tesla Model Y 2022, electric, 45 000 km, 389 000 + 2 500 = 391 500 kr.
const form = (o: Partial<typeof LISTING_FORM> = {}) => listingFormInput.parse({ ...LISTING_FORM, ...o });
const comparable = (o: Partial<NewListing> = {}): Partial<NewListing> => ({ make: 'Tesla', model: 'Model Y', fuelType: 'el', year: 2022, mileage: 45_000, price: 400_000, ...o });

describeOnEachStore('prices', (dialect: Dialect) => {
  const t = storeForEachTest(dialect, async (store) => ({
    hub: new InProcessHub(),
    seller: await insertUser(store, { name: 'Siri Selger' }),
    others: [await insertUser(store), await insertUser(store), await insertUser(store)],
    admin: { id: await insertUser(store, { name: 'Admin', isAdmin: true }), name: 'Admin' },
  }));
  const owner = () => ({ id: t.seller, isAdmin: false });
  const deps = () => ({ store: t.store, storage, hub: t.hub });

  /** The seller's listing, created and approved through the services. */
  async function published(o: Partial<typeof LISTING_FORM> = {}) {
    const { id } = await createListing(deps(), owner(), form(o));
    await reviewListing(t.store, t.hub, t.admin, { id, approved: true, rejectionReason: '' });
    return id;
  }
  /** Listings of other sellers, on the market as given, inserted as rows. */
  async function market(...rows: Partial<NewListing>[]) {
    const ids = [];
    for (const [i, o] of rows.entries()) ids.push((await insertListing(t.store, t.others[i % t.others.length], comparable(o))).id);
    return ids;
  }
  const rating = async (id: number) => (await findRow(t.store, 'listings', { id }))?.priceRating ?? null;
  const detail = (id: number) => new ListingDetails(t.store).forViewer(id, null);
  const card = async (id: number) => toCard((await t.store.searchSource.cards([id]))[0]);

  it('keeps the price from the first approval, and every later change while visible, oldest first', async () => {
    const { id } = await createListing(deps(), owner(), form());
    expect((await t.store.photos.listingDetail(id, null))?.history).toEqual([]);
    expect((await findRow(t.store, 'listings', { id }))?.firstTotalPrice).toBeNull();

    await reviewListing(t.store, t.hub, t.admin, { id, approved: true, rejectionReason: '' });
    await updateListing(deps(), owner(), id, form({ price: 369_000 }));
    await updateListing(deps(), owner(), id, form({ price: 369_000, description: 'Ny tekst' }));
    await setListingActive(t.store, owner(), id, false);
    await updateListing(deps(), owner(), id, form({ price: 359_000 }));
    await setListingActive(t.store, owner(), id, true);

    expect((await findRow(t.store, 'listings', { id }))?.firstTotalPrice).toBe(391_500);
    const { priceHistory } = await detail(id);
    expect(priceHistory.map((h) => h.totalPrice)).toEqual([391_500, 371_500, 361_500]);
    expect(priceHistory.every((h, i) => i === 0 || h.at >= priceHistory[i - 1].at)).toBe(true);
    expect(await card(id)).toMatchObject({ totalPrice: 361_500, priceReducedBy: 30_000 });

    await updateListing(deps(), owner(), id, form({ price: 399_000 }));
    expect(await card(id)).toMatchObject({ priceReducedBy: null });
  });

  it('rates against 5 comparables: make and model in any case, year ±1, mileage ±20 %, visible or sold in 90 days', async () => {
    const now = Date.now();
    await market(
      { make: 'TESLA', model: 'model y' },
      { year: 2021 },
      { year: 2023, mileage: 36_000 },
      { mileage: 54_000 },
      { active: false, soldAt: new Date(now - 89 * DAY) },
      // Not comparables: two years apart, too far in mileage, other fuel, not on sale, sold too long ago.
      { year: 2020, price: 100_000 },
      { mileage: 54_001, price: 100_000 },
      { mileage: 35_999, price: 100_000 },
      { fuelType: 'bensin', price: 100_000 },
      { status: 'pending', price: 100_000 },
      { active: false, price: 100_000 },
      { active: false, soldAt: new Date(now - 91 * DAY), price: 100_000 },
    );
    // The seller's own other car is never a comparable.
    await insertListing(t.store, t.seller, comparable({ price: 100_000 }));

    // 391 500 / 402 500 (the four visible comparables at 400 000 + their 0 fee, and the sold one) = 0.97: normal.
    const id = await published();
    expect(await rating(id)).toBe('normal_pris');
    const { priceRating } = await detail(id);
    expect(priceRating).toEqual({ rating: 'normal_pris', label: 'Normal pris', comparables: 5, median: 400_000, low: 400_000, high: 400_000 });
    expect((await card(id)).priceRating).toEqual({ rating: 'normal_pris', label: 'Normal pris' });
  });

  it('has no rating under 5 comparables, and follows the market as listings come, change and go', async () => {
    await market({ price: 460_000 }, {}, {}, {});
    const id = await published();
    expect(await rating(id)).toBeNull();
    expect((await detail(id)).priceRating).toBeNull();
    // The guide is nobody's: the seller's listing is one of its 5.
    expect(await priceGuide(t.store, { make: 'tesla', model: 'MODEL Y', fuelType: 'el', year: 2022, mileage: 45_000 })).toEqual({
      comparables: 5,
      median: 400_000,
      low: 400_000,
      high: 400_000,
    });
    expect(await priceGuide(t.store, { make: 'Tesla', model: 'Model Y', fuelType: 'el', year: 2019, mileage: 45_000 })).toEqual({
      comparables: 0,
      median: null,
      low: null,
      high: null,
    });

    // A fifth comparable published by another seller rates the listing (and the group) at once.
    const other = t.admin.id;
    const { id: fifth } = await createListing(deps(), { id: other, isAdmin: false }, form({ price: 450_000, registrationFee: 0 }));
    expect(await rating(id)).toBeNull();
    await reviewListing(t.store, t.hub, t.admin, { id: fifth, approved: true, rejectionReason: '' });
    // Median 400 000: 391 500 / 400 000 = 0.98.
    expect(await rating(id)).toBe('normal_pris');
    expect(await rating(fifth)).toBe('litt_hoy');
    // The page shows the figures kept with the rating: they follow a comparable's new price though the label stays.
    expect((await detail(id)).priceRating).toMatchObject({ rating: 'normal_pris', median: 400_000, high: 450_000 });
    await updateListing(deps(), { id: other, isAdmin: false }, fifth, form({ price: 430_000, registrationFee: 0 }));
    expect((await detail(id)).priceRating).toEqual({ rating: 'normal_pris', label: 'Normal pris', comparables: 5, median: 400_000, low: 400_000, high: 430_000 });

    // Its seller lowers the price: the listing is now dear against the market (median 400 000 still).
    await updateListing(deps(), owner(), id, form({ price: 480_000 }));
    expect(await rating(id)).toBe('hoy_pris');

    // The fifth is sold: it still counts, and its own card shows no rating.
    await setListingSold(t.store, { id: other, isAdmin: false }, fifth, true);
    expect(await rating(id)).toBe('hoy_pris');
    expect(await rating(fifth)).toBeNull();

    // Deleted: four left, no rating.
    await deleteListing(deps(), { id: other, isAdmin: false }, fifth);
    expect(await rating(id)).toBeNull();
  });

  it('a deleted account’s listings leave their comparables’ market', async () => {
    await market({}, {}, {}, {});
    const leaving = await insertUser(t.store);
    await insertListing(t.store, leaving, comparable());
    const id = await published();
    expect(await rating(id)).toBe('normal_pris');
    await t.store.users.deleteWithListings(leaving, () => []);
    expect(await rating(id)).toBeNull();
  });

  it('a rejected or deactivated listing leaves its comparables’ market', async () => {
    await market({}, {}, {}, {});
    const id = await published();
    const { id: fifth } = await createListing(deps(), { id: t.others[0], isAdmin: false }, form({ price: 400_000, registrationFee: 0 }));
    await reviewListing(t.store, t.hub, t.admin, { id: fifth, approved: true, rejectionReason: '' });
    expect(await rating(id)).toBe('normal_pris');
    await setListingActive(t.store, { id: t.others[0], isAdmin: false }, fifth, false);
    expect(await rating(id)).toBeNull();
    await setListingActive(t.store, { id: t.others[0], isAdmin: false }, fifth, true);
    expect(await rating(id)).toBe('normal_pris');
    // An admin's later rejection of it (as 'Godkjenn likevel' in reverse) takes it off the market too.
    await reviewListing(t.store, t.hub, t.admin, { id: fifth, approved: false, rejectionReason: 'Feil bilde.' });
    expect(await rating(id)).toBeNull();
  });

  it('a listing hidden by reports leaves its comparables’ market, and comes back when an admin dismisses them', async () => {
    await market({}, {}, {}, {});
    const id = await published();
    const { id: fifth } = await createListing(deps(), { id: t.others[0], isAdmin: false }, form({ price: 400_000, registrationFee: 0 }));
    await reviewListing(t.store, t.hub, t.admin, { id: fifth, approved: true, rejectionReason: '' });
    expect(await rating(id)).toBe('normal_pris');
    // Three accounts report the fifth: it is hidden, and the seller's car has four comparables left.
    for (const reporter of [t.seller, t.others[1]!, t.others[2]!]) await reportListing(t.store, reporter, { listingId: fifth, reason: 'svindel', comment: '' });
    expect(await rating(id)).toBeNull();
    await resolveReports(t.store, t.hub, t.admin, fifth, 'avvis');
    expect(await rating(id)).toBe('normal_pris');
  });

  it('the sweep drops comparables whose sale is older than 90 days, and rates listings never rated', async () => {
    const now = Date.now();
    await market({}, {}, {}, {}, { active: false, soldAt: new Date(now - 89 * DAY) });
    const id = await published();
    expect(await rating(id)).toBe('normal_pris');

    // Two days on, the sale is 91 days old: only four comparables remain for the listing.
    await sweepPriceRatings(t.store, new Date(now), new Date(now + 2 * DAY));
    expect(await rating(id)).toBeNull();

    // A listing put straight into the table (as before ratings were kept) gets its rating from the first sweep.
    const unrated = (await insertListing(t.store, t.admin.id, comparable({ price: 300_000 }))).id;
    expect(await rating(unrated)).toBeNull();
    await sweepPriceRatings(t.store, null, new Date(now + 2 * DAY));
    expect(await rating(unrated)).toBe('godt_kjop');
    expect(await rating(id)).toBe('normal_pris');
  });
});
