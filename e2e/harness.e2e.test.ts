// The harness itself: the built app is served, direct login works, the page error capture works.
import { expect, it } from 'vitest';
import { createAdmin, createUser, expectNoErrors, loginAs, newPage } from './support';

it('serves the built app to a logged-out visitor', async () => {
  const page = await newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Logg inn', exact: true }).waitFor();
  expectNoErrors(page);
});

it('loginAs logs the browser in without the dialog', async () => {
  const { user } = await createUser({ name: 'Ola Testesen' });
  const page = await newPage();
  await loginAs(page, user);
  await page.goto('/');
  // The header's user menu is labelled with the display name (the first name for new users).
  await page.getByRole('button', { name: /Ola/ }).waitFor();
  expect(await page.getByRole('button', { name: 'Logg inn', exact: true }).count()).toBe(0);
  expectNoErrors(page);
});

it('loginAs works for admins too', async () => {
  const { user } = await createAdmin();
  expect(user.isAdmin).toBe(true);
  const page = await newPage();
  await loginAs(page, user);
  await page.goto('/');
  await page.getByRole('button', { name: /Anne/ }).waitFor();
});

it('collects uncaught page errors', async () => {
  const page = await newPage();
  await page.goto('/');
  await page.evaluate(() => setTimeout(() => { throw new Error('boom from test'); }));
  await expect.poll(() => page.errors.join('\n')).toContain('boom from test');
});
