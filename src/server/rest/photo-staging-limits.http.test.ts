import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingImageShape } from '../../shared/schemas/listing-shape';
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../limits/rate-limits';
import { ACCOUNT_STAGING_TITLE, processImage, STAGING_FULL_MESSAGE, STAGING_FULL_TITLE } from '../services/images';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { pngImage, toDataUrl } from '../testing/images';
import { LISTING_FORM } from '../testing/listing-factory';

// One account could stage photos without bound, each kept on disk for the 24-hour window. Staged photos are now
// bounded per account (count and bytes within the 24-hour window), in all (STAGED_PHOTOS_MAX_MB), and uploads per
// account per hour (RATE_LIMITS.photoUpload); each refusal is a 429 with Retry-After and a Norwegian text telling the
// seller what to do (docs/product/limits.md#photos), over REST and tRPC alike. The bounds are lowered here (AppConfig)
// so a few small photos reach them.

let photo: string;
let photoBytes: number;
type User = Awaited<ReturnType<typeof loggedInUser>>;

beforeAll(async () => {
  photo = toDataUrl(await pngImage(64, 48), 'image/png');
  const p = await processImage(Buffer.from(photo.split(',')[1], 'base64'));
  photoBytes = p.large.length + p.medium.length + p.thumb.length;
});

const webpFiles = (t: TestApp) => fs.readdirSync(t.uploadDir, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length;
const rest = (t: TestApp, user: User, image = photo) =>
  t.app.inject({ method: 'POST', url: '/api/listing-images', headers: { cookie: user.cookie }, payload: { image } });
const trpc = (t: TestApp, user: User, image = photo) =>
  t.app.inject({
    method: 'POST',
    url: '/trpc/listings.uploadImage',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ image }),
  });

const listingForm = (images: string[]) => ({ ...LISTING_FORM, images });

describe('staged photos per account', () => {
  let t: TestApp;
  let seller: User;
  let other: User;
  beforeAll(async () => {
    t = await createTestApp({ stagedPhotosPerAccount: { photos: 3, bytes: 1024 ** 3 } });
    seller = await loggedInUser(t.store, { name: 'Stian Stabel' });
    other = await loggedInUser(t.store, { name: 'Kari Annen' });
  });
  afterAll(() => t.close());

  it('REST: the photo past the bound gets 429, Retry-After and a text saying to save the listing first; nothing is stored', async () => {
    const staged: ListingImageShape[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await rest(t, seller);
      expect(res.statusCode, res.body).toBe(201);
      staged.push(json(res));
    }
    const files = webpFiles(t);
    const refused = await rest(t, seller);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(json(refused)).toEqual({
      message:
        'Du har lastet opp mange bilder som ikke er lagret i en annonse ennå (høyst 3 bilder eller 1024 MB). Lagre annonsen før du laster opp flere bilder, eller prøv igjen om 24 timer.',
      details: { title: ACCOUNT_STAGING_TITLE },
    });
    expect(webpFiles(t)).toBe(files);

    // Another seller is not held back by this one.
    expect((await rest(t, other)).statusCode).toBe(201);

    // Saving the listing with the staged photos attaches them, and frees the room.
    const created = await t.app.inject({ method: 'POST', url: '/api/listings', headers: { cookie: seller.cookie }, payload: listingForm(staged.map((s) => s.url)) });
    expect(created.statusCode, created.body).toBe(201);
    expect((await rest(t, seller)).statusCode).toBe(201);
  });

  it('tRPC over HTTP: the same bound answers TOO_MANY_REQUESTS (429) with Retry-After and the same text', async () => {
    const user = await loggedInUser(t.store, { name: 'Trine Trpc' });
    for (let i = 0; i < 3; i++) expect((await trpc(t, user)).statusCode).toBe(200);
    const refused = await trpc(t, user);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(json(refused).error).toMatchObject({
      message: expect.stringMatching(/^Du har lastet opp mange bilder som ikke er lagret i en annonse ennå .*Lagre annonsen før du laster opp flere bilder/),
      data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, details: { title: ACCOUNT_STAGING_TITLE } },
    });
  });
});

describe('all staged photos together (STAGED_PHOTOS_MAX_MB)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ stagedPhotosMaxBytes: Math.floor(2.5 * photoBytes) });
  });
  afterAll(() => t.close());

  it('refuses every account once the total is taken, over REST and tRPC, with 429, Retry-After and its own text', async () => {
    const first = await loggedInUser(t.store, { name: 'Frida Først' });
    const late = await loggedInUser(t.store, { name: 'Sindre Sen' });
    expect((await rest(t, first)).statusCode).toBe(201);
    expect((await rest(t, first)).statusCode).toBe(201);
    const files = webpFiles(t);

    const refused = await rest(t, late);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(json(refused)).toEqual({ message: STAGING_FULL_MESSAGE, details: { title: STAGING_FULL_TITLE } });
    expect(STAGING_FULL_MESSAGE).toBe(
      'Det er ikke plass til flere nye bilder akkurat nå. Lagre annonsen med bildene som allerede er lastet opp, og prøv å legge til flere senere.',
    );

    const overTrpc = await trpc(t, late);
    expect(overTrpc.statusCode).toBe(429);
    expect(json(overTrpc).error).toMatchObject({ message: STAGING_FULL_MESSAGE, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } });
    expect(webpFiles(t)).toBe(files);
  });
});

describe('uploads per account per hour (RATE_LIMITS.photoUpload)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts every upload, refused ones too, and then answers 429 over REST and tRPC; another account is unaffected', async () => {
    expect(RATE_LIMITS.photoUpload).toEqual({ max: 300, timeWindow: 60 * 60_000, per: 'user' });
    const busy = await loggedInUser(t.store, { name: 'Bjørn Travel' });
    const broken = toDataUrl(Buffer.from('ikke et bilde'), 'image/png'); // refused at once, and still counted
    for (let i = 0; i < RATE_LIMITS.photoUpload.max; i++) {
      const res = await rest(t, busy, broken);
      if (res.statusCode !== 400) expect.unreachable(`upload ${i + 1}: ${res.statusCode} ${res.body}`);
    }
    const limited = await rest(t, busy);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toBe(RATE_LIMIT_MESSAGE);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await trpc(t, busy)).statusCode).toBe(429);

    const calm = await loggedInUser(t.store, { name: 'Rolig Rita' });
    expect((await rest(t, calm)).statusCode).toBe(201);
  });
});
