// Browser-test helpers for the service worker (public/sw.js, docs/decisions/012-offline-and-caching.md), shared by
// e2e/offline.e2e.test.ts and e2e/service-worker.e2e.test.ts.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The name of the shell cache of the worker now in control, once one controls the page. */
export async function controlledShell(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  return page.evaluate(() => `bp-shell-${new URL(navigator.serviceWorker.controller!.scriptURL).searchParams.get('v')}`);
}

/** Waits until every built file this page loaded, and the shell page, is in the controlling worker's shell cache. */
export async function waitForOfflineReady(page: Page) {
  const shell = await controlledShell(page);
  await expect
    .poll(
      () =>
        page.evaluate(async (name) => {
          const cache = await caches.open(name);
          const have = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
          const loaded = performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
            .map((u) => u.pathname);
          // The shell is the plain page (public/sw.js): a rendered page is never kept.
          return ['/index.html', ...loaded].filter((p) => !have.has(p));
        }, shell),
      { timeout: 15_000 },
    )
    .toEqual([]);
  return shell;
}

/** The /assets/ files this document has loaded (from the network, the HTTP cache or the worker). */
export function loadedAssets(page: Page) {
  return page.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
        .map((u) => u.pathname),
    ),
  ]);
}

/** The names of the shell caches (one per build) this origin holds. */
export function shellCaches(page: Page) {
  return page.evaluate(() => caches.keys().then((names) => names.filter((n) => n.startsWith('bp-shell-')).sort()));
}
