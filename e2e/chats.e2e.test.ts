// Conversations in the browser (docs/product/screens.md#chats): two users in two browser contexts. The buyer
// starts a chat from a listing; the seller's open /chats shows it live and answers; Enter and Shift+Enter; an offline
// send rolls back with its toast; marking and 'Slett valgte'; the phone layout shows the list or the conversation.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../db/schema';
import type { EventHub } from '../src/server/realtime/hub';
import { startChat } from '../src/server/services/chats';
import { createSqliteStore } from '../src/server/store';
import { createUser, db, expectNoErrors, expectToast, insertCar, loginAs, menuCount, newPage, screenshot, svgPhoto, type TestPage } from './support';

const TAG = `c${Date.now().toString(36)}`;
// The keyless map frame of the listing page cannot load without internet; offline sends and a dropped websocket log
// the browser's own network errors. None of them is the page's error.
const IGNORE = [/maps\.google|google\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION|WebSocket|Failed to load resource/i];

/** This file's cars: a 2019 car with a coloured first photo, so the chat list has a real picture. */
const insertCarWithPhoto = (sellerId: number, make: string, model: string, color: string): Promise<Listing> =>
  insertCar(sellerId, { make, model, year: 2019, price: 289_000, photos: [svgPhoto(color, { width: 800, height: 600 })] });

/** The e2e app's SQLite database as a store, for the chat service. */
const store = () => createSqliteStore(db(), false);
/** Chats made in the database, outside the server process: nobody to push to. */
const quietHub = { publish() {}, messageStored() {}, subscribe: () => (async function* () {})(), close() {} } as unknown as EventHub;

const composer = (page: TestPage) => page.getByPlaceholder('Skriv en melding...');
const bubbles = (page: TestPage, text?: string | RegExp) =>
  text === undefined ? page.getByTestId('message-content') : page.getByTestId('message-content').filter({ hasText: text });

/** A message the server has stored (not an optimistic bubble still on its way). */
const stored = (page: TestPage, text: string) => page.locator('[data-testid="message"]:not([data-pending])').filter({ hasText: text });

/** Requests of one tRPC procedure (batched calls name it in the path). */
function countCalls(page: TestPage, procedure: string) {
  const seen = { sent: 0, failed: 0 };
  page.on('request', (r) => {
    if (r.url().includes(procedure)) seen.sent += 1;
  });
  page.on('requestfailed', (r) => {
    if (r.url().includes(procedure)) seen.failed += 1;
  });
  return seen;
}

