// Reports and the chat warning in the browser (docs/decisions/025-buyer-trust.md): a buyer reports a listing from its
// page (a second report is refused in the dialog), a visitor is asked to log in, the owner gets no button; an admin
// dismisses a hidden listing's reports from the Rapporter tab and the listing is back; a chat's recipient sees the
// off-site warning above a message with a phone number, its sender does not. At 375 px and 1280 px.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingReports, listings, notifications, type User } from '../db/schema';
import { CHAT_WARNING_TEXT } from '../src/shared/chat-warning';
import { REPORT_TEXTS } from '../src/shared/texts/reports';
import type { EventHub } from '../src/server/realtime/hub';
import { sendMessage, startChat } from '../src/server/services/chats';
import { createSqliteStore } from '../src/server/store';
import { createAdmin, createUser, db, expectNoErrors, expectToast, insertCar, loginAs, newPage, screenshot } from './support';

const TAG = `r${Date.now().toString(36).slice(-6)}`;
const quietHub = { publish() {}, messageStored() {}, subscribe: () => (async function* () {})(), close() {} } as unknown as EventHub;
const store = () => createSqliteStore(db(), false);
// The refused second report logs the browser's own "Failed to load resource" line.
const LOAD_FAILED = [/Failed to load resource/];

let seller: User;
let buyer: User;

beforeAll(async () => {
  ({ user: seller } = await createUser({ name: `Sara Selger ${TAG}` }));
  ({ user: buyer } = await createUser({ name: `Kai Kjøper ${TAG}` }));
});

