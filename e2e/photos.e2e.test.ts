// Listing photos come in three sizes and the browser picks through srcset/sizes (docs/product/limits.md#photo-sizes): a
// phone gets the medium size on cards and in the gallery instead of the large file, the listing page's first photo is
// fetched eagerly with high priority, later cards lazily, and a slow connection or memory pressure caps every photo one
// size lower. Listings are inserted with photos made by the real pipeline and written into the server's upload folder;
// the model names carry a per-run tag.
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { listingImages, listings } from '../db/schema';
import { createDiskStorage } from '../src/server/integrations/image-storage';
import { storeProcessed, processImage, type StoredImage } from '../src/server/services/images';
import { baseURL, createUser, db, launchBrowser, uploadDir, waitForHydrationAfterGoto } from './support';

const TAG = `p${Date.now().toString(36)}`;
const cars: { id: number; photos: StoredImage[] }[] = [];

/** A 1600×1200 photo-like JPEG (a gradient with grain, numbered) through the app's own pipeline. */
async function photo(n: number): Promise<StoredImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${n * 67},60%,55%)"/><stop offset="1" stop-color="#123"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="50%" y="55%" font-size="500" text-anchor="middle" fill="white" font-family="sans-serif">${n}</text></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return storeProcessed(createDiskStorage(uploadDir), await processImage(jpeg));
}

beforeAll(async () => {
  const { user } = await createUser({ name: 'Frida Foto' });
  for (let i = 0; i < 5; i++) {
    const photos = [await photo(i * 2 + 1), await photo(i * 2 + 2)];
    const row = db()
      .insert(listings)
      .values({
        userId: user.id,
        uniqueCode: `BP-${TAG}${i}`.toUpperCase().slice(0, 20),
        make: 'Hyundai',
        model: `Ioniq ${TAG}`,
        year: 2020 + i,
        registrationNumber: `EP${30000 + i}`,
        bodyType: 'suv',
        fuelType: 'el',
        transmission: 'automat',
        drivetrain: 'bakhjulsdrift',
        mileage: 30_000,
        description: `Fotobil (${TAG}).`,
        address: '',
        place: 'Bergen',
        status: 'approved',
        active: true,
        coverImage: photos[0]!.thumbUrl,
        price: 300_000 + i,
        registrationFee: 0,
        totalPrice: 300_000 + i,
        // Newest last, so the home page's three newest are ours.
        createdAt: new Date(Date.now() + i * 1000),
      })
      .returning()
      .get();
    photos.forEach((p, position) => db().insert(listingImages).values({ listingId: row.id, uploaderId: user.id, position, ...p }).run());
    cars.push({ id: row.id, photos });
  }
}, 60_000);

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

/** A phone (or tablet) visitor with the given density; `slow` fakes the browser's connection or memory signals. */
async function visitor(width: number, dpr: number, signals?: 'slow-connection' | 'data-saver' | 'memory'): Promise<Page & { errors: string[] }> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, deviceScaleFactor: dpr, locale: 'nb-NO', serviceWorkers: 'block' });
  contexts.push(context);
  if (signals === 'slow-connection' || signals === 'data-saver') {
    const connection = signals === 'slow-connection' ? { effectiveType: '3g', saveData: false } : { effectiveType: '4g', saveData: true };
    await context.addInitScript((c) => {
      Object.defineProperty(navigator, 'connection', { configurable: true, get: () => ({ ...c, addEventListener() {}, removeEventListener() {} }) });
    }, connection);
  }
  if (signals === 'memory') {
    await context.addInitScript(() => {
      Object.defineProperty(performance, 'memory', { configurable: true, get: () => ({ usedJSHeapSize: 900, totalJSHeapSize: 950, jsHeapSizeLimit: 1000 }) });
    });
  }
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err.message));
  waitForHydrationAfterGoto(page);
  return page;
}

interface Shown {
  src: string;
  loading: string;
  fetchPriority: string | null;
  width: number;
}

/** The photo the browser chose (currentSrc) for each of our cards, in page order, once all eager ones have loaded. */
async function cardPhotos(page: Page): Promise<Shown[]> {
  const cards = page.locator('[data-testid="listing-card"]', { hasText: TAG });
  await cards.first().waitFor();
  await expect.poll(() => cards.locator('img[loading="eager"]').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).currentSrc))).toBe(true);
  return cards.locator('img').evaluateAll((imgs) =>
    imgs.map((i) => {
      const img = i as HTMLImageElement;
      return { src: new URL(img.currentSrc || img.src).pathname, loading: img.loading, fetchPriority: img.getAttribute('fetchpriority'), width: img.getBoundingClientRect().width };
    }),
  );
}

/**
 * The gallery's stage photo once loaded. A page that picks another size after hydrating (a slow connection) swaps the
 * file, so the file it ends with is read once the network is quiet, not the server's while the swap is under way.
 */
async function stagePhoto(page: Page, id: number): Promise<Shown> {
  await page.goto(`/listing/${id}`);
  const img = page.getByRole('region', { name: /Bilder av/ }).locator('img');
  await img.waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0 && (i as HTMLImageElement).currentSrc !== '')).toBe(true);
  return img.evaluate((i) => {
    const e = i as HTMLImageElement;
    return { src: new URL(e.currentSrc).pathname, loading: e.loading, fetchPriority: e.getAttribute('fetchpriority'), width: e.getBoundingClientRect().width };
  });
}

const newestFirst = () => [...cars].reverse();

