// Reviewing owners' edits (docs/decisions/007-pending-revisions.md): the edit form says before saving which changes
// need review, the approved version stays public while an edit waits, and the owner sees each status on the listing
// page and on /mine-annonser ('Venter på godkjenning', 'Avvist: <reason>', 'Inaktiv'); 'Verifisert' only for an
// approved, active listing.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InProcessHub } from '../src/server/realtime/hub';
import { reviewListing } from '../src/server/services/moderation';
import { createSqliteStore } from '../src/server/store';
import { insertListing } from '../src/server/testing/listing-factory';
import { createAdmin, createUser, db, expectNoErrors, expectToast, loginAs, newPage, screenshot, SCREENSHOT_DIR, type TestPage } from './support';

const TAG = Date.now().toString(36).slice(-5).toUpperCase();
const textbox = (page: TestPage, name: string) => page.getByRole('textbox', { name, exact: true });
/** What is on screen (the form's save bar sticks to the bottom of the window, not of the page). */
const viewportShot = (page: TestPage, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

async function decide(listingId: number, approved: boolean, rejectionReason = '') {
  const { user: admin } = await createAdmin();
  const hub = new InProcessHub();
  await reviewListing(createSqliteStore(db(), false), hub, { id: admin.id, name: admin.name }, { id: listingId, approved, rejectionReason });
  hub.close();
}

describe("an owner's edit of an approved listing", () => {
  it('tells the owner before saving which changes need review, keeps the approved version public, and shows the verdict', async () => {
    const { user } = await createUser({ name: 'Ola Hansen' });
    const listing = insertListing(db(), user.id, {
      make: 'Skoda',
      model: `Octavia ${TAG}`,
      year: 2019,
      description: 'Godkjent tekst: nyservet og pen.',
      uniqueCode: `BP-R${TAG}`,
    });
    const page = await newPage();
    await loginAs(page, user);
    await page.goto(`/rediger-annonse/${listing.id}`);
    await page.getByTestId('listing-form').waitFor();

    // A price change needs no review: no notice.
    await textbox(page, 'Pris').fill('239 000');
    await page.getByTestId('listing-submit').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('review-notice').count()).toBe(0);
    // Changing the description and the mileage does, and the notice names both with the form's labels.
    await page.getByRole('textbox', { name: 'Beskrivelse' }).fill('Ny tekst: vinterhjul på felg følger med.');
    await textbox(page, 'Kilometerstand').fill('93 500');
    await expect.poll(() => page.getByTestId('review-fields').textContent()).toBe('Kilometerstand, Beskrivelse');
    await page.getByText('Må godkjennes før kjøpere ser det:').waitFor();
    // Undoing one change takes it off the list.
    await textbox(page, 'Kilometerstand').fill('90000');
    await expect.poll(() => page.getByTestId('review-fields').textContent()).toBe('Beskrivelse');
    await viewportShot(page, 'review-edit-form-desktop');

    await page.getByTestId('listing-submit').click();
    await expectToast(page, 'Annonse oppdatert', 'Endringene er lagret.');
    await page.waitForURL('**/mine-annonser');
    const card = page.getByTestId('my-listing-card').filter({ hasText: `Octavia ${TAG}` });
    await card.getByTestId('revision-badge').getByText('Endringer til kontroll').waitFor();
    await card.getByText('Godkjent', { exact: true }).waitFor();
    await card.getByText('Endringene dine venter på godkjenning').waitFor();

    // A buyer sees the approved text, the new price, and 'Verifisert'.
    const buyer = await newPage();
    await buyer.goto(`/listing/${listing.id}`);
    await buyer.getByTestId('description').getByText('Godkjent tekst: nyservet og pen.').waitFor();
    await buyer.getByTestId('total-price').getByText('239\u00a0000\u00a0kr').waitFor();
    await buyer.getByText('Verifisert').waitFor();
    expect(await buyer.getByTestId('review-status').count()).toBe(0);

    // The owner sees their new text and a note that buyers see the approved version meanwhile.
    await page.goto(`/listing/${listing.id}`);
    await page.getByTestId('description').getByText('Ny tekst: vinterhjul på felg følger med.').waitFor();
    await page.getByText('Endringene dine venter på godkjenning').waitFor();
    await page.getByText('Kjøpere ser den godkjente versjonen til endringene er godkjent (beskrivelse).').waitFor();
    await screenshot(page, 'review-listing-owner-desktop');

    // Rejected: the owner reads the reason on the listing page and in the list; buyers still see the approved text.
    await decide(listing.id, false, 'Beskrivelsen må handle om bilen.');
    await page.reload();
    await page.getByText('Avvist: Beskrivelsen må handle om bilen.').waitFor();
    await page.goto('/mine-annonser');
    await card.getByText('Avvist: Beskrivelsen må handle om bilen.').waitFor();
    await card.getByTestId('revision-badge').getByText('Endringer avvist').waitFor();
    await screenshot(page, 'review-my-listings-desktop');
    await buyer.reload();
    await buyer.getByTestId('description').getByText('Godkjent tekst: nyservet og pen.').waitFor();

    // The form opens with the rejected edit and its reason; saving it changed sends it back for review.
    await page.goto(`/rediger-annonse/${listing.id}`);
    await page.getByText('Avvist: Beskrivelsen må handle om bilen.').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Beskrivelse' }).inputValue()).toBe('Ny tekst: vinterhjul på felg følger med.');
    await page.getByRole('textbox', { name: 'Beskrivelse' }).fill('Vinterhjul på felg følger med. Nyservet.');
    await page.getByTestId('listing-submit').click();
    await expectToast(page, 'Annonse oppdatert');
    await card.getByText('Endringer til kontroll').waitFor();

    // Approved: buyers see the new text.
    await decide(listing.id, true);
    await buyer.reload();
    await buyer.getByTestId('description').getByText('Vinterhjul på felg følger med. Nyservet.').waitFor();
    expectNoErrors(page);
    expectNoErrors(buyer);
  });
});

