import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInUser, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';

// docs/product/api.md#conventions: a user's own answers say `Cache-Control: private, no-store`, so no browser cache or
// shared proxy keeps them, over REST and tRPC HTTP alike. Public answers are left to the caches.

let t: TestApp;
let user: Awaited<ReturnType<typeof loggedInUser>>;
let admin: Awaited<ReturnType<typeof loggedInUser>>;
let listingId: number;
beforeAll(async () => {
  t = await createTestApp();
  user = await loggedInUser(t.store);
  admin = await loggedInUser(t.store, { isAdmin: true });
  listingId = (await insertListing(t.store, user.user.id)).id;
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const trpcGet = (paths: string[], cookie?: string) =>
  get(`/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(paths.map((_, i) => [i, {}]))))}`, cookie);

describe('private answers are never cached', () => {
  it('REST: the user, their listings, saved listings, chats and notifications say private, no-store', async () => {
    for (const url of ['/api/auth/user', '/api/my-listings', '/api/saved-listings', '/api/chats', '/api/notifications']) {
      const res = await get(url, user.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const adminUsers = await get('/api/admin/users', admin.cookie);
    expect(adminUsers.statusCode).toBe(200);
    expect(adminUsers.headers['cache-control']).toBe('private, no-store');
  });

  it('REST: a listing seen by a logged-in user is private (it says whether they saved it); a visitor’s is not', async () => {
    const mine = await get(`/api/listings/${listingId}`, user.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const visitor = await get(`/api/listings/${listingId}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBeUndefined();
  });

  it('tRPC over HTTP: private queries say private, no-store, and so does a batch holding one', async () => {
    for (const paths of [['auth.me'], ['listings.mine'], ['savedListings.list'], ['chats.list'], ['notifications.list'], ['listings.facets', 'savedListings.ids']]) {
      const res = await trpcGet(paths, user.cookie);
      expect(res.statusCode, paths.join(',')).toBe(200);
      expect(res.headers['cache-control'], paths.join(',')).toBe('private, no-store');
    }
    const publicOnly = await trpcGet(['listings.facets'], user.cookie);
    expect(publicOnly.statusCode).toBe(200);
    expect(publicOnly.headers['cache-control']).toBeUndefined();
  });

  it('a refused private call is not cached either', async () => {
    const res = await get('/api/my-listings');
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
