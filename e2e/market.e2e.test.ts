// Sold listings, price drops and saved-search alerts as a seller and a buyer click them
// (docs/decisions/022-market-alerts.md):
// - 'Marker som solgt' (docs/product/states.md#sold): the seller marks the car sold from /mine-annonser after a
//   confirmation; the buyer no longer finds it in search, its page shows 'Solgt' and no 'Start chat', and their saved
//   copy says 'Solgt'.
// - A price drop: the seller lowers the price in the edit form; the buyer who saved the car gets a notification with
//   both prices and the saved card says 'Prisen er satt ned'.
// - 'Lagre søk': the buyer saves a search on /annonser; an admin approves a matching car; the buyer's badge counts the
//   alert, /lagrede-sok shows the new hit, 'Vis treff' opens the search, and the search can be renamed and deleted.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, savedListings } from '../db/schema';
import { SOLD_TEXTS } from '../src/shared/texts/sold';
import { readOutbox } from '../src/server/testing/mail';
import { createAdmin, createUser, db, expectNoErrors, expectToast, insertCar, loginAs, menuCount, newPage, outboxDir } from './support';
import { SAVED_SEARCH_TEXTS as T } from '../src/shared/texts/saved-searches';

const TAG = `s${Date.now().toString(36)}`;
const IGNORE = [/maps\.google|google\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/i];

describe('a car marked sold', () => {
  it('leaves search, keeps its page with Solgt and no Start chat, and shows sold where it was saved', async () => {
    const { user: seller } = await createUser({ name: 'Selma Selger' });
    const { user: buyer } = await createUser({ name: 'Kjell Kjøper' });
    // Contact details hidden: the seller card then offers 'Start chat' too, which a sold car must not.
    const car = await insertCar(seller.id, { make: 'Skoda', model: `Octavia ${TAG}`, price: 189_000, hideAddress: true, hideContactInfo: true });
    db().insert(savedListings).values({ userId: buyer.id, listingId: car.id, savedTotalPrice: car.totalPrice }).run();

    const sellerPage = await newPage();
    await loginAs(sellerPage, seller);
    await sellerPage.goto('/mine-annonser');
    const card = sellerPage.getByTestId('my-listing-card').filter({ hasText: `Octavia ${TAG}` });
    await card.getByRole('button', { name: SOLD_TEXTS.markSold }).click();
    const dialog = sellerPage.getByRole('alertdialog');
    await dialog.getByText(SOLD_TEXTS.confirm).waitFor();
    await dialog.getByRole('button', { name: SOLD_TEXTS.markSold }).click();
    await expectToast(sellerPage, SOLD_TEXTS.markedSold);
    await card.getByTestId('sold-badge').waitFor();
    expect(await card.getByRole('button', { name: 'Aktiver' }).count()).toBe(0);
    expectNoErrors(sellerPage);

    const buyerPage = await newPage();
    await loginAs(buyerPage, buyer);
    await buyerPage.goto(`/annonser?query=${TAG}`);
    await buyerPage.getByText('Ingen annonser funnet').waitFor();
    expect(await buyerPage.getByRole('article').filter({ hasText: `Octavia ${TAG}` }).count()).toBe(0);

    await buyerPage.goto(`/listing/${car.id}`);
    await buyerPage.getByRole('heading', { level: 1, name: `Skoda Octavia ${TAG}` }).waitFor();
    await buyerPage.getByTestId('sold-badge').waitFor();
    await buyerPage.getByTestId('sold-note').waitFor();
    expect(await buyerPage.getByRole('button', { name: /Start chat/ }).count()).toBe(0);

    await buyerPage.goto('/lagrede-annonser');
    const saved = buyerPage.getByRole('article').filter({ hasText: `Octavia ${TAG}` });
    await saved.getByTestId('saved-sold').waitFor();
    expect(await saved.getByTestId('saved-sold').textContent()).toBe('Solgt');
    expectNoErrors(buyerPage, IGNORE);
  });
});

