// Notifications: /varslinger and the header's unread badges. docs/product/screens.md#varslinger,
// docs/product/states.md#notification, docs/product/errors.md (toasts), docs/product/realtime.md (pushed to the open page).
// Stored notifications are inserted straight into the test database; the live ones are produced the way a buyer does it,
// by an inquiry sent to the running server over HTTP, which stores the notification and pushes it to the seller.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../src/server/auth/session';
import { createSqliteStore } from '../src/server/store';
import { insertListing } from '../src/server/testing/listing-factory';
import type { NotificationType } from '../src/shared/schemas/notification';
import { baseURL, createUser, db, expectNoErrors, expectToast, loginAs, menuCount, newPage, screenshot, type TestPage } from './support';

const HOUR = 3_600_000;

function insertNotification(
  userId: number,
  n: { type: NotificationType; title: string; message: string; ageMs?: number; read?: boolean; data?: Record<string, unknown> },
) {
  return db()
    .insert(notifications)
    .values({ userId, type: n.type, title: n.title, message: n.message, data: n.data, read: n.read ?? false, createdAt: new Date(Date.now() - (n.ageMs ?? 0)) })
    .returning()
    .get();
}

const cards = (page: TestPage) => page.getByTestId('notification');
const card = (page: TestPage, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const storedFor = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId)).all();

