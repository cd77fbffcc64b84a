// What buyers and sellers read of price ratings and price history (docs/decisions/025-buyer-trust.md), without zod:
// the listing page and the cards read these. The ratings' own labels are src/shared/price-rating.ts's.
import { formatPrice } from '../format';

export const PRICE_TEXTS = {
  rating: 'Prisvurdering',
  history: 'Prishistorikk',
  basedOn: (n: number) => `basert på ${n} lignende ${n === 1 ? 'bil' : 'biler'}`,
  reducedBy: (amount: number) => `Satt ned ${formatPrice(amount)}`,
  guide: (low: number, high: number) => `Lignende biler selges for ${formatPrice(low).replace(/\u00a0kr$/, '')}–${formatPrice(high)}`,
  range: (low: number, high: number) => `Halvparten av dem koster ${formatPrice(low)}–${formatPrice(high)}`,
  scale: (price: number, low: number, high: number) => `Totalprisen ${formatPrice(price)}, mot ${formatPrice(low)}–${formatPrice(high)} for lignende biler`,
  daysSince: (days: number) => (days === 0 ? 'Publisert i dag' : `Publisert for ${days} ${days === 1 ? 'dag' : 'dager'} siden`),
  date: 'Dato',
  totalPrice: 'Totalpris',
} as const;
