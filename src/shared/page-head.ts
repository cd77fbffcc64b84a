// What a crawler and a link preview read of each public page (docs/decisions/019-server-rendering.md): its title,
// description and canonical URL, Open Graph tags, and for a listing a schema.org Car as JSON-LD. Answered as data in
// the shape of a TanStack Router route's `head()` (meta, links, scripts), so the client's routes and the server's
// render give the same head; renderHeadHtml writes it as HTML for the server. Zod-free and small: route heads are in
// the first load.
import type { Car, DriveWheelConfigurationValue, WithContext } from 'schema-dts';
import type { ListingDetailShape } from './types/listing';
import { BODY_TYPES, canonicalFilterValue, FUEL_TYPES, labelOf, TRANSMISSIONS, type Drivetrain } from './codes';
import { formatMileage, formatPrice } from './format';
import { escapeHtml, jsonForScript } from './html';
import { shownPrice } from './listing-price';
import { LISTING_NOT_FOUND_MESSAGE, LISTING_NOT_FOUND_TEXT, PAGE_NOT_FOUND_TEXT, PAGE_NOT_FOUND_TITLE } from './texts/not-found';

// --- titles (docs/decisions/011-accessibility.md: most specific part first, the site's name last) ------------------

export const SITE_TITLE = 'Bilpartner.no';
/** The brand block's name and tagline (docs/product/screens.md): the home page's title and the default one. */
export const HOME_TITLE = 'Bilpartner.no – Din bilpartner';

/** 'Tesla Model Y 2022 – 391 600 kr – Bilpartner.no' from its parts; empty parts are left out. */
export const pageTitle = (...parts: string[]) => [...parts.filter(Boolean), SITE_TITLE].join(' – ');

// --- the head's shape -----------------------------------------------------------------------------------------------

export type HeadMeta = { title: string } | { name: string; content: string } | { property: string; content: string };
export interface HeadLink {
  rel: string;
  href: string;
}
/** A data script: `children` is already safe inside <script> (jsonForScript); TanStack Router inserts it as it is. */
export interface HeadScript {
  type: 'application/ld+json';
  children: string;
}
export interface PageHead {
  meta: HeadMeta[];
  links: HeadLink[];
  scripts?: HeadScript[];
}

/** Search engines show about this many characters of a description. */
export const DESCRIPTION_MAX = 160;