let ip = 0;
/** A POST to the running server's REST API as `user` (a session of their own, an address of its own). */
async function postAs(user: { id: number }, path: string, body: unknown) {
  const token = generateSessionToken();
  await createSession(createSqliteStore(db(), false), token, user.id);
  ip += 1;
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}`, 'x-forwarded-for': `10.99.${process.pid % 250}.${ip}` },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return res.json() as Promise<Record<string, unknown>>;
}

/** An inquiry from `buyer`, as the listing page's form sends it. */
async function sendInquiry(buyer: { id: number; name: string }, listingId: number, message: string) {
  await postAs(buyer, '/api/inquiries', { listingId, name: buyer.name, email: 'per.kjoper@example.no', phone: '98765432', message });
}

/** Resolves once both live subscriptions (chat messages, notifications) have been started on the page's websocket. */
function subscriptionsStarted(page: TestPage) {
  return new Promise<void>((resolve) => {
    let started = 0;
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"started"') && ++started === 2) resolve();
      }),
    );
  });
}

describe('/varslinger', () => {
  it('shows each type with its badge, message lines and age, newest first, and the header counts the unread', async () => {
    const { user } = await createUser({ name: 'Siri Selger' });
    const { user: other } = await createUser({ name: 'Ola Annen' });
    insertNotification(other.id, { type: 'info', title: 'Ikke din varsling', message: 'Hører til en annen bruker.' });
    insertNotification(user.id, { type: 'success', title: 'Annonsen din er godkjent', message: 'Volvo V70 er nå synlig for kjøpere.', ageMs: 3 * 24 * HOUR, read: true, data: { listingId: 123456 } });
    insertNotification(user.id, { type: 'error', title: 'Annonsen din ble avvist', message: 'Bildene mangler.', ageMs: 5 * HOUR + 60_000 });
    insertNotification(user.id, { type: 'warning', title: 'Annonsen utløper snart', message: 'Forny den innen sju dager.', ageMs: 40 * 60_000 });
    insertNotification(user.id, {
      type: 'info',
      title: 'Ny chat om Toyota Corolla',
      message: 'Per Kjøper, per@example.no, 98765432:\nEr bilen fortsatt til salgs?',
      data: { chatId: 4242, listingId: 123456 },
    });

    const page = await newPage();
    await loginAs(page, user);
    await page.goto('/varslinger');
    await page.getByRole('heading', { name: 'Mine varslinger', level: 1 }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(4);

    // Newest first; every type with its own badge and age.
    expect(await cards(page).getByRole('heading').allInnerTexts()).toEqual([
      'Ny chat om Toyota Corolla',
      'Annonsen utløper snart',
      'Annonsen din ble avvist',
      'Annonsen din er godkjent',
    ]);
    expect(await cards(page).getByTestId('notification-type').allInnerTexts()).toEqual(['Info', 'Advarsel', 'Feil', 'Suksess']);
    expect(await cards(page).getByTestId('notification-age').allInnerTexts()).toEqual(['Akkurat nå', 'Akkurat nå', '5t siden', '3d siden']);
    expect(await page.getByText('Ikke din varsling').count()).toBe(0);

    // The message keeps its line break (the contact line, then the question).
    const message = await card(page, 'Ny chat om Toyota Corolla').getByTestId('notification-message').innerText();
    expect(message).toBe('Per Kjøper, per@example.no, 98765432:\nEr bilen fortsatt til salgs?');

    // Unread: highlighted with a dot and 'Merk som lest'; the read one has neither.
    expect(await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-read')))).toEqual(['false', 'false', 'false', 'true']);
    expect(await cards(page).getByTestId('unread-dot').count()).toBe(3);
    await page.getByTestId('user-menu').getByTestId('unread-dot').waitFor();
    expect(await page.getByRole('button', { name: 'Merk som lest' }).count()).toBe(3);
    const approved = card(page, 'Annonsen din er godkjent');
    expect(await approved.getByRole('button', { name: 'Merk som lest' }).count()).toBe(0);
    const bg = (title: string) => card(page, title).evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(await bg('Annonsen din ble avvist')).not.toBe(await bg('Annonsen din er godkjent'));
    await page.getByTestId('unread-count').filter({ hasText: '3 uleste' }).waitFor();

    // Where each one leads: the chat, or the listing.
    expect(await card(page, 'Ny chat om Toyota Corolla').getByRole('link', { name: 'Åpne chat' }).getAttribute('href')).toBe('/chats?chat=4242');
    expect(await approved.getByRole('link', { name: 'Se annonse' }).getAttribute('href')).toBe('/listing/123456');

    expect(await menuCount(page, 'Varslinger')).toBe(3);
    await screenshot(page, 'varslinger-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'varslinger-phone');
    expectNoErrors(page);
  });

  it('marks one read, then all read, with toasts; the header badge follows and the server keeps it', async () => {
    const { user } = await createUser();
    insertNotification(user.id, { type: 'info', title: 'Første henvendelse', message: 'Hei!', ageMs: 2 * HOUR });
    insertNotification(user.id, { type: 'success', title: 'Annonsen din er godkjent', message: 'Synlig nå.', ageMs: HOUR });
    insertNotification(user.id, { type: 'warning', title: 'Sjekk annonsen', message: 'Prisen mangler.' });

    const page = await newPage();
    await loginAs(page, user);
    await page.goto('/varslinger');
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await menuCount(page, 'Varslinger')).toBe(3);

    await card(page, 'Første henvendelse').getByRole('button', { name: 'Merk som lest' }).click();
    await expectToast(page, 'Oppdatert');
    await expect.poll(() => card(page, 'Første henvendelse').getAttribute('data-read')).toBe('true');
    expect(await card(page, 'Første henvendelse').getByRole('button', { name: 'Merk som lest' }).count()).toBe(0);
    await page.getByTestId('unread-count').filter({ hasText: '2 uleste' }).waitFor();
    expect(await menuCount(page, 'Varslinger')).toBe(2);
    await expect.poll(() => storedFor(user.id).filter((n) => !n.read).length).toBe(2);

    const markAll = page.getByRole('button', { name: 'Merk alle som lest' });
    expect(await markAll.isEnabled()).toBe(true);
    await markAll.click();
    await expectToast(page, 'Alle varslinger merket som lest');
    await expect.poll(() => markAll.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Merk som lest' }).count()).toBe(0);
    await page.getByTestId('unread-count').waitFor({ state: 'detached' });
    await page.getByTestId('user-menu').getByTestId('unread-dot').waitFor({ state: 'detached' });
    expect(await menuCount(page, 'Varslinger')).toBe(0);

    // Stored: after a reload everything is still read and the button still disabled.
    await page.reload();
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await markAll.isDisabled()).toBe(true);
    expect(storedFor(user.id).every((n) => n.read)).toBe(true);
    expectNoErrors(page);
  });

  it('deletes one, then all after a confirmation, and ends on Ingen varslinger', async () => {
    const { user } = await createUser();
    const { user: other } = await createUser();
    const keep = insertNotification(other.id, { type: 'info', title: 'Annen brukers varsling', message: 'Skal ikke slettes.' });
    insertNotification(user.id, { type: 'info', title: 'Gammel henvendelse', message: 'Hei.', ageMs: 30 * 24 * HOUR, read: true });
    insertNotification(user.id, { type: 'error', title: 'Annonsen din ble avvist', message: 'Mangler bilder.', ageMs: 26 * HOUR });
    insertNotification(user.id, { type: 'success', title: 'Annonsen din er godkjent', message: 'Synlig nå.' });

    const page = await newPage();
    await loginAs(page, user);
    await page.goto('/varslinger');
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await card(page, 'Gammel henvendelse').getByTestId('notification-age').innerText()).toBe('30d siden');
    expect(await card(page, 'Annonsen din ble avvist').getByTestId('notification-age').innerText()).toBe('1d siden');

    await card(page, 'Annonsen din ble avvist').getByRole('button', { name: /^Slett varslingen/ }).click();
    await expectToast(page, 'Slettet');
    await expect.poll(() => cards(page).count()).toBe(2);
    await expect.poll(() => storedFor(user.id).map((n) => n.title).sort()).toEqual(['Annonsen din er godkjent', 'Gammel henvendelse']);
    expect(await menuCount(page, 'Varslinger')).toBe(1);

    // 'Slett alle varslinger' asks first; 'Avbryt' keeps them.
    await page.getByRole('button', { name: 'Slett alle varslinger' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cards(page).count()).toBe(2);

    await page.getByRole('button', { name: 'Slett alle varslinger' }).click();
    await dialog.getByRole('button', { name: 'Slett alle' }).click();
    await expectToast(page, 'Alle varslinger slettet');
    await page.getByText('Ingen varslinger', { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Merk alle som lest' }).count()).toBe(0);
    await expect.poll(() => storedFor(user.id).length).toBe(0);
    expect(db().select().from(notifications).where(and(eq(notifications.id, keep.id))).all()).toHaveLength(1);
    expect(await menuCount(page, 'Varslinger')).toBe(0);

    await page.reload();
    await page.getByText('Ingen varslinger', { exact: true }).waitFor();
    await screenshot(page, 'varslinger-empty');
    expectNoErrors(page);
  });

  it('a refused action puts the card back as it was, without a toast', async () => {
    const { user } = await createUser();
    insertNotification(user.id, { type: 'info', title: 'Ny henvendelse om Ford Focus', message: 'Hei!' });
    const page = await newPage({ serviceWorkers: 'block' });
    await loginAs(page, user);
    await page.goto('/varslinger');
    const only = card(page, 'Ny henvendelse om Ford Focus');
    await only.waitFor();
    // The connection drops as the call goes out.
    await page.route(/\/trpc\/[^?]*notifications\.(markRead|delete)/, (route) => route.abort('internetdisconnected'));

    await only.getByRole('button', { name: 'Merk som lest' }).click();
    await only.getByRole('button', { name: /^Slett varslingen/ }).click();
    await expect.poll(() => only.getAttribute('data-read')).toBe('false');
    await only.getByRole('button', { name: 'Merk som lest' }).waitFor();
    await page.waitForTimeout(600);
    expect(await cards(page).count()).toBe(1);
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await menuCount(page, 'Varslinger')).toBe(1);
    expect(storedFor(user.id)).toMatchObject([{ read: false }]);
    expectNoErrors(page, [/Failed to load resource|ERR_INTERNET_DISCONNECTED/]);
  });

  it('following a card to its listing marks it read', async () => {
    const { user: seller } = await createUser();
    const listing = await insertListing(db(), seller.id, { make: 'Skoda', model: 'Octavia' });
    insertNotification(seller.id, { type: 'success', title: 'Annonsen din er godkjent', message: 'Skoda Octavia er nå synlig.', data: { listingId: listing.id } });

    const page = await newPage();
    await loginAs(page, seller);
    await page.goto('/varslinger');
    await page.getByRole('link', { name: 'Se annonse' }).click();
    await page.waitForURL(`**/listing/${listing.id}`);
    await page.getByRole('heading', { name: /Skoda Octavia/ }).first().waitFor();
    await expect.poll(() => storedFor(seller.id)[0]?.read).toBe(true);
    await page.goBack();
    await expect.poll(() => cards(page).first().getAttribute('data-read')).toBe('true');
    expect(await page.getByRole('button', { name: 'Merk alle som lest' }).isDisabled()).toBe(true);
  });

  it('shows a skeleton while the list loads', async () => {
    const { user } = await createUser();
    insertNotification(user.id, { type: 'info', title: 'Etter ventetiden', message: 'Kom fram til slutt.' });
    const page = await newPage({ serviceWorkers: 'block' });
    await loginAs(page, user);
    // Hold the list's answer back long enough for the page's pending state to show.
    await page.route(/\/trpc\/[^?]*notifications\.list/, async (route) => {
      await new Promise((r) => setTimeout(r, 2500));
      await route.continue();
    });
    await page.goto('/varslinger');
    await page.locator('[data-testid="notifications"][aria-busy="true"]').waitFor();
    await screenshot(page, 'varslinger-loading');
    await page.getByRole('heading', { name: 'Mine varslinger', level: 1 }).waitFor();
    await card(page, 'Etter ventetiden').waitFor();
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
  });

  it('asks a visitor to log in', async () => {
    const page = await newPage();
    await page.goto('/varslinger');
    await page.getByRole('heading', { name: 'Logg inn for å se varslinger' }).waitFor();
    await screenshot(page, 'varslinger-logged-out');
    expect(await cards(page).count()).toBe(0);
    expectNoErrors(page);
  });
});

/** A seller with a listing of theirs and a buyer; the seller's /varslinger open, empty, and both subscriptions started. */
async function sellerListening(make: string, model: string) {
  const { user: seller } = await createUser({ name: 'Siri Selger' });
  const { user: buyer } = await createUser({ name: 'Per Kjøper' });
  const listing = await insertListing(db(), seller.id, { make, model });
  const page = await newPage();
  await loginAs(page, seller);
  const live = subscriptionsStarted(page);
  await page.goto('/varslinger');
  await page.getByText('Ingen varslinger', { exact: true }).waitFor();
  await live;
  return { seller, buyer, listing, page };
}

describe('live notifications', () => {
  it("a buyer's inquiry appears on the open page within a second, without reload, and the badges count it", async () => {
    const { buyer, listing, page } = await sellerListening('Toyota', 'Corolla');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    expect(await page.getByTestId('user-menu').getByTestId('unread-dot').count()).toBe(0);
    expect(await menuCount(page, 'Varslinger')).toBe(0);

    await sendInquiry(buyer, listing.id, 'Er bilen fortsatt til salgs?\nKan jeg se den på lørdag?');
    const sentAt = Date.now();
    const arrived = card(page, 'Ny henvendelse om Toyota Corolla');
    await arrived.waitFor({ timeout: 1000 });
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await arrived.getAttribute('data-read')).toBe('false');
    expect(await arrived.getByTestId('notification-age').innerText()).toBe('Akkurat nå');
    expect(await arrived.getByTestId('notification-message').innerText()).toBe(
      'Fra Per Kjøper, per.kjoper@example.no, 98765432:\nEr bilen fortsatt til salgs?\nKan jeg se den på lørdag?',
    );
    await page.getByTestId('user-menu').getByTestId('unread-dot').waitFor();
    expect(await menuCount(page, 'Varslinger')).toBe(1);

    // A second one while the first is unread: the count goes on up.
    await sendInquiry(buyer, listing.id, 'Og prisen, er den fast?');
    await expect.poll(() => cards(page).count(), { timeout: 1000 }).toBe(2);
    expect(await menuCount(page, 'Varslinger')).toBe(2);

    // Reading brings the badge down at once.
    await cards(page).first().getByRole('button', { name: 'Merk som lest' }).click();
    await expectToast(page, 'Oppdatert');
    expect(await menuCount(page, 'Varslinger')).toBe(1);
    await page.getByRole('button', { name: 'Merk alle som lest' }).click();
    await expectToast(page, 'Alle varslinger merket som lest');
    expect(await menuCount(page, 'Varslinger')).toBe(0);
    await page.getByTestId('user-menu').getByTestId('unread-dot').waitFor({ state: 'detached' });

    // Elsewhere on the site the header still hears of new ones.
    await page.getByRole('link', { name: /til forsiden/ }).click();
    await page.waitForURL(`${baseURL}/`);
    await sendInquiry(buyer, listing.id, 'Hei igjen!');
    await page.getByTestId('user-menu').getByTestId('unread-dot').waitFor({ timeout: 2000 });
    expect(await menuCount(page, 'Varslinger')).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expectNoErrors(page);
  });

  it("a chat started on my listing: its notification opens the chat, and 'Meldinger' counts the unread message until it is read", async () => {
    const { seller, buyer, listing, page } = await sellerListening('Volvo', 'XC60');
    expect(await menuCount(page, 'Meldinger')).toBe(0);

    const { chatId } = await postAs(buyer, '/api/chats/start', { listingId: listing.id, sellerId: seller.id, message: 'Hei! Er XC-en ledig?' });
    const arrived = card(page, 'Ny chat om Volvo XC60');
    await arrived.waitFor({ timeout: 1000 });
    const open = arrived.getByRole('link', { name: 'Åpne chat' });
    expect(await open.getAttribute('href')).toBe(`/chats?chat=${chatId}`);
    await expect.poll(() => menuCount(page, 'Meldinger')).toBe(1);
    expect(await menuCount(page, 'Varslinger')).toBe(1);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /^Meldinger/ }).waitFor();
    await screenshot(page, 'header-menu-badges');
    await page.keyboard.press('Escape');

    // Opening the chat reads both: the notification at the click, the message when the conversation shows.
    await open.click();
    await page.waitForURL(`**/chats?chat=${chatId}`);
    await page.getByText('Hei! Er XC-en ledig?').first().waitFor();
    await expect.poll(() => menuCount(page, 'Meldinger')).toBe(0);
    expect(await menuCount(page, 'Varslinger')).toBe(0);
    await page.getByTestId('user-menu').getByTestId('unread-dot').waitFor({ state: 'detached' });
    expectNoErrors(page);
  });
});
