import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TOO_MANY_PIXELS_MESSAGE } from '../services/images';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { pngImage, toDataUrl } from '../testing/images';
import { LISTING_FORM } from '../testing/listing-factory';

// A photo of more than 100 megapixels used to be refused as if it were no image at all ('Kun bildefiler er tillatt.'):
// sharp's header read stops at the pixel limit with an error, which was taken for an unknown type. The seller must be
// told the photo is too large (docs/product/limits.md#photos), on every way a photo arrives.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, tail]);
}

/**
 * A valid, complete PNG of `width` × `height` white-on-nothing pixels at 1 bit per pixel: 20 000 × 20 000 is 400
 * megapixels in a small file (the zero rows compress very well), made quickly.
 */
function bilevelPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero bits, every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

let t: TestApp;
let seller: Awaited<ReturnType<typeof loggedInUser>>;
let huge: string;

const files = () => fs.readdirSync(t.uploadDir, { recursive: true }).filter((f) => String(f).endsWith('.webp'));

beforeAll(async () => {
  t = await createTestApp();
  seller = await loggedInUser(t.store, { name: 'Mona Megapiksel' });
  huge = toDataUrl(bilevelPng(20_000, 20_000), 'image/png');
});
afterAll(() => t.close());

describe('a 20 000 × 20 000 PNG (400 megapixels)', () => {
  it('POST /api/listing-images answers 400 saying the photo has too high a resolution, and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/listing-images', headers: { cookie: seller.cookie }, payload: { image: huge } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: IMAGE_TOO_MANY_PIXELS_MESSAGE, details: { title: 'For stort bilde' } });
    expect(IMAGE_TOO_MANY_PIXELS_MESSAGE).toBe('Bildet har for høy oppløsning (maks 100 megapiksler).');
    expect(files()).toEqual([]);
  });

  it('tRPC listings.uploadImage over HTTP answers the same message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/listings.uploadImage',
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ image: huge }),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatchObject({ message: IMAGE_TOO_MANY_PIXELS_MESSAGE, data: { code: 'BAD_REQUEST', httpStatus: 400 } });
  });

  it('POST /api/listings with the photo inline in the form answers the same message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: { cookie: seller.cookie },
      payload: { ...LISTING_FORM, registrationNumber: 'EL 54321', images: [huge] },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(IMAGE_TOO_MANY_PIXELS_MESSAGE);
    expect(files()).toEqual([]);
  });

  it('a photo within the limit is still stored, and a non-image still gets the type message', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/listing-images',
      headers: { cookie: seller.cookie },
      payload: { image: toDataUrl(await pngImage(64, 48), 'image/png') },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/listing-images',
      headers: { cookie: seller.cookie },
      payload: { image: toDataUrl(Buffer.from('ikke et bilde'), 'image/png') },
    });
    expect(text.statusCode).toBe(400);
    expect(json(text).message).toBe('Kun bildefiler er tillatt.');
  });
});
