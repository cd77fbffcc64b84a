import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../../db/client';
import { AppError } from '../errors';
import { createDiskStorage, keyFromUrl } from '../integrations/image-storage';
import { toImageShape } from './listing-shape';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import type { Store } from '../store';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { imageRows, insertUser, updateImage } from '../testing/photos-fixtures';
import { gradientJpeg, photoLikeJpeg, pngImage, toDataUrl, twoToneJpeg } from '../testing/images';
import {
  backfillMediumImages,
  cleanupStagedImages,
  decodeDataUrl,
  deleteImageFiles,
  IMAGE_BROKEN_MESSAGE,
  mediumKeyOf,
  processImage,
  readFromUploadDir,
  stageImage,
  startImageUpkeep,
} from './images';

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

async function pixel(buf: Buffer, x: number, y: number) {
  const { data, info } = await sharp(buf).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i], g: data[i + 1], b: data[i + 2] };
}

describe('processImage', () => {
  it('auto-orients an EXIF orientation 6 photo and strips every bit of metadata, GPS included', async () => {
    const input = await twoToneJpeg(1200, 800, { orientation: 6, gps: true });
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif!.includes(Buffer.from('TESTGPS-WGS84'))).toBe(true);

    const out = await processImage(input);
    // Stored 1200×800 on its side → shown upright as 800×1200; the stored left (red) half ends up on top.
    expect([out.width, out.height]).toEqual([800, 1200]);
    const meta = await sharp(out.large).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1200 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    for (const buf of [out.large, out.medium, out.thumb]) {
      expect(buf.includes(Buffer.from('TESTGPS'))).toBe(false);
      expect(buf.includes(Buffer.from('Bilpartner TestCam'))).toBe(false);
      expect(buf.includes(Buffer.from('Exif'))).toBe(false);
    }
    const top = await pixel(out.large, 400, 100);
    const bottom = await pixel(out.large, 400, 1100);
    expect(top.r).toBeGreaterThan(150);
    expect(bottom.b).toBeGreaterThan(150);
  });

  it('shrinks large photos to at most 1600 px and makes an 800 px wide medium size and a ≈480 px thumbnail, never enlarging', async () => {
    const size = async (buf: Buffer) => {
      const m = await sharp(buf).metadata();
      return [m.format, m.width, m.height];
    };
    const big = await processImage(await photoLikeJpeg(4000, 3000));
    expect([big.width, big.height]).toEqual([1600, 1200]);
    expect(await size(big.medium)).toEqual(['webp', 800, 600]);
    expect(await size(big.thumb)).toEqual(['webp', 480, 360]);
    expect(big.thumb.length).toBeLessThan(big.medium.length);
    expect(big.medium.length).toBeLessThan(big.large.length);

    // A portrait photo: the medium size is 800 px wide (srcset's w descriptors are widths), the thumbnail 480 px tall.
    const portrait = await processImage(await gradientJpeg(3000, 4000));
    expect([portrait.width, portrait.height]).toEqual([1200, 1600]);
    expect(await size(portrait.medium)).toEqual(['webp', 800, 1067]);
    expect(await size(portrait.thumb)).toEqual(['webp', 360, 480]);

    const small = await processImage(await pngImage(640, 480));
    expect([small.width, small.height]).toEqual([640, 480]);
    expect(await size(small.large)).toEqual(['webp', 640, 480]);
    expect(await size(small.medium)).toEqual(['webp', 640, 480]);
  });

  it('refuses a text file sent as image/jpeg with the documented message and title', async () => {
    const text = Buffer.from('Dette er ikke et bilde, bare tekst.\n'.repeat(20));
    const err = await failure(processImage(decodeDataUrl(toDataUrl(text, 'image/jpeg'))));
    expect([err.code, err.message, err.details]).toEqual(['BAD_REQUEST', 'Kun bildefiler er tillatt.', { title: 'Ugyldig filtype' }]);
  });

  it('refuses an SVG even though it is an image type (only photos are kept)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await failure(processImage(svg))).message).toBe('Kun bildefiler er tillatt.');
  });

  it('refuses a truncated JPEG with a clear message instead of failing the server', async () => {
    const whole = await photoLikeJpeg(800, 600);
    const err = await failure(processImage(whole.subarray(0, Math.floor(whole.length / 2))));
    expect([err.code, err.message]).toEqual(['BAD_REQUEST', IMAGE_BROKEN_MESSAGE]);
  });

  it('decodes only base64 image data URLs and stops oversized ones before decoding', () => {
    expect(() => decodeDataUrl('data:text/plain;base64,aGVp')).toThrow('Kun bildefiler er tillatt.');
    expect(() => decodeDataUrl('data:image/svg+xml,<svg/>')).toThrow('Kun bildefiler er tillatt.');
    expect(() => decodeDataUrl('not a data url')).toThrow('Kun bildefiler er tillatt.');
    const huge = `data:image/jpeg;base64,${'A'.repeat(Math.ceil((16 * 1024 * 1024 * 4) / 3))}`;
    let err: unknown;
    try {
      decodeDataUrl(huge);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Bildet er for stort (maks 15 MB).' });
  });

  it.runIf(process.env.IMAGE_BENCH)('times ten 12-megapixel JPEGs (IMAGE_BENCH=1)', async () => {
    const photos = await Promise.all(Array.from({ length: 10 }, (_, i) => photoLikeJpeg(4000, 3000, i + 1)));
    const sizes = photos.map((p) => p.length);
    const started = performance.now();
    for (const p of photos) await processImage(p);
    const sequential = performance.now() - started;
    const started2 = performance.now();
    await Promise.all(photos.map((p) => processImage(p)));
    const parallel = performance.now() - started2;
    console.log(
      `10 × 4000×3000 JPEG (avg ${(sizes.reduce((a, b) => a + b, 0) / 10 / 1024 / 1024).toFixed(1)} MB): ` +
        `sequential ${sequential.toFixed(0)} ms (${(sequential / 10).toFixed(0)} ms/photo), all at once ${parallel.toFixed(0)} ms`,
    );
  }, 300_000);
});

