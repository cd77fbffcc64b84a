// 'Sjekk bilen' (docs/decisions/025-buyer-trust.md#registry-facts): a listing created with a plate is looked up in
// the (fake) vehicle registry in the background, and a buyer sees on its page what the registry confirms and what it
// contradicts, the EU-kontroll deadline and the link to Løsøreregisteret, on a phone and on a desktop.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { listings } from '../db/schema';
import { MINIMAL_LISTING_FORM } from '../src/server/testing/listing-factory';
import { createAdmin, createUser, db, expectNoErrors, KNOWN_PLATE, loginAs, newPage, screenshot, SCREENSHOT_DIR, type TestPage } from './support';

const TAG = `r${Date.now().toString(36)}`;
const IGNORE = [/maps\.google|google\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/i];

/** The listing page, reloaded until the background look-up has landed (the first request may come before it). */
async function openWithPanel(page: TestPage, id: number) {
  await page.goto(`/listing/${id}`);
  await expect
    .poll(
      async () => {
        if (await page.getByTestId('registry-panel').count()) return true;
        await page.reload();
        return page.getByTestId('registry-panel').count().then((n) => n > 0);
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(true);
}

it('a buyer sees what the vehicle registry confirms and contradicts', async () => {
  const { user: seller } = await createUser({ name: 'Selger Sjekk' });
  const sellerPage = await newPage();
  await loginAs(sellerPage, seller);
  await sellerPage.goto('/');
  // A Volvo V70 2012 diesel on the plate of the registry's Volkswagen Golf 2017 diesel (EU-kontroll by 30.06.2025).
  const res = await sellerPage.request.post('/api/listings', {
    data: { ...MINIMAL_LISTING_FORM, registrationNumber: KNOWN_PLATE, model: `V70 ${TAG}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  // The admin reviewing it sees what the registry contradicts.
  const { user: admin } = await createAdmin();
  const adminPage = await newPage();
  await loginAs(adminPage, admin);
  await adminPage.goto('/admin?tab=pending');
  const card = adminPage.getByTestId('pending-card').filter({ hasText: `V70 ${TAG}` });
  await expect
    .poll(
      async () => {
        await card.waitFor();
        if (await card.getByTestId('pending-registry-mismatches').count()) return true;
        await adminPage.reload();
        return false;
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(true);
  const mismatches = await card.getByTestId('pending-registry-mismatches').innerText();
  expect(mismatches).toContain('Merke: Volvo (Registeret sier Volkswagen)');
  expect(mismatches).toContain('Årsmodell: 2012 (Registeret sier 2017)');
  await card.getByTestId('pending-registry-mismatches').screenshot({ path: `${SCREENSHOT_DIR}/registry-admin-mismatches.png` });
  db().update(listings).set({ status: 'approved' }).where(eq(listings.id, id)).run();

  const page = await newPage({ width: 375, height: 812 });
  expectNoErrors(page, IGNORE);
  await openWithPanel(page, id);
  const panel = page.getByTestId('registry-panel');
  await expect.poll(() => panel.getByRole('heading', { name: 'Sjekk bilen' }).count()).toBe(1);
  expect(await panel.getByTestId('registry-make').innerText()).toContain('Registeret sier Volkswagen');
  expect(await panel.getByTestId('registry-year').innerText()).toContain('Registeret sier 2017');
  expect(await panel.getByTestId('registry-fuelType').innerText()).toContain('Bekreftet av Statens vegvesen');
  // The seller gave no power or VIN: nothing to confirm.
  expect(await panel.getByTestId('registry-power').count()).toBe(0);
  const inspection = panel.getByTestId('registry-inspection');
  expect(await inspection.getAttribute('data-state')).toBe('forfalt');
  expect(await inspection.innerText()).toContain('30.06.2025');
  const liens = panel.getByRole('link', { name: /Sjekk heftelser i Løsøreregisteret/ });
  expect(await liens.getAttribute('href')).toBe(`https://rettsstiftelser.brreg.no/nb/oppslag/motorvogn/${KNOWN_PLATE}`);
  expect(await liens.getAttribute('target')).toBe('_blank');
  expect(await liens.getAttribute('rel')).toContain('noopener');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'registry-panel-375');
  await panel.screenshot({ path: `${SCREENSHOT_DIR}/registry-panel-375-panel.png` });

  const desktop = await newPage({ width: 1280, height: 900 });
  expectNoErrors(desktop, IGNORE);
  await openWithPanel(desktop, id);
  await screenshot(desktop, 'registry-panel-1280');
  await desktop.getByTestId('registry-panel').screenshot({ path: `${SCREENSHOT_DIR}/registry-panel-1280-panel.png` });
});

it('shows no panel for a plate the registry does not know', async () => {
  const { user: seller } = await createUser({ name: 'Selger Ukjent' });
  const sellerPage = await newPage();
  await loginAs(sellerPage, seller);
  await sellerPage.goto('/');
  const res = await sellerPage.request.post('/api/listings', { data: { ...MINIMAL_LISTING_FORM, registrationNumber: 'ZZ99999', model: `V70 ${TAG}` } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  db().update(listings).set({ status: 'approved' }).where(eq(listings.id, id)).run();
  const page = await newPage();
  await page.goto(`/listing/${id}`);
  await page.getByTestId('description').waitFor();
  expect(await page.getByTestId('registry-panel').count()).toBe(0);
});
