// Account recovery and the user's own data as a user clicks them (docs/decisions/021-mail-and-account-recovery.md):
// 'Glemt passord?' from the login dialog to the mail in the outbox and the /nytt-passord page, logging in with the
// e-mail address, a taken address at registration, and 'Dine data' on /profil (the download and 'Slett kontoen min').
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { EMAIL_TAKEN_MESSAGE, FORGOT_PASSWORD_SENT_MESSAGE, PASSWORD_RESET_DONE_MESSAGE, RESET_TOKEN_INVALID_MESSAGE, WRONG_PASSWORD_MESSAGE } from '../src/shared/schemas/auth';
import { readOutbox, resetLinkOf } from '../src/server/testing/mail';
import { createUser, db, expectNoErrors, expectToast, loginAs, newPage, outboxDir, type TestPage } from './support';

const DIALOG_TITLE = 'Logg inn eller opprett konto';
// The browser logs a refused request (400, 401, 409) as a console error; those are expected here.
const FAILED_REQUEST = /Failed to load resource/;

const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));

async function openDialog(page: TestPage): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Logg inn', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
  await dialog.waitFor();
  return dialog;
}

/** The mails the server has written for `address` (it sends after answering: polled). */
async function mailsTo(address: string, count: number) {
  let mails: Awaited<ReturnType<typeof readOutbox>> = [];
  await expect.poll(async () => (mails = (await readOutbox(outboxDir)).filter((m) => m.to.toLowerCase() === address.toLowerCase())).length).toBe(count);
  return mails;
}

describe('Glemt passord?', () => {
  it('mails a link from the login dialog; the link sets a new password once, and the e-mail address logs in', async () => {
    const { user } = await createUser({ name: 'Guro Glemsk', email: `guro.${Date.now().toString(36)}@example.no` });
    const page = await newPage();
    await page.goto('/');
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Glemt passord?' }).click();
    const forgot = dialog.getByRole('form', { name: 'Glemt passord' });
    await field(forgot, 'E-post').fill(user.email.toUpperCase());
    await forgot.getByRole('button', { name: 'Send lenke' }).click();
    await dialog.getByTestId('forgot-password-sent').getByText(FORGOT_PASSWORD_SENT_MESSAGE).waitFor();

    const [mail] = await mailsTo(user.email, 1);
    expect(mail.subject).toBe('Nytt passord på Bilpartner.no');
    const link = resetLinkOf(mail);

    // The link from the mail, in the same browser: a new password, then the way to log in.
    await page.goto(link.pathname + link.search);
    await page.getByRole('heading', { name: 'Nytt passord', level: 1 }).waitFor();
    const save = page.getByRole('button', { name: 'Lagre nytt passord' });
    expect(await save.isDisabled()).toBe(true);
    await field(page.locator('form'), 'Nytt passord').fill('vinter2026');
    await field(page.locator('form'), 'Bekreft nytt passord').fill('vinter2026');
    await save.click();
    await page.getByTestId('password-reset-done').getByText(PASSWORD_RESET_DONE_MESSAGE).waitFor();

    await page.getByTestId('password-reset-done').getByRole('button', { name: 'Logg inn' }).click();
    const login = page.getByRole('dialog', { name: DIALOG_TITLE });
    const panel = login.getByRole('tabpanel');
    await field(panel, 'Brukernavn').fill(user.email);
    await field(panel, 'Passord').fill('vinter2026');
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await panel.locator('button[type="submit"]').click();
    await expectToast(page, 'Innlogging vellykket', 'Du er nå logget inn.');
    await reloaded;
    await page.getByRole('banner').getByRole('button', { name: 'Guro' }).waitFor();

    // The same link a second time is refused, in Norwegian, with the way to a new one.
    await page.goto(link.pathname + link.search);
    await field(page.locator('form'), 'Nytt passord').fill('sommer2027');
    await field(page.locator('form'), 'Bekreft nytt passord').fill('sommer2027');
    await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
    await page.getByTestId('form-error').getByText(RESET_TOKEN_INVALID_MESSAGE).waitFor();
    await page.getByRole('button', { name: 'Be om ny lenke' }).waitFor();
    expectNoErrors(page, [FAILED_REQUEST]);
  });
});

