// The listing page's map loads when asked (docs/product/screens.md#listingid): a still placeholder with the address,
// 'Vis kart' and the link to the map search; the Google frame (megabytes on a phone) only after the click.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectNoErrors, insertCar, newPage } from './support';

const TAG = `m${Date.now().toString(36)}`;
let id: number;

beforeAll(async () => {
  const { user } = await createUser({ name: 'Mona Kart' });
  ({ id } = await insertCar(user.id, { make: 'Skoda', model: `Octavia ${TAG}`, address: 'Kirkegata 5, 7013 TRONDHEIM', description: `Kartbil (${TAG}).` }));
});

describe('location map', () => {
  it('shows a placeholder with the address and loads the map frame only after Vis kart', async () => {
    const page = await newPage({ width: 375, height: 800 });
    const mapRequests: string[] = [];
    // No internet here: the frame's request is answered empty, and counted.
    await page.route(/maps\.google\.com|google\.com\/maps/, (route) => {
      mapRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>kart</title>' });
    });
    await page.goto(`/listing/${id}`);
    const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Beliggenhet' }) });
    await section.scrollIntoViewIfNeeded();
    const placeholder = section.getByTestId('map-placeholder');
    await expect.poll(() => placeholder.textContent()).toContain('Kirkegata 5, 7013 TRONDHEIM');
    expect(await section.getByRole('link', { name: /Åpne i kart/ }).getAttribute('href')).toContain('query=Kirkegata%205');
    await page.waitForTimeout(500);
    expect(await section.locator('iframe').count()).toBe(0);
    expect(mapRequests).toEqual([]);

    await section.getByRole('button', { name: 'Vis kart' }).click();
    const frame = section.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('title')).toBe('Kart over Kirkegata 5, 7013 TRONDHEIM');
    expect(await frame.getAttribute('src')).toContain('maps.google.com/maps?q=Kirkegata%205');
    expect(await placeholder.count()).toBe(0);
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
    expectNoErrors(page);
  });
});
