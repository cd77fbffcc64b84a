// URL state of /admin (docs/product/screens.md#admin): the tab, and the all-listings table's sort, status filter,
// search and page. Hand-written rather than zod, like components/search/search-params.ts: validateSearch stays in the
// entry chunk even with route code splitting, so only type imports from the shared schema; `satisfies` keeps the
// lists in step with it.
import type { AdminListingSort } from '../../../shared/schemas/admin';
import type { ListingStatus } from '../../../shared/types/listing';

export const ADMIN_TABS = ['all', 'pending', 'users', 'reports'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const SORT_KEYS = ['createdAt', 'price', 'status', 'make'] as const satisfies readonly AdminListingSort[];
type MissingSort = Exclude<AdminListingSort, (typeof SORT_KEYS)[number]>;
const sortListIsComplete: MissingSort extends never ? true : false = true;
void sortListIsComplete;

export const STATUS_KEYS = ['pending', 'approved', 'rejected'] as const satisfies readonly ListingStatus[];
type MissingStatus = Exclude<ListingStatus, (typeof STATUS_KEYS)[number]>;
const statusListIsComplete: MissingStatus extends never ? true : false = true;
void statusListIsComplete;

/** Every field optional: `/admin` is the all tab, newest first, every status, page 1. */
export interface AdminSearch {
  tab?: AdminTab;
  status?: ListingStatus;
  sort?: AdminListingSort;
  dir?: 'asc' | 'desc';
  /** A unique code or a registration number (or the start of one). */
  q?: string;
  page?: number;
}

const oneOf = <T extends string>(v: unknown, options: readonly T[]): T | undefined =>
  typeof v === 'string' && (options as readonly string[]).includes(v) ? (v as T) : undefined;

function text(v: unknown): string | undefined {
  // The router's JSON-ish parser turns ?q=12345 into a number; a search text is still text.
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return undefined;
  const t = v.trim().slice(0, 40);
  return t || undefined;
}

function page(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < 2) return undefined;
  return Math.min(Math.floor(n), 100_000);
}

/** Unknown or malformed values are dropped (the page falls back to the default) rather than shown as an error. */
export function validateAdminSearch(raw: Record<string, unknown>): AdminSearch {
  const out: AdminSearch = {};
  const tab = oneOf(raw.tab, ADMIN_TABS);
  if (tab) out.tab = tab;
  const status = oneOf(raw.status, STATUS_KEYS);
  if (status) out.status = status;
  const sort = oneOf(raw.sort, SORT_KEYS);
  if (sort) out.sort = sort;
  const dir = oneOf(raw.dir, ['asc', 'desc'] as const);
  if (dir) out.dir = dir;
  const q = text(raw.q);
  if (q) out.q = q;
  const p = page(raw.page);
  if (p) out.page = p;
  return out;
}

/** The table's part of the URL, as deps of the loader (the tab alone decides which query it warms). */
export function tableParams(s: AdminSearch) {
  return { status: s.status, sort: s.sort ?? 'createdAt', direction: s.dir ?? 'desc', search: s.q, page: s.page ?? 1 } as const;
}
