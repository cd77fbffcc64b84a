import * as pg from '../../../db/pg/schema';
import { listingImages, listings, type Listing, type ListingImage, type NewListing } from '../../../db/schema';
import { countyOfMunicipality } from '../../shared/counties';
import { NO_MUNICIPALITY } from '../services/county-lookup';
import { storeOf, type StoreOrDb } from './store-or-db';

// Realistic Norwegian listing data for tests and the benchmark. Rows are inserted directly (not through the
// seller service) so buyer-side tests do not depend on the seller half; the FTS triggers keep the search index
// in sync whichever way a row is written.

/** Small deterministic PRNG (mulberry32) so a seed gives the same data every run. */
export function rng(seed = 42) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

interface ModelSpec {
  model: string;
  body: string;
  fuels: readonly string[];
  base: number; // typical new price in NOK
  drive?: string;
}

// Weighted by how common the make is on Norwegian classifieds.
export const CATALOGUE: readonly { make: string; weight: number; models: readonly ModelSpec[] }[] = [
  { make: 'Volkswagen', weight: 12, models: [
    { model: 'Golf', body: 'kombi', fuels: ['bensin', 'diesel', 'el', 'plugin_hybrid'], base: 380_000 },
    { model: 'Passat', body: 'stasjonsvogn', fuels: ['diesel', 'plugin_hybrid', 'bensin'], base: 480_000 },
    { model: 'ID.4', body: 'suv', fuels: ['el'], base: 470_000, drive: 'bakhjulsdrift' },
    { model: 'Tiguan', body: 'suv', fuels: ['diesel', 'bensin', 'plugin_hybrid'], base: 520_000, drive: 'firehjulsdrift' },
    { model: 'Polo', body: 'kombi', fuels: ['bensin'], base: 260_000 },
    { model: 'Transporter', body: 'varebil', fuels: ['diesel'], base: 450_000 },
  ] },
  { make: 'Toyota', weight: 12, models: [
    { model: 'Corolla', body: 'stasjonsvogn', fuels: ['hybrid', 'bensin'], base: 390_000 },
    { model: 'RAV4', body: 'suv', fuels: ['hybrid', 'plugin_hybrid'], base: 560_000, drive: 'firehjulsdrift' },
    { model: 'Yaris', body: 'kombi', fuels: ['hybrid', 'bensin'], base: 280_000 },
    { model: 'Land Cruiser', body: 'suv', fuels: ['diesel'], base: 900_000, drive: 'firehjulsdrift' },
    { model: 'bZ4X', body: 'suv', fuels: ['el'], base: 480_000 },
    { model: 'Hilux', body: 'pickup', fuels: ['diesel'], base: 600_000, drive: 'firehjulsdrift' },
    { model: 'Mirai', body: 'sedan', fuels: ['hydrogen'], base: 700_000, drive: 'bakhjulsdrift' },
  ] },
  { make: 'Tesla', weight: 10, models: [
    { model: 'Model 3', body: 'sedan', fuels: ['el'], base: 450_000, drive: 'bakhjulsdrift' },
    { model: 'Model Y', body: 'suv', fuels: ['el'], base: 500_000, drive: 'firehjulsdrift' },
    { model: 'Model S', body: 'sedan', fuels: ['el'], base: 900_000, drive: 'firehjulsdrift' },
    { model: 'Model X', body: 'suv', fuels: ['el'], base: 1_000_000, drive: 'firehjulsdrift' },
  ] },
  { make: 'Volvo', weight: 10, models: [
    { model: 'V60', body: 'stasjonsvogn', fuels: ['diesel', 'plugin_hybrid', 'bensin'], base: 550_000 },
    { model: 'V90', body: 'stasjonsvogn', fuels: ['diesel', 'plugin_hybrid'], base: 700_000, drive: 'firehjulsdrift' },
    { model: 'XC60', body: 'suv', fuels: ['diesel', 'plugin_hybrid'], base: 700_000, drive: 'firehjulsdrift' },
    { model: 'XC90', body: 'suv', fuels: ['diesel', 'plugin_hybrid'], base: 950_000, drive: 'firehjulsdrift' },
    { model: 'XC40', body: 'suv', fuels: ['el', 'bensin'], base: 480_000 },
    { model: 'V70', body: 'stasjonsvogn', fuels: ['diesel', 'bensin'], base: 450_000 },
  ] },
  { make: 'BMW', weight: 7, models: [
    { model: '3-serie', body: 'sedan', fuels: ['diesel', 'bensin', 'plugin_hybrid'], base: 560_000, drive: 'bakhjulsdrift' },
    { model: '5-serie', body: 'stasjonsvogn', fuels: ['diesel', 'plugin_hybrid'], base: 750_000, drive: 'bakhjulsdrift' },
    { model: 'X5', body: 'suv', fuels: ['diesel', 'plugin_hybrid'], base: 1_100_000, drive: 'firehjulsdrift' },
    { model: 'i3', body: 'kombi', fuels: ['el'], base: 330_000, drive: 'bakhjulsdrift' },
    { model: 'iX3', body: 'suv', fuels: ['el'], base: 600_000, drive: 'bakhjulsdrift' },
  ] },
  { make: 'Audi', weight: 7, models: [
    { model: 'A4', body: 'stasjonsvogn', fuels: ['diesel', 'bensin'], base: 520_000 },
    { model: 'A6', body: 'stasjonsvogn', fuels: ['diesel'], base: 700_000, drive: 'firehjulsdrift' },
    { model: 'Q5', body: 'suv', fuels: ['diesel', 'plugin_hybrid'], base: 750_000, drive: 'firehjulsdrift' },
    { model: 'e-tron', body: 'suv', fuels: ['el'], base: 800_000, drive: 'firehjulsdrift' },
    { model: 'A3', body: 'kombi', fuels: ['bensin', 'plugin_hybrid'], base: 380_000 },
  ] },
  { make: 'Mercedes-Benz', weight: 6, models: [
    { model: 'C-Klasse', body: 'stasjonsvogn', fuels: ['diesel', 'plugin_hybrid'], base: 600_000, drive: 'bakhjulsdrift' },
    { model: 'E-Klasse', body: 'sedan', fuels: ['diesel', 'plugin_hybrid'], base: 800_000, drive: 'bakhjulsdrift' },
    { model: 'GLC', body: 'suv', fuels: ['diesel', 'plugin_hybrid'], base: 800_000, drive: 'firehjulsdrift' },
    { model: 'EQC', body: 'suv', fuels: ['el'], base: 700_000, drive: 'firehjulsdrift' },
    { model: 'Sprinter', body: 'varebil', fuels: ['diesel'], base: 550_000, drive: 'bakhjulsdrift' },
  ] },
  { make: 'Ford', weight: 5, models: [
    { model: 'Focus', body: 'stasjonsvogn', fuels: ['bensin', 'diesel'], base: 330_000 },
    { model: 'Kuga', body: 'suv', fuels: ['plugin_hybrid', 'diesel'], base: 480_000 },
    { model: 'Mustang Mach-E', body: 'suv', fuels: ['el'], base: 550_000, drive: 'firehjulsdrift' },
    { model: 'Transit', body: 'varebil', fuels: ['diesel'], base: 420_000 },
    { model: 'Mustang', body: 'coupe', fuels: ['bensin'], base: 900_000, drive: 'bakhjulsdrift' },
  ] },
  { make: 'Peugeot', weight: 4, models: [
    { model: '208', body: 'kombi', fuels: ['bensin', 'el'], base: 270_000 },
    { model: '308', body: 'stasjonsvogn', fuels: ['diesel', 'bensin'], base: 340_000 },
    { model: '3008', body: 'suv', fuels: ['plugin_hybrid', 'diesel'], base: 450_000 },
    { model: 'Partner', body: 'varebil', fuels: ['diesel', 'el'], base: 330_000 },
  ] },
  { make: 'Renault', weight: 3, models: [
    { model: 'Clio', body: 'kombi', fuels: ['bensin'], base: 240_000 },
    { model: 'Megane', body: 'stasjonsvogn', fuels: ['diesel', 'el'], base: 350_000 },
    { model: 'Zoe', body: 'kombi', fuels: ['el'], base: 280_000 },
    { model: 'Kangoo', body: 'varebil', fuels: ['diesel', 'el'], base: 310_000 },
  ] },
  { make: 'Skoda', weight: 6, models: [
    { model: 'Octavia', body: 'stasjonsvogn', fuels: ['diesel', 'bensin', 'plugin_hybrid'], base: 400_000 },
    { model: 'Superb', body: 'stasjonsvogn', fuels: ['diesel', 'plugin_hybrid'], base: 520_000, drive: 'firehjulsdrift' },
    { model: 'Enyaq', body: 'suv', fuels: ['el'], base: 460_000, drive: 'bakhjulsdrift' },
    { model: 'Fabia', body: 'kombi', fuels: ['bensin'], base: 230_000 },
  ] },
  { make: 'Nissan', weight: 4, models: [
    { model: 'Leaf', body: 'kombi', fuels: ['el'], base: 300_000 },
    { model: 'Qashqai', body: 'suv', fuels: ['bensin', 'diesel'], base: 380_000 },
    { model: 'X-Trail', body: 'suv', fuels: ['diesel'], base: 480_000, drive: 'firehjulsdrift' },
  ] },
  { make: 'Hyundai', weight: 4, models: [
    { model: 'Kona', body: 'suv', fuels: ['el', 'hybrid'], base: 380_000 },
    { model: 'Ioniq 5', body: 'suv', fuels: ['el'], base: 500_000, drive: 'bakhjulsdrift' },
    { model: 'Tucson', body: 'suv', fuels: ['plugin_hybrid', 'diesel'], base: 500_000, drive: 'firehjulsdrift' },
  ] },
  { make: 'Kia', weight: 4, models: [
    { model: 'Niro', body: 'suv', fuels: ['el', 'hybrid', 'plugin_hybrid'], base: 400_000 },
    { model: 'Sportage', body: 'suv', fuels: ['diesel', 'plugin_hybrid'], base: 470_000, drive: 'firehjulsdrift' },
    { model: 'EV6', body: 'suv', fuels: ['el'], base: 550_000, drive: 'firehjulsdrift' },
    { model: 'Ceed', body: 'stasjonsvogn', fuels: ['bensin', 'plugin_hybrid'], base: 330_000 },
  ] },
  { make: 'Mazda', weight: 2, models: [
    { model: 'CX-5', body: 'suv', fuels: ['bensin', 'diesel'], base: 450_000, drive: 'firehjulsdrift' },
    { model: '6', body: 'stasjonsvogn', fuels: ['diesel', 'bensin'], base: 420_000 },
    { model: 'MX-5', body: 'cabriolet', fuels: ['bensin'], base: 400_000, drive: 'bakhjulsdrift' },
  ] },
  { make: 'Citroën', weight: 2, models: [
    { model: 'C3', body: 'kombi', fuels: ['bensin'], base: 230_000 },
    { model: 'Berlingo', body: 'flerbruksbil', fuels: ['diesel', 'el'], base: 330_000 },
  ] },
  { make: 'Polestar', weight: 2, models: [{ model: '2', body: 'kombi', fuels: ['el'], base: 520_000 }] },
];