describe('one account per e-mail address', () => {
  it('registration says so under E-post when the address is taken in another case', async () => {
    const { user } = await createUser({ email: `opptatt.${Date.now().toString(36)}@example.no` });
    const page = await newPage();
    await page.goto('/');
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: 'Opprett konto', exact: true }).click();
    const panel = dialog.getByRole('tabpanel');
    await field(panel, 'Brukernavn').fill(`ny.${Date.now().toString(36)}`);
    await field(panel, 'Passord').fill('sommer2025');
    await field(panel, 'Fullt navn').fill('Nina Ny');
    await field(panel, 'E-post').fill(user.email.toUpperCase());
    await field(panel, 'Telefonnummer').fill('91234567');
    await panel.locator('button[type="submit"]').click();
    await panel.getByText(EMAIL_TAKEN_MESSAGE).first().waitFor();
    expect(await field(panel, 'E-post').getAttribute('aria-invalid')).toBe('true');
    expectNoErrors(page, [FAILED_REQUEST]);
  });
});

describe('a taken address on /profil', () => {
  it('is refused under E-post, and the saved address stays', async () => {
    const { user: other } = await createUser({ email: `annen.${Date.now().toString(36)}@example.no` });
    const { user } = await createUser({ name: 'Per Profil' });
    const page = await newPage();
    await loginAs(page, user);
    await page.goto('/profil');
    const form = page.getByRole('region', { name: 'Profilinformasjon' });
    await field(form, 'E-post').fill(other.email.toUpperCase());
    await form.getByRole('button', { name: 'Lagre endringer' }).click();
    await form.getByText(EMAIL_TAKEN_MESSAGE).waitFor();
    await expectToast(page, 'Feil', 'Kunne ikke oppdatere profil.');
    expect(db().select().from(users).where(eq(users.id, user.id)).get()?.email).toBe(user.email);
    expectNoErrors(page, [FAILED_REQUEST]);
  });
});

describe('Dine data on /profil', () => {
  it('downloads the own data as one JSON file', async () => {
    const { user } = await createUser({ name: 'Dina Data' });
    const page = await newPage();
    await loginAs(page, user);
    await page.goto('/profil');
    const card = page.getByRole('region', { name: 'Dine data' });
    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Last ned mine data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^bilpartner-data-${user.username.replace(/\./g, '\\.')}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
    expect(data.profile).toMatchObject({ username: user.username, name: 'Dina Data', email: user.email });
    expect(data).toMatchObject({ listings: [], savedListings: [], chats: [], inquiries: [] });
    expectNoErrors(page);
  });

  it('deletes the account after the password; a wrong one changes nothing', async () => {
    const { user, password } = await createUser({ name: 'Siri Slett' });
    const page = await newPage();
    await loginAs(page, user);
    await page.goto('/profil');
    await page.getByRole('region', { name: 'Dine data' }).getByRole('button', { name: 'Slett kontoen min' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Slette kontoen din?' });
    await field(dialog, 'Passord').fill('feil-passord');
    await dialog.getByRole('button', { name: 'Slett kontoen min' }).click();
    await dialog.getByText(WRONG_PASSWORD_MESSAGE).waitFor();
    expect(db().select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();

    await field(dialog, 'Passord').fill(password);
    await dialog.getByRole('button', { name: 'Slett kontoen min' }).click();
    await expectToast(page, 'Kontoen er slettet');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('button', { name: 'Logg inn', exact: true }).waitFor();
    expect(db().select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
    const [receipt] = await mailsTo(user.email, 1);
    expect(receipt.subject).toBe('Kontoen din på Bilpartner.no er slettet');
    expectNoErrors(page, [FAILED_REQUEST]);
  });
});
