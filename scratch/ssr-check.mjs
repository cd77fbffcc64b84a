import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const base = 'http://127.0.0.1:3100';
for (const [url, w] of [['/', 1280], ['/annonser?make=Toyota', 1280], ['/listing/1', 1280], ['/listing/1', 375], ['/about', 1280], ['/finnes-ikke', 1280], ['/listing/99999', 375]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.type() + ': ' + m.text().slice(0, 300)); });
  page.on('pageerror', (e) => errors.push('pageerror: ' + e.message));
  const requests = [];
  page.on('request', (r) => { if (r.url().includes('/trpc/')) requests.push(r.url().slice(base.length, base.length + 80)); });
  const res = await page.goto(base + url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const name = url.replace(/[^a-z0-9]/gi, '_') + '_' + w;
  await page.screenshot({ path: `/tmp/shot${name}.png` });
  console.log(url, w, res.status(), 'errors:', errors.length, errors.slice(0, 4), 'trpc:', requests);
  await ctx.close();
}
await browser.close();
