// Usage: node --import tsx scripts/screenshot.ts <url> <out.png> [width=1280] [height=900] [--full]
// Takes a screenshot with Debian's chromium (playwright-core) so a page can be looked at.
import { chromium } from 'playwright-core';

const [url, out, w = '1280', h = '900', ...rest] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
const errors: string[] = [];
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: rest.includes('--full') });
if (errors.length) console.log('console errors:\n' + errors.join('\n'));
await browser.close();
