// The administrators' pages (docs/product/screens.md#admin, docs/product/admin.md): moderation from the pending
// tab with its effect on public search and on the owner's page, the all-listings table (search, filter, 'Godkjenn
// likevel', history, delete), the users tab (edit with the profile's rules, delete, admin rows protected), the two
// inbox pages (newest first, read/unread, delete) and 'Ingen tilgang' for everyone else. Listings, users and messages
// are inserted straight into the file's test database with a per-run tag, so other tests' data never changes what we
// assert.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inboxMessages, listingRevisions, listings, notifications, users, type User } from '../db/schema';
import { insertListing } from '../src/server/testing/listing-factory';
import { createAdmin, createUser, db, expectNoErrors, expectToast, loginAs, newPage, screenshot, type TestPage } from './support';

const TAG = `a${Date.now().toString(36).slice(-6)}`;
const CODE = (n: number) => `BP-A${TAG.toUpperCase()}${n}`;
/** The all-listings table's own three, which share a code prefix no other listing has. */
const TABLE_PREFIX = `BP-A${TAG.toUpperCase()}T`;
const TCODE = (n: number) => `${TABLE_PREFIX}${n}`;
// A refused call in the failure cases logs the browser's own "Failed to load resource" line.
const LOAD_FAILED = [/Failed to load resource/];

/** Every tRPC call the page makes to a procedure `match` accepts (the batch link names them in the URL's path). */
function countCalls(page: TestPage, match: string | ((procedure: string) => boolean)) {
  const accepts = typeof match === 'string' ? (p: string) => p === match : match;
  const calls: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/trpc/') && pathname.slice('/trpc/'.length).split(',').some(accepts)) calls.push(r.url());
  });
  return calls;
}

const listingRow = (id: number) => db().select().from(listings).where(eq(listings.id, id)).get();

let admin: User;
let seller: User;

beforeAll(async () => {
  ({ user: admin } = await createAdmin({ name: `Anne Admin ${TAG}` }));
  ({ user: seller } = await createUser({ name: `Selma Selger ${TAG}` }));
});

async function adminPage(opts: { width?: number } = {}) {
  const page = await newPage(opts.width ? { width: opts.width, height: 812 } : {});
  await loginAs(page, admin);
  return page;
}

describe('access', () => {
  it("shows 'Ingen tilgang' to a user and to a visitor on every admin page, and calls no admin procedure", async () => {
    const { user } = await createUser();
    const page = await newPage();
    const adminCalls = countCalls(page, (p) => p.startsWith('admin.'));
    await loginAs(page, user);
    for (const path of ['/admin', '/admin?tab=users', '/admin/feedbacks', '/admin/messages']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Ingen tilgang' }).waitFor();
      await page.getByText('Du har ikke administrator-rettigheter.').waitFor();
      expect(await page.getByText('Developer Panel').count()).toBe(0);
    }
    expect(adminCalls).toEqual([]);
    expectNoErrors(page);

    const visitor = await newPage();
    await visitor.goto('/admin?tab=pending');
    await visitor.getByRole('heading', { name: 'Ingen tilgang' }).waitFor();
    await visitor.getByRole('button', { name: 'Logg inn' }).last().waitFor();
    expectNoErrors(visitor);
  });
});

describe('navigation', () => {
  it("leads from each of the admin menu's five entries to its page, with the panel's own tab marked", async () => {
    const page = await adminPage();
    await page.goto('/');
    const entries: [menu: string, url: RegExp, heading: string, tab: string][] = [
      ['Alle annonser', /\/admin\?tab=all$/, 'Alle annonser', 'Alle annonser'],
      ['Annonser til kontroll', /\/admin\?tab=pending$/, 'Annonser til kontroll', 'Til kontroll'],
      ['Brukere', /\/admin\?tab=users$/, 'Brukere', 'Brukere'],
      ['Tilbakemeldinger', /\/admin\/feedbacks$/, 'Tilbakemeldinger', 'Tilbakemeldinger'],
      ['Kontaktmeldinger', /\/admin\/messages$/, 'Kontaktmeldinger', 'Kontaktmeldinger'],
    ];
    for (const [menu, url, heading, tab] of entries) {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: menu }).click();
      await page.waitForURL(url);
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      const current = page.getByRole('navigation', { name: 'Administrasjon' }).locator('[aria-current="page"]');
      expect(await current.innerText()).toContain(tab);
    }
    expectNoErrors(page);
  });
});

