import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createDiskStorage, keyFromUrl, type ImageStorage } from '../integrations/image-storage';
import type { Dialect, Store } from '../store';
import { storeParts } from '../store';
import { stagedQueries } from '../store/photos';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { imageRows, insertListingRow, insertUser, updateImage } from '../testing/photos-fixtures';
import { pngImage, toDataUrl } from '../testing/images';
import {
  ACCOUNT_STAGED_BYTES,
  ACCOUNT_STAGED_PHOTOS,
  ACCOUNT_STAGING_TITLE,
  processImage,
  STAGED_IMAGE_TTL_MS,
  stageImage,
  StagingLimitError,
  STAGING_FULL_MESSAGE,
  STAGING_FULL_TITLE,
  stagingLimitsOf,
  type StagingLimits,
} from './images';

// Staged photos (uploaded ahead of the form, not yet attached) are bounded per account, in count and
// bytes within the 24-hour staging window, and in all (docs/product/limits.md#photos). The final check and the row's
// insert are one transaction no other staging comes between (on either store), so uploads running at the same time
// cannot pass a bound together.

let store: Store;
let dir: string;
let storage: ImageStorage;
let photo: string;
/** Bytes on disk of one stored `photo` (its three WebPs). */
let photoBytes: number;

const roomy: StagingLimits = { accountPhotos: 1000, accountBytes: 1e12, totalBytes: 1e12 };
const webpFiles = () => fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length;
const rows = () => imageRows(store);
const refusal = (p: Promise<unknown>) => p.then(() => expect.unreachable('refused'), (e: unknown) => e as StagingLimitError);

beforeAll(async () => {
  photo = toDataUrl(await pngImage(64, 48), 'image/png');
  const p = await processImage(Buffer.from(photo.split(',')[1], 'base64'));
  photoBytes = p.large.length + p.medium.length + p.thumb.length;
});

