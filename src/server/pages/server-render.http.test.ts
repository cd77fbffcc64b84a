import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMileage, formatPrice } from '../../shared/format';
import { STATE_SCRIPT_ID } from '../../shared/server-rendered';
import { createTestApp, createUser, sessionCookie, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';

// The public pages as the server renders them (docs/decisions/019-server-rendering.md), read as a crawler or a link
// preview reads them (no JavaScript): their content, status codes, head and data, and what users wrote staying text.

const XSS = '</script><script>alert(1)</script><!--\u2028"><img src=x onerror=alert(1)>';

/** The text of every <script> of a type (JSON-LD, the dehydrated state), as an HTML parser delivers it. */
const scriptsOf = (html: string, type: string) => [...html.matchAll(new RegExp(`<script type="${type}"[^>]*>([\\s\\S]*?)</script>`, 'g'))].map((m) => m[1]);
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
/** The page without its state (the queries the browser hydrates): what the visitor sees before any script runs. */
const markupOf = (html: string) => html.replace(new RegExp(`<script type="application/json" id="${STATE_SCRIPT_ID}">[\\s\\S]*?</script>`), '');
const metaContent = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(headOf(html))?.[1]?.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('server-rendered pages', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>['user'];
  let ownerCookie: string;
  let adminCookie: string;
  let strangerCookie: string;
  let visible: number;
  let pending: number;
  let hostile: number;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://bilpartner.example' }, { serverRender: true });
    ({ user: owner } = await createUser(t.store, { name: 'Kari Selger' }));
    ownerCookie = await sessionCookie(t.store, owner.id);
    adminCookie = await sessionCookie(t.store, (await createUser(t.store, { isAdmin: true })).user.id);
    strangerCookie = await sessionCookie(t.store, (await createUser(t.store, { name: 'Ola Kjøper' })).user.id);
    visible = (await insertListing(t.store, owner.id, { make: 'Volvo', model: 'V60', year: 2019, mileage: 123_400, price: 249_000, registrationFee: 2_600, status: 'approved' })).id;
    pending = (await insertListing(t.store, owner.id, { make: 'Skoda', model: 'Hemmeligbil', status: 'pending', description: 'Ikke godkjent ennå' })).id;
    hostile = (await insertListing(t.store, owner.id, { make: 'Toyota', model: `Corolla${XSS}`, description: `Pen bil ${XSS}`, address: `Gate 1${XSS}, 0155 Oslo`, status: 'approved' })).id;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it('renders a listing with its car, price and mileage in the HTML, and its head for crawlers and link previews', async () => {
    const res = await get(`/listing/${visible}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    const root = spaces(res.body.slice(res.body.indexOf('<div id="root">')));
    for (const text of ['Volvo V60', formatPrice(251_600), formatMileage(123_400)]) expect(root).toContain(spaces(text));
    const head = headOf(res.body);
    // Not under Emotion's own attribute, which its browser cache would move (a second style recalculation); the names
    // the client's cache reads are there (src/client/lib/server-styles.ts).
    const styleTags = head.match(/<style[^>]*>/g) ?? [];
    expect(styleTags.length).toBeGreaterThan(0);
    for (const tag of styleTags) expect(tag).toMatch(/^<style data-server-emotion="css(-global)? [\w ]+">$/);
    expect(head).toContain(`<title>Volvo V60 2019 – ${formatPrice(251_600)} – Bilpartner.no</title>`);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(metaContent(res.body, 'name', 'description')).toContain('Volvo V60 2019 til salgs');
    expect(head).toContain(`<link rel="canonical" href="https://bilpartner.example/listing/${visible}">`);
    expect(head.match(/rel="canonical"/g)).toHaveLength(1);
    expect(metaContent(res.body, 'property', 'og:title')).toBe(`Volvo V60 2019 – ${formatPrice(251_600)}`);
    expect(metaContent(res.body, 'property', 'og:url')).toBe(`https://bilpartner.example/listing/${visible}`);
    expect(metaContent(res.body, 'name', 'twitter:card')).toBeDefined();
    const [ld] = scriptsOf(res.body, 'application/ld\\+json').map((s) => JSON.parse(s) as Record<string, unknown>);
    expect(ld).toMatchObject({
      '@type': 'Car',
      brand: { name: 'Volvo' },
      model: 'V60',
      vehicleModelDate: '2019',
      mileageFromOdometer: { value: 123_400, unitCode: 'KMT' },
      offers: { '@type': 'Offer', price: 251_600, priceCurrency: 'NOK', availability: 'https://schema.org/InStock' },
    });
  });

  it('puts the queries it fetched in the page as JSON that is never run', async () => {
    const res = await get(`/listing/${visible}`);
    const [json] = scriptsOf(res.body, 'application/json');
    expect(res.body).toContain(`<script type="application/json" id="${STATE_SCRIPT_ID}">`);
    const state = JSON.parse(json) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    const listing = state.queries.find((q) => JSON.stringify(q.queryKey).includes('byId'));
    expect(listing?.state.data).toMatchObject({ id: visible, make: 'Volvo', model: 'V60' });
    // No other script runs from the page itself: the CSP allows none inline.
    expect(res.body.match(/<script(?![^>]*type="application\/(?:ld\+)?json")/g) ?? []).toEqual([]);
  });

  it('keeps what users wrote as text: no payload in a model, description or address becomes markup or ends a script', async () => {
    const res = await get(`/listing/${hostile}`, strangerCookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<img src=x');
    for (const script of [...scriptsOf(res.body, 'application/json'), ...scriptsOf(res.body, 'application/ld\\+json')]) expect(script).not.toMatch(/[\u2028\u2029<]/);
    // Every script is whole: parsing each gives back the payload unchanged.
    const [ld] = scriptsOf(res.body, 'application/ld\\+json');
    expect((JSON.parse(ld) as { model: string }).model).toBe(`Corolla${XSS}`);
    const [state] = scriptsOf(res.body, 'application/json');
    const data = (JSON.parse(state) as { queries: { state: { data: { description?: string; address?: string } | null } }[] }).queries.map((q) => q.state.data);
    expect(data).toContainEqual(expect.objectContaining({ description: `Pen bil ${XSS}` }));
    // The title is escaped text.
    expect(headOf(res.body)).toContain('<title>Toyota Corolla&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it("keeps a seller's dollar signs as they wrote them: no text of theirs is read as a pattern for composing the page", async () => {
    // String.replace reads $&, $' and $` in its replacement as parts of the string it searches.
    const text = "Pris $& eller $' og $` $$ kontant";
    const id = (await insertListing(t.store, owner.id, { make: 'Audi', model: `A4 $'`, description: text, status: 'approved' })).id;
    const res = await get(`/listing/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(headOf(res.body)).toContain("<title>Audi A4 $&#39; ");
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toContain('Pris $&amp; eller $&#x27; og $` $$ kontant');
  });

  it('answers 404 with the page\'s own words for a missing listing, and for one the viewer may not see, without its data', async () => {
    for (const [url, cookie] of [['/listing/999999', undefined], [`/listing/${pending}`, undefined], [`/listing/${pending}`, strangerCookie]] as const) {
      const res = await get(url, cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Annonse ikke funnet');
      expect(res.body, url).not.toContain('Hemmeligbil');
      expect(res.body, url).not.toContain('Ikke godkjent ennå');
      expect(metaContent(res.body, 'name', 'robots'), url).toContain('noindex');
    }
    // Its owner and an admin see it as before.
    for (const cookie of [ownerCookie, adminCookie]) {
      const res = await get(`/listing/${pending}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Hemmeligbil');
    }
  });

  it('answers 404 with the app\'s 404 page for an unknown path, and leaves pages behind login to the browser', async () => {
    const unknown = await get('/finnes-ikke');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('404 Page Not Found');
    const profile = await get('/profil', ownerCookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('<div id="root"></div>');
  });

  it('renders the search results for the filters in the address, and the static pages with their own head', async () => {
    const search = await get('/annonser?make=Volvo');
    expect(search.statusCode).toBe(200);
    // The state also holds the filters' counts, which name every model for sale: the results shown are the filtered ones.
    expect(markupOf(search.body)).toContain('Volvo V60');
    expect(markupOf(search.body)).not.toContain('Corolla');
    expect(scriptsOf(search.body, 'application/json')[0]).toContain('"facets"');
    expect(headOf(search.body)).toContain('<link rel="canonical" href="https://bilpartner.example/annonser?make=Volvo">');
    for (const [url, title] of [['/', 'Bilpartner.no – Din bilpartner'], ['/about', 'Om oss – Bilpartner.no'], ['/kontakt', 'Kontakt oss – Bilpartner.no'], ['/personvern', 'Personvernerklæring – Bilpartner.no'], ['/vilkar', 'Brukervilkår – Bilpartner.no'], ['/cookies', 'Informasjonskapsler (cookies) – Bilpartner.no']]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(headOf(res.body), url).toContain(`<title>${title}</title>`);
      expect(metaContent(res.body, 'name', 'description'), url).toBeTruthy();
      expect(headOf(res.body), url).toContain(`<link rel="canonical" href="https://bilpartner.example${url === '/' ? '/' : url}">`);
    }
    // The home page lists the latest listings in its HTML.
    expect((await get('/')).body).toContain('Volvo V60');
  });

  it('shows a logged-in visitor their own header from the first byte, in a page no cache shares', async () => {
    const anonymous = await get('/');
    expect(anonymous.body).toContain('Logg inn');
    expect(anonymous.body).not.toContain('Ola Kjøper');
    const mine = await get('/', strangerCookie);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.vary).toContain('Cookie');
    expect(mine.body).toContain('Ola');
    expect(mine.body).not.toContain('>Logg inn<');
    // And the anonymous page is not that user's, after it.
    expect((await get('/')).body).not.toContain('Ola Kjøper');
  });
});

describe("a listing's structured data (JSON-LD)", () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof createUser>>['user'];
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://bilpartner.example' }, { serverRender: true });
    ({ user: seller } = await createUser(t.store));
  });
  afterAll(() => t.close());

  it("gives the listing's JSON-LD the car's VIN, body, colour, doors, seats and drive wheels, and none it lacks", async () => {
    const full = await insertListing(t.store, seller.id, {
      make: 'Tesla',
      model: 'Model Y',
      vinNumber: 'XP7YGCEK5PB123456',
      bodyType: 'suv',
      color: 'Hvit',
      doors: 5,
      seats: 7,
      drivetrain: 'firehjulsdrift',
      status: 'approved',
    });
    const bare = await insertListing(t.store, seller.id, { vinNumber: '', bodyType: '', color: '', doors: 0, seats: 0, drivetrain: '', status: 'approved' });
    const ldOf = async (id: number) => JSON.parse(scriptsOf((await t.app.inject({ url: `/listing/${id}` })).body, 'application/ld\\+json')[0]) as Record<string, unknown>;
    expect(await ldOf(full.id)).toMatchObject({
      '@type': 'Car',
      vehicleIdentificationNumber: 'XP7YGCEK5PB123456',
      bodyType: 'SUV',
      color: 'Hvit',
      numberOfDoors: 5,
      seatingCapacity: 7,
      driveWheelConfiguration: 'https://schema.org/FourWheelDriveConfiguration',
    });
    const none = await ldOf(bare.id);
    for (const key of ['vehicleIdentificationNumber', 'bodyType', 'color', 'numberOfDoors', 'seatingCapacity', 'driveWheelConfiguration']) expect(none, key).not.toHaveProperty(key);
  });
});
