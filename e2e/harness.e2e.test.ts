// The harness itself: the built app is served, direct login works, the page error capture works.
import { expect, it } from 'vitest';
import { createAdmin, createUser, expectNoErrors, fakeUpstreamsURL, KNOWN_PLATE, loginAs, newPage, UNKNOWN_PLATE } from './support';

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

it('the server reaches the fake registry and address service (no internet needed)', async () => {
  const page = await newPage();
  const addresses = await page.request.get('/api/address-search?q=Arendalsgata%2012');
  expect(addresses.status()).toBe(200);
  expect(await addresses.json()).toEqual([
    { adressetekst: 'Arendalsgata 12B', postnummer: '0463', poststed: 'OSLO' },
    { adressetekst: 'Arendalsgata 12A', postnummer: '0463', poststed: 'OSLO' },
  ]);
  const known = await page.request.get(`/api/vehicle-data/${KNOWN_PLATE}`);
  expect(known.status()).toBe(200);
  expect((await known.json()).kjoretoydataListe[0].kjoretoyId.kjennemerke).toBe('AB 12345');
  const unknown = await page.request.get(`/api/vehicle-data/${UNKNOWN_PLATE}`);
  expect(unknown.status()).toBe(404);
  const asked = (await (await fetch(`${fakeUpstreamsURL}/__requests`)).json()) as { url: string }[];
  expect(asked.some((r) => r.url.includes(`kjennemerke=${KNOWN_PLATE}`))).toBe(true);
});