describe('listing photos on a phone', () => {
  it('home at 375 px: the cards load the medium size, not the large file, eagerly and first', async () => {
    const page = await visitor(375, 2);
    await page.goto('/');
    const shown = await cardPhotos(page);
    expect(shown).toHaveLength(3);
    shown.forEach((s, i) => {
      const cover = newestFirst()[i]!.photos[0]!;
      // 343 px wide at twice the density wants 686 pixels: the 800 px medium file, not the 480 px thumbnail or the large one.
      expect(s.src).toBe(cover.mediumUrl);
      expect(s.src).not.toBe(cover.url);
      expect(s.width).toBeGreaterThan(330);
      // The home page's three cards are its first row: fetched at once, with high priority.
      expect([s.loading, s.fetchPriority]).toEqual(['eager', 'high']);
    });
    expect(page.errors).toEqual([]);
  });

  it('search results: cards after the first row load lazily', async () => {
    const page = await visitor(375, 2);
    await page.goto(`/annonser?query=${TAG}`);
    const cards = page.locator('[data-testid="listing-card"]', { hasText: TAG });
    await expect.poll(() => cards.count()).toBe(5);
    const loading = await cards.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).loading));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy']);
  });

  it("the listing page's first photo is eager with high priority, in the medium size; the thumbnails are lazy; nothing shifts", async () => {
    const page = await visitor(375, 2);
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      // Every layout shift of the page (a photo arriving in a box without its size would push what follows it).
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const car = cars[0]!;
    const stage = await stagePhoto(page, car.id);
    expect(stage).toMatchObject({ src: car.photos[0]!.mediumUrl, loading: 'eager', fetchPriority: 'high' });
    const strip = page.getByRole('button', { name: /^Vis bilde \d$/ }).locator('img');
    await expect.poll(() => strip.count()).toBe(2);
    expect(await strip.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).loading))).toEqual(['lazy', 'lazy']);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    expect(page.errors).toEqual([]);

    // A 3× phone would take the large file for its stage; on a phone the stage offers at most the medium size.
    const dense = await visitor(375, 3);
    expect((await stagePhoto(dense, car.id)).src).toBe(car.photos[0]!.mediumUrl);
  });
});

describe('a slow connection or memory pressure', () => {
  it('on 3g the home page cards load the thumbnail, and a tablet gallery the medium size instead of the large one', async () => {
    // The same tablet without the signal picks the large file for its 720 px stage at twice the density.
    const fast = await visitor(768, 2);
    expect((await stagePhoto(fast, cars[1]!.id)).src).toBe(cars[1]!.photos[0]!.url);

    // The server cannot see these signals: the page it sends asks for the usual size, and once it has hydrated the
    // cards switch to the thumbnail (docs/decisions/019-server-rendering.md).
    const slow = await visitor(375, 2, 'slow-connection');
    await slow.goto('/');
    await expect.poll(async () => (await cardPhotos(slow)).map((s) => s.src)).toEqual(newestFirst().slice(0, 3).map((c) => c.photos[0]!.thumbUrl));

    const slowTablet = await visitor(768, 2, 'slow-connection');
    expect((await stagePhoto(slowTablet, cars[1]!.id)).src).toBe(cars[1]!.photos[0]!.mediumUrl);
  });

  it('data saver and a heap more than 80 % full do the same', async () => {
    for (const signal of ['data-saver', 'memory'] as const) {
      const page = await visitor(375, 2, signal);
      await page.goto('/');
      await expect.poll(async () => (await cardPhotos(page)).map((s) => s.src), { message: signal }).toEqual(newestFirst().slice(0, 3).map((c) => c.photos[0]!.thumbUrl));
    }
  });
});

describe('a photo that cannot be loaded', () => {
  /**
   * A phone visitor for whom every photo of ours answers 404, and whose page's scripts arrive a second late, so the
   * photos in view have failed before React attaches its handlers.
   */
  async function photosFailing() {
    const page = await visitor(375, 2);
    const ours = new Set(cars.flatMap((c) => c.photos.flatMap((p) => [p.url, p.thumbUrl, p.mediumUrl])));
    await page.route('**/*', async (route) => {
      const { pathname } = new URL(route.request().url());
      if (ours.has(pathname)) return route.fulfill({ status: 404, body: '' });
      if (route.request().resourceType() === 'script') await new Promise((r) => setTimeout(r, 1_000));
      return route.continue();
    });
    return page;
  }

  it('shows the placeholder, never the broken-image icon, also when it failed before the page hydrated', async () => {
    const page = await photosFailing();
    await page.goto(`/annonser?query=${TAG}`);
    const cards = page.locator('[data-testid="listing-card"]', { hasText: TAG });
    await expect.poll(() => cards.count()).toBe(5);
    // Every cover shows 'Ingen bilde' and no image element is left to show the browser's icon and its alt text.
    // The last cards' photos are lazy: scrolled to, they are fetched after hydration, fail, and are swapped too.
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards.getByText('Ingen bilde', { exact: true }).count()).toBe(5);
    expect(await cards.locator('img').count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it("the listing page's photo and thumbnails show placeholders too when they failed before the page hydrated", async () => {
    const page = await photosFailing();
    await page.goto(`/listing/${cars[0]!.id}`);
    await expect.poll(() => page.getByText('Bildet kunne ikke lastes', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    // No photo element is left on the stage to show the browser's icon and its alt text ('… – bilde 1 av 2').
    expect(await page.getByRole('img', { name: /bilde 1 av 2/ }).count()).toBe(0);
    // The thumbnails under it show the placeholder's mark instead of the browser's icon.
    const thumbs = page.getByRole('button', { name: /^Vis bilde \d$/ });
    expect(await thumbs.count()).toBe(2);
    await expect.poll(() => thumbs.locator('img').count()).toBe(0);
    expect(await thumbs.locator('svg').count()).toBe(2);
    expect(page.errors).toEqual([]);
  });
});
