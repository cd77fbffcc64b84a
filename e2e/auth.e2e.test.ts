// Login, registration and logout through the header and the dialog (docs/product/screens.md#header-all-pages, "Login and
// registration dialog", docs/product/validation.md phone rule, docs/product/errors.md#auth). These are the few tests that log in through the UI;
// everything else uses loginAs().
import { eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createUser, db, expectNoErrors, expectToast, loginAs, newPage, type TestPage } from './support';

const DIALOG_TITLE = 'Logg inn eller opprett konto';
// The browser logs a failed request (401 for a wrong password) as a console error; that one is expected.
const FAILED_REQUEST = /Failed to load resource/;

let n = 0;
const uniqueUsername = (base: string) => `${base}.${Date.now().toString(36)}${++n}`;

/** Opens the dialog from the header's 'Logg inn' button and returns it. */
async function openDialog(page: TestPage): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Logg inn', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
  await dialog.waitFor();
  return dialog;
}

/** The visible tab panel after picking a tab ('Logg inn' is the default). */
async function tab(dialog: Locator, name: 'Logg inn' | 'Opprett konto'): Promise<Locator> {
  const trigger = dialog.getByRole('tab', { name, exact: true });
  await trigger.click();
  await expect.poll(() => trigger.getAttribute('aria-selected')).toBe('true');
  const panel = dialog.getByRole('tabpanel');
  await panel.waitFor();
  return panel;
}

// The label text, optionally followed by Chakra's required-field star.
const field = (panel: Locator, label: string) => panel.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));
const submitButton = (panel: Locator) => panel.locator('button[type="submit"]');

function userMenu(page: TestPage, label: string) {
  return page.getByRole('banner').getByRole('button', { name: label });
}

