import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListingShape } from '../../shared/schemas/listing-shape';
import type { S3Config } from '../config';
import { HTTP_MESSAGES } from '../errors';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { freePort } from '../testing/free-port';
import { photoLikeJpeg, toDataUrl } from '../testing/images';
import { S3RVER_KEYS, startS3Server, type TestS3Server } from '../testing/s3-server';
import { keyFromUrl, newImageKey, UPLOADS_CACHE_CONTROL, type RemoteImageStorage } from './image-storage';
import { createS3Storage } from './s3-storage';

// Photos in an S3-compatible bucket (S3_BUCKET, docs/operations.md), against a real S3 server (s3rver) the tests start
// on a port of their own: what the storage writes and reads, and an app that takes a photo through the API and serves
// it back at its /uploads URL, as a second instance on the same bucket does.

let server: TestS3Server;
let s3: S3Config;
/** A client of the tests' own, to look at the bucket behind the storage's back. */
let raw: S3Client;
let storage: RemoteImageStorage;

beforeAll(async () => {
  // The storage takes its keys from the SDK's default chain, as in production: the usual AWS variables.
  for (const [name, value] of Object.entries(S3RVER_KEYS)) vi.stubEnv(name, value);
  server = await startS3Server();
  s3 = { bucket: 'bilpartner-photos', region: 'us-east-1', endpoint: server.endpoint };
  raw = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: true });
  await raw.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  storage = await createS3Storage(s3);
});
afterAll(async () => {
  storage?.close();
  raw?.destroy();
  await server?.close();
  vi.unstubAllEnvs();
});

const headOf = (key: string) => raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));

describe('createS3Storage', () => {
  it('writes a photo with its content type and a year-long cache header, reads it back and deletes it', async () => {
    const key = newImageKey();
    const bytes = randomBytes(3000);
    await storage.put(key, bytes, 'image/webp');
    expect(storage.url(key)).toBe(`/uploads/${key}`);
    expect(keyFromUrl(storage.url(key))).toBe(key);
    expect(await storage.read(key)).toEqual(bytes);
    const head = await headOf(key);
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe(UPLOADS_CACHE_CONTROL);
    expect(head.ContentLength).toBe(3000);

    await storage.delete(key);
    await expect(headOf(key)).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    await expect(storage.read(key)).rejects.toThrow();
    expect(await storage.open(key, {})).toBeNull();
    await storage.delete(key); // a missing file is not an error
  });

  it('opens a photo as a stream, a HEAD without body, and answers notModified to its own ETag', async () => {
    const key = newImageKey();
    const bytes = randomBytes(500);
    await storage.put(key, bytes, 'image/webp');
    const file = (await storage.open(key, {}))!;
    expect(file).toMatchObject({ contentType: 'image/webp', contentLength: 500, etag: expect.stringMatching(/^".+"$/) });
    const chunks: Buffer[] = [];
    for await (const chunk of file.body!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(bytes);

    const head = (await storage.open(key, { head: true }))!;
    expect(head.body).toBeUndefined();
    expect(head.etag).toBe(file.etag);
    expect(await storage.open(key, { ifNoneMatch: file.etag })).toMatchObject({ notModified: true, etag: file.etag });
    expect((await storage.open(key, { ifNoneMatch: '"something-else"' }))!.notModified).toBeFalsy();
    await storage.delete(key);
  });

  it('refuses a key that is not one of ours', async () => {
    await expect(storage.put('../etc/passwd.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid storage key/);
    await expect(storage.open('ab/../../x.webp', {})).rejects.toThrow(/invalid storage key/);
  });
});

describe('an app with S3_BUCKET', () => {
  let t: TestApp;
  /** A second instance on the same bucket (and a database of its own): it serves the photos all the same. */
  let other: TestApp;
  let listing: ListingShape;
  let seller: Awaited<ReturnType<typeof loggedInUser>>;

  beforeAll(async () => {
    t = await createTestApp({ s3 });
    other = await createTestApp({ s3 });
    seller = await loggedInUser(t.store, { name: 'Siri Selger' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: { cookie: seller.cookie },
      payload: {
        registrationNumber: 'EL 12345',
        make: 'Tesla',
        model: 'Model 3',
        year: 2021,
        bodyType: 'sedan',
        fuelType: 'el',
        transmission: 'automat',
        drivetrain: 'bakhjulsdrift',
        mileage: 52000,
        power: 283,
        color: 'Rød',
        description: 'Godt vedlikeholdt.',
        price: 249000,
        registrationFee: 0,
        address: 'Storgata 12, 0155 OSLO',
        images: [toDataUrl(await photoLikeJpeg(2000, 1500))],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    listing = json(res);
  });
  afterAll(async () => {
    await t?.close();
    await other?.close();
  });

  it('puts the uploaded photo in the bucket, every size, and nothing in the upload folder', async () => {
    const [photo] = listing.imageDetails;
    for (const url of [photo.url, photo.mediumUrl, photo.thumbUrl]) {
      expect(url).toMatch(/^\/uploads\/[\w-]+\/[\w-]+\.webp$/); // the URLs rows have always had
      const head = await headOf(keyFromUrl(url)!);
      expect(head.ContentType, url).toBe('image/webp');
      expect(head.CacheControl, url).toBe(UPLOADS_CACHE_CONTROL);
    }
    expect(fs.readdirSync(t.uploadDir, { recursive: true })).toEqual([]);
  });

  it('serves the photo at its /uploads URL from either instance, with its type, ETag and the cache header', async () => {
    const [photo] = listing.imageDetails;
    for (const [name, app] of [['first', t.app], ['second', other.app]] as const) {
      for (const [url, width] of [[photo.url, 1600], [photo.mediumUrl, 800], [photo.thumbUrl, 480]] as const) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, `${name} ${url}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
        expect(res.headers['content-encoding']).toBeUndefined();
        expect((await sharp(res.rawPayload).metadata()).width, url).toBe(width);

        const etag = res.headers.etag as string;
        expect(etag).toBeTruthy();
        const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');

        const head = await app.inject({ method: 'HEAD', url });
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-type']).toBe('image/webp');
        expect(head.headers['content-length']).toBe(res.headers['content-length']);
        expect(head.headers.etag).toBe(etag);
        expect(head.rawPayload.length).toBe(0);
      }
    }
  });

  it('answers a missing or malformed key with our 404, never a 500', async () => {
    for (const url of ['/uploads/ab/finnes-ikke.webp', '/uploads/ab/uten-endelse', '/uploads/ab/.hidden.webp', '/uploads/']) {
      const res = await other.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: HTTP_MESSAGES.notFound });
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/uploads/ab/finnes-ikke.webp' })).statusCode).toBe(404);
    const badUrl = await t.app.inject({ method: 'GET', url: '/uploads/%c0%ae%c0%ae/x.webp' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ message: HTTP_MESSAGES.badUrl });
  });

  it('takes the photo out of the bucket when the listing is deleted', async () => {
    const [photo] = listing.imageDetails;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/listings/${listing.id}`, headers: { cookie: seller.cookie } });
    expect(del.statusCode).toBeLessThan(300);
    for (const url of [photo.url, photo.mediumUrl, photo.thumbUrl]) {
      await expect(headOf(keyFromUrl(url)!)).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
      expect((await other.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

it('answers 503 in our words, not a 500, when the store cannot be reached', async () => {
  const closedPort = await freePort();
  const t = await createTestApp({ s3: { ...s3, endpoint: `http://127.0.0.1:${closedPort}` } });
  try {
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${newImageKey()}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.internal });
  } finally {
    await t.close();
  }
});
