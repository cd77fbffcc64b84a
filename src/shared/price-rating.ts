// The price rating ('Prisvurdering', docs/decisions/025-buyer-trust.md): which listings are a listing's comparables,
// and how its total price against theirs becomes a rating. One home for the rules, thresholds, codes and labels, used
// by the server (the kept listings.price_rating, the detail, the price guide) and the client (labels, the scale).

/** The ratings from cheapest to dearest: a listing is rated by the first whose ratio bound its price is within. */
export const PRICE_RATINGS = [
  { rating: 'godt_kjop', label: 'Godt kjøp', maxRatio: 0.85 },
  { rating: 'bra_pris', label: 'Bra pris', maxRatio: 0.95 },
  { rating: 'normal_pris', label: 'Normal pris', maxRatio: 1.05 },
  { rating: 'litt_hoy', label: 'Litt høy pris', maxRatio: 1.15 },
  { rating: 'hoy_pris', label: 'Høy pris', maxRatio: Number.POSITIVE_INFINITY },
] as const;

export type PriceRatingCode = (typeof PRICE_RATINGS)[number]['rating'];
export const PRICE_RATING_CODES = PRICE_RATINGS.map((r) => r.rating) as [PriceRatingCode, ...PriceRatingCode[]];

/** Fewer comparables than this: no rating, and the price guide names no prices. */
export const MIN_COMPARABLES = 5;
/** A sold listing stays a comparable this many days after it was sold. */
export const SOLD_COMPARABLE_DAYS = 90;
export const SOLD_COMPARABLE_MS = SOLD_COMPARABLE_DAYS * 24 * 60 * 60_000;
/** Comparables' model year is within this many years of the listing's. */
export const YEAR_SPAN = 1;
/** Comparables' mileage is within this share of the listing's, either way. */
export const MILEAGE_SHARE = 0.2;

/** A rating as cards show it. */
export interface PriceRatingBadge {
  rating: PriceRatingCode;
  label: string;
}

/** What the price guide tells a seller; median, low and high are null under MIN_COMPARABLES. */
export interface PriceGuide {
  comparables: number;
  median: number | null;
  low: number | null;
  high: number | null;
}

/** A listing's rating as its page shows it: the label, how many comparables, and their price range. */
export interface PriceRatingDetail extends PriceRatingBadge {
  comparables: number;
  median: number;
  low: number;
  high: number;
}

/** The rating of a total price `ratio` times the comparables' median. */
export function ratingOfRatio(ratio: number): PriceRatingBadge {
  const found = PRICE_RATINGS.find((r) => ratio <= r.maxRatio) ?? PRICE_RATINGS[PRICE_RATINGS.length - 1];
  return { rating: found.rating, label: found.label };
}

/** A kept rating code as a card's badge; null for none (or a code this version does not know). */
export function priceRatingBadge(code: string | null): PriceRatingBadge | null {
  const found = PRICE_RATINGS.find((r) => r.rating === code);
  return found ? { rating: found.rating, label: found.label } : null;
}

/**
 * The `p`-th percentile (0-1) of sorted values, interpolated linearly between the two nearest ranks: the common
 * definition (Excel's PERCENTILE.INC, NumPy's default), so the median of an even count is the mean of the middle two.
 */
export function percentile(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return Math.round(sorted[below] + (sorted[above] - sorted[below]) * (at - below));
}

/** The price guide of these comparables' total prices. */
export function priceGuideOf(prices: readonly number[]): PriceGuide {
  if (prices.length < MIN_COMPARABLES) return { comparables: prices.length, median: null, low: null, high: null };
  const sorted = [...prices].sort((a, b) => a - b);
  return { comparables: sorted.length, median: percentile(sorted, 0.5), low: percentile(sorted, 0.25), high: percentile(sorted, 0.75) };
}

/** The rating of `totalPrice` against its comparables' total prices; null under MIN_COMPARABLES. */
export function priceRatingOf(totalPrice: number, prices: readonly number[]): PriceRatingDetail | null {
  const guide = priceGuideOf(prices);
  if (guide.median === null || guide.low === null || guide.high === null) return null;
  return { ...ratingOfRatio(totalPrice / guide.median), comparables: guide.comparables, median: guide.median, low: guide.low, high: guide.high };
}

/** What the comparables rule reads of a car. */
export interface MarketCar {
  make: string;
  model: string;
  fuelType: string;
  year: number;
  mileage: number;
}

/** A listing of the market: the car, whose it is, and its total price. */
export interface MarketListing extends MarketCar {
  id: number;
  userId: number;
  totalPrice: number;
}

/** Make and model compared ignoring case (and the spaces around them). */
export const foldName = (s: string) => s.trim().toLowerCase();

/** The mileage range of comparables: within MILEAGE_SHARE of the car's, either way (whole kilometres). */
export function mileageRange(mileage: number): { min: number; max: number } {
  return { min: Math.ceil(mileage * (1 - MILEAGE_SHARE)), max: Math.floor(mileage * (1 + MILEAGE_SHARE)) };
}

/**
 * Whether `other` is a comparable of `car`: same make and model ignoring case, same fuel, model year within YEAR_SPAN,
 * mileage within MILEAGE_SHARE of the car's. That it is on the market (visible, or sold within SOLD_COMPARABLE_DAYS)
 * is the store's to select.
 */
export function isComparableCar(car: MarketCar, other: MarketCar): boolean {
  const miles = mileageRange(car.mileage);
  return (
    foldName(other.make) === foldName(car.make) &&
    foldName(other.model) === foldName(car.model) &&
    other.fuelType === car.fuelType &&
    Math.abs(other.year - car.year) <= YEAR_SPAN &&
    other.mileage >= miles.min &&
    other.mileage <= miles.max
  );
}

/** The comparables of a listing among `market`: never itself nor its seller's other listings. */
export function comparablesOf<M extends MarketListing>(listing: MarketCar & Pick<MarketListing, 'id' | 'userId'>, market: readonly M[]): M[] {
  return market.filter((m) => m.id !== listing.id && m.userId !== listing.userId && isComparableCar(listing, m));
}