describe('moderation', () => {
  it('approves a pending listing from the pending tab, and only then does it appear in public search', async () => {
    const listing = await insertListing(db(), seller.id, {
      uniqueCode: CODE(1),
      make: 'Toyota',
      model: `Corolla ${TAG}`,
      year: 2017,
      status: 'pending',
      mileage: 123_456,
      fuelType: 'hybrid',
      transmission: 'automat',
      price: 189_000,
      description: `Pen Corolla med hengerfeste (${TAG}).`,
    });

    // Not public while it waits.
    const buyer = await newPage();
    await buyer.goto(`/annonser?query=Corolla+${TAG}`);
    await buyer.getByTestId('result-count').getByText('0 biler').waitFor();

    const page = await adminPage();
    await page.goto('/admin?tab=pending');
    await page.getByRole('heading', { name: 'Developer Panel' }).waitFor();
    const card = page.locator(`[data-testid="pending-card"][data-code="${CODE(1)}"]`);
    await card.waitFor();
    // The facts the admin decides on: price, mileage, fuel, gearbox, description and owner.
    await card.getByTestId('pending-price').getByText('189\u00a0000\u00a0kr').waitFor();
    await card.getByText('123\u00a0456\u00a0km').waitFor();
    await card.getByText('Hybrid', { exact: true }).waitFor();
    await card.getByText('Automat', { exact: true }).waitFor();
    await card.getByText(`Pen Corolla med hengerfeste (${TAG}).`).waitFor();
    await card.getByTestId('pending-owner').getByText(`Selma Selger ${TAG}`).waitFor();
    await screenshot(page, 'admin-pending-desktop');

    await card.getByRole('button', { name: 'Godkjenn', exact: true }).click();
    await expectToast(page, 'Annonse behandlet', 'Status oppdatert');
    await card.waitFor({ state: 'detached' });
    expect(listingRow(listing.id)?.status).toBe('approved');

    await buyer.goto(`/annonser?query=Corolla+${TAG}`);
    await buyer.getByTestId('listing-card').filter({ hasText: `Corolla ${TAG}` }).waitFor();
    await buyer.getByTestId('result-count').getByText('1 bil').waitFor();
    expectNoErrors(page);
    expectNoErrors(buyer);
  });

  it("rejects with a reason (a blank one is a toast and no call), the owner sees the reason, and 'Godkjenn likevel' approves it later", async () => {
    const listing = await insertListing(db(), seller.id, { uniqueCode: CODE(2), make: 'Volvo', model: `V70 ${TAG}`, year: 2012, status: 'pending' });
    const reason = `Bildene viser en annen bil (${TAG}).`;

    const page = await adminPage();
    const reviewCalls = countCalls(page, 'admin.listings.review');
    await page.goto('/admin?tab=pending');
    const card = page.locator(`[data-testid="pending-card"][data-code="${CODE(2)}"]`);
    await card.getByRole('button', { name: 'Avvis', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Avvis annonse' });
    await dialog.waitFor();

    // Blank (spaces only): the toast, no call, the dialog stays.
    await dialog.getByLabel('Årsak til avvisning').fill('   ');
    await dialog.getByRole('button', { name: 'Avvis', exact: true }).click();
    await expectToast(page, 'Vennligst oppgi en årsak for avvisning');
    await page.waitForTimeout(300);
    expect(reviewCalls).toEqual([]);
    expect(listingRow(listing.id)?.status).toBe('pending');
    await dialog.waitFor();

    await dialog.getByLabel('Årsak til avvisning').fill(reason);
    await dialog.getByRole('button', { name: 'Avvis', exact: true }).click();
    await expectToast(page, 'Annonse behandlet', 'Status oppdatert');
    await dialog.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });
    expect(reviewCalls).toHaveLength(1);
    expect(listingRow(listing.id)).toMatchObject({ status: 'rejected', rejectionReason: reason });
    // The owner is notified with the reason.
    const told = db().select().from(notifications).where(and(eq(notifications.userId, seller.id), eq(notifications.title, 'Annonsen din ble avvist'))).all();
    expect(told.map((n) => n.message)).toContainEqual(expect.stringContaining(reason));

    // The owner reads the verdict and the reason on /mine-annonser.
    const owner = await newPage();
    await loginAs(owner, seller);
    await owner.goto('/mine-annonser');
    const mine = owner.getByTestId('my-listing-card').filter({ hasText: `V70 ${TAG}` });
    await mine.getByText(reason).waitFor();
    await mine.getByTestId('status-badge').getByText('Avvist').waitFor();
    expectNoErrors(owner);

    // The all tab: found by its code, shown 'Avvist' with the reason, approved after all.
    await page.goto(`/admin?tab=all&q=${CODE(2)}`);
    const row = page.locator(`[data-testid="admin-listing-row"][data-code="${CODE(2)}"]`);
    await row.getByTestId('admin-status').getByText('Avvist').waitFor();
    await row.getByTestId('rejection-reason').getByText(reason).waitFor();
    await row.getByRole('button', { name: 'Godkjenn likevel' }).click();
    await expectToast(page, 'Annonse behandlet', 'Status oppdatert');
    await row.getByTestId('admin-status').getByText('Godkjent').waitFor();
    expect(await row.getByTestId('rejection-reason').count()).toBe(0);
    expect(listingRow(listing.id)).toMatchObject({ status: 'approved', rejectionReason: null });

    // Its history names who did what, newest first.
    await row.getByRole('button', { name: 'Historikk' }).click();
    const history = page.getByTestId('audit-dialog');
    await history.getByTestId('audit-entries').waitFor();
    expect(await history.locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual(['listing.approve', 'listing.reject']);
    await history.getByText(`Årsak: ${reason}`).waitFor();
    expect(await history.getByText(`Anne Admin ${TAG}`).count()).toBe(2);
    await screenshot(page, 'admin-history-dialog');
    expectNoErrors(page);
  });

  it("shows an owner's edit of an approved listing field by field, and approving it puts the edit in public", async () => {
    const listing = await insertListing(db(), seller.id, {
      uniqueCode: CODE(4),
      make: 'Skoda',
      model: `Octavia ${TAG}`,
      year: 2019,
      color: 'Hvit',
      mileage: 90_000,
      description: 'Godkjent tekst.',
    });
    db()
      .insert(listingRevisions)
      .values({ listingId: listing.id, fields: { color: 'Grå', mileage: 93_500 } })
      .run();

    const page = await adminPage();
    await page.goto('/admin?tab=pending');
    const card = page.locator(`[data-testid="pending-card"][data-code="${CODE(4)}"]`);
    await card.getByText('Endring av godkjent annonse').waitFor();
    const changes = card.getByTestId('pending-changes');
    const rowOf = (field: string) => changes.locator(`tr[data-field="${field}"]`);
    expect(await rowOf('color').locator('td').allInnerTexts()).toEqual(['Farge', 'Hvit', 'Grå']);
    expect(await rowOf('mileage').locator('td').allInnerTexts()).toEqual(['Kilometerstand', '90\u00a0000\u00a0km', '93\u00a0500\u00a0km']);
    expect(await changes.locator('tbody tr').count()).toBe(2);
    await screenshot(page, 'admin-pending-edit');

    await card.getByRole('button', { name: 'Godkjenn', exact: true }).click();
    await expectToast(page, 'Annonse behandlet', 'Status oppdatert');
    await card.waitFor({ state: 'detached' });
    expect(listingRow(listing.id)).toMatchObject({ status: 'approved', color: 'Grå', mileage: 93_500 });
    expectNoErrors(page);
  });

  it("says 'Kunne ikke behandle annonse' when the listing is gone before the decision", async () => {
    const listing = await insertListing(db(), seller.id, { uniqueCode: CODE(3), model: `Passat ${TAG}`, status: 'pending' });
    const page = await adminPage();
    await page.goto('/admin?tab=pending');
    const card = page.locator(`[data-testid="pending-card"][data-code="${CODE(3)}"]`);
    await card.waitFor();
    db().delete(listings).where(eq(listings.id, listing.id)).run();
    await card.getByRole('button', { name: 'Godkjenn', exact: true }).click();
    await expectToast(page, 'Kunne ikke behandle annonse');
    expectNoErrors(page, LOAD_FAILED);
  });
});

describe('all listings', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await insertListing(db(), seller.id, {
          uniqueCode: TCODE(i),
          make: 'Audi',
          model: `A${4 + i} ${TAG}`,
          year: 2015 + i,
          registrationNumber: `AD${String(Date.now()).slice(-4)}${i}`,
          price: 100_000 * (i + 1),
          status: i === 2 ? 'rejected' : 'approved',
          rejectionReason: i === 2 ? 'Mangler bilder.' : null,
        })).id,
      );
    }
  });

  it('searches by code, filters by status and sorts by price, all in the URL; deletes a listing after confirming', async () => {
    const page = await adminPage();
    await page.goto('/admin');
    await page.getByTestId('admin-listings-table').waitFor();

    // Search: the code's start finds our three, debounced into ?q=.
    await page.getByRole('searchbox', { name: 'Søk på ID eller registreringsnummer' }).fill(TABLE_PREFIX);
    await page.waitForURL((u) => u.searchParams.get('q') === TABLE_PREFIX);
    const rows = page.getByTestId('admin-listing-row');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).toEqual([TCODE(2), TCODE(1), TCODE(0)]);

    // Sort by price (dearest first, then cheapest first) through the column header.
    await page.getByRole('columnheader', { name: 'Pris' }).getByRole('link').click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'price' && u.searchParams.get('dir') === 'desc');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).toEqual([TCODE(2), TCODE(1), TCODE(0)]);
    await page.getByRole('columnheader', { name: 'Pris' }).getByRole('link').click();
    await page.waitForURL((u) => u.searchParams.get('dir') === 'asc');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).toEqual([TCODE(0), TCODE(1), TCODE(2)]);
    expect(await page.getByRole('columnheader', { name: 'Pris' }).getAttribute('aria-sort')).toBe('ascending');

    // Status filter: only the rejected one, in the admin's words.
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Avvist' });
    await page.waitForURL((u) => u.searchParams.get('status') === 'rejected');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).toEqual([TCODE(2)]);

    // The view survives a reload (it is the URL).
    await page.reload();
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).toEqual([TCODE(2)]);
    expect(await page.getByRole('searchbox', { name: 'Søk på ID eller registreringsnummer' }).inputValue()).toBe(TABLE_PREFIX);

    // Delete with confirmation: 'Avbryt' keeps it, 'Slett permanent' removes it.
    const row = page.locator(`[data-testid="admin-listing-row"][data-code="${TCODE(2)}"]`);
    await row.getByRole('button', { name: 'Slett' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Audi A6 ${TAG} 2017`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(listingRow(ids[2]!)).toBeTruthy();
    await row.getByRole('button', { name: 'Slett' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Slett permanent' }).click();
    await expectToast(page, 'Annonse slettet', 'Annonsen er permanent fjernet.');
    await row.waitFor({ state: 'detached' });
    expect(listingRow(ids[2]!)).toBeUndefined();
    await page.getByText('Ingen annonser passer søket').waitFor();
    expectNoErrors(page);
  });

  it('shows the table as cards on a phone, with the same actions', async () => {
    const page = await adminPage({ width: 375 });
    await page.goto(`/admin?q=${TCODE(0)}`);
    const card = page.getByTestId('admin-listing-card').filter({ hasText: TCODE(0) });
    await card.waitFor();
    expect(await page.getByTestId('admin-listings-table').isVisible()).toBe(false);
    await card.getByText(`Audi A4 ${TAG} 2015`).waitFor();
    await card.getByText('100\u00a0000\u00a0kr').waitFor();
    await card.getByRole('link', { name: 'Rediger' }).waitFor();
    expect(await page.evaluate(() => document.querySelector('main')!.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'admin-all-phone');
    expectNoErrors(page);
  });
});

describe('users', () => {
  it('edits a user with the profile rules, deletes one after confirming, and protects admin rows', async () => {
    const { user } = await createUser({ name: `Ulrik Bruker ${TAG}`, phone: '91234567' });
    const { user: doomed } = await createUser({ name: `Dina Slettes ${TAG}` });
    const doomedListing = await insertListing(db(), doomed.id, { uniqueCode: CODE(20), model: `Up ${TAG}` });
    const page = await adminPage();
    const updateCalls = countCalls(page, 'admin.users.update');
    await page.goto('/admin?tab=users');
    await page.getByRole('searchbox', { name: 'Søk etter bruker' }).fill(TAG);

    // An admin's row can be neither edited nor deleted.
    const adminRow = page.locator(`[data-testid="admin-user-row"][data-username="${admin.username}"]`);
    await adminRow.getByTestId('admin-flag').getByText('Admin').waitFor();
    expect(await adminRow.getByRole('button', { name: 'Slett' }).isDisabled()).toBe(true);
    expect(await adminRow.getByRole('button', { name: 'Rediger' }).isDisabled()).toBe(true);

    const row = page.locator(`[data-testid="admin-user-row"][data-username="${user.username}"]`);
    await row.getByText(user.email).waitFor();
    await row.getByText('91234567').waitFor();
    await row.getByTestId('admin-flag').getByText('Nei').waitFor();
    expect(await row.getByRole('button', { name: 'Slett' }).isDisabled()).toBe(false);
    await row.getByRole('button', { name: 'Rediger' }).click();
    const dialog = page.getByTestId('edit-user-dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('E-post').getAttribute('type')).toBe('email');
    expect(await dialog.getByLabel('Navn').inputValue()).toBe(`Ulrik Bruker ${TAG}`);

    // The profile's phone rule: the inline text while typing, the submit-time message, and no call.
    await dialog.getByLabel('Telefonnummer').fill('12345678');
    await dialog.getByText('Skriv inn et gyldig norsk telefonnummer').waitFor();
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await dialog.getByText('Telefonnummer må være et gyldig norsk nummer (8 siffer, starter med 2-9)').waitFor();
    expect(updateCalls).toEqual([]);

    await dialog.getByLabel('Navn').fill(`Ulrik Endret ${TAG}`);
    await dialog.getByLabel('E-post').fill(`ulrik.${TAG}@example.no`);
    await dialog.getByLabel('Telefonnummer').fill('+47 482 22 333');
    await screenshot(page, 'admin-user-edit');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await expectToast(page, 'Bruker oppdatert');
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(`Ulrik Endret ${TAG}`).waitFor();
    expect(db().select().from(users).where(eq(users.id, user.id)).get()).toMatchObject({
      name: `Ulrik Endret ${TAG}`,
      email: `ulrik.${TAG}@example.no`,
    });

    // Delete: the dialog says what goes with the user; confirming removes the user and their listing.
    const doomedRow = page.locator(`[data-testid="admin-user-row"][data-username="${doomed.username}"]`);
    await doomedRow.getByRole('button', { name: 'Slett' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('1 annonse', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Slett bruker' }).click();
    await expectToast(page, 'Bruker slettet');
    await doomedRow.waitFor({ state: 'detached' });
    expect(db().select().from(users).where(eq(users.id, doomed.id)).get()).toBeUndefined();
    expect(listingRow(doomedListing.id)).toBeUndefined();
    expectNoErrors(page);
  });

  it("says 'Kunne ikke slette bruker' when the delete fails", async () => {
    const { user } = await createUser({ name: `Borte Bruker ${TAG}` });
    const page = await adminPage();
    await page.goto('/admin?tab=users');
    const row = page.locator(`[data-testid="admin-user-row"][data-username="${user.username}"]`);
    await row.waitFor();
    db().delete(users).where(eq(users.id, user.id)).run();
    await row.getByRole('button', { name: 'Slett' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Slett bruker' }).click();
    await expectToast(page, 'Kunne ikke slette bruker');
    expectNoErrors(page, LOAD_FAILED);
  });
});

describe('inbox', () => {
  function insertMessage(kind: 'feedback' | 'contact', values: { name?: string; email?: string; phone?: string | null; subject?: string; message: string; createdAt: Date }) {
    return db()
      .insert(inboxMessages)
      .values({ kind, subject: kind === 'feedback' ? 'Tilbakemelding' : '', ...values })
      .returning()
      .get();
  }
  const inboxRow = (id: number) => db().select().from(inboxMessages).where(eq(inboxMessages.id, id)).get();

  it('lists feedback newest first with Ny on unread, toggles read and unread, and deletes', async () => {
    const older = insertMessage('feedback', { name: `Eldre ${TAG}`, email: `eldre.${TAG}@example.no`, message: `Savner filter for hengerfeste (${TAG}).`, createdAt: new Date('2025-07-19T12:05:00Z') });
    const newer = insertMessage('feedback', { message: `Anonym ros (${TAG}).`, createdAt: new Date() });

    const page = await adminPage();
    await page.goto('/admin/feedbacks');
    const list = page.getByTestId('inbox-list');
    await list.waitFor();
    // docs/product/screens.md: the list area is capped at about 24rem and scrolls.
    expect(await list.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])).toEqual(['384px', 'auto']);
    const items = page.getByTestId('inbox-item');
    const texts = await items.allInnerTexts();
    const at = (needle: string) => texts.findIndex((t) => t.includes(needle));
    expect(at(`Anonym ros (${TAG})`)).toBeGreaterThanOrEqual(0);
    expect(at(`Anonym ros (${TAG})`)).toBeLessThan(at(`Eldre ${TAG}`));

    const item = items.filter({ hasText: `Eldre ${TAG}` });
    await item.getByText('Ny', { exact: true }).waitFor();
    await item.click();
    const detail = page.getByTestId('inbox-detail');
    await detail.getByTestId('inbox-sender').getByText(`Eldre ${TAG}`).waitFor();
    await detail.getByText(`eldre.${TAG}@example.no`).waitFor();
    // dd.MM.yyyy HH:mm in Norwegian time (12:05 UTC is 14:05 in Oslo in July).
    await detail.getByText('19.07.2025 14:05').waitFor();
    expect(await detail.getByLabel('Melding').inputValue()).toBe(`Savner filter for hengerfeste (${TAG}).`);
    expect(await detail.getByLabel('Melding').getAttribute('readonly')).not.toBeNull();
    await detail.getByTestId('read-badge').getByText('Ulest').waitFor();
    await screenshot(page, 'admin-feedbacks-desktop');

    await detail.getByRole('button', { name: 'Marker som lest' }).click();
    await detail.getByTestId('read-badge').getByText('Lest').waitFor();
    await item.getByText('Ny', { exact: true }).waitFor({ state: 'detached' });
    expect(inboxRow(older.id)?.isRead).toBe(true);

    await detail.getByRole('button', { name: 'Marker som ulest' }).click();
    await detail.getByTestId('read-badge').getByText('Ulest').waitFor();
    await item.getByText('Ny', { exact: true }).waitFor();
    expect(inboxRow(older.id)?.isRead).toBe(false);

    await detail.getByRole('button', { name: 'Slett' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Slett' }).click();
    await item.waitFor({ state: 'detached' });
    await detail.waitFor({ state: 'detached' });
    expect(inboxRow(older.id)).toBeUndefined();
    expect(inboxRow(newer.id)).toBeTruthy();
    expectNoErrors(page);
  });

  it('shows a contact message with its phone and subject; a failed status change or delete says so', async () => {
    const msg = insertMessage('contact', {
      name: `Per Kontakt ${TAG}`,
      email: `per.${TAG}@example.no`,
      phone: '41234567',
      subject: `Spørsmål om visning ${TAG}`,
      message: 'Kan jeg se bilen på lørdag?',
      createdAt: new Date(),
    });
    const page = await adminPage();
    await page.goto('/admin/messages');
    const item = page.getByTestId('inbox-item').filter({ hasText: `Per Kontakt ${TAG}` });
    await item.getByText(`Spørsmål om visning ${TAG}`).waitFor();
    await item.click();
    const detail = page.getByTestId('inbox-detail');
    await detail.getByRole('heading', { name: `Spørsmål om visning ${TAG}` }).waitFor();
    await detail.getByText('41234567').waitFor();

    // Gone meanwhile (another admin deleted it): both actions fail with the product's texts.
    db().delete(inboxMessages).where(eq(inboxMessages.id, msg.id)).run();
    await detail.getByRole('button', { name: 'Marker som lest' }).click();
    await expectToast(page, 'Kunne ikke oppdatere status.');
    await detail.getByRole('button', { name: 'Slett' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Slett' }).click();
    await expectToast(page, 'Kunne ikke slette melding.');
    expectNoErrors(page, LOAD_FAILED);
  });
});