describe('login and registration dialog', () => {
  it('opens from the header with the login tab first, and closes again', async () => {
    const page = await newPage();
    await page.goto('/');
    const dialog = await openDialog(page);
    await expect.poll(() => dialog.getByRole('tab', { name: 'Logg inn', exact: true }).getAttribute('aria-selected')).toBe('true');
    const panel = dialog.getByRole('tabpanel');
    await field(panel, 'Brukernavn').waitFor();
    // The specification's label, with a helper line saying the e-mail address works too.
    await panel.getByText('Du kan også bruke e-postadressen din.').waitFor();
    expect(await field(panel, 'Passord').getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Lukk' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expectNoErrors(page);
  });

  it('registers a new account; after the reload the header shows the user menu', async () => {
    const username = uniqueUsername('marte.kirkerud');
    const page = await newPage();
    await page.goto('/');
    const panel = await tab(await openDialog(page), 'Opprett konto');

    await field(panel, 'Brukernavn').fill(username);
    await field(panel, 'Passord').fill('sommer2025');
    await field(panel, 'Fullt navn').fill('Marte Kirkerud');
    const email = field(panel, 'E-post');
    expect(await email.getAttribute('type')).toBe('email');
    await email.fill(`${username}@example.no`);
    await field(panel, 'Telefonnummer').fill('+47 912 34 567');
    await field(panel, 'Adresse').fill('Storgata 12, 0155 OSLO');

    // docs/product/screens.md: after success the page reloads.
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await submitButton(panel).click();
    await expectToast(page, 'Registrering vellykket', 'Din konto er opprettet og du er logget inn.');
    await reloaded;

    const row = db().select().from(users).where(eq(users.username, username)).get();
    expect(row).toMatchObject({ name: 'Marte Kirkerud', email: `${username}@example.no`, address: 'Storgata 12, 0155 OSLO', isAdmin: false });
    // docs/product/screens.md: the menu is labelled with the display name, or the username.
    await userMenu(page, row!.displayName || row!.username).waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Logg inn', exact: true }).count()).toBe(0);
    expectNoErrors(page);
  });

  it('logs in with username and password', async () => {
    const { user, password } = await createUser({ name: 'Sindre Bakken' });
    const page = await newPage();
    await page.goto('/');
    const panel = await tab(await openDialog(page), 'Logg inn');
    await field(panel, 'Brukernavn').fill(user.username);
    await field(panel, 'Passord').fill(password);

    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await submitButton(panel).click();
    await expectToast(page, 'Innlogging vellykket', 'Du er nå logget inn.');
    await reloaded;
    await userMenu(page, user.displayName || user.username).waitFor();
    expectNoErrors(page);
  });

  it('a wrong password says Innlogging feilet and stays logged out', async () => {
    const { user } = await createUser({ name: 'Sindre Bakken' });
    const page = await newPage();
    await page.goto('/');
    const dialog = await openDialog(page);
    const panel = await tab(dialog, 'Logg inn');
    await field(panel, 'Brukernavn').fill(user.username);
    await field(panel, 'Passord').fill('feil-passord');
    await submitButton(panel).click();

    await expectToast(page, 'Innlogging feilet');
    // The dialog stays open for another try; closed, the header still offers 'Logg inn'.
    await field(panel, 'Passord').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('banner').getByRole('button', { name: 'Logg inn', exact: true }).waitFor();
    expect(db().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    expectNoErrors(page, [FAILED_REQUEST]);
  });

  it('after repeated wrong passwords the dialog says how long to wait, even for the right password', async () => {
    const { user, password } = await createUser({ name: 'Gunnhild Lås' });
    const page = await newPage();
    await page.goto('/');
    const panel = await tab(await openDialog(page), 'Logg inn');
    await field(panel, 'Brukernavn').fill(user.username);
    // docs/product/limits.md#rate-limits: five failed password checks per account are free, then the account is locked.
    for (let i = 0; i < 5; i++) {
      await field(panel, 'Passord').fill(`feil-passord-${i}`);
      const answered = page.waitForResponse((r) => r.url().includes('auth.login'));
      await submitButton(panel).click();
      expect((await answered).status()).toBe(401);
    }
    await field(panel, 'Passord').fill(password);
    await submitButton(panel).click();
    // The sixth answer's toast replaces the fifth's at once (one toast at a time), not after the earlier ones queued.
    await expectToast(page, 'Innlogging feilet', 'For mange mislykkede innlogginger. Prøv igjen om 1 minutt.');
    await expect.poll(() => page.getByTestId('toast').count()).toBe(1);
    expect(db().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    expectNoErrors(page, [FAILED_REQUEST]);
  });

  it('an invalid phone number is flagged while typing and refused on submit', async () => {
    const username = uniqueUsername('feil.nummer');
    const page = await newPage();
    await page.goto('/');
    const panel = await tab(await openDialog(page), 'Opprett konto');
    await field(panel, 'Brukernavn').fill(username);
    await field(panel, 'Passord').fill('sommer2025');
    await field(panel, 'Fullt navn').fill('Per Feilnummer');
    await field(panel, 'E-post').fill(`${username}@example.no`);

    const phone = field(panel, 'Telefonnummer');
    // docs/product/screens.md: the placeholder is a Norwegian-format example.
    expect(await phone.getAttribute('placeholder')).toMatch(/\d/);
    await phone.fill('12345678'); // 8 digits, but a Norwegian number starts with 2-9
    await panel.getByText('Skriv inn et gyldig norsk telefonnummer').waitFor();

    await submitButton(panel).click();
    await panel.getByText('Telefonnummer må være et gyldig norsk nummer (8 siffer, starter med 2-9)').waitFor();
    expect(db().select().from(users).where(eq(users.username, username)).get()).toBeUndefined();

    // A valid number clears the message.
    await phone.fill('912 34 567');
    await panel.getByText(/gyldig norsk/).waitFor({ state: 'hidden' });
    expectNoErrors(page);
  });

  it('address autocomplete suggests from the address service and fills "address, postcode place"', async () => {
    const page = await newPage();
    await page.goto('/');
    const panel = await tab(await openDialog(page), 'Opprett konto');
    const address = field(panel, 'Adresse');

    await address.pressSequentially('Storgata');
    await page.getByText('Ingen adresser funnet').waitFor();

    await address.fill('');
    await address.pressSequentially('Arendalsgata 12');
    const option = page.getByRole('option', { name: /Arendalsgata 12B/ });
    await option.waitFor();
    await option.click();
    await expect.poll(() => address.inputValue()).toBe('Arendalsgata 12B, 0463 OSLO');
    await option.waitFor({ state: 'hidden' });
    expectNoErrors(page);
  });
});

describe('logout', () => {
  it('the user menu logs out: toast, then the header offers Logg inn again', async () => {
    const { user } = await createUser({ name: 'Ingrid Solberg' });
    const page = await newPage();
    await loginAs(page, user);
    await page.goto('/');
    await userMenu(page, user.displayName || user.username).click();

    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await page.getByRole('menuitem', { name: 'Logg ut' }).click();
    await expectToast(page, 'Logget ut');
    await reloaded;
    await page.getByRole('banner').getByRole('button', { name: 'Logg inn', exact: true }).waitFor();
    expect(db().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    expectNoErrors(page);
  });
});
