// Accessibility (docs/decisions/011-accessibility.md): axe-core finds no serious or critical violation on
// the main routes, logged out, logged in and as an admin; the keyboard gets a skip link, the login dialog's first
// field, the new page's heading after a route change; every route names itself in the tab.
// `npm run audit:web` measures the same on the demo data, with Lighthouse.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, expectNoErrors, insertCar, loginAs, newPage, type TestPage } from './support';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAG = Date.now().toString(36).slice(-5);

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** Serious and critical axe violations of the page as it is now, one line each: 'rule: element, element'. */
async function seriousViolations(page: TestPage): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target.map(String) })) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens the route, waits for its heading and the end of loading, and returns what axe finds. */
async function audit(page: TestPage, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main [data-scope="skeleton"], main .chakra-skeleton'), null).catch(() => {});
  await page.waitForTimeout(400); // entry animations
  return seriousViolations(page);
}

/** This file's car: a family estate whose listing page has every section axe should see. */
const insertVolvo = (userId: number, o: Parameters<typeof insertCar>[1] = {}) =>
  insertCar(userId, {
    make: 'Volvo',
    model: `V60 ${TAG}`,
    year: 2019,
    bodyType: 'stasjonsvogn',
    fuelType: 'diesel',
    transmission: 'automat',
    mileage: 112_000,
    power: 190,
    color: 'Grå',
    description: 'Godt vedlikeholdt familiebil med hengerfeste.',
    place: 'Bergen',
    price: 184_000,
    registrationFee: 6_500,
    ...o,
  });

let seller: { id: number };
let buyer: { id: number };
let admin: { id: number };
let car: { id: number };

beforeAll(async () => {
  seller = (await createUser({ name: 'Siri Selger' })).user;
  buyer = (await createUser({ name: 'Kari Kjøper' })).user;
  admin = (await createAdmin()).user;
  car = await insertVolvo(seller.id);
  await insertVolvo(buyer.id, { status: 'pending' }); // the buyer's own listing, waiting for the admin's review
});

describe('axe: no serious or critical violation', () => {
  it('logged out: home, search, listing, contact, about, the legal pages and the reset page', async () => {
    const page = await newPage();
    for (const path of ['/', '/annonser', `/listing/${car.id}`, '/kontakt', '/about', '/personvern', '/vilkar', '/cookies', '/nytt-passord?token=ukjent']) {
      expect({ path, violations: await audit(page, path) }).toEqual({ path, violations: [] });
    }
    expectNoErrors(page);
  });

  it('logged out on a phone (375 px): home and listing', async () => {
    const page = await newPage({ width: 375, height: 812 });
    for (const path of ['/', `/listing/${car.id}`]) {
      expect({ path, violations: await audit(page, path) }).toEqual({ path, violations: [] });
    }
  });

  it('logged in: listing, my listings, saved, profile, chats, notifications, new listing', async () => {
    const page = await newPage();
    await loginAs(page, buyer);
    for (const path of [`/listing/${car.id}`, '/mine-annonser', '/lagrede-annonser', '/profil', '/chats', '/varslinger', '/ny-annonse']) {
      expect({ path, violations: await audit(page, path) }).toEqual({ path, violations: [] });
    }
    expectNoErrors(page);
  });

  it('admin: the panel and its tabs, feedback and contact messages', async () => {
    const page = await newPage();
    await loginAs(page, admin);
    for (const path of ['/admin', '/admin?tab=pending', '/admin?tab=users', '/admin/feedbacks', '/admin/messages']) {
      expect({ path, violations: await audit(page, path) }).toEqual({ path, violations: [] });
    }
    expectNoErrors(page);
  });
});

describe('keyboard and titles', () => {
  it('the first Tab reaches "Hopp til innholdet", which moves focus to the content', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Hopp til innholdet' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    // Shown while focused (it sits above the page otherwise).
    const box = await skip.boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next Tab continues inside the content, not in the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main'))).toBe(true);
  });

  it('the login dialog opens with focus in "Brukernavn"', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    const username = page.getByLabel('Brukernavn');
    await username.waitFor();
    await expect.poll(() => username.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('after a route change focus is on the new page’s heading, and the tab names the page', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('Bilpartner.no – Din bilpartner');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Kontakt oss' }).click();
    const h1 = page.getByRole('heading', { level: 1, name: 'Kontakt oss' });
    await h1.waitFor();
    await expect.poll(() => h1.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.title()).toBe('Kontakt oss – Bilpartner.no');

    await page.goto(`/listing/${car.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Make, model, year and the shown price (price + registration fee).
    await expect.poll(async () => (await page.title()).replace(/\s/g, ' ')).toBe(`Volvo V60 ${TAG} 2019 – 190 500 kr – Bilpartner.no`);
  });
});
