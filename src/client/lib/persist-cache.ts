import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

/**
 * Listing data survives a reload and a network failure (docs/product/limits.md, docs/decisions/012-offline-and-caching.md):
 * the public listing queries of the TanStack Query cache are kept in localStorage and put back before the first render.
 *
 * The shape follows TanStack Query's own persister (`@tanstack/query-persist-client-core`'s `Persister` and
 * `PersistedClient`: timestamp, buster, clientState), which is not installed; a small synchronous localStorage version
 * is enough here and lets the first render already hold the stored copy. Bounded (MAX_QUERIES, MAX_CHARS, MAX_AGE),
 * versioned (`buster`: the build), only public listing queries, tagged with the user they were fetched for and cleared
 * on logout or when another user (or nobody) turns out to be logged in.
 */

export interface PersistedClient {
  timestamp: number;
  buster: string;
  /** The user id the data was fetched for; null when logged out. */
  owner: number | null;
  clientState: DehydratedState;
}

export interface Persister {
  persistClient(client: PersistedClient): void;
  restoreClient(): PersistedClient | undefined;
  removeClient(): void;
}

export const STORAGE_KEY = 'bp-query-cache';
const MAX_QUERIES = 30;
const MAX_CHARS = 1_000_000;
const MAX_AGE = 24 * 60 * 60_000;
const THROTTLE_MS = 1000;

/** tRPC query keys start with the procedure path: only the public listing reads are kept. */
const PERSISTED_PATHS = ['listings.list', 'listings.byId', 'listings.facets'];
const pathOf = (key: readonly unknown[]) => (Array.isArray(key[0]) ? (key[0] as string[]).join('.') : '');
const ME_PATH = 'auth.me';
const LOGOUT_PATH = 'auth.logout';

export function createLocalStoragePersister(storage: Storage | undefined = safeLocalStorage()): Persister {
  return {
    persistClient(client) {
      if (!storage) return;
      let state = client.clientState;
      let text = JSON.stringify({ ...client, clientState: state });
      // Too large: drop the oldest queries until it fits (a quota error just leaves the old copy).
      while (text.length > MAX_CHARS && state.queries.length > 0) {
        state = { ...state, queries: state.queries.slice(1) };
        text = JSON.stringify({ ...client, clientState: state });
      }
      try {
        storage.setItem(STORAGE_KEY, text);
      } catch {
        /* quota or private mode: offline copies are a convenience */
      }
    },
    restoreClient() {
      try {
        const text = storage?.getItem(STORAGE_KEY);
        return text ? (JSON.parse(text) as PersistedClient) : undefined;
      } catch {
        return undefined;
      }
    },
    removeClient() {
      try {
        storage?.removeItem(STORAGE_KEY);
      } catch {
        /* nothing stored */
      }
    },
  };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const shouldPersist = (q: Query) => q.state.status === 'success' && PERSISTED_PATHS.includes(pathOf(q.queryKey));

/**
 * Puts the stored copy into `queryClient` (when it is of this build and young enough) and keeps the store up to date
 * from then on. Returns a function that stops it.
 */
export function persistQueryClient(queryClient: QueryClient, buster: string, persister: Persister = createLocalStoragePersister()) {
  const stored = persister.restoreClient();
  let owner: number | null = null;
  if (stored && stored.buster === buster && Date.now() - stored.timestamp < MAX_AGE) {
    owner = stored.owner;
    hydrate(queryClient, stored.clientState);
    // The stored copy shows at once, but it is as old as the last visit: marked stale, every restored query is asked
    // again as soon as a page uses it (a reload must show what changed meanwhile, e.g. a listing just approved), and
    // the copy stays on screen if the network fails.
    for (const q of stored.clientState.queries) void queryClient.invalidateQueries({ queryKey: q.queryKey, exact: true, refetchType: 'none' });
  } else if (stored) {
    persister.removeClient();
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: shouldPersist, shouldDehydrateMutation: () => false });
    const queries = [...state.queries].sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt).slice(-MAX_QUERIES);
    persister.persistClient({ timestamp: Date.now(), buster, owner, clientState: { ...state, queries } });
  };
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    persister.removeClient();
  };

  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    const query = event.query as Query;
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const path = pathOf(query.queryKey);
    if (path === ME_PATH) {
      // The data of another user (or of a logged-in user, now logged out) must not outlive them.
      const me = (query.state.data as { id?: number } | null | undefined) ?? null;
      const id = typeof me?.id === 'number' ? me.id : null;
      if (id !== owner) {
        clear();
        owner = id;
      }
      return;
    }
    if (PERSISTED_PATHS.includes(path)) timer ??= setTimeout(save, THROTTLE_MS);
  });
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.mutation?.state.status !== 'success') return;
    if (pathOf(event.mutation.options.mutationKey ?? []) === LOGOUT_PATH) {
      clear();
      owner = null;
    }
  });
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
    if (timer) clearTimeout(timer);
  };
}
