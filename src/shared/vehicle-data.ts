// The registration-number rule (docs/product/validation.md) and the vehicle registry → create-form mapping (docs/product/data.md).
// Field paths: docs/external-services.md#vehicle-registry. Pure: no network, usable by client and server. Without zod, so
// the home page's lookup does not load it (docs/decisions/010-compression-and-bundle.md); the plate's zod schema is in
// vehicle-mapping.ts, which re-exports this module.
import type { BodyType, FuelType, Transmission } from './codes';
import { normalizeText } from './text';

// ---------------------------------------------------------------------------------------------------------------
// Registration number (docs/product/validation.md#registration-number-lookup, docs/product/errors.md#vehicle-lookup, docs/product/limits.md)

/** Two capital letters then five digits, e.g. AB12345 (ordinary Norwegian plates). */
export const PLATE_RE = /^[A-Z]{2}\d{5}$/;
export const PLATE_INPUT_MAX_LENGTH = 10;

export const PLATE_MISSING_TITLE = 'Manglende registreringsnummer';
export const PLATE_MISSING_MESSAGE = 'Vennligst skriv inn registreringsnummer.';
export const PLATE_FORMAT_TITLE = 'Ugyldig format';
export const PLATE_FORMAT_MESSAGE =
  'Registreringsnummer må være i formatet to store bokstaver etterfulgt av fem tall, f.eks. AB12345.';

export const VEHICLE_LOOKUP_SUCCESS_TITLE = 'Bildata hentet';
export const VEHICLE_LOOKUP_ERROR_TITLE = 'Feil ved henting av bildata';
export const VEHICLE_NOT_FOUND_MESSAGE = 'Ingen bildata funnet for dette registreringsnummeret.';
export const VEHICLE_LOOKUP_FAILED_MESSAGE = 'Kunne ikke hente bildata. Prøv igjen senere.';
export const VEHICLE_LOOKUP_NOT_CONFIGURED_MESSAGE = 'Oppslag i kjøretøyregisteret er ikke konfigurert.';

/**
 * docs/product/validation.md says "trimmed and uppercased". Inner spaces are dropped as well: people type plates as printed
 * ("AB 12345", the registry's own spelling), and the registry wants the plate without spaces.
 */
export function normalisePlate(value: string): string {
  return normalizeText(value).trim().toUpperCase().replace(/\s+/g, '');
}

export function isValidPlate(value: string): boolean {
  return PLATE_RE.test(normalisePlate(value));
}

// ---------------------------------------------------------------------------------------------------------------
// Registry answer → form data (docs/product/data.md#vehicle-registry-lookup-mapping)

/** What a registry answer pre-fills in the create form. Codes are those of src/shared/codes.ts, '' when unknown. */
export interface VehicleFormData {
  registrationNumber: string;
  vinNumber: string;
  make: string;
  model: string;
  year: number;
  bodyType: BodyType | '';
  doors: number;
  seats: number;
  color: string;
  engineSize: number;
  power: number;
  fuelType: FuelType | '';
  transmission: Transmission | '';
  weight: number;
  nextInspection: string;
  lastInspection: string;
}

export const KW_TO_HK = 1.35962;

interface Kode {
  kodeVerdi?: string;
  kodeNavn?: string;
  kodeBeskrivelse?: string;
}

// The registry's JSON is large and every part may be missing; it is read defensively through `at`.
type Json = unknown;
function at(obj: Json, ...path: (string | number)[]): Json {
  let cur: Json = obj;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, Json>)[key];
  }
  return cur;
}
const str = (v: Json): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const num = (v: Json): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const list = (v: Json): Json[] => (Array.isArray(v) ? v : []);
const kodeText = (k: Json): string => {
  const c = (k ?? {}) as Kode;
  return [c.kodeNavn, c.kodeBeskrivelse, c.kodeVerdi].filter((s) => typeof s === 'string').join(' ');
};

/** 'yyyy-mm-dd' (or an ISO timestamp) → 'dd.mm.yyyy'; anything else → ''. */
export function registryDateToNorwegian(value: Json): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(str(value));
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** kW → hk (docs/product/data.md, docs/product/limits.md: × 1.35962, rounded). */
export function kwToHk(kw: number): number {
  return Math.round(kw * KW_TO_HK);
}

// Brands written in capitals (or as an acronym) in ads; every other all-caps registry word is title-cased.
const UPPERCASE_BRANDS = new Set(['BMW', 'MG', 'DS', 'BYD', 'GMC', 'MAN', 'DAF', 'NIO', 'VW', 'KTM', 'AMG', 'GWM', 'JAC', 'LEVC', 'XEV']);

