// Several instances (docs/decisions/018-postgresql.md): a chat between two users whose pages are served by different
// instances. Two processes of the built app (the bundle support.ts runs) share one PostgreSQL database and one upload
// folder, as behind a load balancer; the seller's page talks only to instance 1, the buyer's only to instance 2, so
// every message that shows up live on the other side crossed instances through the database's LISTEN/NOTIFY
// (src/server/realtime/pg-hub.ts). The file's own SQLite server from support.ts is not used; its browser, page and
// screenshot helpers are.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase } from '../db/pg/client';
import type { Listing, User } from '../db/schema';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../src/server/auth/session';
import { registerUser } from '../src/server/services/auth';
import { createPgStore, type Store } from '../src/server/store';
import { insertListing, insertListingImage } from '../src/server/testing/listing-factory';
import { adminQuery, startPgCluster, type PgCluster } from '../src/server/testing/pg-cluster';
import { startFakeUpstreams, type FakeUpstreams } from './fake-upstreams';
import { startPgInstance, type ServerProcess } from './pg-instances';
import { expectNoErrors, fileTempDir, newPage, screenshot, svgPhoto, type TestPage } from './support';

const TAG = `t${Date.now().toString(36)}`;
// As in chats.e2e.test.ts: the listing page's keyless map frame cannot load without internet, and a websocket the
// browser drops logs the browser's own network error. None of them is the page's error.
const IGNORE = [/maps\.google|google\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION|WebSocket|Failed to load resource/i];

const composer = (page: TestPage) => page.getByPlaceholder('Skriv en melding...');
/** A message the server has stored (not an optimistic bubble still on its way). */
const stored = (page: TestPage, text: string) => page.locator('[data-testid="message"]:not([data-pending])').filter({ hasText: text });

let cluster: PgCluster | undefined;
let store: Store | undefined;
let upstreams: FakeUpstreams | undefined;
const instances: ServerProcess[] = [];
let failures = 0;

let userCounter = 0;
/** A user in the shared database, registered through the same service as the sign-up form. */
async function createPgUser(name: string): Promise<User> {
  userCounter += 1;
  const tag = `${TAG}${userCounter}`;
  return registerUser(
    store!,
    { username: `e2e.${tag}`, password: 'hemmelig123', name, email: `${tag}@example.no`, phone: '91234567', address: 'Storgata 12, 0155 OSLO' },
    { isAdmin: false },
  );
}

/** support.ts's loginAs on the shared database: a session row, and its cookie for the instance the page talks to. */
async function loginAt(page: TestPage, instance: ServerProcess, user: { id: number }) {
  const token = generateSessionToken();
  await createSession(store!, token, user.id);
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: instance.baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

/** The websockets the page opens, by URL: its live events must come through its own instance. */
function socketsOf(page: TestPage): string[] {
  const urls: string[] = [];
  page.on('websocket', (ws) => urls.push(ws.url()));
  return urls;
}

beforeAll(async () => {
  cluster = await startPgCluster();
  await adminQuery(cluster.adminUrl, 'CREATE DATABASE bilpartner');
  const databaseUrl = cluster.urlOf('bilpartner');
  // Migrated here first: the instances then find nothing to apply (they would wait for each other's lock otherwise).
  store = createPgStore(await openPgDatabase(databaseUrl, { max: 2 }));
  upstreams = await startFakeUpstreams();
  const uploadDir = path.join(fileTempDir(), 'shared-uploads');
  fs.mkdirSync(uploadDir, { recursive: true });
  const options = { databaseUrl, uploadDir, fakes: upstreams, dir: fileTempDir() };
  instances.push(await startPgInstance(1, options));
  instances.push(await startPgInstance(2, options));
});

// Counted as support.ts counts its own, to print the instances' logs only when something failed.
afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail' || (ctx.task.result?.errors?.length ?? 0) > 0) failures += 1;
});

afterAll(async () => {
  for (const [i, instance] of instances.entries()) {
    await instance.stop();
    // What the instance logged at warn and above, when something failed: the servers' side of it.
    if (failures > 0) console.log(`[e2e] instance ${i + 1} (${instance.baseURL}) log:\n${instance.log(80)}`);
  }
  await store?.close();
  await upstreams?.close();
  await cluster?.stop();
});

