import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript } from './html';
import {
  excerpt,
  listingPageHead,
  notFoundHead,
  renderHeadHtml,
  searchPageHead,
  STATIC_PAGES,
  staticPageHead,
  type StaticPath,
  type ListingHeadInput,
  type PageHead,
} from './page-head';

const ORIGIN = 'https://bilpartner.no';
/** Text that would break out of a tag, an attribute, a script or a JavaScript string if written into HTML as it is. */
const PAYLOADS = ['</script><script>alert(1)</script>', '<!--', '"><img src=x onerror=alert(1)>', "'\u2028\u2029&amp;"];

const listing: ListingHeadInput = {
  id: 42,
  make: 'Toyota',
  model: 'Corolla Touring Sports',
  year: 2019,
  mileage: 45000,
  fuelType: 'hybrid',
  transmission: 'automat',
  vinNumber: 'SB1ZS3JE70E012345',
  bodyType: 'stasjonsvogn',
  color: 'Sølv',
  doors: 5,
  seats: 5,
  drivetrain: 'forhjulsdrift',
  place: 'Oslo',
  price: 385000,
  registrationFee: 6600,
  description: 'Pen og velholdt bil med hengerfeste og vinterhjul.\n\nEU-kontroll godkjent 2024. Ny registerreim.',
  images: ['/uploads/listings/42/a-large.webp', '/uploads/listings/42/b-large.webp'],
  imageDetails: [
    {
      id: 1,
      url: '/uploads/listings/42/a-large.webp',
      width: 1600,
      height: 1067,
      mediumUrl: '/uploads/listings/42/a-medium.webp',
      mediumWidth: 800,
      thumbUrl: '/uploads/listings/42/a-thumb.webp',
      thumbWidth: 480,
    },
  ],
  active: true,
};

// --- reading the head back as a browser would ------------------------------------------------------------------------

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
const metaOf = (h: PageHead, key: string) =>
  h.meta.find((m) => ('name' in m && m.name === key) || ('property' in m && m.property === key)) as { content: string } | undefined;
const titleOf = (h: PageHead) => h.meta.find((m) => 'title' in m) as { title: string };
const canonicalOf = (h: PageHead) => h.links.find((l) => l.rel === 'canonical')?.href;

/**
 * The head HTML as the HTML parser delivers it (https://html.spec.whatwg.org/#tokenization), for the markup
 * renderHeadHtml writes: a <title>'s text runs to the first `</title` (RCDATA, entities decoded); a tag's attributes
 * are name="value" with entities decoded; a <script>'s text runs to the first `</script` and is delivered raw, unless
 * it holds `<!--`, which switches the parser to the escaped states where `<script` nests: then it is refused here.
 */
function parseHead(html: string) {
  const title = /<title>([\s\S]*?)<\/title/i.exec(html);
  const tags = [...html.matchAll(/<(meta|link)\s([^>]*)>/gi)].map(([, tag, rest]) => ({
    tag: tag!.toLowerCase(),
    attrs: Object.fromEntries([...rest!.matchAll(/([a-z][\w:-]*)="([^"]*)"/gi)].map(([, k, v]) => [k!, decode(v!)])),
  }));
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script/gi)].map(([, text]) => {
    if (text!.includes('<!--')) throw new Error('a script that holds <!-- is not delivered as written');
    return JSON.parse(text!) as Record<string, unknown>;
  });
  return {
    title: title ? decode(title[1]!) : undefined,
    meta: (key: string) => tags.find((t) => t.tag === 'meta' && (t.attrs.name === key || t.attrs.property === key))?.attrs.content,
    canonical: tags.find((t) => t.tag === 'link' && t.attrs.rel === 'canonical')?.attrs.href,
    scripts,
  };
}

// --- pages -----------------------------------------------------------------------------------------------------------