/** `text` on one line, cut at a word before `max` characters with '…' when longer. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  // The last space within max characters ends a whole word; a text with no space late enough is cut mid-word.
  const space = flat.slice(0, max).lastIndexOf(' ');
  return `${(space > max / 2 ? flat.slice(0, space) : flat.slice(0, max - 1)).replace(/[\s.,;:!?–-]+$/, '')}…`;
}

/** An absolute http(s) URL of `path` on `origin`, or null for anything else (a photo URL is data, not trusted markup). */
function absoluteUrl(path: string, origin: string): string | null {
  try {
    const url = new URL(path, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

interface HeadParts {
  title: string;
  description: string;
  /** The page's absolute URL; none for a not-found page. */
  canonical?: string;
  image?: { url: string; width?: number; height?: number; alt: string };
  /** The title for link previews, which show the site's name apart (og:site_name). */
  shareTitle?: string;
  noindex?: boolean;
}

/**
 * The site's own picture for a link preview (public/og-image.png, 1200×630): the image of every public page that has
 * none of its own (the static pages, the search, a listing without photos).
 */
export const SITE_IMAGE = { path: '/og-image.png', width: 1200, height: 630, alt: 'Bilpartner.no – kjøp og selg bruktbil' } as const;

/**
 * The head of every page: title, description and canonical, and the Open Graph tags a link preview reads (og:type
 * 'website' on every page: the Open Graph protocol has no type for a product, and the JSON-LD says what a listing is).
 * Twitter reads og:title, og:description and og:image itself; it needs only its card type.
 */
function head(p: HeadParts): PageHead {
  const meta: HeadMeta[] = [{ title: p.title }, { name: 'description', content: p.description }];
  if (p.noindex) meta.push({ name: 'robots', content: 'noindex' });
  meta.push(
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_TITLE },
    { property: 'og:locale', content: 'nb_NO' },
    { property: 'og:title', content: p.shareTitle ?? p.title },
    { property: 'og:description', content: p.description },
  );
  if (p.canonical) meta.push({ property: 'og:url', content: p.canonical });
  // A public page (one with a canonical address) without an image of its own shows the site's.
  const image = p.image ?? (p.canonical ? { ...SITE_IMAGE, url: new URL(SITE_IMAGE.path, p.canonical).href } : undefined);
  if (image) {
    meta.push({ property: 'og:image', content: image.url });
    if (image.width && image.height) {
      meta.push({ property: 'og:image:width', content: String(image.width) }, { property: 'og:image:height', content: String(image.height) });
    }
    meta.push({ property: 'og:image:alt', content: image.alt });
  }
  meta.push({ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' });
  return { meta, links: p.canonical ? [{ rel: 'canonical', href: p.canonical }] : [] };
}

// --- the static pages -----------------------------------------------------------------------------------------------

/**
 * Each page's tab title (the words its route has always used) and description: the page's own lead, or its first
 * sentences where the lead is longer than a search result shows (src/client/routes/*.tsx; the reply time on /kontakt
 * is docs/product/screens.md's).
 */
export const STATIC_PAGES = {
  '/': { title: HOME_TITLE, description: 'Bilpartner.no – kjøp og salg av bruktbil i Norge.' },
  '/about': {
    title: pageTitle('Om oss'),
    description: 'Vi gjør det tryggere, enklere og mer oversiktlig å kjøpe og selge bruktbil i Norge, uten mellommenn som tar en bit av prisen.',
  },
  '/kontakt': {
    title: pageTitle('Kontakt oss'),
    description: 'Har du spørsmål om en annonse, kontoen din eller noe annet? Send oss en melding, så hjelper vi deg. Vi svarer vanligvis innen 24 timer.',
  },
  '/personvern': {
    title: pageTitle('Personvernerklæring'),
    description: 'Her forklarer vi hvilke personopplysninger Bilpartner.no behandler, hvorfor vi gjør det, og hvilke rettigheter du har.',
  },
  '/vilkar': {
    title: pageTitle('Brukervilkår'),
    description: 'Disse vilkårene gjelder for alle som bruker Bilpartner.no, enten du ser etter bil, selger bilen din eller bare tar en titt.',
  },
  '/cookies': {
    title: pageTitle('Informasjonskapsler (cookies)'),
    description:
      'Bilpartner.no bruker informasjonskapsler for at du skal kunne logge inn, for at tjenesten skal huske valgene dine og for å forstå hvordan den brukes.',
  },
} as const satisfies Record<string, { title: string; description: string }>;

export type StaticPath = keyof typeof STATIC_PAGES;

/** The head of /, /about, /kontakt, /personvern, /vilkar or /cookies; `origin` is the site's (no trailing slash). */
export function staticPageHead(path: StaticPath, origin: string): PageHead {
  const page = STATIC_PAGES[path];
  return head({ ...page, canonical: absoluteUrl(path, origin) ?? undefined });
}

// --- the search page ------------------------------------------------------------------------------------------------

/** What the search page's head reads of its URL state (src/client/components/search/search-params.ts ListingSearch). */
export interface SearchHeadInput {
  query?: string;
  make?: string;
  model?: string;
}

const SEARCH_TITLE = 'Søk biler';

/**
 * /annonser: the title names the make and model searched for, in the filter's spelling, and the free text in
 * «quotes» ('Toyota Corolla «hybrid» – Søk biler – Bilpartner.no'), else 'Søk biler'. The canonical URL keeps only
 * make and model: those name a page worth finding ('Toyota Corolla'), while the page number, the sort order, free text
 * and the finer filters are variations of it that a search engine should fold into it rather than index one by one.
 */
export function searchPageHead(search: SearchHeadInput, origin: string): PageHead {
  const make = canonicalFilterValue('make', search.make?.trim());
  const model = search.model?.trim() ?? '';
  const query = search.query?.trim();
  const subject = [make, model, query ? `«${query}»` : ''].filter(Boolean).join(' ');
  const params = new URLSearchParams();
  if (make) params.set('make', make);
  if (model) params.set('model', model);
  const qs = params.toString();
  return head({
    title: pageTitle(subject, SEARCH_TITLE),
    description: excerpt(
      `Brukte biler til salgs${subject ? `: ${subject}` : ' i hele Norge'}. Filtrer på merke, modell, pris, årsmodell, kilometerstand, drivstoff og girkasse.`,
      DESCRIPTION_MAX,
    ),
    canonical: absoluteUrl(`/annonser${qs ? `?${qs}` : ''}`, origin) ?? undefined,
  });
}

// --- a listing ------------------------------------------------------------------------------------------------------

/** What a listing's head reads: the listing page's own shape (listings.byId). */
export type ListingHeadInput = Pick<
  ListingDetailShape,
  | 'id'
  | 'make'
  | 'model'
  | 'year'
  | 'mileage'
  | 'fuelType'
  | 'transmission'
  | 'vinNumber'
  | 'bodyType'
  | 'color'
  | 'doors'
  | 'seats'
  | 'drivetrain'
  | 'place'
  | 'price'
  | 'registrationFee'
  | 'description'
  | 'images'
  | 'imageDetails'
  | 'active'
>;

/** schema.org's drive wheel configurations for ours: Norwegian 'firehjulsdrift' covers four- and all-wheel drive. */
const DRIVE_WHEELS: Record<Drivetrain, DriveWheelConfigurationValue> = {
  forhjulsdrift: 'https://schema.org/FrontWheelDriveConfiguration',
  bakhjulsdrift: 'https://schema.org/RearWheelDriveConfiguration',
  firehjulsdrift: 'https://schema.org/FourWheelDriveConfiguration',
};

/** The drive wheels as schema.org's value for one of our codes, any other value as it is, nothing when not given. */
function driveWheels(code: string): DriveWheelConfigurationValue | string | undefined {
  if (!code) return undefined;
  return code in DRIVE_WHEELS ? DRIVE_WHEELS[code as Drivetrain] : code;
}

/**
 * /listing/{id}. The title is the tab's ('Tesla Model Y 2022 – 391 600 kr – Bilpartner.no'). The description is a
 * sentence of facts (year, mileage, fuel, gearbox, place, shown price) and then, while it fits in DESCRIPTION_MAX, the
 * start of the seller's own text: enough to tell two similar cars apart in a result, not the whole text. The place
 * is the postal place the page shows even when the seller hides the address; the address itself never goes in.
 */
export function listingPageHead(l: ListingHeadInput, origin: string): PageHead {
  const name = `${l.make} ${l.model} ${l.year || ''}`.trim();
  const price = formatPrice(shownPrice(l));
  const fuel = labelOf(FUEL_TYPES, l.fuelType);
  const gearbox = labelOf(TRANSMISSIONS, l.transmission);
  const facts = [l.mileage ? formatMileage(l.mileage) : '', fuel, gearbox].filter(Boolean).join(', ');
  const sentence = `${name} til salgs${l.place ? ` i ${l.place}` : ''}${facts ? `: ${facts}` : ''}. Pris ${price}.`;
  const room = DESCRIPTION_MAX - sentence.length - 1;
  const own = room >= 30 ? excerpt(l.description, room) : '';
  const description = own ? `${sentence} ${own}` : excerpt(sentence, DESCRIPTION_MAX);

  const url = absoluteUrl(`/listing/${l.id}`, origin) ?? undefined;
  // The large size (docs/product/limits.md#photo-sizes): a large preview card shows the photo wide.
  const first = l.imageDetails[0];
  const firstUrl = first && absoluteUrl(first.url, origin);
  const images = l.images.map((src) => absoluteUrl(src, origin)).filter((src): src is string => src !== null);

  const page = head({
    title: pageTitle(name, price),
    shareTitle: `${name} – ${price}`,
    description,
    canonical: url,
    image: firstUrl ? { url: firstUrl, width: first.width, height: first.height, alt: name } : undefined,
  });
  const condition = 'https://schema.org/UsedCondition';
  const body = labelOf(BODY_TYPES, l.bodyType);
  const drive = driveWheels(l.drivetrain);
  // Typed against schema.org's vocabulary (schema-dts): tsc refuses a property a Car does not have, or a wrong kind of
  // value. What the listing does not say is left out, never written as '' or 0.
  const car: WithContext<Car> = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name,
    description,
    brand: { '@type': 'Brand', name: l.make },
    model: l.model,
    ...(l.year ? { vehicleModelDate: String(l.year) } : {}),
    ...(l.mileage ? { mileageFromOdometer: { '@type': 'QuantitativeValue', value: l.mileage, unitCode: 'KMT' } } : {}),
    ...(fuel ? { fuelType: fuel } : {}),
    ...(gearbox ? { vehicleTransmission: gearbox } : {}),
    ...(drive ? { driveWheelConfiguration: drive } : {}),
    ...(body ? { bodyType: body } : {}),
    ...(l.color.trim() ? { color: l.color.trim() } : {}),
    ...(l.doors > 0 ? { numberOfDoors: l.doors } : {}),
    ...(l.seats > 0 ? { seatingCapacity: l.seats } : {}),
    ...(l.vinNumber.trim() ? { vehicleIdentificationNumber: l.vinNumber.trim() } : {}),
    itemCondition: condition,
    ...(images.length ? { image: images } : {}),
    ...(url ? { url } : {}),
    offers: {
      '@type': 'Offer',
      price: shownPrice(l),
      priceCurrency: 'NOK',
      // A seller deactivates the listing when the car is sold (the about page's "Selg direkte"); a buyer sees only
      // active ones, so a deactivated listing is one its owner or an admin is looking at.
      availability: l.active ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      itemCondition: condition,
      ...(url ? { url } : {}),
    },
  };
  return { ...page, scripts: [{ type: 'application/ld+json', children: jsonForScript(car) }] };
}

// --- not found ------------------------------------------------------------------------------------------------------

/**
 * A listing that does not exist (or is not public), or any other unknown path: the page's own words, kept out of
 * search results, and no canonical URL (there is no page to point to).
 */
export function notFoundHead(kind: 'listing' | 'page'): PageHead {
  const [title, description] =
    kind === 'listing' ? [LISTING_NOT_FOUND_MESSAGE, LISTING_NOT_FOUND_TEXT] : [PAGE_NOT_FOUND_TITLE, PAGE_NOT_FOUND_TEXT];
  return head({ title: pageTitle(title), description, noindex: true });
}

// --- HTML -----------------------------------------------------------------------------------------------------------

/**
 * The head as HTML for the server's render: every value escaped as text or attribute (escapeHtml). A script's JSON
 * gets its `<` escaped once more, which leaves JSON from jsonForScript as it is and keeps any other JSON from closing
 * the script (JSON has `<` only inside strings, where \u003c reads the same). Attribute names are this module's own.
 */
export function renderHeadHtml(h: PageHead): string {
  const attrs = (o: object) =>
    Object.entries(o)
      .map(([k, v]) => `${k}="${escapeHtml(String(v))}"`)
      .join(' ');
  return [
    ...h.meta.map((m) => ('title' in m ? `<title>${escapeHtml(m.title)}</title>` : `<meta ${attrs(m)}>`)),
    ...h.links.map((l) => `<link ${attrs(l)}>`),
    ...(h.scripts ?? []).map((s) => `<script type="${escapeHtml(s.type)}">${s.children.replace(/</g, '\\u003c')}</script>`),
  ].join('\n');
}
