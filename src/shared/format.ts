// Norwegian formatting through the platform (Intl), used everywhere numbers, prices and dates are shown.

/**
 * `make()` on the first call, the same value after. Formatters are made on first use, never while modules load: each
 * costs the browser a locale lookup, which at start-up delays the page's first render (and most pages show no date).
 */
export const once = <T,>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
const integer = once(() => new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 }));
const dateOptions = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Oslo' } as const;
const dateFmt = once(() => new Intl.DateTimeFormat('nb-NO', dateOptions));
const dateTimeFmt = once(() => new Intl.DateTimeFormat('nb-NO', { ...dateOptions, hour: '2-digit', minute: '2-digit' }));
const longDateFmt = once(() => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' }));

/**
 * Makes every formatter of this module now. A page's worker calls it to load the locale's data off the main thread
 * (src/client/lib/locale-warm-up.ts), so it covers all of them.
 */
export function makeFormatters(): void {
  integer();
  dateFmt();
  dateTimeFmt();
  longDateFmt();
}

// Intl uses U+00A0 (no-break space) as group separator in nb-NO; keep it so "215 000 kr" never wraps.
export function formatNumber(n: number | null | undefined): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '';
  return integer().format(n).replace(/\u2212/g, '-');
}

/** "215 000 kr" */
export function formatPrice(n: number | null | undefined): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '';
  return `${formatNumber(n)}\u00a0kr`;
}

/** "45 000 km" */
export function formatMileage(n: number | null | undefined): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '';
  return `${formatNumber(n)}\u00a0km`;
}

const toDate = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

/** "19.07.2025" */
export function formatDate(d: Date | string | number | null | undefined): string {
  if (d === null || d === undefined || d === '') return '';
  const date = toDate(d);
  return Number.isNaN(date.getTime()) ? '' : dateFmt().format(date);
}

/** "19.07.2025 14:05" (admin feedback dates, docs/product/limits.md: dd.MM.yyyy HH:mm) */
export function formatDateTime(d: Date | string | number | null | undefined): string {
  if (d === null || d === undefined || d === '') return '';
  const date = toDate(d);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFmt().format(date).replace(',', '');
}

/** "19. juli 2025" */
export function formatLongDate(d: Date | string | number): string {
  return longDateFmt().format(toDate(d));
}

/** docs/product/screens.md#varslinger: the age on a notification card: 'Akkurat nå' under 1 hour, '{n}t siden' under 24 hours, else '{n}d siden'. */
export function formatAge(d: Date | string | number, now: number = Date.now()): string {
  const ms = now - toDate(d).getTime();
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return 'Akkurat nå';
  if (hours < 24) return `${hours}t siden`;
  return `${Math.floor(hours / 24)}d siden`;
}