describe('static pages', () => {
  it('the home page keeps its brand title and gets the site root as canonical', () => {
    const h = staticPageHead('/', ORIGIN);
    expect(titleOf(h).title).toBe('Bilpartner.no – Din bilpartner');
    expect(metaOf(h, 'description')?.content).toBe('Bilpartner.no – kjøp og salg av bruktbil i Norge.');
    expect(canonicalOf(h)).toBe('https://bilpartner.no/');
    expect(metaOf(h, 'og:url')?.content).toBe('https://bilpartner.no/');
  });

  it.each([
    ['/about', 'Om oss – Bilpartner.no', /^Vi gjør det tryggere/],
    ['/kontakt', 'Kontakt oss – Bilpartner.no', /innen 24 timer\.$/],
    ['/personvern', 'Personvernerklæring – Bilpartner.no', /personopplysninger/],
    ['/vilkar', 'Brukervilkår – Bilpartner.no', /^Disse vilkårene/],
    ['/cookies', 'Informasjonskapsler (cookies) – Bilpartner.no', /informasjonskapsler/],
  ] as const)('%s has its own title, description and canonical', (path, title, description) => {
    const h = staticPageHead(path, ORIGIN);
    expect(titleOf(h).title).toBe(title);
    expect(metaOf(h, 'description')?.content).toMatch(description);
    expect(metaOf(h, 'description')!.content.length).toBeLessThanOrEqual(160);
    expect(canonicalOf(h)).toBe(`https://bilpartner.no${path}`);
    expect(metaOf(h, 'og:locale')?.content).toBe('nb_NO');
    expect(metaOf(h, 'og:site_name')?.content).toBe('Bilpartner.no');
    expect(metaOf(h, 'twitter:card')?.content).toBe('summary_large_image');
  });
});

describe('the search page', () => {
  it('without a make, model or text: the general title, and /annonser as canonical', () => {
    const h = searchPageHead({}, ORIGIN);
    expect(titleOf(h).title).toBe('Søk biler – Bilpartner.no');
    expect(metaOf(h, 'description')?.content).toMatch(/^Brukte biler til salgs i hele Norge\./);
    expect(canonicalOf(h)).toBe('https://bilpartner.no/annonser');
  });

  it('names the make in the filter’s spelling, and the model', () => {
    const h = searchPageHead({ make: 'toyota', model: 'Corolla' }, ORIGIN);
    expect(titleOf(h).title).toBe('Toyota Corolla – Søk biler – Bilpartner.no');
    expect(metaOf(h, 'description')?.content).toMatch(/^Brukte biler til salgs: Toyota Corolla\./);
    expect(canonicalOf(h)).toBe('https://bilpartner.no/annonser?make=Toyota&model=Corolla');
  });

  it('quotes the free text in the title; the canonical drops text, page, sort and the finer filters', () => {
    const search = { make: 'Mercedes-benz', query: 'hengerfeste', page: 3, sort: 'price_asc', fuelType: 'Diesel' };
    const h = searchPageHead(search, ORIGIN);
    expect(titleOf(h).title).toBe('Mercedes-Benz «hengerfeste» – Søk biler – Bilpartner.no');
    expect(canonicalOf(h)).toBe('https://bilpartner.no/annonser?make=Mercedes-Benz');
    const textOnly = { query: 'hengerfeste', page: 2 };
    expect(searchPageHead(textOnly, ORIGIN).links).toEqual([
      { rel: 'canonical', href: 'https://bilpartner.no/annonser' },
    ]);
  });
});