describe('status banners', () => {
  it("show the owner a pending, rejected or inactive listing's status, with 'Verifisert' only when approved and active", async () => {
    const { user } = await createUser({ name: 'Kari Nordmann' });
    const pending = insertListing(db(), user.id, { make: 'Audi', model: `A4 ${TAG}`, status: 'pending' });
    const rejected = insertListing(db(), user.id, { make: 'Audi', model: `A6 ${TAG}`, status: 'rejected', rejectionReason: 'Bildene mangler.' });
    const inactive = insertListing(db(), user.id, { make: 'Audi', model: `Q5 ${TAG}`, active: false });
    const page = await newPage();
    await loginAs(page, user);

    await page.goto(`/listing/${pending.id}`);
    await page.getByText('Venter på godkjenning').waitFor();
    await page.getByText('Annonsen er ikke synlig for kjøpere før en administrator har godkjent den.').waitFor();
    expect(await page.getByText('Verifisert').count()).toBe(0);
    await viewportShot(page, 'review-listing-pending-desktop');

    await page.goto(`/listing/${rejected.id}`);
    await page.getByText('Avvist: Bildene mangler.').waitFor();
    expect(await page.getByText('Verifisert').count()).toBe(0);

    await page.goto(`/listing/${inactive.id}`);
    await page.getByRole('heading', { name: `Audi Q5 ${TAG}` }).waitFor();
    await page.getByText('Inaktiv', { exact: true }).waitFor();
    expect(await page.getByText('Verifisert').count()).toBe(0);

    await page.goto('/mine-annonser');
    const card = page.getByTestId('my-listing-card').filter({ hasText: `A6 ${TAG}` });
    await card.getByText('Avvist: Bildene mangler.').waitFor();

    // An admin sees the same banner on someone else's listing.
    const { user: admin } = await createAdmin();
    const adminPage = await newPage();
    await loginAs(adminPage, admin);
    await adminPage.goto(`/listing/${rejected.id}`);
    await adminPage.getByText('Avvist: Bildene mangler.').waitFor();
    await adminPage.getByText('Annonsen er ikke synlig for kjøpere.', { exact: true }).waitFor();
    expectNoErrors(page);
    expectNoErrors(adminPage);
  });

  it('fit a phone screen (375 px): the listing banner, the form notice and the list', async () => {
    const { user } = await createUser();
    const listing = insertListing(db(), user.id, { make: 'Volvo', model: `V90 ${TAG}`, description: 'Pen bil.' });
    const page = await newPage({ width: 375, height: 812 });
    await loginAs(page, user);
    await page.goto(`/rediger-annonse/${listing.id}`);
    await page.getByTestId('listing-form').waitFor();
    await page.getByRole('textbox', { name: 'Beskrivelse' }).fill('Pen bil med hengerfeste.');
    await page.getByTestId('review-notice').waitFor();
    await viewportShot(page, 'review-edit-form-phone');
    await page.getByTestId('listing-submit').click();
    await page.waitForURL('**/mine-annonser');
    await decide(listing.id, false, 'Hengerfeste står ikke i utstyrslisten – kryss det av der også.');
    await page.reload();
    await page.getByText('Avvist: Hengerfeste står ikke i utstyrslisten – kryss det av der også.').first().waitFor();
    await screenshot(page, 'review-my-listings-phone');
    await page.goto(`/listing/${listing.id}`);
    await page.getByText('Avvist: Hengerfeste står ikke i utstyrslisten – kryss det av der også.').waitFor();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'review-listing-owner-phone');
    expectNoErrors(page);
  });
});
