import type { AppRouter } from '../trpc/root';
import type { ProcedureMeta } from '../trpc/init';

// Answers that belong to one user are never kept by a browser's cache or a shared proxy
// (docs/product/api.md#conventions): every answer of a procedure that needs a login, and of a public one whose answer
// depends on the logged-in caller (`perCaller`), says so, over REST (src/server/rest/adapter.ts) and tRPC HTTP (app.ts,
// responseMeta) alike. A WebSocket has no caches.

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The meta of the procedure at `path`; undefined for an unknown path. */
export function procedureMeta(router: AppRouter, path: string): ProcedureMeta | undefined {
  const procedures = router._def.procedures as Record<string, { _def?: { meta?: ProcedureMeta } } | undefined>;
  return procedures[path]?._def?.meta;
}

/** Whether the answer of the procedure at `path` to this caller is private. */
export function isPrivateAnswer(meta: ProcedureMeta | undefined, loggedIn: boolean): boolean {
  return meta?.auth !== undefined || (meta?.perCaller === true && loggedIn);
}
