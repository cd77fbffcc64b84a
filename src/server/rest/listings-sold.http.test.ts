import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOLD_TEXTS } from '../../shared/texts/sold';
import { appWithListing, json, type TestApp, type TestUser } from '../testing/harness';

// 'Marker som solgt' over REST (docs/product/states.md#sold, docs/product/api.md PATCH /api/listings/{id} `{sold}`):
// the owner marks it; it leaves GET /api/listings and the sitemap; GET /api/listings/{id} still answers, `sold: true`;
// a new chat is refused with 409; `{sold: false}` puts it back.

let t: TestApp;
let seller: TestUser, buyer: TestUser;
let id: number;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), host: 'bilpartner.test' },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

const searchIds = async () => json<{ id: number }[]>(await call('GET', '/api/listings?make=Skoda')).map((l) => l.id);

beforeAll(async () => {
  ({ t, seller, buyer, listingId: id } = await appWithListing({ make: 'Skoda', model: 'Octavia' }));
});
afterAll(() => t.close());

describe('PATCH /api/listings/{id} {sold}', () => {
  it("is refused to anyone but the owner or an admin, and a body that is not a flag is a 400", async () => {
    expect((await call('PATCH', `/api/listings/${id}`, undefined, { sold: true })).statusCode).toBe(401);
    expect((await call('PATCH', `/api/listings/${id}`, buyer.cookie, { sold: true })).statusCode).toBe(403);
    const bad = await call('PATCH', `/api/listings/${id}`, seller.cookie, { sold: 'ja' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('Solgt må være true eller false.');
  });

  it('marks it sold: gone from search and the sitemap, its page answers sold, a new chat is refused', async () => {
    expect(await searchIds()).toEqual([id]);
    expect((await call('GET', '/sitemap.xml')).body).toContain(`/listing/${id}<`);
    const res = await call('PATCH', `/api/listings/${id}`, seller.cookie, { sold: true });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id, sold: true, active: false });

    expect(await searchIds()).toEqual([]);
    const sitemap = await call('GET', '/sitemap.xml');
    expect(sitemap.body).not.toContain(`/listing/${id}<`);
    const page = await call('GET', `/api/listings/${id}`);
    expect(page.statusCode).toBe(200);
    expect(json(page)).toMatchObject({ id, sold: true });

    const chat = await call('POST', '/api/chats/start', buyer.cookie, { listingId: id, sellerId: seller.user.id, message: 'Hei, er den solgt?' });
    expect(chat.statusCode).toBe(409);
    expect(json(chat).message).toBe(SOLD_TEXTS.chatRefused);
  });

  it('{sold: false} puts it back on the market', async () => {
    const res = await call('PATCH', `/api/listings/${id}`, seller.cookie, { sold: false });
    expect(json(res)).toMatchObject({ sold: false, active: true });
    expect(await searchIds()).toEqual([id]);
    expect(json(await call('GET', `/api/listings/${id}`))).toMatchObject({ sold: false });
  });
});