// municipality: the kommunenummer the address service gives (2024 numbering), whose first two digits are the county.
export const PLACES = [
  { place: 'Oslo', postcode: '0155', street: 'Storgata', municipality: '0301' },
  { place: 'Oslo', postcode: '0468', street: 'Sandakerveien', municipality: '0301' },
  { place: 'Bergen', postcode: '5013', street: 'Strandkaien', municipality: '4601' },
  { place: 'Trondheim', postcode: '7011', street: 'Kongens gate', municipality: '5001' },
  { place: 'Stavanger', postcode: '4006', street: 'Kirkegata', municipality: '1103' },
  { place: 'Kristiansand', postcode: '4611', street: 'Markens gate', municipality: '4204' },
  { place: 'Tromsø', postcode: '9008', street: 'Storgata', municipality: '5501' },
  { place: 'Drammen', postcode: '3015', street: 'Bragernes torg', municipality: '3301' },
  { place: 'Fredrikstad', postcode: '1606', street: 'Nygaardsgata', municipality: '3107' },
  { place: 'Sandnes', postcode: '4306', street: 'Langgata', municipality: '1108' },
  { place: 'Bodø', postcode: '8006', street: 'Sjøgata', municipality: '1804' },
  { place: 'Ålesund', postcode: '6002', street: 'Kongens gate', municipality: '1508' },
  { place: 'Hamar', postcode: '2317', street: 'Torggata', municipality: '3403' },
  { place: 'Lillehammer', postcode: '2609', street: 'Storgata', municipality: '3405' },
  { place: 'Tønsberg', postcode: '3126', street: 'Øvre Langgate', municipality: '3905' },
  { place: 'Skien', postcode: '3724', street: 'Hesselbergs gate', municipality: '4003' },
  { place: 'Gjøvik', postcode: '2815', street: 'Storgata', municipality: '3407' },
  { place: 'Molde', postcode: '6413', street: 'Storgata', municipality: '1506' },
  { place: 'Haugesund', postcode: '5525', street: 'Haraldsgata', municipality: '1106' },
  { place: 'Arendal', postcode: '4836', street: 'Langbryggen', municipality: '4203' },
] as const;

