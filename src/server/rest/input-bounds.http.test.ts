import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_BOOK_LABEL } from '../../shared/equipment';
import {
  EQUIPMENT_MAX_ITEMS,
  MAX_IMAGES_PER_REQUEST,
  MAX_NEW_PHOTOS_PER_REQUEST,
  TOO_MANY_IMAGES_MESSAGE,
  TOO_MANY_NEW_PHOTOS_MESSAGE,
} from '../../shared/schemas/listing';
import { PLATE_FORMAT_MESSAGE } from '../../shared/vehicle-mapping';
import { HTTP_MESSAGES } from '../errors';
import { TOO_MANY_PIXELS_PER_REQUEST_MESSAGE } from '../services/images';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { pngImage, toDataUrl } from '../testing/images';
import { countRows, findRow, findRows, updateRows } from '../testing/store-rows';

// Bounded input (huge arrays, bodies, photos per request) and clean data (normalised text, the plate rule,
// the service-book label round trip). docs/product/limits.md#arrays-and-texts, docs/product/validation.md#text.

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await loggedInUser(t.store, {})).cookie;
});
afterAll(() => t.close());

const form = {
  registrationNumber: 'EL 12345',
  make: 'Tesla',
  model: 'Model Y',
  year: 2022,
  price: 389000,
  address: 'Storgata 12, 0155 OSLO',
};

const post = (payload: unknown, url = '/api/listings', method: 'POST' | 'PATCH' = 'POST') =>
  t.app.inject({ method, url, payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { cookie, 'content-type': 'application/json' } });

async function createOk(extra: object = {}) {
  const res = await post({ ...form, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return json(res) as { id: number; equipment: string[]; serviceHistory: boolean; registrationNumber: string; description: string; make: string };
}

const uploadedFiles = () => fs.readdirSync(t.uploadDir, { recursive: true }).filter((f) => !fs.statSync(path.join(t.uploadDir, String(f))).isDirectory());

describe('huge arrays are refused before they are walked', () => {
  it('a 1 MB+ equipment array answers 400 with our Norwegian message, no internal text', async () => {
    const equipment = Array.from({ length: 250_000 }, (_, i) => `x${i % 10}`);
    const payload = JSON.stringify({ ...form, equipment });
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      message: `Utstyr kan ha høyst ${EQUIPMENT_MAX_ITEMS} valg fra listen.`,
      details: { equipment: `Utstyr kan ha høyst ${EQUIPMENT_MAX_ITEMS} valg fra listen.` },
    });
    expect(res.body).not.toMatch(/call stack/i);
  });

  it('a huge images array answers 400 with our Norwegian message', async () => {
    const images = Array.from({ length: 250_000 }, (_, i) => `/uploads/${i}.webp`);
    const res = await post({ ...form, images });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: TOO_MANY_IMAGES_MESSAGE, details: { images: TOO_MANY_IMAGES_MESSAGE } });
    expect(MAX_IMAGES_PER_REQUEST).toBe(1000);
  });

  it('the same over PATCH', async () => {
    const { id } = await createOk();
    const res = await post({ ...form, equipment: Array.from({ length: 100_000 }, () => 'Varmepumpe') }, `/api/listings/${id}`, 'PATCH');
    expect(res.statusCode).toBe(400);
    expect(json(res).details).toEqual({ equipment: `Utstyr kan ha høyst ${EQUIPMENT_MAX_ITEMS} valg fra listen.` });
  });
});

