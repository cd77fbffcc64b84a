// Price history and ratings (docs/decisions/025-buyer-trust.md; the rules are src/shared/price-rating.ts's), one implementation for
// both stores. `afterListingWrite` runs inside every transaction that changes a listing, so both commit with the change.

import { and, desc, eq, gte, isNotNull, lt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { Listing } from '../../../db/schema';
import { comparablesOf, foldName, mileageRange, priceRatingOf, SOLD_COMPARABLE_MS, YEAR_SPAN, type MarketCar, type MarketListing, type PriceRatingDetail } from '../../shared/price-rating';
import type { Q, Tables } from './dialect';
import { lockListingWrites } from './locks';
import { columnsOf, Repository, type StoreParts } from './repository';
import { approved, isVisible, visible } from './rules';

/** The cars whose ratings are rated against each other: the same make and model (case folded) and fuel. */
export type PriceGroup = Pick<MarketCar, 'make' | 'model' | 'fuelType'>;

const KEPT_KEYS = ['priceRating', 'priceComparables', 'priceMedian', 'priceLow', 'priceHigh'] as const;

/** A listing's kept rating: its code and figures (null together: not rated). */
export type KeptRating = Pick<Listing, (typeof KEPT_KEYS)[number]>;

/** A listing of the market: comparable to others while visible, or sold within SOLD_COMPARABLE_MS. */
export interface MarketRow extends MarketListing, KeptRating {
  visible: boolean;
}

/** What a MarketRow is read from, with the kept rating. */
const MARKET_COLUMNS = ['id', 'userId', 'make', 'model', 'fuelType', 'year', 'mileage', 'totalPrice', 'status', 'active'] as const;

const UNRATED: KeptRating = { priceRating: null, priceComparables: null, priceMedian: null, priceLow: null, priceHigh: null };

/** The rating as its columns keep it. */
function keptOf(rating: PriceRatingDetail | null): KeptRating {
  if (!rating) return UNRATED;
  return { priceRating: rating.rating, priceComparables: rating.comparables, priceMedian: rating.median, priceLow: rating.low, priceHigh: rating.high };
}

type Parts = Omit<StoreParts, 'db'>;

const groupKey = (g: PriceGroup) => `${foldName(g.make)}\u0000${foldName(g.model)}\u0000${g.fuelType}`;

/** The group's condition, spelled as listings_price_group_idx's expressions so the index serves it. */
function inGroup(t: Tables, g: PriceGroup): SQL {
  const l = t.listings;
  return and(sql`lower(${l.make}) = lower(${g.make.trim()})`, sql`lower(${l.model}) = lower(${g.model.trim()})`, eq(l.fuelType, g.fuelType))!;
}

/** On the market at `now`: visible, or approved and sold within SOLD_COMPARABLE_MS. */
function onMarket(t: Tables, now: Date): SQL {
  const l = t.listings;
  return or(visible(l), and(approved(l), gte(l.soldAt, new Date(now.getTime() - SOLD_COMPARABLE_MS))))!;
}

/** The group's listings on the market; with `car`, within its comparables' year and mileage bounds (the index narrows, comparablesOf decides). */
async function marketOf(q: Q, { t }: Parts, g: PriceGroup, now: Date, car?: Pick<MarketCar, 'year' | 'mileage'>): Promise<MarketRow[]> {
  const l = t.listings;
  const where = [inGroup(t, g), onMarket(t, now)];
  if (car) {
    const miles = mileageRange(car.mileage);
    where.push(gte(l.year, car.year - YEAR_SPAN), lte(l.year, car.year + YEAR_SPAN), gte(l.mileage, miles.min), lte(l.mileage, miles.max));
  }
  const rows = await q.select(columnsOf(l, [...MARKET_COLUMNS, ...KEPT_KEYS])).from(l).where(and(...where));
  return rows.map(({ status, active, ...r }) => ({ ...r, visible: isVisible({ status, active }) }));
}

/** Rates the groups' visible listings against their comparables, keeping the changed ratings; their hidden listings lose theirs. */
export async function rateGroups(q: Q, parts: Parts, groups: PriceGroup[], now: Date): Promise<void> {
  const l = parts.t.listings;
  const seen = new Set<string>();
  for (const g of groups) {
    if (seen.has(groupKey(g))) continue;
    seen.add(groupKey(g));
    const market = await marketOf(q, parts, g, now);
    for (const row of market) {
      if (!row.visible) continue;
      const kept = keptOf(priceRatingOf(row.totalPrice, comparablesOf(row, market).map((c) => c.totalPrice)));
      if (Object.entries(kept).some(([k, v]) => row[k as keyof KeptRating] !== v)) await q.update(l).set(kept).where(eq(l.id, row.id));
    }
    const hiddenRated = and(inGroup(parts.t, g), isNotNull(l.priceRating), not(visible(l)));
    await q.update(l).set(UNRATED).where(hiddenRated);
  }
}

/** Keeps a visible listing's price history: its first published total price, and a row for each new total price it is shown at. */
async function recordPrice(q: Q, { t }: Parts, row: Listing, now: Date): Promise<void> {
  if (!isVisible(row)) return;
  const p = t.listingPrices;
  if (row.firstTotalPrice === null) await q.update(t.listings).set({ firstTotalPrice: row.totalPrice }).where(eq(t.listings.id, row.id));
  const [last] = await q.select({ totalPrice: p.totalPrice }).from(p).where(eq(p.listingId, row.id)).orderBy(desc(p.at), desc(p.id)).limit(1);
  if (last?.totalPrice !== row.totalPrice) await q.insert(p).values({ listingId: row.id, totalPrice: row.totalPrice, at: now });
}

/** What a listing's price history and the ratings of its group depend on. */
const MARKET_KEYS = ['status', 'active', 'soldAt', 'totalPrice', 'year', 'mileage', 'make', 'model', 'fuelType', 'userId'] as const;

const sameValue = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

/** After a write of listing `id` (`before` undefined for a new one): keeps its price history, and re-rates its groups if the market changed. */
export async function afterListingWrite(q: Q, parts: Parts, before: Listing | undefined, id: number, now = new Date()): Promise<void> {
  const [after] = await q.select().from(parts.t.listings).where(eq(parts.t.listings.id, id));
  if (after) await recordPrice(q, parts, after, now);
  if (before && after && MARKET_KEYS.every((k) => sameValue(before[k], after[k]))) return;
  await rateGroups(q, parts, [before, after].filter((r): r is Listing => r !== undefined), now);
}

export class PricesRepo extends Repository {
  /** The market a car is compared with: its group's listings on the market within YEAR_SPAN of its model year. */
  async market(car: MarketCar, now = new Date()): Promise<MarketRow[]> {
    return marketOf(this.db, this, car, now, car);
  }

  /** Groups to re-rate: with `soldFrom`, those with a listing sold in [soldFrom, soldTo) (leaving the market); else every visible one's. */
  async groups(soldFrom: Date | null, soldTo: Date): Promise<PriceGroup[]> {
    const l = this.t.listings;
    const where = soldFrom ? and(approved(l), gte(l.soldAt, soldFrom), lt(l.soldAt, soldTo)) : visible(l);
    return this.db.selectDistinct({ make: l.make, model: l.model, fuelType: l.fuelType }).from(l).where(where);
  }

  /** Rates the group again, in one transaction (a sweep calls it group by group, so other writes wait little). */
  async rate(group: PriceGroup, now = new Date()): Promise<void> {
    return this.d.transaction(this.db, async (tx) => {
      await lockListingWrites(tx, this);
      await rateGroups(tx, this, [group], now);
    });
  }
}
