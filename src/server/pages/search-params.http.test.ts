import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';

// The search page's parameters as the address gives them (src/client/router.tsx parseFirstValues, then
// src/client/components/search/search-params.ts): a repeated parameter is read by its first value, by the page and
// its head alike, on the server's render too; an address with a value the page cannot read (a JSON list or object, an
// unknown sort) is sent on to the address as read. None of it may throw while rendering: an error there would be a
// stack trace in the log for every such request. The API refuses a repeated parameter (400).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://bilpartner.example' }, { serverRender: true });
  const { user } = await createUser(t.store);
  await insertListing(t.store, user.id, { make: 'Volvo', model: 'V70', status: 'approved' });
  await insertListing(t.store, user.id, { make: 'Audi', model: 'A4', status: 'approved' });
});
afterAll(() => t.close());

const logged = vi.fn();
beforeAll(() => {
  for (const level of ['error', 'warn'] as const) vi.spyOn(console, level).mockImplementation(logged);
});
afterEach(() => logged.mockClear());

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

describe('/annonser with a repeated or odd parameter', () => {
  it.each([
    ['make', '/annonser?make=Volvo&make=Audi', 'Volvo – Søk biler – Bilpartner.no', 'https://bilpartner.example/annonser?make=Volvo'],
    ['model', '/annonser?model=V70&model=A4', 'V70 – Søk biler – Bilpartner.no', 'https://bilpartner.example/annonser?model=V70'],
    ['query', '/annonser?query=stasjonsvogn&query=cabriolet', '«stasjonsvogn» – Søk biler – Bilpartner.no', 'https://bilpartner.example/annonser'],
  ])('a repeated %s is read by its first value, in the head and the results, and nothing is logged', async (_name, url, title, canonical) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe(title);
    expect(canonicalOf(res.body)).toBe(canonical);
    expect(logged).not.toHaveBeenCalled();
  });

  it('shows the cars of the first make only', async () => {
    const res = await t.app.inject({ url: '/annonser?make=Volvo&make=Audi' });
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toContain('Volvo V70');
    expect(root).not.toContain('Audi A4');
  });

  it.each([
    ['/annonser?make=[1,2]', '/annonser'],
    ['/annonser?make={"a":1}', '/annonser'],
    ['/annonser?model={}&query=[]&make=Volvo', '/annonser?make=Volvo'],
    ['/annonser?make=%5B%22Volvo%22%5D&page=[2]', '/annonser'],
    ['/annonser?make=true', '/annonser'],
    ['/annonser?sort=cheapest&make=Volvo&make=Audi', '/annonser?make=Volvo'],
  ])('sends %s, whose values the page cannot read, on to the address as read, %s, and logs nothing', async (url, location) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
    const page = await t.app.inject({ url: location });
    expect(page.statusCode).toBe(200);
    expect(canonicalOf(page.body)).toBe(`https://bilpartner.example${location}`);
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('GET /api/listings with a repeated parameter', () => {
  it('refuses it with 400 and a Norwegian message on the field', async () => {
    const res = await t.app.inject({ url: '/api/listings?make=Volvo&make=Audi' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ details: { make: expect.stringMatching(/^Ugyldig input/) } });
  });
});
