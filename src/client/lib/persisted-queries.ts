import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave, removeOldestQuery, type PersistedClient } from '@tanstack/react-query-persist-client';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';

/**
 * Listing data survives a reload and a network failure (docs/product/limits.md, docs/decisions/012-offline-and-caching.md)
 * through TanStack Query's persister: the public listing queries are kept in localStorage and put back when the app
 * starts (src/client/start.tsx says when). This module only says what is kept and for whom: bounded (MAX_QUERIES, MAX_CHARS, MAX_AGE), versioned
 * (`buster`: the build), only public listing queries, tagged with the user they were fetched for and cleared on logout
 * or when another user (or nobody) turns out to be logged in.
 */

export const STORAGE_KEY = 'bp-query-cache';
const MAX_QUERIES = 30;
const MAX_CHARS = 1_000_000;
const MAX_AGE = 24 * 60 * 60_000;

/** tRPC query keys start with the procedure path: only the public listing reads are kept. */
const PERSISTED_PATHS = ['listings.list', 'listings.byId', 'listings.facets'];
const pathOf = (key: readonly unknown[] | undefined) => (Array.isArray(key?.[0]) ? (key[0] as string[]).join('.') : '');

/** What is stored: TanStack Query's PersistedClient plus the user id the data was fetched for (null: logged out). */
type OwnedClient = PersistedClient & { owner?: number | null };

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // a browser that refuses storage (private mode): nothing is kept
  }
}

/**
 * Puts the stored copy into `queryClient` (when it is of this build and young enough) and keeps the store up to date
 * from then on. Returns a function that stops it and a promise that settles once the copy is in; render after it, so
 * a route's loader already finds the copy (the storage is synchronous: it settles within the same task).
 */
export function persistListingQueries(queryClient: QueryClient, buster: string, storage: Storage | undefined = safeLocalStorage()) {
  let owner: number | null = null;
  // Data updated until this time was fetched for a previous owner and is not written again.
  let ownedSince = -1;
  const restoredAt = Date.now(); // the stored copy is older; what this page fetches is newer
  let meAnswered = false;

  const persister = createSyncStoragePersister({
    storage,
    key: STORAGE_KEY,
    throttleTime: 1000,
    // Over the bounds, or storage full: the library's retry drops the oldest query and tries again until it fits.
    retry: removeOldestQuery,
    serialize: (client) => {
      // Filtered here, when it is written: a throttled write may carry a copy dehydrated before the owner changed.
      const queries = client.clientState.queries.filter((q) => q.state.dataUpdatedAt > ownedSince);
      if (queries.length > MAX_QUERIES) throw new RangeError('too many queries to persist');
      const text = JSON.stringify({ ...client, owner, clientState: { ...client.clientState, queries } } satisfies OwnedClient);
      if (text.length > MAX_CHARS) throw new RangeError('persisted queries too large');
      return text;
    },
    deserialize: (text) => {
      const client = JSON.parse(text) as OwnedClient;
      owner = client.owner ?? null;
      return client;
    },
  });

  const forget = (newOwner: number | null, since: number) => {
    owner = newOwner;
    ownedSince = since;
    try {
      void persister.removeClient();
    } catch {
      /* nothing stored */
    }
  };

  // Queries already in the cache (a server-rendered page's, src/client/main.tsx) are newer than the stored copy, which
  // does not replace them, and are not marked stale below.
  const present = new Set(queryClient.getQueryCache().getAll().map((q) => q.queryHash));
  const dehydrateOptions = {
    shouldDehydrateQuery: (q: Query) => q.state.status === 'success' && PERSISTED_PATHS.includes(pathOf(q.queryKey)),
    shouldDehydrateMutation: () => false,
  };
  const [stopPersisting, restored] = persistQueryClient({ queryClient, persister, buster, maxAge: MAX_AGE, dehydrateOptions });
  const ready = restored.then(
    () => {
      // The stored copy shows at once, but it is as old as the last visit: marked stale, every restored query is asked
      // again as soon as a page uses it (a reload must show what changed meanwhile, e.g. a listing just approved), and
      // the copy stays on screen if the network fails.
      void queryClient.invalidateQueries({ refetchType: 'none', predicate: (q) => !present.has(q.queryHash) });
    },
    () => {
      /* an unreadable copy has been removed by the library; this page starts empty */
    },
  );

  const meAnswer = (query: Query) => {
    // The data of another user (or of a logged-in user, now logged out) must not outlive them. Login and logout reload
    // the page, so at the page's first answer only the restored copy is the previous owner's.
    const me = (query.state.data as { id?: number } | null | undefined) ?? null;
    const id = typeof me?.id === 'number' ? me.id : null;
    if (id !== owner) forget(id, meAnswered ? Date.now() : restoredAt);
    meAnswered = true;
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && pathOf(event.query.queryKey) === 'auth.me') meAnswer(event.query);
  });
  // Started after the page's first answers (src/client/start.tsx), this may come after auth.me's: that answer counts
  // as the first, once the stored copy (and its owner) is in.
  void ready.then(() => {
    const answered = queryClient.getQueryCache().getAll().find((q) => pathOf(q.queryKey) === 'auth.me' && q.state.status === 'success');
    if (answered && !meAnswered) meAnswer(answered);
    // The library writes on the cache's next change; what the page already holds is written now.
    void persistQueryClientSave({ queryClient, persister, buster, dehydrateOptions });
  });
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.mutation?.state.status !== 'success') return;
    if (pathOf(event.mutation.options.mutationKey) === 'auth.logout') forget(null, Date.now());
  });

  const stop = () => {
    stopPersisting();
    unsubscribeQueries();
    unsubscribeMutations();
  };
  return { stop, ready };
}