describe('a listing', () => {
  const h = listingPageHead(listing, ORIGIN);

  it('title as the tab shows it: make, model, year and the shown price (price + fee)', () => {
    expect(titleOf(h).title).toBe('Toyota Corolla Touring Sports 2019 – 391\u00a0600\u00a0kr – Bilpartner.no');
  });

  it('describes the car in one sentence of facts, then the start of the seller’s text, within 160 characters', () => {
    const d = metaOf(h, 'description')!.content;
    expect(d).toMatch(/^Toyota Corolla Touring Sports 2019 til salgs i Oslo: 45\u00a0000\u00a0km, Hybrid, Automat\. Pris 391\u00a0600\u00a0kr\. Pen og velholdt/);
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d).not.toContain('\n');
    expect(d).toMatch(/…$/);
    expect(d).not.toContain('registerreim');
  });

  it('canonical and og:url are the listing’s absolute URL', () => {
    expect(canonicalOf(h)).toBe('https://bilpartner.no/listing/42');
    expect(metaOf(h, 'og:url')?.content).toBe('https://bilpartner.no/listing/42');
  });

  it('Open Graph and Twitter tags: title, description, the first photo in its large size', () => {
    expect(metaOf(h, 'og:type')?.content).toBe('website');
    expect(metaOf(h, 'og:title')?.content).toBe('Toyota Corolla Touring Sports 2019 – 391\u00a0600\u00a0kr');
    expect(metaOf(h, 'og:description')?.content).toBe(metaOf(h, 'description')?.content);
    expect(metaOf(h, 'og:image')?.content).toBe('https://bilpartner.no/uploads/listings/42/a-large.webp');
    expect(metaOf(h, 'og:image:width')?.content).toBe('1600');
    expect(metaOf(h, 'og:image:height')?.content).toBe('1067');
    expect(metaOf(h, 'og:image:alt')?.content).toBe('Toyota Corolla Touring Sports 2019');
    expect(metaOf(h, 'og:site_name')?.content).toBe('Bilpartner.no');
    expect(metaOf(h, 'og:locale')?.content).toBe('nb_NO');
    expect(metaOf(h, 'twitter:card')?.content).toBe('summary_large_image');
  });

  it("a photo already on another host keeps its URL; without photos the listing shows the site's image", () => {
    const s3 = { ...listing.imageDetails[0]!, url: 'https://cdn.example.no/a-large.webp' };
    expect(metaOf(listingPageHead({ ...listing, imageDetails: [s3] }, ORIGIN), 'og:image')?.content).toBe('https://cdn.example.no/a-large.webp');
    const bare = listingPageHead({ ...listing, images: [], imageDetails: [] }, ORIGIN);
    expect(metaOf(bare, 'og:image')?.content).toBe(`${ORIGIN}/og-image.png`);
    expect(metaOf(bare, 'og:image:width')?.content).toBe('1200');
    expect(metaOf(bare, 'twitter:card')?.content).toBe('summary_large_image');
  });

  it("every public page has an og:image: the site's on the static pages and the search", () => {
    for (const path of Object.keys(STATIC_PAGES) as StaticPath[]) {
      expect(metaOf(staticPageHead(path, ORIGIN), 'og:image')?.content, path).toBe(`${ORIGIN}/og-image.png`);
    }
    expect(metaOf(searchPageHead({}, ORIGIN), 'og:image')?.content).toBe(`${ORIGIN}/og-image.png`);
  });

  it('JSON-LD: a used Car with its offer in NOK, parsed from the rendered HTML', () => {
    const [car] = parseHead(renderHeadHtml(h)).scripts;
    expect(car).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: 'Toyota Corolla Touring Sports 2019',
      description: metaOf(h, 'description')!.content,
      brand: { '@type': 'Brand', name: 'Toyota' },
      model: 'Corolla Touring Sports',
      vehicleModelDate: '2019',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 45000, unitCode: 'KMT' },
      fuelType: 'Hybrid',
      vehicleTransmission: 'Automat',
      driveWheelConfiguration: 'https://schema.org/FrontWheelDriveConfiguration',
      bodyType: 'Stasjonsvogn',
      color: 'Sølv',
      numberOfDoors: 5,
      seatingCapacity: 5,
      vehicleIdentificationNumber: 'SB1ZS3JE70E012345',
      itemCondition: 'https://schema.org/UsedCondition',
      image: ['https://bilpartner.no/uploads/listings/42/a-large.webp', 'https://bilpartner.no/uploads/listings/42/b-large.webp'],
      url: 'https://bilpartner.no/listing/42',
      offers: {
        '@type': 'Offer',
        price: 391600,
        priceCurrency: 'NOK',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        url: 'https://bilpartner.no/listing/42',
      },
    });
  });

  it('a deactivated listing (its seller sold the car) is sold out', () => {
    const [car] = parseHead(renderHeadHtml(listingPageHead({ ...listing, active: false }, ORIGIN))).scripts;
    expect((car!.offers as { availability: string }).availability).toBe('https://schema.org/SoldOut');
  });

  it('leaves out what the listing does not say, never writing "Ukjent" or 0 km', () => {
    const l = listingPageHead(
      { ...listing, fuelType: '', transmission: '', mileage: 0, place: '', vinNumber: '', bodyType: '', color: ' ', doors: 0, seats: 0, drivetrain: '' },
      ORIGIN,
    );
    expect(metaOf(l, 'description')?.content).toMatch(/^Toyota Corolla Touring Sports 2019 til salgs\. Pris 391\u00a0600\u00a0kr\. Pen/);
    const [car] = parseHead(renderHeadHtml(l)).scripts;
    for (const key of ['fuelType', 'mileageFromOdometer', 'vehicleIdentificationNumber', 'bodyType', 'color', 'numberOfDoors', 'seatingCapacity', 'driveWheelConfiguration']) {
      expect(car).not.toHaveProperty(key);
    }
  });

  it("names the drive wheels with schema.org's values, and keeps a value it has none for as text", () => {
    const drive = (drivetrain: string) => (parseHead(renderHeadHtml(listingPageHead({ ...listing, drivetrain }, ORIGIN))).scripts[0] as { driveWheelConfiguration?: string }).driveWheelConfiguration;
    expect(drive('forhjulsdrift')).toBe('https://schema.org/FrontWheelDriveConfiguration');
    expect(drive('bakhjulsdrift')).toBe('https://schema.org/RearWheelDriveConfiguration');
    expect(drive('firehjulsdrift')).toBe('https://schema.org/FourWheelDriveConfiguration');
    expect(drive('beltedrift')).toBe('beltedrift');
  });
});

