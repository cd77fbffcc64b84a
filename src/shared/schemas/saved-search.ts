import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXTS } from '../texts/saved-searches';
import { z } from '../zod';
import { searchInput, type SearchParams } from './search';

// Saved searches ('Lagre søk', docs/product/api.md "Saved searches", docs/decisions/022-market-alerts.md). `params`
// is read by the one schema of GET /api/listings (search.ts searchInput), so a saved search holds exactly what the
// search page sends, and opening it shows what its alerts matched.

export { SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_MAX, SAVED_SEARCH_TEXTS } from '../texts/saved-searches';

/** What a saved search keeps of the search: the filters, free text and order, never the page. */
export type SavedSearchParams = Omit<SearchParams, 'limit' | 'offset'>;

/** GET /api/listings parameters, read by its own schema; paging is dropped and unset filters left out. */
export const savedSearchParams = searchInput.transform(({ limit: _limit, offset: _offset, ...rest }): SavedSearchParams => {
  const kept = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return kept as SavedSearchParams;
});

const name = z.string().trim().min(1, { error: SAVED_SEARCH_TEXTS.nameRequired }).max(SAVED_SEARCH_NAME_MAX, { error: SAVED_SEARCH_TEXTS.nameTooLong });

export const savedSearchId = z.coerce
  .number({ error: SAVED_SEARCH_TEXTS.notFound })
  .int({ error: SAVED_SEARCH_TEXTS.notFound })
  .positive({ error: SAVED_SEARCH_TEXTS.notFound });
export const savedSearchIdInput = z.object({ id: savedSearchId });

export const savedSearchCreateInput = z.object({
  name,
  params: savedSearchParams,
  /** Alerts also by e-mail. */
  email: z.boolean().default(false),
});

export const savedSearchUpdateInput = z.object({ id: savedSearchId, name: name.optional(), email: z.boolean().optional() });
/** The PATCH body (the id is the path's). */
export const savedSearchPatchBody = savedSearchUpdateInput.omit({ id: true });

/** The alert e-mails' 'Meld av' link carries the saved search's random token (services/saved-searches.ts). */
export const savedSearchUnsubscribeInput = z.object({
  token: z.string({ error: SAVED_SEARCH_TEXTS.unsubscribeInvalid }).regex(/^[a-z2-7]{32}$/, { error: SAVED_SEARCH_TEXTS.unsubscribeInvalid }),
});

export const savedSearchShape = z.object({
  id: z.number().int(),
  name: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  email: z.boolean(),
  /** Listings alerted since the owner last opened the search that buyers can still see. */
  newHits: z.number().int().min(0),
  createdAt: z.string(),
});
export type SavedSearchShape = z.infer<typeof savedSearchShape>;
