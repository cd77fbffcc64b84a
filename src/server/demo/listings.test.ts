import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingFormInput } from '../../shared/schemas/listing';
import { testConfig } from '../config';
import { keyFromUrl } from '../integrations/image-storage';
import { createTestApp, createUser, type TestApp } from '../testing/harness';
import { findRows } from '../testing/store-rows';
import { createTestStore } from '../testing/stores';
import { DEMO_CARS, seedDemoListings } from './listings';

describe('demo listings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());

  // How long this takes is the benchmark's to report (bench/run.ts), not a test's to assert.
  it('draws and stores the listings and photos', async () => {
    const store = await createTestStore();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-seed-'));
    try {
      const { user } = await createUser(store);
      const result = await seedDemoListings({ store, config: testConfig({ uploadDir: dir }), integrations: {} }, [user]);
      expect(result.listings).toBe(DEMO_CARS.length);
    } finally {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seeds a dozen listings: most approved and active, one pending, one rejected with a reason', async () => {
    const rows = await findRows(t.store, 'listings');
    expect(rows).toHaveLength(DEMO_CARS.length);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const by = (s: string) => rows.filter((r) => r.status === s);
    expect(by('pending')).toHaveLength(1);
    expect(by('rejected')).toHaveLength(1);
    expect(by('rejected')[0].rejectionReason).toBeTruthy();
    expect(rows.filter((r) => r.status === 'approved' && r.active).length).toBeGreaterThanOrEqual(9);
    expect(new Set(rows.map((r) => r.userId)).size).toBeGreaterThan(1);
    for (const r of rows) {
      expect(r.totalPrice).toBe(r.price + r.registrationFee);
      expect(r.uniqueCode).toMatch(/^BP-[A-Z0-9]{6}$/);
      expect(r.place).toMatch(/^[A-ZÆØÅ][a-zæøå]/);
    }
  });

  it('gives every listing 2-3 drawn photos that exist on disk, the first as cover', async () => {
    const rows = await findRows(t.store, 'listings');
    const images = await findRows(t.store, 'listingImages');
    for (const r of rows) {
      const own = images.filter((i) => i.listingId === r.id).sort((a, b) => a.position - b.position);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(3);
      expect(r.coverImage).toBe(own[0].thumbUrl);
      for (const i of own) {
        expect(fs.existsSync(path.join(t.uploadDir, keyFromUrl(i.url)!))).toBe(true);
        expect(fs.existsSync(path.join(t.uploadDir, keyFromUrl(i.thumbUrl)!))).toBe(true);
        // The medium size too, as wide as the API says (uploads and demo photos come in the same sizes).
        expect(i.mediumUrl).toMatch(/-medium\.webp$/);
        const medium = await sharp(path.join(t.uploadDir, keyFromUrl(i.mediumUrl!)!)).metadata();
        expect([medium.width, medium.height]).toEqual([800, Math.round((i.height * 800) / i.width)]);
      }
    }
    const res = await t.app.inject({ method: 'GET', url: images[0].url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('holds data the create form itself would accept (codes, equipment, bounds)', () => {
    for (const car of DEMO_CARS) {
      const result = listingFormInput.safeParse({ ...car, images: [] });
      expect(result.success, `${car.make} ${car.model}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });
});