export const COLORS = ['Svart', 'Hvit', 'Sølv', 'Grå', 'Blå', 'Mørkeblå', 'Rød', 'Grønn', 'Brun', 'Beige'] as const;

export const EQUIPMENT = [
  'Fulgt servicehåndbok', 'Adaptiv cruisekontroll', 'Cruisekontroll', 'Parkeringssensor bak', 'Parkeringssensor foran',
  'Ryggekamera', '360-graders kamera', 'Setevarme foran', 'Setevarme bak', 'Oppvarmet ratt', 'Elektriske seter med minne',
  'Skinninteriør', 'Tokkesoners klimaanlegg', 'Firesoners klimaanlegg', 'Hengerfeste', 'Avtakbart hengerfeste',
  'ISOFIX', 'Navigasjon', 'Apple CarPlay', 'Android Auto', 'Head-up display', 'Panoramatak', 'Soltak',
  'LED-lys', 'Matrix LED', 'Nøkkelfri start', 'Elektrisk bakluke', 'Dødvinkelvarsler', 'Filholder',
  'Webasto', 'Motorvarmer', 'Takstativ', 'Vinterhjul på felg', 'Sommerhjul på felg', 'DAB-radio', 'Varmepumpe',
] as const;

const OPENERS = [
  'Pent brukt {make} {model} selges.',
  'Meget pen og velholdt {model} fra {year}.',
  'Selger min {make} {model} pga. kjøp av ny bil.',
  'Strøken {color} {model} med lav kilometerstand.',
  'Familiebil i god stand, {body}.',
  'Godt vedlikeholdt {make} med full servicehistorikk.',
];
const SENTENCES = [
  'Bilen har fått nye vinterdekk i fjor.',
  'Romslig stasjonsvogn med stort bagasjerom og takstativ.',
  'EU-godkjent uten anmerkninger.',
  'Alltid garasjert, ikke-røyker.',
  'Nylig service hos merkeverksted.',
  'Bilen har noen små riper i lakken, ellers i god stand.',
  'Perfekt til hytteturer, med hengerfeste og gode vinteregenskaper.',
  'Sparsommelig i bruk, lavt forbruk på langkjøring.',
  'Nye bremseklosser og bremseskiver foran.',
  'Kan leveres over hele Østlandet mot et tillegg.',
  'Bytte kan vurderes, ta kontakt for prøvekjøring.',
  'Registerreim skiftet ved 120 000 km.',
  'Fargen er {colorLower} metallic.',
  'Kjøpt ny i Norge, to nøkler følger med.',
  'Elektrisk oppvarmet frontrute, perfekt for norske vintre.',
  'Rekkevidde på rundt 400 km om sommeren.',
  'Bilen står på Ålesund-kanten og kan sees etter avtale.',
  'Ærlig bil med kjent historikk, én eier siden ny.',
];