describeOnEachStore('staged images', (dialect) => {
  it('stores a staged photo owned by the uploader, and the cleanup removes it (row and files) after 24 h', async () => {
    const store = await createTestStore(dialect);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-img-'));
    try {
      const storage = createDiskStorage(dir);
      const user = { id: await insertUser(store) };
      const staged = await stageImage(store, storage, user.id, toDataUrl(await pngImage()));
      const row = (await imageRows(store)).find((r) => r.id === staged.id)!;
      expect(row).toMatchObject({ listingId: null, uploaderId: user.id, width: 640, height: 480 });
      const files = [staged.url, staged.mediumUrl, staged.thumbUrl].map((u) => path.join(dir, keyFromUrl(u)!));
      expect(new Set(files).size).toBe(3);
      expect(files.every((f) => fs.existsSync(f))).toBe(true);

      expect(await cleanupStagedImages(store, storage, Date.now() + 23 * 3600_000)).toBe(0);
      expect(await cleanupStagedImages(store, storage, Date.now() + 25 * 3600_000)).toBe(1);
      expect(await imageRows(store)).toHaveLength(0);
      expect(files.some((f) => fs.existsSync(f))).toBe(false);
    } finally {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST /api/listing-images and /uploads/*', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await loggedInUser(t.db)).cookie;
  });
  afterAll(() => t.close());

  const upload = (image: string, c: string | null = cookie) =>
    t.app.inject({ method: 'POST', url: '/api/listing-images', headers: c ? { cookie: c } : {}, payload: { image } });

  it('answers 201 {id, url, thumbUrl, width, height, mediumUrl, mediumWidth, thumbWidth} and serves every size as immutable WebP', async () => {
    const res = await upload(toDataUrl(await twoToneJpeg(2400, 1600, { orientation: 6, gps: true })));
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body).toMatchObject({ id: expect.any(Number), width: 1067, height: 1600, mediumWidth: 800, thumbWidth: 320 });
    expect(body.url).toMatch(/^\/uploads\/[\w-]+\/[\w-]+\.webp$/);
    expect(body.thumbUrl).toMatch(/-thumb\.webp$/);
    expect(body.mediumUrl).toMatch(/-medium\.webp$/);
    const widths: Record<string, number> = { [body.url]: body.width, [body.mediumUrl]: body.mediumWidth, [body.thumbUrl]: body.thumbWidth };
    for (const url of [body.url, body.mediumUrl, body.thumbUrl]) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      // The widths the answer gives are the files' own: srcset's w descriptors tell the truth.
      expect(meta.width).toBe(widths[url]);
    }
  });

  it('answers 401 to a visitor', async () => {
    const res = await upload(toDataUrl(await pngImage()), null);
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 with the documented message for a non-image and for a text file posing as JPEG', async () => {
    for (const image of [toDataUrl(Buffer.from('hei'), 'text/plain'), toDataUrl(Buffer.from('ikke et bilde '.repeat(50)), 'image/jpeg')]) {
      const res = await upload(image);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('Kun bildefiler er tillatt.');
    }
  });

  it('answers 400 for a truncated JPEG and 404 for a missing upload', async () => {
    const whole = await photoLikeJpeg(800, 600);
    const res = await upload(toDataUrl(whole.subarray(0, whole.length - 4000)));
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(IMAGE_BROKEN_MESSAGE);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/ab/nothing-here.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
  });
});

describeOnEachStore('the medium size of photos stored before it existed', (dialect) => {
  let dir: string;
  let store: Store;
  let storage: ReturnType<typeof createDiskStorage>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-backfill-'));
    storage = createDiskStorage(dir);
    store = await createTestStore(dialect);
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A photo as the app stored it before the medium size: large + thumbnail on disk, medium_url null. */
  async function oldPhoto(userId: number, width = 1600, height = 1200) {
    const stored = await stageImage(store, storage, userId, toDataUrl(await photoLikeJpeg(width, height)));
    await storage.delete(mediumKeyOf(keyFromUrl(stored.url)!));
    await updateImage(store, stored.id, { mediumUrl: null });
    return (await rowOf(stored.id))!;
  }
  const rowOf = async (id: number) => (await imageRows(store)).find((r) => r.id === id);

  it('answers the large URL as the medium size until it is made, then makes it once (idempotent)', async () => {
    const user = { id: await insertUser(store) };
    const a = await oldPhoto(user.id);
    const b = await oldPhoto(user.id, 1200, 1600);
    const mediumFile = path.join(dir, mediumKeyOf(a.storageKey));
    expect(fs.existsSync(mediumFile)).toBe(false);
    // Meanwhile the API's shape falls back to the large photo with its true width, so srcset never names a missing file.
    expect(toImageShape((await rowOf(a.id))!)).toMatchObject({ mediumUrl: a.url, mediumWidth: 1600, thumbWidth: 480 });

    const first = await backfillMediumImages(store, storage, readFromUploadDir(dir), { batchSize: 1 });
    expect(first).toEqual({ made: 2, failed: 0 });
    expect(fs.existsSync(mediumFile)).toBe(true);
    expect((await sharp(mediumFile).metadata()).width).toBe(800);
    expect((await rowOf(a.id))!.mediumUrl).toBe(storage.url(mediumKeyOf(a.storageKey)));
    expect(toImageShape((await rowOf(b.id))!)).toMatchObject({ mediumUrl: expect.stringMatching(/-medium\.webp$/), mediumWidth: 800, thumbWidth: 360 });
    const written = fs.statSync(mediumFile).mtimeMs;

    expect(await backfillMediumImages(store, storage, readFromUploadDir(dir))).toEqual({ made: 0, failed: 0 });
    expect(fs.statSync(mediumFile).mtimeMs).toBe(written);
  });

  it('skips a photo whose large file is gone (it keeps the fallback) and stops when asked', async () => {
    const user = { id: await insertUser(store) };
    const gone = await oldPhoto(user.id);
    await deleteImageFiles(storage, [gone]);
    const waiting = await oldPhoto(user.id);
    let calls = 0;
    const result = await backfillMediumImages(store, storage, readFromUploadDir(dir), { stopped: () => ++calls > 3 });
    expect(result).toEqual({ made: 0, failed: 1 });
    expect((await rowOf(gone.id))!.mediumUrl).toBeNull();
    expect((await rowOf(waiting.id))!.mediumUrl).toBeNull();

    expect(await backfillMediumImages(store, storage, readFromUploadDir(dir))).toEqual({ made: 1, failed: 1 });
    expect((await rowOf(waiting.id))!.mediumUrl).toMatch(/-medium\.webp$/);
  });

  it('migration 0008 keeps the photos it finds, without a medium size until the backfill makes it', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-mig-'));
    const sqlite = new Database(':memory:');
    try {
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      const upTo = (n: number) => {
        const dir = path.join(folder, String(n));
        fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
        const entries = journal.entries.slice(0, n);
        fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
        for (const e of entries) fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
        return dir;
      };
      const old = drizzle(sqlite);
      const at0008 = journal.entries.findIndex((e) => e.tag === '0008_listing_image_medium');
      expect(at0008).toBeGreaterThan(0);
      migrate(old, { migrationsFolder: upTo(at0008) });
      sqlite
        .prepare(`INSERT INTO listing_images (position, storage_key, url, thumb_url, width, height) VALUES (0, 'ab/old.webp', '/uploads/ab/old.webp', '/uploads/ab/old-thumb.webp', 1600, 1067)`)
        .run();
      migrate(old, { migrationsFolder: upTo(at0008 + 1) });
      const row = sqlite.prepare('SELECT * FROM listing_images').get() as Record<string, unknown>;
      expect(row).toMatchObject({ storage_key: 'ab/old.webp', thumb_url: '/uploads/ab/old-thumb.webp', width: 1600, medium_url: null });
    } finally {
      sqlite.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('runs off the start-up path, a moment after the app starts', async () => {
    const user = { id: await insertUser(store) };
    const photo = await oldPhoto(user.id);
    const log = { warn: () => undefined, info: () => undefined };
    const stop = startImageUpkeep({ store, integrations: { imageStorage: storage }, log, config: { uploadDir: dir } }, { backfillAfterMs: 10 });
    try {
      expect((await rowOf(photo.id))!.mediumUrl).toBeNull();
      await expect.poll(async () => (await rowOf(photo.id))!.mediumUrl, { timeout: 5000 }).toMatch(/-medium\.webp$/);
    } finally {
      stop();
    }
  });
});