describe('a price drop on a saved car', () => {
  it('notifies the buyer who saved it with both prices and marks the saved card', async () => {
    const { user: seller } = await createUser({ name: 'Per Prisvinner' });
    const { user: buyer } = await createUser({ name: 'Stine Sparer' });
    const sellerPage = await newPage();
    await loginAs(sellerPage, seller);
    const created = await sellerPage.request.post('/api/listings', {
      data: { registrationNumber: 'CD54321', make: 'Toyota', model: `Corolla ${TAG}`, year: 2019, price: 389_000, registrationFee: 2_600, address: 'Kongens gate 1, 7011 TRONDHEIM' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    db().update(listings).set({ status: 'approved' }).where(eq(listings.id, id)).run();

    const buyerPage = await newPage();
    await loginAs(buyerPage, buyer);
    await buyerPage.goto(`/listing/${id}`);
    await buyerPage.getByRole('button', { name: /Lagre annonse/ }).click();
    await buyerPage.getByRole('button', { name: /Lagret/ }).waitFor();

    await sellerPage.goto(`/rediger-annonse/${id}`);
    await expect.poll(() => sellerPage.getByRole('textbox', { name: 'Merke', exact: true }).inputValue()).toBe('Toyota');
    await sellerPage.getByRole('textbox', { name: 'Pris', exact: true }).fill('369000');
    await sellerPage.getByRole('button', { name: 'Lagre endringer' }).click();
    await expectToast(sellerPage, 'Annonse oppdatert');

    // The live badge, then the notification with both prices.
    await expect.poll(() => menuCount(buyerPage, 'Varslinger')).toBe(1);
    await buyerPage.goto('/varslinger');
    await buyerPage.getByText(`Toyota Corolla ${TAG} 2019: fra 391\u00a0600\u00a0kr til 371\u00a0600\u00a0kr.`).waitFor();

    await buyerPage.goto('/lagrede-annonser');
    const saved = buyerPage.getByRole('article').filter({ hasText: `Corolla ${TAG}` });
    await saved.getByTestId('price-dropped').waitFor();
    expect((await saved.getByTestId('price-dropped').textContent())?.trim()).toBe('Prisen er satt ned');
    await saved.getByText('391\u00a0600\u00a0kr').waitFor();
    await saved.getByText('371\u00a0600\u00a0kr').waitFor();
    expectNoErrors(sellerPage);
    expectNoErrors(buyerPage, IGNORE);
  });
});

describe('a saved search with alerts', () => {
  it('asks a visitor to log in first', async () => {
    const page = await newPage();
    await page.goto('/annonser?make=Volvo');
    await page.getByTestId('save-search').click();
    await page.getByRole('dialog', { name: 'Logg inn eller opprett konto' }).waitFor();
    expectNoErrors(page);
  });

  it('is saved from the search, alerted when a matching car is approved, opened, renamed and deleted', async () => {
    const { user: seller } = await createUser({ name: 'Sigurd Selger' });
    const { user: buyer } = await createUser({ name: 'Berit Bilkjøper' });
    const { user: admin } = await createAdmin();
    const page = await newPage({ width: 375, height: 800 });
    await loginAs(page, buyer);
    await page.goto(`/annonser?make=Volvo&priceMax=300000&query=${TAG}`);
    await page.getByText('Ingen annonser funnet').waitFor();
    await page.getByTestId('save-search').click();
    const dialog = page.getByRole('dialog', { name: T.save });
    await dialog.getByRole('textbox', { name: T.name }).fill(`Volvo ${TAG}`);
    await dialog.getByText(T.email).click();
    await dialog.getByRole('button', { name: T.save }).click();
    await expectToast(page, T.saved);

    // A matching car (make, price, the words) and one too dear; only the first alerts, once the admin approves it.
    const match = await insertCar(seller.id, { make: 'Volvo', model: `V60 ${TAG}`, year: 2019, price: 249_000, status: 'pending' });
    const dear = await insertCar(seller.id, { make: 'Volvo', model: `XC90 ${TAG}`, year: 2022, price: 650_000, status: 'pending' });
    const adminPage = await newPage();
    await loginAs(adminPage, admin);
    for (const id of [match.id, dear.id]) {
      const res = await adminPage.request.post(`/api/admin/listings/${id}/approve`, { data: { approved: true } });
      expect(res.status()).toBe(200);
    }

    await expect.poll(() => menuCount(page, 'Varslinger')).toBe(1);
    await page.goto('/varslinger');
    await page.getByText(`Nytt treff i «Volvo ${TAG}»`).waitFor();
    await page.getByText(`Volvo V60 ${TAG} 2019 til 249\u00a0000\u00a0kr passer det lagrede søket ditt «Volvo ${TAG}».`).waitFor();

    await page.goto('/lagrede-sok');
    const card = page.getByTestId('saved-search').filter({ hasText: `Volvo ${TAG}` });
    expect((await card.getByTestId('new-hits').textContent())?.trim()).toBe('1 nytt treff');
    await card.getByText('Varsler og e-post').waitFor();
    await card.getByRole('button', { name: T.open }).click();
    await page.waitForURL(/\/annonser\?/);
    await page.getByRole('article').filter({ hasText: `V60 ${TAG}` }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);

    await page.goto('/lagrede-sok');
    await card.waitFor();
    expect(await card.getByTestId('new-hits').count()).toBe(0);

    // E-mail was chosen: the alert came by mail too, and its 'Meld av' link turns the e-mails off in one click.
    let mails: Awaited<ReturnType<typeof readOutbox>> = [];
    await expect.poll(async () => (mails = (await readOutbox(outboxDir)).filter((m) => m.to === buyer.email)).length).toBe(1);
    expect(mails[0].subject).toBe(`Nytt treff i «Volvo ${TAG}»`);
    const link = /https?:\/\/\S+\/meld-av-sok\?token=[a-z2-7]+/.exec(mails[0].text);
    expect(link).not.toBeNull();
    await page.goto(new URL(link![0]).pathname + new URL(link![0]).search);
    await page.getByTestId('unsubscribe-done').getByText(T.unsubscribed(`Volvo ${TAG}`)).waitFor();
    await page.goto('/lagrede-sok');
    await card.getByText('Bare varsler').waitFor();
    await card.getByRole('button', { name: T.rename }).click();
    const rename = page.getByRole('dialog', { name: T.rename });
    await rename.getByRole('textbox', { name: T.name }).fill(`Billig Volvo ${TAG}`);
    await rename.getByRole('button', { name: 'Lagre' }).click();
    await expectToast(page, T.renamed);
    const renamed = page.getByTestId('saved-search').filter({ hasText: `Billig Volvo ${TAG}` });
    await renamed.getByRole('button', { name: new RegExp(T.delete) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: T.delete }).click();
    await expectToast(page, T.deleted);
    await page.getByText(T.empty).waitFor();
    expectNoErrors(page);
  });
});