describeOnEachStore('staged photos', (dialect: Dialect) => {
  beforeEach(async () => {
    store = await createTestStore(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-staging-'));
    storage = createDiskStorage(dir);
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('stored bytes', () => {
    it('records the bytes of the three files on disk in stored_bytes', async () => {
      const user = { id: await insertUser(store) };
      const staged = await stageImage(store, storage, user.id, photo, roomy);
      const row = (await rows()).find((r) => r.id === staged.id)!;
      const onDisk = [staged.url, staged.mediumUrl, staged.thumbUrl].reduce((sum, u) => sum + fs.statSync(path.join(dir, keyFromUrl(u)!)).size, 0);
      expect(row.storedBytes).toBe(onDisk);
      expect(row.storedBytes).toBe(photoBytes);
    });
  });

  describe('per account', () => {
    it('refuses the photo past the count with 429, a Retry-After and the Norwegian text; another account still uploads', async () => {
      const user = { id: await insertUser(store) };
      const other = { id: await insertUser(store) };
      const limits = { ...roomy, accountPhotos: 3 };
      for (let i = 0; i < 3; i++) await stageImage(store, storage, user.id, photo, limits);
      const err = await refusal(stageImage(store, storage, user.id, photo, limits));
      expect(err).toBeInstanceOf(StagingLimitError);
      expect(err).toMatchObject({ code: 'TOO_MANY_REQUESTS', details: { title: ACCOUNT_STAGING_TITLE } });
      expect(err.message).toBe(
        'Du har lastet opp mange bilder som ikke er lagret i en annonse ennå (høyst 3 bilder eller 953674 MB). Lagre annonsen før du laster opp flere bilder, eller prøv igjen om 24 timer.',
      );
      expect(err.retryAfterSeconds).toBeGreaterThan(23 * 3600);
      expect(err.retryAfterSeconds).toBeLessThanOrEqual(24 * 3600);
      expect(webpFiles()).toBe(9);
      await stageImage(store, storage, other.id, photo, limits);
    });

    it('refuses the photo past the bytes after processing it, and removes the files it wrote', async () => {
      const user = { id: await insertUser(store) };
      const limits = { ...roomy, accountBytes: Math.floor(2.5 * photoBytes) };
      await stageImage(store, storage, user.id, photo, limits);
      await stageImage(store, storage, user.id, photo, limits);
      const err = await refusal(stageImage(store, storage, user.id, photo, limits));
      expect(err).toBeInstanceOf(StagingLimitError);
      expect(await rows()).toHaveLength(2);
      expect(webpFiles()).toBe(6);
    });

    it('checks before decoding: an upload with no room is refused as such, even a broken one', async () => {
      const user = { id: await insertUser(store) };
      const limits = { ...roomy, accountPhotos: 1 };
      await stageImage(store, storage, user.id, photo, limits);
      const broken = `data:image/jpeg;base64,${Buffer.from('not a photo at all').toString('base64')}`;
      expect(await refusal(stageImage(store, storage, user.id, broken, limits))).toBeInstanceOf(StagingLimitError);
      // With room, the same upload gets the photo's own error.
      await expect(stageImage(store, storage, user.id, broken, roomy)).rejects.not.toBeInstanceOf(StagingLimitError);
    });

    it('lets through only as many of a burst of parallel uploads as fit; the refused ones leave no file', async () => {
      const user = { id: await insertUser(store) };
      const limits = { ...roomy, accountPhotos: 3 };
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => stageImage(store, storage, user.id, photo, limits)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused).toHaveLength(5);
      expect(refused.every((r) => r.reason instanceof StagingLimitError)).toBe(true);
      expect(await rows()).toHaveLength(3);
      expect(webpFiles()).toBe(9);
    });

    it('counts only staged photos of the last 24 hours: saved ones, ones waiting in an edit and older ones do not count', async () => {
      const user = { id: await insertUser(store) };
      const limits = { ...roomy, accountPhotos: 2 };
      const [a, b] = [await stageImage(store, storage, user.id, photo, limits), await stageImage(store, storage, user.id, photo, limits)];
      await expect(stageImage(store, storage, user.id, photo, limits)).rejects.toBeInstanceOf(StagingLimitError);

      const listing = { id: await insertListingRow(store, user.id) };
      await updateImage(store, a.id, { listingId: listing.id }); // saved with a listing
      const c = await stageImage(store, storage, user.id, photo, limits);
      await expect(stageImage(store, storage, user.id, photo, limits)).rejects.toBeInstanceOf(StagingLimitError);

      // Uploaded 23 hours ago: it counts until it leaves the window in about an hour, which the answer says.
      await updateImage(store, b.id, { createdAt: new Date(Date.now() - 23 * 3600_000) });
      const err = await refusal(stageImage(store, storage, user.id, photo, limits));
      expect(err.message).toMatch(/prøv igjen om (59 minutter|1 time)\.$/);
      expect(err.retryAfterSeconds).toBeGreaterThan(3500);
      expect(err.retryAfterSeconds).toBeLessThanOrEqual(3600);

      await updateImage(store, b.id, { createdAt: new Date(Date.now() - STAGED_IMAGE_TTL_MS - 60_000) });
      await stageImage(store, storage, user.id, photo, limits);
      expect(c).toBeTruthy();
    });
  });

  describe('all staged photos together', () => {
    it('refuses any account once staged photos take the total, with its own text; saving a listing frees room', async () => {
      const a = { id: await insertUser(store) };
      const b = { id: await insertUser(store) };
      const limits = { ...roomy, totalBytes: Math.floor(2.5 * photoBytes) };
      const first = await stageImage(store, storage, a.id, photo, limits);
      await stageImage(store, storage, a.id, photo, limits);
      const err = await refusal(stageImage(store, storage, b.id, photo, limits));
      expect(err).toBeInstanceOf(StagingLimitError);
      expect(err).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: STAGING_FULL_MESSAGE, details: { title: STAGING_FULL_TITLE }, retryAfterSeconds: 3600 });
      expect(webpFiles()).toBe(6);

      const listing = { id: await insertListingRow(store, a.id) };
      await updateImage(store, first.id, { listingId: listing.id });
      await stageImage(store, storage, b.id, photo, limits);
    });

    it('holds under a burst of parallel uploads from several accounts', async () => {
      const users = await Promise.all([1, 2, 3, 4].map(async () => ({ id: await insertUser(store) })));
      const limits = { ...roomy, totalBytes: Math.floor(5.5 * photoBytes) };
      const results = await Promise.allSettled(users.flatMap((u) => [1, 2, 3].map(() => stageImage(store, storage, u.id, photo, limits))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      expect(await rows()).toHaveLength(5);
      expect(webpFiles()).toBe(15);
    });
  });

});

describe('the counting queries on SQLite', () => {
  it('read the partial index of staged photos alone, never a table row', async () => {
    const store = await createTestStore('sqlite');
    if (store.dialect !== 'sqlite') throw new Error('sqlite expected');
    const db = store.db;
    const plan = (query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql, params } = query.toSQL();
      return db.$client
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((r) => (r as { detail: string }).detail)
        .join('; ');
    };
    const staged = stagedQueries(storeParts(store), 1, new Date(0));
    const account = /^SEARCH listing_images USING COVERING INDEX listing_images_staged_idx \(uploader_id=\? AND created_at>\?\)$/;
    expect(plan(staged.account)).toMatch(account);
    expect(plan(staged.accountRows)).toMatch(account); // in the index's order: no sort step
    expect(plan(staged.total)).toBe('SCAN listing_images USING COVERING INDEX listing_images_staged_idx');
    await store.close();
  });
});

describe('the bounds a server runs with', () => {
  it('are 100 photos and 100 MiB per account and STAGED_PHOTOS_MAX_MB (default 2048 MiB) in all', () => {
    expect(stagingLimitsOf(loadConfig({}))).toEqual({ accountPhotos: 100, accountBytes: 100 * 1024 * 1024, totalBytes: 2 * 1024 ** 3 });
    expect([ACCOUNT_STAGED_PHOTOS, ACCOUNT_STAGED_BYTES]).toEqual([100, 100 * 1024 * 1024]);
    expect(loadConfig({ STAGED_PHOTOS_MAX_MB: '512' }).stagedPhotosMaxBytes).toBe(512 * 1024 * 1024);
    for (const bad of ['lots', '0', '1.5']) expect(() => loadConfig({ STAGED_PHOTOS_MAX_MB: bad })).toThrow(/\bSTAGED_PHOTOS_MAX_MB\b/);
  });
});