describe('request bodies', () => {
  it('a 21 MB listing body answers 413 with our Norwegian text', async () => {
    const res = await post({ ...form, description: 'x'.repeat(21 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe(HTTP_MESSAGES.bodyTooLarge);
  });

  it('a 21 MB staged photo answers 413 with our Norwegian text', async () => {
    const res = await post({ image: `data:image/jpeg;base64,${'A'.repeat(21 * 1024 * 1024)}` }, '/api/listing-images');
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe(HTTP_MESSAGES.bodyTooLarge);
  });
});

describe('photos per request', () => {
  it(`more than ${MAX_NEW_PHOTOS_PER_REQUEST} new photos in one request answer 400 and write no file`, async () => {
    const tiny = toDataUrl(await pngImage(8, 8), 'image/png');
    const before = uploadedFiles().length;
    const res = await post({ ...form, images: Array.from({ length: MAX_NEW_PHOTOS_PER_REQUEST + 1 }, () => tiny) });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: TOO_MANY_NEW_PHOTOS_MESSAGE, details: { images: TOO_MANY_NEW_PHOTOS_MESSAGE } });
    expect(TOO_MANY_NEW_PHOTOS_MESSAGE).toMatch(/legg til flere bilder etterpå ved å redigere/);
    expect(uploadedFiles().length).toBe(before);
  });

  it('new photos of more pixels in all than the per-request budget answer 400 before any is decoded or written', async () => {
    // A flat 50-megapixel PNG compresses to little: ten of them are 500 MP (the budget is 20 × 24 MP) in a small body.
    const flat = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#808080' } }).png({ compressionLevel: 9 }).toBuffer();
    const url = toDataUrl(flat, 'image/png');
    const before = uploadedFiles().length;
    const res = await post({ ...form, images: Array.from({ length: 10 }, () => url) });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(TOO_MANY_PIXELS_PER_REQUEST_MESSAGE);
    expect(TOO_MANY_PIXELS_PER_REQUEST_MESSAGE).toMatch(/480 megapiksler/);
    expect(uploadedFiles().length).toBe(before);
    expect(await countRows(t.store, 'listingImages')).toBe(0);
  }, 30_000);
});

describe("'Fulgt servicehåndbok' round trip", () => {
  it('the label sent in equipment comes back in equipment and sets serviceHistory', async () => {
    const l = await createOk({ equipment: [SERVICE_BOOK_LABEL, 'Varmepumpe'] });
    expect(l.serviceHistory).toBe(true);
    expect(l.equipment).toEqual([SERVICE_BOOK_LABEL, 'Varmepumpe']);
    const detail = json(await t.app.inject({ method: 'GET', url: `/api/listings/${l.id}`, headers: { cookie } }));
    expect(detail.equipment).toContain(SERVICE_BOOK_LABEL);
    expect(detail.serviceHistory).toBe(true);
  });

  it('serviceHistory: true puts the label in equipment; without either it is absent', async () => {
    expect((await createOk({ serviceHistory: true, equipment: ['Varmepumpe'] })).equipment).toEqual(['Varmepumpe', SERVICE_BOOK_LABEL]);
    const none = await createOk({ equipment: ['Varmepumpe'] });
    expect(none.serviceHistory).toBe(false);
    expect(none.equipment).toEqual(['Varmepumpe']);
  });

  it('a stored row with the flag but not the label (written before) answers with the label', async () => {
    const l = await createOk({ equipment: ['Alarm'] });
    await updateRows(t.store, 'listings', { serviceHistory: true, equipment: ['Alarm'] }, { id: l.id });
    const detail = json(await t.app.inject({ method: 'GET', url: `/api/listings/${l.id}`, headers: { cookie } }));
    expect(detail).toMatchObject({ equipment: ['Alarm', SERVICE_BOOK_LABEL], serviceHistory: true });
  });

  it('an edit that drops both clears the flag and the label', async () => {
    const l = await createOk({ equipment: [SERVICE_BOOK_LABEL] });
    const res = await post({ ...form, equipment: [], serviceHistory: false }, `/api/listings/${l.id}`, 'PATCH');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ equipment: [], serviceHistory: false });
  });
});

describe('the plate rule on create and edit', () => {
  it('create refuses a plate the lookup refuses, with the lookup message', async () => {
    for (const registrationNumber of ['ABC1234', 'A1', '1234567', 'ÆØ12345']) {
      const res = await post({ ...form, registrationNumber });
      expect(res.statusCode, registrationNumber).toBe(400);
      expect(json(res).details).toEqual({ registrationNumber: PLATE_FORMAT_MESSAGE });
    }
  });

  it('edit refuses it too; a plate typed with spaces or lower case is stored normalised', async () => {
    const l = await createOk({ registrationNumber: ' el 12345 ' });
    expect(l.registrationNumber).toBe('EL12345');
    const res = await post({ ...form, registrationNumber: 'EL1234X' }, `/api/listings/${l.id}`, 'PATCH');
    expect(res.statusCode).toBe(400);
    expect(json(res).details).toEqual({ registrationNumber: PLATE_FORMAT_MESSAGE });
  });

  it('a plate carrying NUL, a right-to-left override or a zero-width space is stored clean', async () => {
    const l = await createOk({ registrationNumber: 'EL\u0000\u202E12\u200B345' });
    expect((await findRow(t.store, 'listings', { id: l.id }))!.registrationNumber).toBe('EL12345');
  });
});

describe('user text is stored normalised', () => {
  const dirty = 'Ola\u0000 \u202ENord\u200Bmann\uFEFF';

  it('register: a name with NUL / U+202E / U+200B is stored clean; a decomposed å is stored as NFC', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'ra\u030Ae_bruker', password: 'hemmelig123', name: dirty, email: 'ola.rene@example.no', phone: '91234567', address: 'Gate\u202E 1\u0007, 0155 OSLO' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = (await findRow(t.store, 'users', { email: 'ola.rene@example.no' }))!;
    expect(row.name).toBe('Ola Nordmann');
    expect(row.username).toBe('r\u00E5e_bruker');
    expect(row.address).toBe('Gate 1, 0155 OSLO');
  });

  it('contact: name and subject clean; the message keeps its line breaks and loses the rest', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: dirty, email: 'kari@example.no', subject: 'Sp\u00F8rsma\u030Al\u200D', message: 'Hei\r\npå\u0000 deg\u2066\u2069\n\tHilsen' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const row = (await findRows(t.store, 'inboxMessages')).at(-1)!;
    expect(row.name).toBe('Ola Nordmann');
    expect(row.subject).toBe('Spørsmål');
    expect(row.subject).toBe('Spørsmål'.normalize('NFC'));
    expect(row.message).toBe('Hei\npå deg\n\tHilsen');
  });

  it('listing: make, description and address are stored clean', async () => {
    const l = await createOk({ make: 'Te\u200Bsla\u0000', description: 'Pen\u202E bil\r\nmed hengerfeste', address: 'Storgata\u0085 12, 0155 OSLO' });
    const row = (await findRow(t.store, 'listings', { id: l.id }))!;
    expect(row.make).toBe('Tesla');
    expect(row.description).toBe('Pen bil\nmed hengerfeste');
    expect(row.address).toBe('Storgata  12, 0155 OSLO');
  });
});