describe('chats between a buyer and a seller', () => {
  let seller: Awaited<ReturnType<typeof createUser>>['user'];
  let buyer: Awaited<ReturnType<typeof createUser>>['user'];
  let car: Listing;

  beforeAll(async () => {
    ({ user: seller } = await createUser({ name: 'Sigrid Selger' }));
    ({ user: buyer } = await createUser({ name: 'Bjørn Kjøper' }));
    car = await insertCarWithPhoto(seller.id, 'Volvo', `XC60 ${TAG}`, '#0b4f8a');
  });

  it('the buyer starts a chat from the listing, the seller sees it live and answers, Enter/Shift+Enter, offline send rolls back, mark and delete', async () => {
    const sellerPage = await newPage();
    await loginAs(sellerPage, seller);
    await sellerPage.goto('/chats');
    await sellerPage.getByRole('heading', { name: 'Meldinger', level: 1 }).waitFor();
    await sellerPage.getByText('Velg en chat', { exact: true }).waitFor();
    expect(await menuCount(sellerPage, 'Meldinger')).toBe(0);
    // Set once: still there later means the page was never reloaded.
    await sellerPage.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The buyer: listing → 'Start chat' → new-chat mode, its parameters gone from the URL.
    const buyerPage = await newPage();
    await loginAs(buyerPage, buyer);
    await buyerPage.goto(`/listing/${car.id}`);
    await buyerPage.getByRole('button', { name: 'Start chat' }).first().click();
    await buyerPage.getByRole('heading', { name: 'Start ny chat' }).waitFor();
    await buyerPage.getByText('Skriv din første melding for å starte chatten', { exact: true }).waitFor();
    await expect.poll(() => new URL(buyerPage.url()).search).toBe('');
    expect(new URL(buyerPage.url()).pathname).toBe('/chats');
    await buyerPage.getByTestId('new-chat-listing').getByText(`Volvo XC60 ${TAG} 2019`).waitFor();
    const send = buyerPage.getByRole('button', { name: 'Send melding' });
    expect(await send.isDisabled()).toBe(true);
    await composer(buyerPage).fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await screenshot(buyerPage, 'chats-new-chat-1280');

    // The first message, sent with Enter; the seller's open page shows the chat within a second of it being stored.
    await composer(buyerPage).fill('Hei! Er bilen fortsatt til salgs?');
    const started = buyerPage.waitForResponse((r) => r.url().includes('chats.start') && r.ok());
    await composer(buyerPage).press('Enter');
    await started;
    const storedAt = Date.now();
    const sellerRow = sellerPage.getByTestId('chat-row').filter({ hasText: 'Bjørn' });
    await sellerRow.waitFor({ timeout: 1000 });
    const pushDelay = Date.now() - storedAt;
    expect(pushDelay).toBeLessThan(1000);
    await sellerRow.getByText(`Volvo XC60 ${TAG} 2019`).waitFor();
    await sellerRow.getByText('Hei! Er bilen fortsatt til salgs?').waitFor();
    expect(await sellerRow.getByTestId('unread-badge').textContent()).toBe('1');
    expect(await sellerRow.getByRole('img').getAttribute('src')).toMatch(/^data:image\/svg/);
    // The header's 'Meldinger' badge heard of it too, without a reload.
    await expect.poll(() => menuCount(sellerPage, 'Meldinger')).toBe(1);

    await expectToast(buyerPage, 'Chat startet');
    await expect.poll(() => new URL(buyerPage.url()).searchParams.get('chat')).toMatch(/^\d+$/);
    const chatId = Number(new URL(buyerPage.url()).searchParams.get('chat'));
    await buyerPage.getByTestId('conversation-title').getByText('Sigrid').waitFor();
    const first = buyerPage.getByTestId('message').filter({ hasText: 'Hei! Er bilen fortsatt til salgs?' });
    await first.waitFor();
    expect(await first.getAttribute('data-own')).toBe('true');
    expect(await first.getByTestId('message-sender').textContent()).toBe('Bjørn');

    // The seller opens it: the buyer's message on the left under the buyer's name, the badge gone, the URL names the chat.
    await sellerRow.getByRole('link', { name: 'Bjørn' }).click();
    await expect.poll(() => new URL(sellerPage.url()).searchParams.get('chat')).toBe(String(chatId));
    const received = sellerPage.getByTestId('message').filter({ hasText: 'Hei! Er bilen fortsatt til salgs?' });
    await received.waitFor();
    expect(await received.getAttribute('data-own')).toBeNull();
    expect(await received.getByTestId('message-sender').textContent()).toBe('Bjørn');
    await sellerRow.getByTestId('unread-badge').waitFor({ state: 'detached' });
    expect(await menuCount(sellerPage, 'Meldinger')).toBe(0);

    // The seller answers with Enter; the buyer sees it without reload, on the left.
    await composer(sellerPage).fill('Ja, den er til salgs. Vil du prøvekjøre?');
    await composer(sellerPage).press('Enter');
    await bubbles(sellerPage, 'Vil du prøvekjøre?').waitFor();
    expect(await composer(sellerPage).inputValue()).toBe('');
    const reply = buyerPage.getByTestId('message').filter({ hasText: 'Vil du prøvekjøre?' });
    await reply.waitFor();
    expect(await reply.getAttribute('data-own')).toBeNull();
    expect(await reply.getByTestId('message-sender').textContent()).toBe('Sigrid');

    // Shift+Enter adds a line; Enter sends both lines as one message, and both pages show two lines.
    await composer(buyerPage).click();
    await buyerPage.keyboard.type('Gjerne!');
    await buyerPage.keyboard.press('Shift+Enter');
    await buyerPage.keyboard.type('Passer lørdag kl. 12?');
    expect(await composer(buyerPage).inputValue()).toBe('Gjerne!\nPasser lørdag kl. 12?');
    await buyerPage.keyboard.press('Enter');
    await expect.poll(() => composer(buyerPage).inputValue()).toBe('');
    for (const page of [buyerPage, sellerPage]) {
      // The stored message (the buyer's optimistic bubble is replaced by it).
      const twoLines = stored(page, 'Passer lørdag').getByTestId('message-content');
      await twoLines.waitFor();
      expect(await twoLines.innerText()).toBe('Gjerne!\nPasser lørdag kl. 12?');
      expect((await twoLines.boundingBox())!.height).toBeGreaterThan(40);
    }
    // The newest activity is on top of the seller's list, read (the conversation is open).
    await sellerRow.getByText('Gjerne!', { exact: true }).waitFor();
    expect(await sellerPage.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await screenshot(sellerPage, 'chats-conversation-1280');

    // Offline: the bubble shows at once, then goes, the text comes back and the error toast shows; no retries.
    const sends = countCalls(buyerPage, 'chats.send');
    await buyerPage.context().setOffline(true);
    await composer(buyerPage).fill('Kan jeg komme i morgen i stedet?');
    await composer(buyerPage).press('Enter');
    await expectToast(buyerPage, 'Kunne ikke sende melding. Prøv igjen.');
    await bubbles(buyerPage, 'Kan jeg komme i morgen').waitFor({ state: 'detached' });
    expect(await composer(buyerPage).inputValue()).toBe('Kan jeg komme i morgen i stedet?');
    await buyerPage.waitForTimeout(1500);
    expect(sends).toEqual({ sent: 1, failed: 1 });
    expect(await bubbles(buyerPage, 'Kan jeg komme i morgen').count()).toBe(0);
    expect(await bubbles(sellerPage, 'Kan jeg komme i morgen').count()).toBe(0);

    // Back online, the restored text is sent as it is.
    await buyerPage.context().setOffline(false);
    await composer(buyerPage).press('Enter');
    await bubbles(sellerPage, 'Kan jeg komme i morgen i stedet?').waitFor();
    await expect.poll(() => bubbles(buyerPage, 'Kan jeg komme i morgen i stedet?').count()).toBe(1);
    expect(await buyerPage.locator('[data-testid="message"][data-pending]').count()).toBe(0);

    // Marking: 'Oppdatert', the row visibly marked, and still so after a reload.
    await sellerRow.getByRole('button', { name: 'Marker chatten med Bjørn' }).click();
    await expectToast(sellerPage, 'Oppdatert');
    await sellerRow.getByRole('button', { name: 'Fjern markering av chatten med Bjørn', pressed: true }).waitFor();
    expect(await sellerRow.getAttribute('data-marked')).toBe('true');
    await screenshot(sellerPage, 'chats-marked-1280');
    await sellerPage.reload();
    await sellerPage.getByTestId('chat-row').filter({ hasText: 'Bjørn' }).getByRole('button', { name: 'Fjern markering av chatten med Bjørn' }).waitFor();

    // 'Slett valgte': gone for the seller (with the open conversation), kept by the buyer.
    const deleteButton = sellerPage.getByRole('button', { name: 'Slett valgte' });
    expect(await deleteButton.isDisabled()).toBe(true);
    const rowCheckbox = sellerPage.getByRole('checkbox', { name: `Velg chatten med Bjørn om Volvo XC60 ${TAG} 2019` });
    // The input is visually hidden behind Chakra's box: click what the user clicks, the box's label.
    await rowCheckbox.locator('xpath=..').click();
    expect(await rowCheckbox.isChecked()).toBe(true);
    await sellerPage.getByText('1 valgt', { exact: true }).waitFor();
    await deleteButton.click();
    await expectToast(sellerPage, 'Slettet');
    await sellerPage.getByTestId('chat-row').filter({ hasText: 'Bjørn' }).waitFor({ state: 'detached' });
    await sellerPage.getByText('Velg en chat', { exact: true }).waitFor();
    await buyerPage.reload();
    await buyerPage.getByTestId('chat-row').filter({ hasText: 'Sigrid' }).waitFor();
    await bubbles(buyerPage, 'Vil du prøvekjøre?').waitFor();
    // The new-chat step left no history entry of its own: back leads to the listing.
    await buyerPage.goBack();
    await buyerPage.waitForURL((u) => u.pathname === `/listing/${car.id}`);

    expectNoErrors(sellerPage, IGNORE);
    expectNoErrors(buyerPage, IGNORE);
  });

  it("'Start chat' on a listing the buyer already asked about opens that chat; the seller's own listing cannot be asked about", async () => {
    const other = await insertCarWithPhoto(seller.id, 'Toyota', `RAV4 ${TAG}`, '#ea6316');
    const { chatId } = await startChat(store(), quietHub, buyer.id, { listingId: other.id, sellerId: seller.id, message: 'Hvor mange eiere har den hatt?' });
    const page = await newPage();
    await loginAs(page, buyer);
    await page.goto(`/listing/${other.id}`);
    await page.getByRole('button', { name: 'Start chat' }).first().click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?chat=${chatId}`);
    await bubbles(page, 'Hvor mange eiere har den hatt?').waitFor();
    expect(await page.getByRole('heading', { name: 'Start ny chat' }).count()).toBe(0);
    expectNoErrors(page, IGNORE);

    // A hand-made new-chat link to one's own listing explains instead of offering an input the server refuses.
    const own = await newPage();
    await loginAs(own, seller);
    await own.goto(`/chats?startChat=true&listingId=${other.id}&sellerId=${seller.id}`);
    await own.getByRole('heading', { name: 'Start ny chat' }).waitFor();
    await own.getByText('Du kan ikke starte en chat om din egen annonse.').waitFor();
    expect(await composer(own).count()).toBe(0);
    expectNoErrors(own, IGNORE);
  });
});

describe('the chat list', () => {
  it('moves a conversation to the top when a message arrives, live, with its unread badge', async () => {
    const { user: seller } = await createUser({ name: 'Trine Toppen' });
    const { user: anne } = await createUser({ name: 'Anne Først' });
    const { user: ulf } = await createUser({ name: 'Ulf Sist' });
    const golf = await insertCarWithPhoto(seller.id, 'Volkswagen', `Golf ${TAG}`, '#1a67b0');
    const leaf = await insertCarWithPhoto(seller.id, 'Nissan', `Leaf ${TAG}`, '#9b3c0d');
    const older = await startChat(store(), quietHub, anne.id, { listingId: golf.id, sellerId: seller.id, message: 'Første henvendelse' });
    await startChat(store(), quietHub, ulf.id, { listingId: leaf.id, sellerId: seller.id, message: 'Andre henvendelse' });

    const sellerPage = await newPage();
    await loginAs(sellerPage, seller);
    await sellerPage.goto('/chats');
    const names = () => sellerPage.getByTestId('chat-row').getByRole('link').allInnerTexts();
    await expect.poll(names).toEqual(['Ulf', 'Anne']);

    const buyerPage = await newPage();
    await loginAs(buyerPage, anne);
    await buyerPage.goto(`/chats?chat=${older.chatId}`);
    await bubbles(buyerPage, 'Første henvendelse').waitFor();
    await composer(buyerPage).fill('Kan du sende flere bilder?');
    await composer(buyerPage).press('Enter');

    await expect.poll(names, { timeout: 2000 }).toEqual(['Anne', 'Ulf']);
    const top = sellerPage.getByTestId('chat-row').first();
    await top.getByText('Kan du sende flere bilder?').waitFor();
    expect(await top.getByTestId('unread-badge').textContent()).toBe('2');
    await screenshot(sellerPage, 'chats-reordered-1280');
    expectNoErrors(sellerPage, IGNORE);
    expectNoErrors(buyerPage, IGNORE);
  });
});

describe('chat pages', () => {
  it('on a 375 px phone: the list, then the conversation alone, and back', async () => {
    const { user: seller } = await createUser({ name: 'Mona Mobil' });
    const { user: buyer } = await createUser({ name: 'Per Telefon' });
    const car = await insertCarWithPhoto(seller.id, 'Tesla', `Model 3 ${TAG}`, '#2f855a');
    const { chatId } = await startChat(store(), quietHub, buyer.id, {
      listingId: car.id,
      sellerId: seller.id,
      message: 'Hei Mona! Har bilen vinterdekk?\nOg hengerfeste?',
    });

    const page = await newPage({ width: 375, height: 812 });
    await loginAs(page, seller);
    await page.goto('/chats');
    const row = page.getByTestId('chat-row').filter({ hasText: 'Per' });
    await row.waitFor();
    expect(await row.getByTestId('unread-badge').textContent()).toBe('1');
    expect(await page.getByText('Velg en chat', { exact: true }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'chats-list-375');

    await row.getByRole('link', { name: 'Per' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('chat')).toBe(String(chatId));
    await bubbles(page, 'Har bilen vinterdekk?').waitFor();
    expect(await page.getByTestId('chat-list').isVisible()).toBe(false);
    expect(await composer(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await composer(page).fill('Ja, begge deler følger med.');
    await page.getByRole('button', { name: 'Send melding' }).click();
    await stored(page, 'begge deler').and(page.locator('[data-own]')).waitFor();
    await screenshot(page, 'chats-conversation-375');

    await page.getByRole('button', { name: 'Tilbake til chattene' }).click();
    await page.getByTestId('chat-list').waitFor();
    expect(await page.getByTestId('conversation').count()).toBe(0);
    await row.getByText('Ja, begge deler følger med.').waitFor();
    expect(await row.getByTestId('unread-badge').count()).toBe(0);
    expectNoErrors(page, IGNORE);
  });

  it('the desktop frame is 500 px high; /chats-old lists the same chats with a message pane; visitors are asked to log in', async () => {
    const { user: seller } = await createUser({ name: 'Olav Eldre' });
    const { user: buyer } = await createUser({ name: 'Eva Gammel' });
    const car = await insertCarWithPhoto(seller.id, 'Audi', `A4 ${TAG}`, '#6b7280');
    await startChat(store(), quietHub, buyer.id, { listingId: car.id, sellerId: seller.id, message: 'Er servicen tatt?' });

    const page = await newPage();
    await loginAs(page, seller);
    await page.goto('/chats');
    await page.getByTestId('chat-row').first().waitFor();
    expect((await page.getByTestId('chats-frame').boundingBox())!.height).toBe(500);

    await page.goto('/chats-old');
    await page.getByText('Velg en chat', { exact: true }).waitFor();
    await page.getByTestId('old-chat-row').filter({ hasText: 'Eva' }).click();
    await bubbles(page, 'Er servicen tatt?').waitFor();
    await composer(page).fill('Ja, i mars.');
    await composer(page).press('Enter');
    await stored(page, 'Ja, i mars.').and(page.locator('[data-own]')).waitFor();
    await screenshot(page, 'chats-old-1280');
    expectNoErrors(page, IGNORE);

    const visitor = await newPage();
    await visitor.goto('/chats');
    await visitor.getByRole('heading', { name: 'Logg inn påkrevd' }).waitFor();
    await visitor.getByText('Logg inn for å se meldingene dine.').waitFor();
    expectNoErrors(visitor, IGNORE);
  });
});
