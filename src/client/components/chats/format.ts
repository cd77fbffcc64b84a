import { formatDate, formatDateTime, formatLongDate, once } from '../../../shared/format';

// Times of the chat pages, nb-NO through Intl (docs/product/limits.md: Norwegian locale), in Norway's time zone like
// every other date of the site.

const timeFmt = once(() => new Intl.DateTimeFormat('nb-NO', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Oslo' }));

/** "14:05", a bubble's time (its day is the divider above it). */
export const formatTime = (iso: string) => timeFmt().format(new Date(iso));

/** "19.07.2025 14:05", a bubble's full timestamp (its tooltip). */
export const formatFullTime = (iso: string) => formatDateTime(iso);

/** The list's last-message date, "19.07.2025". */
export const formatListDate = (iso: string) => formatDate(iso);

/** The day divider of a conversation: 'I dag', 'I går' or "19. juli 2025". */
export function dayLabel(iso: string, now = Date.now()): string {
  const day = formatDate(iso);
  if (day === formatDate(now)) return 'I dag';
  if (day === formatDate(now - 86_400_000)) return 'I går';
  return formatLongDate(iso);
}

/** The key days are grouped by (Oslo's calendar day). */
export const dayKey = (iso: string) => formatDate(iso);
