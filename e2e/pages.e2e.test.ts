// The not-found page and /kontakt (docs/product/screens.md "any other", "/kontakt", docs/product/validation.md Contact/Feedback).
import { and, eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inboxMessages } from '../db/schema';
import { db, expectNoErrors, newPage, type TestPage } from './support';

// The label text, optionally followed by Chakra's required-field star.
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The contact form is the one with a subject (Emne); the feedback form is the one with 'Tilbakemelding'. */
const contactForm = (page: TestPage) => page.locator('form').filter({ has: page.getByLabel(/^Emne/) });
const feedbackForm = (page: TestPage) => page.locator('form').filter({ has: page.getByLabel(/^Tilbakemelding/) });

function inboxRow(kind: 'contact' | 'feedback', message: string) {
  return db()
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.kind, kind), eq(inboxMessages.message, message)))
    .get();
}

describe('not-found page', () => {
  it('an unknown route shows the 404 page inside the usual header and footer', async () => {
    const page = await newPage();
    const res = await page.goto('/finnes-ikke');
    // A real 404, not a page that says so with a 200.
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.getByRole('banner').waitFor();
    await page.getByRole('contentinfo').waitFor();
    // The browser's own line for the document's 404.
    expectNoErrors(page, [/Failed to load resource: the server responded with a status of 404/]);
  });
});

describe('/kontakt', () => {
  it('is reached from the header menu Mer and shows the contact e-mail and the 24-hour reply note', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Mer' }).click();
    await page.getByRole('menuitem', { name: /Kontakt/ }).click();
    await page.waitForURL('**/kontakt');
    await page.getByRole('link', { name: /@bilpartner\.no/ }).first().waitFor();
    await page.getByText(/24 timer/).first().waitFor();
    expectNoErrors(page);
  });

  it('the contact form sends the message to the admins (stored in the inbox) and empties itself', async () => {
    const subject = `Spørsmål om annonse ${stamp()}`;
    const message = `Hei! Er Volvoen fortsatt til salgs? Ref ${stamp()}`;
    const page = await newPage();
    await page.goto('/kontakt');
    const form = contactForm(page);
    await field(form, 'Navn').fill('Ola Nordmann');
    await field(form, 'E-post').fill('ola.nordmann@example.no');
    await field(form, 'Emne').fill(subject);
    await field(form, 'Melding').fill(message);
    await form.locator('button[type="submit"]').click();

    await expect.poll(() => inboxRow('contact', message), { timeout: 10_000 }).toMatchObject({
      name: 'Ola Nordmann',
      email: 'ola.nordmann@example.no',
      subject,
      isRead: false,
    });
    await expect.poll(() => field(form, 'Melding').inputValue()).toBe('');
    expect(await page.getByText('Kunne ikke sende meldingen. Prøv igjen senere.').count()).toBe(0);
    expectNoErrors(page);
  });

  it('the contact form refuses to send without the required fields', async () => {
    const page = await newPage();
    await page.goto('/kontakt');
    const form = contactForm(page);
    const message = `Uten navn ${stamp()}`;
    await field(form, 'Melding').fill(message);
    await form.locator('button[type="submit"]').click();
    await form.getByText('Navn må fylles ut.').waitFor();
    expect(inboxRow('contact', message)).toBeUndefined();
    expectNoErrors(page);
  });

  it('the feedback form needs only the feedback text', async () => {
    const feedback = `Søket er kjempebra, men jeg savner filter på hengerfeste. ${stamp()}`;
    const page = await newPage();
    await page.goto('/kontakt');
    const form = feedbackForm(page);
    await field(form, 'Tilbakemelding').fill(feedback);
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => inboxRow('feedback', feedback), { timeout: 10_000 }).toBeDefined();
    expect(await page.getByText('Kunne ikke sende tilbakemelding. Prøv igjen senere.').count()).toBe(0);
    expectNoErrors(page);
  });
});