describe("'Rapporter annonse'", () => {
  for (const width of [375, 1280]) {
    it(`a buyer reports a listing once, at ${width} px; a second report is refused in the dialog`, async () => {
      const car = await insertCar(seller.id, { make: 'Saab', model: `9-3 ${TAG} ${width}` });
      const page = await newPage({ width, height: 900 });
      await loginAs(page, buyer);
      await page.goto(`/listing/${car.id}`);
      await page.getByTestId('report-listing').click();
      const dialog = page.getByTestId('report-dialog');
      await dialog.getByText(REPORT_TEXTS.intro).waitFor();
      // Sending without a reason says what is missing.
      await dialog.getByRole('button', { name: REPORT_TEXTS.send }).click();
      await dialog.getByText(REPORT_TEXTS.reasonRequired).waitFor();
      await dialog.getByLabel(REPORT_TEXTS.reason).selectOption('svindel');
      await dialog.getByLabel(REPORT_TEXTS.comment).fill('Selgeren vil ha forskudd.');
      await screenshot(page, `report-dialog-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await dialog.getByRole('button', { name: REPORT_TEXTS.send }).click();
      await expectToast(page, REPORT_TEXTS.sent);
      await dialog.waitFor({ state: 'detached' });
      const rows = db().select().from(listingReports).where(eq(listingReports.listingId, car.id)).all();
      expect(rows.map((r) => [r.reporterId, r.reason, r.comment])).toEqual([[buyer.id, 'svindel', 'Selgeren vil ha forskudd.']]);

      await page.getByTestId('report-listing').click();
      await page.getByTestId('report-dialog').getByLabel(REPORT_TEXTS.reason).selectOption('annet');
      await page.getByTestId('report-dialog').getByRole('button', { name: REPORT_TEXTS.send }).click();
      await page.getByTestId('report-problem').getByText('Du har allerede rapportert denne annonsen.').waitFor();
      expectNoErrors(page, LOAD_FAILED);
    });
  }

  it('asks a visitor to log in, and is not offered to the owner', async () => {
    const car = await insertCar(seller.id, { make: 'Saab', model: `9-5 ${TAG}` });
    const visitor = await newPage();
    await visitor.goto(`/listing/${car.id}`);
    await visitor.getByTestId('report-listing').click();
    await visitor.getByText('Logg inn eller opprett konto').waitFor();

    const owner = await newPage();
    await loginAs(owner, seller);
    await owner.goto(`/listing/${car.id}`);
    await owner.getByRole('heading', { name: `Saab 9-5 ${TAG}` }).waitFor();
    await owner.getByText('Detaljer', { exact: true }).first().waitFor();
    expect(await owner.getByTestId('report-listing').count()).toBe(0);
  });
});

describe('the Rapporter tab', () => {
  for (const width of [1280, 375]) {
    it(`an admin dismisses the reports that hid a listing, at ${width} px, and the listing is shown again`, async () => {
      const { user: admin } = await createAdmin({ name: `Ada Admin ${TAG} ${width}` });
      const car = await insertCar(seller.id, { make: 'Volvo', model: `940 ${TAG} ${width}` });
      const reporters = [buyer, (await createUser()).user, (await createUser()).user];
      for (const [i, r] of reporters.entries()) {
        db().insert(listingReports).values({ listingId: car.id, reporterId: r.id, reason: i === 1 ? 'feil_informasjon' : 'svindel', comment: i === 0 ? 'Bildene er fra en annen bil.' : '' }).run();
      }
      db().update(listings).set({ active: false, reportHiddenAt: new Date() }).where(eq(listings.id, car.id)).run();

      // The owner sees why it is hidden.
      const owner = await newPage({ width, height: 900 });
      await loginAs(owner, seller);
      await owner.goto(`/listing/${car.id}`);
      await owner.getByText(REPORT_TEXTS.hidden).first().waitFor();
      await owner.goto('/mine-annonser');
      await owner.getByText(REPORT_TEXTS.hidden).first().waitFor();
      await screenshot(owner, `my-listings-report-hidden-${width}`);

      const page = await newPage({ width, height: 900 });
      await loginAs(page, admin);
      await page.goto('/admin?tab=reports');
      const card = page.getByTestId('reported-listing').filter({ hasText: `Volvo 940 ${TAG} ${width}` });
      await card.waitFor();
      await card.getByTestId('reported-hidden').waitFor();
      await card.getByText('Bildene er fra en annen bil.').waitFor();
      await card.getByText('Feil informasjon', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `admin-reports-${width}`);
      await card.getByRole('button', { name: REPORT_TEXTS.dismiss }).click();
      await expectToast(page, REPORT_TEXTS.dismissed);
      await card.waitFor({ state: 'detached' });

      expect(db().select().from(listings).where(eq(listings.id, car.id)).get()).toMatchObject({ active: true, reportHiddenAt: null });
      const told = db().select().from(notifications).where(eq(notifications.userId, reporters[2].id)).all();
      expect(told.map((n) => n.title)).toContain('Rapporten din er vurdert');
      expectNoErrors(page);
    });
  }
});

describe('the chat warning', () => {
  it("is shown to the recipient above a message with a phone number, not to its sender nor on other messages", async () => {
    const car = await insertCar(seller.id, { make: 'Volvo', model: `V60 ${TAG}` });
    const { chatId } = await startChat(store(), quietHub, buyer.id, { listingId: car.id, sellerId: seller.id, message: 'Hei! Er den til salgs for 250 000?' });
    await sendMessage(store(), quietHub, seller.id, { chatId, content: 'Ja. Ring meg på 912 34 567, så tar vi resten der.' });

    for (const width of [375, 1280]) {
      const page = await newPage({ width, height: 812 });
      await loginAs(page, buyer);
      await page.goto(`/chats?chat=${chatId}`);
      await page.getByTestId('message').filter({ hasText: 'Ring meg på 912 34 567' }).waitFor();
      const warnings = page.getByTestId('chat-warning');
      await warnings.first().waitFor();
      expect(await warnings.count()).toBe(1);
      expect(await warnings.first().innerText()).toBe(CHAT_WARNING_TEXT);
      await screenshot(page, `chat-warning-${width}`);
      expectNoErrors(page);
    }

    const sender = await newPage();
    await loginAs(sender, seller);
    await sender.goto(`/chats?chat=${chatId}`);
    await sender.getByTestId('message').filter({ hasText: 'Ring meg på 912 34 567' }).waitFor();
    expect(await sender.getByTestId('chat-warning').count()).toBe(0);
  });
});