describe('a chat between users on two instances of one PostgreSQL database', () => {
  let seller: User;
  let buyer: User;
  let car: Listing;

  beforeAll(async () => {
    seller = await createPgUser('Sigrid Selger');
    buyer = await createPgUser('Bjørn Kjøper');
    const photo = svgPhoto('#0b4f8a', { width: 800, height: 600 });
    car = await insertListing(store!, seller.id, { make: 'Volvo', model: `XC60 ${TAG}`, year: 2019, price: 289_000, address: '', coverImage: photo.url });
    await insertListingImage(store!, car.id, 0, { storageKey: `e2e/${car.id}/0`, url: photo.url, thumbUrl: photo.url, width: photo.width, height: photo.height });
  });

  it('the buyer on instance 2 starts a chat, the seller on instance 1 sees it live and answers, the buyer sees the answer live', async () => {
    const [one, two] = instances as [ServerProcess, ServerProcess];
    expect(one.baseURL).not.toBe(two.baseURL);

    // The seller has the chats page open on instance 1.
    const sellerPage = await newPage();
    const sellerSockets = socketsOf(sellerPage);
    await loginAt(sellerPage, one, seller);
    await sellerPage.goto(`${one.baseURL}/chats`);
    await sellerPage.getByRole('heading', { name: 'Meldinger', level: 1 }).waitFor();
    await sellerPage.getByText('Velg en chat', { exact: true }).waitFor();
    // Set once: still there later means the page was never reloaded.
    await sellerPage.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The buyer, on instance 2: listing → 'Start chat' → the first message.
    const buyerPage = await newPage();
    const buyerSockets = socketsOf(buyerPage);
    await loginAt(buyerPage, two, buyer);
    await buyerPage.goto(`${two.baseURL}/listing/${car.id}`);
    await buyerPage.getByRole('button', { name: 'Start chat' }).first().click();
    await buyerPage.getByRole('heading', { name: 'Start ny chat' }).waitFor();
    await buyerPage.getByTestId('new-chat-listing').getByText(`Volvo XC60 ${TAG} 2019`).waitFor();
    await composer(buyerPage).fill('Hei! Er bilen fortsatt til salgs?');
    const started = buyerPage.waitForResponse((r) => r.url().startsWith(two.baseURL) && r.url().includes('chats.start') && r.ok());
    await composer(buyerPage).press('Enter');
    await started;
    const storedAt = Date.now();

    // Instance 1 heard of it through the database: the seller's list shows the chat without a reload.
    const sellerRow = sellerPage.getByTestId('chat-row').filter({ hasText: 'Bjørn' });
    await sellerRow.waitFor({ timeout: 3000 });
    const pushDelay = Date.now() - storedAt;
    console.log(`[e2e] the first message reached the seller's page on the other instance after ${pushDelay} ms`);
    await sellerRow.getByText(`Volvo XC60 ${TAG} 2019`).waitFor();
    await sellerRow.getByText('Hei! Er bilen fortsatt til salgs?').waitFor();
    expect(await sellerRow.getByTestId('unread-badge').textContent()).toBe('1');

    await expect.poll(() => new URL(buyerPage.url()).searchParams.get('chat')).toMatch(/^\d+$/);
    const chatId = Number(new URL(buyerPage.url()).searchParams.get('chat'));
    await buyerPage.getByTestId('conversation-title').getByText('Sigrid').waitFor();
    await buyerPage.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The seller opens it: the buyer's message, under the buyer's name.
    await sellerRow.getByRole('link', { name: 'Bjørn' }).click();
    await expect.poll(() => new URL(sellerPage.url()).searchParams.get('chat')).toBe(String(chatId));
    const received = stored(sellerPage, 'Hei! Er bilen fortsatt til salgs?');
    await received.waitFor();
    expect(await received.getAttribute('data-own')).toBeNull();
    expect(await received.getByTestId('message-sender').textContent()).toBe('Bjørn');

    // The seller answers on instance 1; the buyer's open conversation on instance 2 shows it live.
    await composer(sellerPage).fill('Ja, den er til salgs. Vil du prøvekjøre?');
    await composer(sellerPage).press('Enter');
    await stored(sellerPage, 'Vil du prøvekjøre?').waitFor();
    const reply = stored(buyerPage, 'Ja, den er til salgs. Vil du prøvekjøre?');
    await reply.waitFor({ timeout: 3000 });
    expect(await reply.getAttribute('data-own')).toBeNull();
    expect(await reply.getByTestId('message-sender').textContent()).toBe('Sigrid');

    // And once more the other way, into the seller's open conversation.
    await composer(buyerPage).fill('Gjerne! Passer lørdag kl. 12?');
    await composer(buyerPage).press('Enter');
    const third = stored(sellerPage, 'Gjerne! Passer lørdag kl. 12?');
    await third.waitFor({ timeout: 3000 });
    expect(await third.getByTestId('message-sender').textContent()).toBe('Bjørn');

    // Both conversations, in order, on both pages; neither page was reloaded.
    const conversation = ['Hei! Er bilen fortsatt til salgs?', 'Ja, den er til salgs. Vil du prøvekjøre?', 'Gjerne! Passer lørdag kl. 12?'];
    for (const page of [sellerPage, buyerPage]) {
      await expect.poll(() => page.getByTestId('message-content').allInnerTexts()).toEqual(conversation);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    }
    // Each page talked to its own instance only, its live events included.
    expect(new URL(sellerPage.url()).origin).toBe(one.baseURL);
    expect(new URL(buyerPage.url()).origin).toBe(two.baseURL);
    expect(sellerSockets.length).toBeGreaterThan(0);
    expect(buyerSockets.length).toBeGreaterThan(0);
    for (const url of sellerSockets) expect(new URL(url).port).toBe(String(one.port));
    for (const url of buyerSockets) expect(new URL(url).port).toBe(String(two.port));

    await screenshot(sellerPage, 'two-instances-seller-1280');
    await screenshot(buyerPage, 'two-instances-buyer-1280');
    expectNoErrors(sellerPage, IGNORE);
    expectNoErrors(buyerPage, IGNORE);
  });
});