const FILE_LETTERS = 'ABCDEFGHJKLNPRSTUVXYZ';

function weightedMake(r: Rng) {
  const total = CATALOGUE.reduce((s, m) => s + m.weight, 0);
  let x = r.next() * total;
  for (const m of CATALOGUE) {
    x -= m.weight;
    if (x < 0) return m;
  }
  return CATALOGUE[0];
}

const BODY_WORDS: Record<string, string> = {
  kombi: 'kompakt kombi', stasjonsvogn: 'stasjonsvogn', suv: 'SUV', sedan: 'sedan', varebil: 'varebil',
  pickup: 'pickup', coupe: 'coupé', cabriolet: 'kabriolet', flerbruksbil: 'flerbruksbil',
};

/**
 * A realistic listing row for `userId` (every column a seller would fill). Deterministic for a given rng.
 * `index` makes registration numbers and unique codes distinct.
 */
export function generateListing(r: Rng, userId: number, index: number, now = Date.now()): NewListing {
  const m = weightedMake(r);
  const spec = r.pick(m.models);
  const year = r.int(2008, 2025);
  const age = 2025 - year;
  const fuel = r.pick(spec.fuels);
  const mileage = Math.max(500, Math.round((age * r.int(8_000, 22_000) + r.int(0, 9_000)) / 100) * 100);
  const price = Math.max(15_000, Math.round((spec.base * Math.pow(0.86, age) * (0.85 + r.next() * 0.3)) / 1000) * 1000);
  const registrationFee = fuel === 'el' ? 0 : r.pick([0, 0, 3_500, 6_700, 12_000]);
  const where = r.pick(PLACES);
  const color = r.pick(COLORS);
  const fill = (s: string) =>
    s.replaceAll('{make}', m.make).replaceAll('{model}', spec.model).replaceAll('{year}', String(year))
      .replaceAll('{color}', color.toLowerCase()).replaceAll('{colorLower}', color.toLowerCase())
      .replaceAll('{body}', BODY_WORDS[spec.body] ?? spec.body);
  const sentences = [fill(r.pick(OPENERS))];
  const n = r.int(2, 5);
  for (let i = 0; i < n; i++) sentences.push(fill(r.pick(SENTENCES)));
  const equipment = EQUIPMENT.filter(() => r.chance(0.3));
  const transmission = fuel === 'el' || fuel === 'hybrid' ? 'automat' : r.chance(0.6) ? 'automat' : 'manuell';
  const drivetrain = spec.drive ?? (r.chance(0.15) ? 'firehjulsdrift' : 'forhjulsdrift');
  const regLetters = FILE_LETTERS[index % FILE_LETTERS.length] + FILE_LETTERS[Math.floor(index / FILE_LETTERS.length) % FILE_LETTERS.length];
  const createdAt = new Date(now - r.int(0, 365 * 24 * 3600) * 1000);
  return {
    userId,
    uniqueCode: `BP-${index.toString(36).toUpperCase().padStart(6, '0')}`,
    make: m.make,
    model: spec.model,
    year,
    registrationNumber: `${regLetters}${String(10000 + (index % 90000)).padStart(5, '0')}`,
    vinNumber: `WVWZZZ${String(index).padStart(11, '0')}`,
    bodyType: spec.body,
    doors: spec.body === 'coupe' || spec.body === 'cabriolet' ? 2 : 5,
    seats: spec.body === 'varebil' || spec.body === 'pickup' ? 3 : 5,
    color,
    engineSize: fuel === 'el' ? 0 : r.pick([1200, 1400, 1600, 2000, 2500, 3000]),
    power: r.int(90, 420),
    fuelType: fuel,
    transmission,
    drivetrain,
    weight: r.int(1100, 2500),
    mileage,
    previousOwners: r.int(1, 4),
    nextInspection: `${String(r.int(1, 28)).padStart(2, '0')}.${String(r.int(1, 12)).padStart(2, '0')}.${r.int(2025, 2027)}`,
    lastInspection: `${String(r.int(1, 28)).padStart(2, '0')}.${String(r.int(1, 12)).padStart(2, '0')}.${r.int(2022, 2025)}`,
    description: sentences.join(' '),
    price,
    registrationFee,
    totalPrice: price + registrationFee,
    equipment,
    serviceHistory: equipment.includes('Fulgt servicehåndbok'),
    address: `${where.street} ${r.int(1, 120)}, ${where.postcode} ${where.place}`,
    hideAddress: r.chance(0.15),
    hideContactInfo: r.chance(0.1),
    contactPhone: '',
    status: 'approved',
    active: true,
    coverImage: `/uploads/listings/${index}/0-thumb.webp`,
    place: where.place,
    // As the county look-up leaves them (services/county-lookup.ts); one in ten addresses unknown to the service.
    municipalityNumber: index % 10 === 9 ? NO_MUNICIPALITY : where.municipality,
    county: index % 10 === 9 ? '' : countyOfMunicipality(where.municipality),
    createdAt,
    updatedAt: createdAt,
  };
}