function titleWord(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * The registry writes makes in capitals ('VOLKSWAGEN', 'MERCEDES-BENZ'); ads write 'Volkswagen', 'Mercedes-Benz',
 * but 'BMW'. A make that already has lower-case letters is left as it is.
 */
export function displayMake(raw: string): string {
  const make = raw.trim().replace(/\s+/g, ' ');
  if (make !== make.toUpperCase()) return make;
  return make.replace(/[\p{L}]+/gu, (w) => (UPPERCASE_BRANDS.has(w) ? w : titleWord(w)));
}

/**
 * Models come in capitals too ('GOLF', 'MODEL Y', 'XC60', 'ID.4'). Only purely alphabetic words of four or
 * more letters are title-cased, so type codes like 'XC60', 'GTI', 'RS' or 'ID.4' stay as written.
 */
export function displayModel(raw: string): string {
  const model = raw.trim().replace(/\s+/g, ' ');
  if (model !== model.toUpperCase()) return model;
  return model.replace(/[\p{L}\p{N}]+/gu, (w) => (/^\p{L}{4,}$/u.test(w) ? titleWord(w) : w));
}

// Body type: registry kodeVerdi (EU body codes, 2007/46 Annex II) first, then keywords of kodeNavn.
const BODY_BY_CODE: Record<string, BodyType> = {
  AA: 'sedan',
  AB: 'kombi',
  AC: 'stasjonsvogn',
  AD: 'coupe',
  AE: 'cabriolet',
  AF: 'flerbruksbil',
  AG: 'stasjonsvogn',
  BA: 'varebil',
  BB: 'varebil',
  BE: 'pickup',
};
const BODY_KEYWORDS: [RegExp, BodyType][] = [
  [/motorvogn/i, 'annet'],
  [/stasjonsvogn|station/i, 'stasjonsvogn'],
  [/sedan/i, 'sedan'],
  [/kabriolet|cabriolet|convertible/i, 'cabriolet'],
  [/kup[eé]|coup[eé]/i, 'coupe'],
  [/pick-?up/i, 'pickup'],
  [/flerbruk|multi/i, 'flerbruksbil'],
  [/\bsuv\b|terreng/i, 'suv'],
  [/varebil|kassebil|\bvan\b|lukket/i, 'varebil'],
  [/kombi(?!nert)|hatchback/i, 'kombi'],
];

export function mapBodyType(k: Json): BodyType | '' {
  const text = kodeText(k);
  if (!text) return '';
  // 'motorvogn' is the registry's catch-all; docs/product/data.md maps it to annet whatever its code says.
  if (/motorvogn/i.test(text)) return 'annet';
  const byName = BODY_KEYWORDS.find(([re]) => re.test(str((k as Kode).kodeNavn)));
  if (byName) return byName[1];
  const code = str((k as Kode).kodeVerdi).toUpperCase();
  if (BODY_BY_CODE[code]) return BODY_BY_CODE[code];
  const byAny = BODY_KEYWORDS.find(([re]) => re.test(text));
  return byAny ? byAny[1] : 'annet';
}

const FUEL_KEYWORDS: [RegExp, FuelType][] = [
  [/elektri|\bel\b|batteri/i, 'el'],
  [/hydrogen/i, 'hydrogen'],
  [/diesel/i, 'diesel'],
  [/bensin|petrol|etanol/i, 'bensin'],
  [/\blpg\b|propan|gass \(lpg\)/i, 'lpg'],
  [/\bcng\b|\blng\b|naturgass|biogass|metan/i, 'cng'],
  [/gass/i, 'lpg'],
];

function fuelOf(k: Json): FuelType | '' {
  const text = kodeText(k);
  if (!text) return '';
  return FUEL_KEYWORDS.find(([re]) => re.test(text))?.[1] ?? 'annet';
}

/**
 * Fuel from every motor's every fuel entry. Electric plus a combustion fuel is a hybrid; it is a plug-in hybrid
 * when motorOgDrivverk.hybridKategori says the battery charges from the grid (kodeVerdi LADBAR / OVC, or a
 * name saying "ladbar" without "ikke"). Without that marker we say hybrid rather than guess.
 */
export function mapFuelType(motorOgDrivverk: Json): FuelType | '' {
  const fuels = new Set<FuelType>();
  for (const motor of list(at(motorOgDrivverk, 'motor'))) {
    for (const d of list(at(motor, 'drivstoff'))) {
      const f = fuelOf(at(d, 'drivstoffKode'));
      if (f) fuels.add(f);
    }
  }
  const hybrid = at(motorOgDrivverk, 'hybridKategori') as Kode | undefined;
  const hybridCode = str(hybrid?.kodeVerdi).toUpperCase();
  const hybridName = `${str(hybrid?.kodeNavn)} ${str(hybrid?.kodeBeskrivelse)}`.toLowerCase();
  const chargeable =
    hybridCode === 'LADBAR' || hybridCode === 'OVC' || (/ladbar/.test(hybridName) && !/ikke/.test(hybridName));
  const nonChargeable = hybridCode === 'IKKE_LADBAR' || hybridCode === 'NOVC' || /ikke ladbar/.test(hybridName);
  const combustion = [...fuels].some((f) => f !== 'el');
  if (fuels.has('el') && combustion) return chargeable ? 'plugin_hybrid' : 'hybrid';
  if (chargeable && combustion) return 'plugin_hybrid';
  if (nonChargeable && combustion) return 'hybrid';
  const first = list(at(motorOgDrivverk, 'motor', 0, 'drivstoff'))[0];
  return fuelOf(at(first, 'drivstoffKode')) || [...fuels][0] || '';
}

export function mapTransmission(k: Json): Transmission | '' {
  const text = kodeText(k).toLowerCase();
  if (!text) return '';
  if (/semi|halv/.test(text)) return 'semi-automat';
  if (/trinnl|cvt/.test(text)) return 'cvt';
  if (/automat/.test(text)) return 'automat';
  if (/manuell|manual/.test(text)) return 'manuell';
  const code = str((k as Kode).kodeVerdi).toUpperCase();
  return code === 'A' ? 'automat' : code === 'M' ? 'manuell' : '';
}

/** Power in kW: the documented path, then maksEffektPrTime (electric cars), then any motor that has one. */
function powerKw(motorOgDrivverk: Json): number | undefined {
  const motors = list(at(motorOgDrivverk, 'motor'));
  const candidates: Json[] = [];
  for (const m of motors) for (const d of list(at(m, 'drivstoff'))) candidates.push(d);
  for (const key of ['maksNettoEffekt', 'maksEffektPrTime'] as const) {
    for (const d of candidates) {
      const kw = num(at(d, key));
      if (kw && kw > 0) return kw;
    }
  }
  return undefined;
}

const int = (v: Json, fallback: number) => {
  const n = num(v);
  return n === undefined ? fallback : Math.round(n);
};

/**
 * The registry's answer ({kjoretoydataListe: [...]}) → the create form's fields, from the first vehicle.
 * Null when the list is missing or empty (docs/product/errors.md: "Ingen bildata funnet for dette registreringsnummeret.").
 */
export function mapVehicleData(json: Json, now: Date = new Date()): VehicleFormData | null {
  const first = list(at(json, 'kjoretoydataListe'))[0];
  if (!first || typeof first !== 'object') return null;
  const td = at(first, 'godkjenning', 'tekniskGodkjenning', 'tekniskeData');
  const mod = at(td, 'motorOgDrivverk');
  const karosseri = at(td, 'karosseriOgLasteplan');

  const firstReg = str(at(first, 'forstegangsregistrering', 'registrertForstegangNorgeDato'));
  const regYear = /^(\d{4})-/.exec(firstReg)?.[1];
  const plate = str(at(first, 'kjoretoyId', 'kjennemerke')) || str(at(list(at(first, 'kjennemerke')).at(-1), 'kjennemerke'));
  const kw = powerKw(mod);

  return {
    registrationNumber: normalisePlate(plate),
    vinNumber: str(at(first, 'kjoretoyId', 'understellsnummer')),
    make: displayMake(str(at(td, 'generelt', 'merke', 0, 'merke'))),
    model: displayModel(str(at(td, 'generelt', 'handelsbetegnelse', 0))),
    year: regYear ? Number(regYear) : now.getFullYear(),
    bodyType: mapBodyType(at(karosseri, 'karosseritype')),
    doors: int(at(karosseri, 'antallDorer', 0), 4),
    seats: int(at(td, 'persontall', 'sitteplasserTotalt'), 5),
    color: str(at(karosseri, 'rFarge', 0, 'kodeNavn')),
    engineSize: int(at(mod, 'motor', 0, 'slagvolum'), 0),
    power: kw === undefined ? 0 : kwToHk(kw),
    fuelType: mapFuelType(mod),
    transmission: mapTransmission(at(mod, 'girkassetype')),
    weight: int(at(td, 'vekter', 'egenvekt'), 0),
    nextInspection: registryDateToNorwegian(at(first, 'periodiskKjoretoyKontroll', 'kontrollfrist')),
    lastInspection: registryDateToNorwegian(at(first, 'periodiskKjoretoyKontroll', 'sistGodkjent')),
  };
}

/** What 'Sjekk bilen' keeps of a registry answer (listing_registry_facts): '' or null where the registry gives nothing. */
export interface VehicleFacts {
  make: string;
  year: number | null;
  fuelType: string;
  power: number | null;
  vinNumber: string;
  /** The EU-kontroll deadline, dd.mm.yyyy, or ''. */
  nextInspection: string;
}

/**
 * The form's mapping (mapVehicleData) without the defaults it fills a form with: a year only from a first
 * registration, a power only when the registry gives one. Null when the answer holds no vehicle.
 */
export function mapVehicleFacts(json: Json): VehicleFacts | null {
  const data = mapVehicleData(json);
  if (!data) return null;
  const first = list(at(json, 'kjoretoydataListe'))[0];
  const registered = /^\d{4}-/.test(str(at(first, 'forstegangsregistrering', 'registrertForstegangNorgeDato')));
  return {
    make: data.make,
    year: registered ? data.year : null,
    fuelType: data.fuelType,
    power: data.power > 0 ? data.power : null,
    vinNumber: data.vinNumber,
    nextInspection: data.nextInspection,
  };
}