describe('not found', () => {
  it('a missing listing: its page’s words, noindex, no canonical', () => {
    const h = notFoundHead('listing');
    expect(titleOf(h).title).toBe('Annonse ikke funnet – Bilpartner.no');
    expect(metaOf(h, 'description')?.content).toBe('Annonsen du leter etter eksisterer ikke eller er blitt fjernet.');
    expect(metaOf(h, 'robots')?.content).toBe('noindex');
    expect(h.links).toEqual([]);
    expect(metaOf(h, 'og:url')).toBeUndefined();
  });

  it('any other path: the not-found page’s words', () => {
    const h = notFoundHead('page');
    expect(titleOf(h).title).toBe('404 Page Not Found – Bilpartner.no');
    expect(metaOf(h, 'description')?.content).toBe('Did you forget to add the page to the router?');
    expect(metaOf(h, 'robots')?.content).toBe('noindex');
  });
});

// --- safety ------------------------------------------------------------------------------------------------------------

describe('what users write stays text', () => {
  const evil = PAYLOADS.join(' ');
  const l: ListingHeadInput = {
    ...listing,
    make: 'Toyota',
    model: `Corolla ${evil}`,
    description: `Fin bil ${evil}`,
    place: `Oslo ${evil}`,
  };
  const h = listingPageHead(l, ORIGIN);
  const html = renderHeadHtml(h);

  it('no raw < from a payload reaches the HTML', () => {
    for (const p of ['<script>alert', '</script><script>', '<!--', '<img']) expect(html).not.toContain(p);
    // Only the markup renderHeadHtml writes opens a tag.
    const tags = html.match(/<[a-z/!]/gi)!.length;
    expect(tags).toBe(h.meta.length + h.links.length + 2 * (h.scripts?.length ?? 0) + 1);
    const script = /<script[^>]*>([^<]*)<\/script>/.exec(html)![1]!;
    expect(script).not.toMatch(/[\u2028\u2029]/);
  });

  it('the browser reads back the very text in the title, the tags and the JSON-LD', () => {
    const page = parseHead(html);
    expect(page.title).toBe(titleOf(h).title);
    expect(page.title).toContain(`Corolla ${evil}`);
    expect(page.meta('og:title')).toContain(`Corolla ${evil}`);
    expect(page.meta('description')).toBe(metaOf(h, 'description')!.content);
    expect(page.meta('description')).toContain(`i Oslo ${PAYLOADS[0]}`);
    expect(page.canonical).toBe('https://bilpartner.no/listing/42');
    expect(page.scripts).toHaveLength(1);
    expect(page.scripts[0]!.model).toBe(`Corolla ${evil}`);
    expect(page.scripts[0]!.description).toBe(page.meta('description'));
  });

  it('a search text is as inert in the search page’s title', () => {
    const html = renderHeadHtml(searchPageHead({ query: evil }, ORIGIN));
    expect(html).not.toContain('<img');
    expect(parseHead(html).title).toBe(`«${evil}» – Søk biler – Bilpartner.no`);
  });

  it('JSON-LD given as plain JSON still cannot close its script', () => {
    const raw: PageHead = { meta: [], links: [], scripts: [{ type: 'application/ld+json', children: JSON.stringify({ x: PAYLOADS[0] }) }] };
    expect(parseHead(renderHeadHtml(raw)).scripts).toEqual([{ x: PAYLOADS[0] }]);
  });
});

describe('jsonForScript and escapeHtml', () => {
  it('writes <, >, &, U+2028 and U+2029 as \\u escapes, and JSON.parse gives back the value', () => {
    const value = { text: PAYLOADS.join(' '), n: 1, list: [null, true] };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('\\u2028');
    expect(JSON.parse(json)).toEqual(value);
    expect(jsonForScript(undefined)).toBe('null');
  });

  it('escapes the five characters that end text or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });
});

describe('excerpt', () => {
  it('keeps short text, flattens line breaks, and cuts long text at a word with …', () => {
    expect(excerpt('  Kort\n\ntekst ', 160)).toBe('Kort tekst');
    expect(excerpt('Pen og velholdt bil med hengerfeste', 20)).toBe('Pen og velholdt bil…');
    expect(excerpt('Pen og velholdt bil med hengerfeste', 20).length).toBeLessThanOrEqual(20);
  });
});
