import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_RENDERED_ROUTES } from '../../shared/server-rendered';
import { createTestApp, createUser, sessionCookie, type TestApp } from '../testing/harness';
import { insertListing, insertListingImage } from '../testing/listing-factory';

// Every page the server renders, as it sends them, read by the Nu HTML Checker (the W3C's validator, run from the
// vnu-jar package on the installed Java): not one error. The template is the repository's index.html, the one the
// client build starts from, so the head the build keeps (viewport, icons, manifest) is checked with the page's own.

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The Nu HTML Checker's messages for the files, from one run of the JVM (its start is most of the time). */
function validate(files: string[]): VnuMessage[] {
  const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--stdout', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw new Error(`java could not run vnu.jar (is Java installed?): ${run.error.message}`);
  if (!run.stdout.trim()) throw new Error(`vnu.jar answered nothing (exit ${run.status}): ${run.stderr}`);
  return (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
}

describe('the HTML of the server-rendered pages', () => {
  let t: TestApp;
  let dir: string;
  const pages = new Map<string, { url: string; status: number; file: string }>();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-vnu-'));
    const clientDir = path.join(dir, 'client');
    fs.mkdirSync(clientDir);
    fs.copyFileSync(path.resolve(import.meta.dirname, '../../../index.html'), path.join(clientDir, 'index.html'));
    t = await createTestApp({ publicUrl: 'https://bilpartner.example', clientDir }, { serverRender: true });
    const { user: seller } = await createUser(t.store, { name: 'Kari Selger' });
    const buyerCookie = await sessionCookie(t.store, (await createUser(t.store, { name: 'Ola Kjøper' })).user.id);
    // A listing with every field a seller fills, photos, equipment and a shown address (the map section).
    const full = await insertListing(t.store, seller.id, {
      make: 'Volvo',
      model: 'V60',
      year: 2019,
      vinNumber: 'YV1ZW25UDK1234567',
      bodyType: 'stasjonsvogn',
      doors: 5,
      seats: 5,
      color: 'Mørkeblå',
      engineSize: 1969,
      power: 190,
      fuelType: 'diesel',
      transmission: 'automat',
      drivetrain: 'firehjulsdrift',
      weight: 1800,
      mileage: 123_400,
      previousOwners: 2,
      nextInspection: '01.06.2026',
      lastInspection: '01.06.2024',
      description: 'Pen og velholdt stasjonsvogn.\n\nAlltid garasjert, ikke-røyker.',
      price: 249_000,
      registrationFee: 2_600,
      equipment: ['Hengerfeste', 'Navigasjon', 'Setevarme foran'],
      serviceHistory: true,
      address: 'Storgata 12, 0155 Oslo',
      contactPhone: '91234567',
    });
    for (let i = 0; i < 3; i++) {
      await insertListingImage(t.store, full.id, i, { mediumUrl: `/uploads/listings/${full.id}/${i}-medium.webp` });
    }
    // More than a page of results: the search shows its pagination.
    for (let i = 0; i < 24; i++) await insertListing(t.store, seller.id, { mileage: 50_000 + i * 1000 });
    const sold = await insertListing(t.store, seller.id, { make: 'Skoda', model: 'Octavia', soldAt: new Date(), hideAddress: true, hideContactInfo: true });

    const urls: [name: string, url: string, cookie?: string][] = [
      ['home', '/'],
      ['home-logged-in', '/', buyerCookie],
      ['search', '/annonser'],
      ['search-filtered', '/annonser?make=Volvo&bodyType=stasjonsvogn&fuelType=diesel&priceMax=300000&yearMin=2015&location=Oslo&sort=price_asc'],
      ['search-empty', '/annonser?make=Finnesikke'],
      ['search-page-2', '/annonser?page=2'],
      ['listing', `/listing/${full.id}`],
      ['listing-logged-in', `/listing/${full.id}`, buyerCookie],
      ['listing-sold', `/listing/${sold.id}`],
      ['listing-missing', '/listing/999999'],
      ['about', '/about'],
      ['kontakt', '/kontakt'],
      ['personvern', '/personvern'],
      ['vilkar', '/vilkar'],
      ['cookies', '/cookies'],
      ['not-found', '/finnes-ikke'],
    ];
    for (const [name, url, cookie] of urls) {
      const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      const file = path.join(dir, `${name}.html`);
      fs.writeFileSync(file, res.body);
      pages.set(name, { url, status: res.statusCode, file });
    }
  }, 90_000); // the first render loads React, Chakra and the routes
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('checks every server-rendered route, each answered as rendered HTML', () => {
    const urls = [...pages.values()].map((p) => p.url.split('?')[0]);
    for (const id of SERVER_RENDERED_ROUTES) {
      const pattern = new RegExp(`^${id.replace(/\$\w+/g, '[^/]+')}$`);
      expect(urls.some((u) => pattern.test(u)), id).toBe(true);
    }
    for (const [name, p] of pages) {
      expect(p.status, name).toBe(name.endsWith('missing') || name === 'not-found' ? 404 : 200);
      expect(fs.readFileSync(p.file, 'utf8'), name).not.toContain('<div id="root"></div>');
    }
    // The parts that only some pages have are in them: photos and their strip, the map, the filters, the pages.
    const html = (name: string) => fs.readFileSync(pages.get(name)!.file, 'utf8');
    for (const part of ['aria-label="Miniatyrbilder"', 'Beliggenhet', 'Sjekk kjøretøyopplysninger', 'Hengerfeste']) expect(html('listing')).toContain(part);
    expect(html('search-filtered')).toContain('aria-label="Aktive filtre"');
    expect(html('search-page-2')).toContain('aria-label="Sider"');
    expect(html('home-logged-in')).toContain('data-testid="user-menu"');
  });

  it('has no error for the Nu HTML Checker on any of them', () => {
    const byFile = new Map([...pages].map(([name, p]) => [`file:${p.file}`, `${name} (${p.url})`]));
    const errors = validate([...pages.values()].map((p) => p.file))
      .filter((m) => m.type !== 'info')
      .map((m) => `${byFile.get(m.url ?? '') ?? m.url}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`);
    expect(errors, errors.join('\n')).toEqual([]);
  }, 120_000);
});
