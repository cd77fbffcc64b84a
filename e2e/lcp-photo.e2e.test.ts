// The photo that is the page's largest paint is named in the page (docs/decisions/010-compression-and-bundle.md "The
// LCP photo in the page"): the browser fetches it from the page's <link rel="preload" as="image"> while the scripts
// load, the <img> then uses that very download (once, no second size), eagerly and at high priority, on a phone and on
// a desktop. Photos are made by the app's own pipeline and written into the server's upload folder.
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingImages, listings } from '../db/schema';
import { createDiskStorage } from '../src/server/integrations/image-storage';
import { processImage, storeProcessed, type StoredImage } from '../src/server/services/images';
import { createUser, db, expectNoErrors, newPage, uploadDir, type TestPage } from './support';

const TAG = `l${Date.now().toString(36)}`;
let car: { id: number; photos: StoredImage[] };

async function photo(n: number): Promise<StoredImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1500"><rect width="100%" height="100%" fill="hsl(${n * 97},55%,45%)"/><text x="50%" y="55%" font-size="400" text-anchor="middle" fill="white" font-family="sans-serif">${n}</text></svg>`;
  return storeProcessed(createDiskStorage(uploadDir), await processImage(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()));
}

beforeAll(async () => {
  const { user } = await createUser({ name: 'Lars Lcp' });
  const photos = [await photo(1), await photo(2)];
  const row = db()
    .insert(listings)
    .values({
      userId: user.id,
      uniqueCode: `BP-${TAG}`.toUpperCase().slice(0, 20),
      make: 'Polestar',
      model: `2 ${TAG}`,
      year: 2022,
      registrationNumber: 'EV41234',
      bodyType: 'sedan',
      fuelType: 'el',
      transmission: 'automat',
      drivetrain: 'firehjulsdrift',
      mileage: 20_000,
      description: `Testbil (${TAG}).`,
      address: '',
      place: 'Trondheim',
      status: 'approved',
      active: true,
      coverImage: photos[0]!.thumbUrl,
      price: 400_000,
      registrationFee: 0,
      totalPrice: 400_000,
      // The newest listing: the search page's first result (not dated ahead: later files expect theirs newest).
      createdAt: new Date(),
    })
    .returning()
    .get();
  photos.forEach((p, position) => db().insert(listingImages).values({ listingId: row.id, uploaderId: user.id, position, ...p }).run());
  car = { id: row.id, photos };
}, 60_000);

// Off the home page and the search again for the files that run after this one (they share the database).
afterAll(() => {
  if (car) db().update(listings).set({ active: false }).where(eq(listings.id, car.id)).run();
});

/** The upload paths the page requested, in order. */
function photoRequests(page: TestPage) {
  const seen: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/uploads/')) seen.push(u.pathname);
  });
  return seen;
}

/** The photo the element shows, how it was fetched (resource timing: 'link' = the page's preload), and its attributes. */
async function lcpPhoto(page: TestPage, selector: string) {
  const img = page.locator(selector).first();
  await expect.poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0)).toBe(true);
  return img.evaluate((e: HTMLImageElement) => {
    const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => r.name === e.currentSrc);
    return {
      src: new URL(e.currentSrc).pathname,
      initiator: entry?.initiatorType ?? '',
      loading: e.loading,
      fetchPriority: e.getAttribute('fetchpriority'),
    };
  });
}

describe("the largest paint's photo", () => {
  // At a density of 1: a 343 px stage takes the thumbnail (480 w), an 800 px one the medium size.
  for (const [width, height, size] of [
    [375, 800, 'thumbUrl'],
    [1280, 900, 'mediumUrl'],
  ] as const) {
    it(`the listing page's first photo comes from the page's preload, once (${width} px)`, async () => {
      const page = await newPage({ width, height });
      const seen = photoRequests(page);
      const res = await page.goto(`/listing/${car.id}`);
      expect(await res?.text()).toMatch(/<link rel="preload" as="image" imagesrcset="[^"]+" imagesizes="[^"]+" media="[^"]+" fetchpriority="high">/);
      const shown = await lcpPhoto(page, '[aria-roledescription="bildegalleri"] img');
      expect(shown).toEqual({ src: car.photos[0]![size], initiator: 'link', loading: 'eager', fetchPriority: 'high' });
      await page.waitForLoadState('networkidle');
      // One download of the stage's photo, in the size the <img> shows (the preload asked for exactly that), and no
      // other stage size; the thumbnail strip may show the first photo's thumbnail as well.
      const first = car.photos[0]!;
      expect(seen.filter((p) => p === first[size])).toHaveLength(1);
      expect(seen.filter((p) => [first.url, first.mediumUrl].includes(p) && p !== first[size])).toEqual([]);
      expectNoErrors(page);
    });
  }

  // docs/decisions/010-compression-and-bundle.md "Photo first": on a slow connection the photo does not share the
  // first bytes with the scripts; the page then comes alive.
  for (const [path, selector] of [
    ['listing', '[aria-roledescription="bildegalleri"] img'],
    ['annonser', '[data-testid="listing-card"] img'],
  ] as const) {
    it(`the ${path} page's scripts are requested only once its photo is in`, async () => {
      const page = await newPage({ width: 375, height: 800 });
      const events: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') events.push('script');
      });
      page.on('requestfinished', (r) => {
        if (new URL(r.url()).pathname === car.photos[0]!.thumbUrl) events.push('photo');
      });
      await page.goto(path === 'listing' ? `/listing/${car.id}` : '/annonser');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await lcpPhoto(page, selector);
      expect(events.indexOf('photo')).toBeGreaterThanOrEqual(0);
      expect(events.indexOf('script')).toBeGreaterThan(events.indexOf('photo'));
      expectNoErrors(page);
    });
  }

  it("the search page's first card's cover comes from the page's preload, once", async () => {
    const page = await newPage({ width: 375, height: 800 });
    const seen = photoRequests(page);
    await page.goto('/annonser');
    const shown = await lcpPhoto(page, '[data-testid="listing-card"] img');
    // A 343 px card at a density of 1: the thumbnail.
    expect(shown).toEqual({ src: car.photos[0]!.thumbUrl, initiator: 'link', loading: 'eager', fetchPriority: 'high' });
    await page.waitForLoadState('networkidle');
    expect(seen.filter((p) => p.startsWith(car.photos[0]!.url.replace(/\.webp$/, '')))).toEqual([car.photos[0]!.thumbUrl]);
    expectNoErrors(page);
  });
});