let seq = 0;
/** A plain visible listing with sensible defaults; override whatever the test is about. */
export function listingValues(userId: number, overrides: Partial<NewListing> = {}): NewListing {
  seq += 1;
  const price = overrides.price ?? 250_000;
  const registrationFee = overrides.registrationFee ?? 0;
  return {
    userId,
    uniqueCode: `BP-T${String(seq).padStart(5, '0')}${Math.floor(Math.random() * 1e6).toString(36).toUpperCase()}`,
    make: 'Volkswagen',
    model: 'Golf',
    year: 2018,
    registrationNumber: `EL${String(10000 + (seq % 90000))}`,
    bodyType: 'kombi',
    color: 'Hvit',
    fuelType: 'bensin',
    transmission: 'manuell',
    drivetrain: 'forhjulsdrift',
    mileage: 90_000,
    description: 'Pent brukt bil.',
    address: 'Storgata 12, 0155 Oslo',
    place: 'Oslo',
    status: 'approved',
    active: true,
    ...overrides,
    price,
    registrationFee,
    totalPrice: price + registrationFee,
  };
}

/** Inserts one listing row (see listingValues) into either store and returns it. */
export async function insertListing(x: StoreOrDb, userId: number, overrides: Partial<NewListing> = {}): Promise<Listing> {
  const store = storeOf(x);
  const values = listingValues(userId, overrides);
  if (store.dialect === 'sqlite') return store.db.insert(listings).values(values).returning().get();
  const [row] = await store.db
    .insert(pg.listings)
    .values(values as typeof pg.listings.$inferInsert)
    .returning();
  return row;
}

