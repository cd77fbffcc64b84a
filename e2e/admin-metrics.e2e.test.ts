// The admin's performance panel in the Developer Panel (docs/product/admin.md#performance-panel): this
// browser's web vitals with their ratings and the API latency of the last 50 calls per procedure or path, and the
// logged-in state asked for every 5 s only while the panel is open. Its code is loaded only for an admin's panel.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../db/schema';
import { createAdmin, createUser, expectNoErrors, loginAs, newPage, screenshot, scriptsRequested, type TestPage } from './support';

const TAG = `m${Date.now().toString(36).slice(-6)}`;
let admin: User;

beforeAll(async () => {
  ({ user: admin } = await createAdmin({ name: `Mette Måler ${TAG}` }));
});

/** The times (ms since the test started) of every auth.me call the page sends (the batch link names it in the path). */
function authChecks(page: TestPage) {
  const started = Date.now();
  const times: number[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/trpc/') && pathname.slice('/trpc/'.length).split(',').includes('auth.me')) times.push(Date.now() - started);
  });
  return {
    count: () => times.length,
    since: (from: number) => times.slice(from),
  };
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe violations in the panel and its button (as e2e/a11y.e2e.test.ts checks whole pages). */
async function panelViolations(page: TestPage): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: object, o: object) => Promise<Result> } }).axe;
    const r = await axe.run({ include: [['[data-testid="metrics-panel"]'], ['[data-testid="metrics-toggle"]']] }, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.map(String).join(' ')).join(', ')}`);
  });
}

const toggle = (page: TestPage) => page.getByRole('button', { name: 'Ytelse' });
const panel = (page: TestPage) => page.getByTestId('metrics-panel');
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openAdmin(width = 1280) {
  const page = await newPage(width === 1280 ? {} : { width, height: 812 });
  await loginAs(page, admin);
  const checks = authChecks(page);
  const metricsScripts = scriptsRequested(page); // the metrics chunk: lib/metrics.ts with web-vitals
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Developer Panel', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  return { page, checks, metricsScripts };
}

describe('the performance panel', () => {
  it('checks the login every 5 s while open, and never while closed', async () => {
    const { page, checks } = await openAdmin();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await panel(page).count()).toBe(0);

    // Closed from the start: no check (one would come within 5 s).
    let before = checks.count();
    await wait(6_000);
    expect(checks.count() - before).toBe(0);

    // Open: a check at once, then every 5 s — three over 11 s.
    before = checks.count();
    await toggle(page).click();
    await panel(page).waitFor();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    await panel(page).getByText(`Innlogget som Mette Måler ${TAG}`).waitFor();
    const lastChecked = page.getByTestId('metrics-last-checked');
    expect(await lastChecked.textContent()).toMatch(/^Sist sjekket kl\. \d{2}:\d{2}:\d{2}$/);
    const firstText = await lastChecked.textContent();
    await wait(11_000);
    const open = checks.since(before);
    expect(open).toHaveLength(3);
    for (let i = 1; i < open.length; i++) {
      expect(open[i] - open[i - 1]).toBeGreaterThan(4_000);
      expect(open[i] - open[i - 1]).toBeLessThan(6_500);
    }
    expect(await lastChecked.textContent()).not.toBe(firstText);

    // Closed again: no more checks.
    await toggle(page).click();
    await panel(page).waitFor({ state: 'detached' });
    before = checks.count();
    await wait(11_000);
    expect(checks.count() - before).toBe(0);
    expectNoErrors(page);
  }, 90_000);

  it("shows the page load's web vitals with their ratings and this browser's API latency, in Norwegian numbers", async () => {
    const { page, metricsScripts } = await openAdmin();
    // Measuring started when the panel mounted, before it was opened.
    expect(metricsScripts('metrics')).toHaveLength(1);
    await toggle(page).click();
    await panel(page).getByRole('heading', { name: 'Ytelse i denne nettleseren', level: 2 }).waitFor();

    const rating = /^(God|Bør forbedres|Dårlig)$/;
    for (const name of ['LCP', 'FCP', 'TTFB']) {
      const card = page.getByTestId(`vital-${name}`);
      await card.getByTestId('vital-value').waitFor();
      expect(await card.getByTestId('vital-value').textContent()).toMatch(/^\d{1,3}(\u00a0\d{3})*\u00a0ms$/);
      expect(await card.getByTestId('vital-rating').textContent()).toMatch(rating);
    }
    // CLS is a score: '0,00' when nothing moved.
    await page.getByTestId('vital-CLS').getByTestId('vital-value').waitFor();
    expect(await page.getByTestId('vital-CLS').getByTestId('vital-value').textContent()).toMatch(/^\d,\d{2,3}$/);
    expect(await page.getByTestId('vital-CLS').getByTestId('vital-rating').textContent()).toMatch(rating);
    // INP needs an interaction of 40 ms or more (the click on 'Ytelse' may be one): measured or not, the card says so.
    expect(await page.getByTestId('vital-INP').textContent()).toMatch(/^INPRespons på klikk og tastetrykk(Ikke målt ennå|\d[\d\u00a0]*\u00a0ms(God|Bør forbedres|Dårlig))$/);

    // The page load's calls were seen although measuring started after them (buffered resource timing): auth.me from
    // the start, the all-listings tab's query; then each check of the open panel adds a sample.
    const table = page.getByTestId('metrics-api');
    await table.waitFor();
    for (const group of ['auth.me', 'admin.listings.list']) await table.locator(`tr[data-group="${group}"]`).waitFor();
    const authRow = table.locator('tr[data-group="auth.me"]');
    const countOf = async () => Number(await authRow.getByTestId('api-count').textContent());
    const start = await countOf();
    expect(start).toBeGreaterThanOrEqual(2); // the page's own check and the one on opening
    await expect.poll(countOf, { timeout: 8_000 }).toBeGreaterThan(start);
    const cells = await authRow.locator('td').allTextContents();
    expect(cells[0]).toBe('auth.me');
    for (const cell of cells.slice(2)) expect(cell).toMatch(/^\d{1,3}(\u00a0\d{3})*\u00a0ms$/);
    expect(await table.locator('th').allTextContents()).toEqual(['Kall', 'Antall', 'Median', 'p95', 'Siste']);

    // A REST call of this browser is grouped by its path without ids.
    // Its body is read, as every caller does: Chromium records a private (no-store) answer's timing only then.
    await page.evaluate(() => fetch('/api/listings/999999999', { credentials: 'include' }).then((r) => r.text()));
    await table.locator('tr[data-group="/api/listings/:id"]').waitFor();
    await screenshot(page, 'admin-metrics-1280');
    expect(await panelViolations(page)).toEqual([]);
    expectNoErrors(page, [/Failed to load resource/]);
  });

  it('fits a phone (375 px)', async () => {
    const { page } = await openAdmin(375);
    await toggle(page).click();
    // One card per call instead of the table: every figure visible without scrolling sideways.
    const card = page.getByTestId('metrics-api-cards').locator('li[data-group="auth.me"]');
    await card.waitFor();
    expect(await card.locator('dt').allTextContents()).toEqual(['Antall', 'Median', 'p95', 'Siste']);
    for (const dd of await card.locator('dd').all()) expect(await dd.isVisible()).toBe(true);
    expect(await page.getByTestId('metrics-api').isVisible()).toBe(false);
    await page.getByTestId('vital-LCP').getByTestId('vital-rating').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-metrics-375');
    expect(await panelViolations(page)).toEqual([]);
    expectNoErrors(page);
  });

  it('is not loaded for a visitor or a user who is not an admin', async () => {
    const visitor = await newPage();
    const visitorScripts = scriptsRequested(visitor);
    await visitor.goto('/');
    await visitor.getByRole('heading', { level: 1 }).waitFor();
    await visitor.waitForLoadState('networkidle');
    await visitor.goto('/admin');
    await visitor.getByRole('heading', { name: 'Ingen tilgang' }).waitFor();
    await visitor.waitForLoadState('networkidle');
    expect(visitorScripts('metrics')).toEqual([]);
    expect(await visitor.getByRole('button', { name: 'Ytelse' }).count()).toBe(0);

    const { user } = await createUser();
    const page = await newPage();
    await loginAs(page, user);
    const userScripts = scriptsRequested(page);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Ingen tilgang' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(userScripts('metrics')).toEqual([]);
    expectNoErrors(visitor);
    expectNoErrors(page);
  });
});