/** Inserts an image row for a listing (no file on disk: buyer-side code only reads the URLs). */
export async function insertListingImage(
  x: StoreOrDb,
  listingId: number,
  position = 0,
  overrides: Partial<typeof listingImages.$inferInsert> = {},
): Promise<ListingImage> {
  const store = storeOf(x);
  const values = {
    listingId,
    position,
    storageKey: `listings/${listingId}/${position}.webp`,
    url: `/uploads/listings/${listingId}/${position}.webp`,
    thumbUrl: `/uploads/listings/${listingId}/${position}-thumb.webp`,
    width: 1600,
    height: 1067,
    ...overrides,
  } as typeof listingImages.$inferInsert;
  if (store.dialect === 'sqlite') return store.db.insert(listingImages).values(values).returning().get();
  const [row] = await store.db
    .insert(pg.listingImages)
    .values(values as typeof pg.listingImages.$inferInsert)
    .returning();
  return row;
}

/** A complete, valid "Opprett annonse" form as the API takes it (no photos): tests that create listings over HTTP. */
export const LISTING_FORM = {
  registrationNumber: 'EL 12345',
  make: 'Tesla',
  model: 'Model Y',
  year: 2022,
  bodyType: 'suv',
  fuelType: 'el',
  transmission: 'automat',
  drivetrain: 'firehjulsdrift',
  mileage: 45000,
  power: 299,
  color: 'Hvit',
  description: 'Pent brukt Model Y Long Range med hengerfeste.',
  price: 389000,
  registrationFee: 2500,
  equipment: ['Varmepumpe'],
  address: 'Storgata 12, 0155 OSLO',
  images: [] as string[],
};

/**
 * A valid form with only the required fields filled in (no photos): an older Volvo V70, for tests whose assertions
 * name the car ('Volvo V70 2012').
 */
export const MINIMAL_LISTING_FORM = {
  registrationNumber: 'AB 12345',
  make: 'Volvo',
  model: 'V70',
  year: 2012,
  fuelType: 'diesel',
  transmission: 'automat',
  mileage: 188000,
  description: 'Romslig stasjonsvogn med hengerfeste.',
  price: 89000,
  registrationFee: 0,
  address: 'Storgata 1, 0155 OSLO',
};
