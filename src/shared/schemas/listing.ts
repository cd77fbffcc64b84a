// The create/edit listing form (docs/product/data.md fields, docs/product/validation.md#create-listing rules, docs/product/limits.md bounds). One schema for the form,
// the tRPC procedures and the REST routes. Messages are those of docs/product/ where it has one; the error *titles*
// ('Manglende informasjon', 'Ugyldig pris', 'Ugyldig filtype') are the client's toast titles (docs/product/errors.md).
import { BODY_TYPES, DRIVETRAINS, FUEL_TYPES, TRANSMISSIONS, codesOf, type Code } from '../codes';
import { EQUIPMENT_COUNT, SERVICE_BOOK_LABEL, isEquipmentLabel, withServiceBook } from '../equipment';
import { isValidNorwegianPhone, PHONE_SUBMIT_MESSAGE } from '../validation/phone';
import type { ListingShape } from '../types/listing';
import { formatNumber } from '../format';
import { plateSchema } from '../vehicle-mapping';
import { z } from '../zod';
import { boundedArray, cleanText, tooLongMessage } from './fields';
import { LISTING_NOT_FOUND_MESSAGE, listingId } from './listing-id';

export { LISTING_NOT_FOUND_MESSAGE, listingId };

export const LISTING_REQUIRED_TITLE = 'Manglende informasjon';
export const LISTING_REQUIRED_MESSAGE = 'Vennligst fyll inn alle obligatoriske felt.';
export const LISTING_PRICE_TITLE = 'Ugyldig pris';
export const LISTING_PRICE_MESSAGE = 'Vennligst angi en gyldig pris.';
export const IMAGE_TYPE_TITLE = 'Ugyldig filtype';
export const IMAGE_TYPE_MESSAGE = 'Kun bildefiler er tillatt.';
/** The toast after a listing is deleted for good, by its owner (Mine annonser) or an admin (docs/product/errors.md). */
export const LISTING_DELETED_TITLE = 'Annonse slettet';
export const LISTING_DELETED_MESSAGE = 'Annonsen er permanent fjernet.';

export const YEAR_MIN = 1950;
/** docs/product/limits.md: "Year 1950 to next year", evaluated when parsing so a long-running server never goes stale. */
export const yearMax = () => new Date().getFullYear() + 1;
export const yearRangeMessage = () => `Årsmodell må være mellom ${YEAR_MIN} og ${yearMax()}.`;

export const LISTING_BOUNDS = {
  doors: { min: 2, max: 6, default: 4 },
  seats: { min: 2, max: 9, default: 5 },
  previousOwners: { min: 1, max: 20, default: 1 },
  vinMax: 30,
} as const;

// --- helpers ------------------------------------------------------------------------------------------------

/** Form values arrive as numbers or text ("250 000", "1,5"); empty means "use the default" (docs/product/validation.md). */
function toNumber(v: unknown): unknown {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') {
    const s = v.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
    return s === '' ? undefined : Number(s);
  }
  return v;
}

interface IntRule {
  label: string;
  min: number;
  max: number;
  default: number;
  rangeMessage?: string;
}
const int = ({ label, min, max, default: fallback, rangeMessage }: IntRule) => {
  const below = rangeMessage ?? (min === 0 ? `${label} kan ikke være negativ.` : `${label} må være minst ${min}.`);
  // Formatted when a value is refused, not while modules load (src/shared/format.ts says why).
  const above = () => rangeMessage ?? `${label} kan ikke være større enn ${formatNumber(max)}.`;
  return z.preprocess(
    toNumber,
    z
      .number({ error: `${label} må være et tall.` })
      .int({ error: `${label} må være et helt tall.` })
      .min(min, { error: below })
      .max(max, { error: above })
      .default(fallback),
  );
};

/** Booleans coerced (docs/product/validation.md): true/false, 'true'/'false', 'on', '1'/'0', 1/0; missing or empty → false. */
const bool = z.preprocess((v) => {
  if (typeof v === 'string') return ['true', 'on', '1', 'yes', 'ja'].includes(v.trim().toLowerCase());
  if (typeof v === 'number') return v !== 0;
  return v ?? false;
}, z.boolean({ error: 'Ugyldig verdi.' }));

/** Form text: missing is '', a number is its digits; normalised and bounded by the shared rule (fields.ts). */
const formText = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v);

const text = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  z.preprocess(formText, cleanText(z.string({ error: `${label} må være tekst.` }), max, tooLongMessage(label, max), options));

const requiredText = (label: string, max: number) =>
  z.preprocess(
    formText,
    cleanText(z.string({ error: LISTING_REQUIRED_MESSAGE }), max, tooLongMessage(label, max)).min(1, { error: LISTING_REQUIRED_MESSAGE }),
  );

/** A code of src/shared/codes.ts, or '' for "not chosen" (every code field is optional). */
const code = <T extends readonly Code[]>(list: T, message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.union([z.literal(''), z.enum(codesOf(list))], { error: message }),
  );

const DATE_NO = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const DATE_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Inspection dates are shown and stored as dd.mm.yyyy (docs/product/data.md); an <input type="date"> value is accepted too. */
const inspectionDate = (label: string) =>
  text(label, 10)
    .transform((v) => {
      const iso = DATE_ISO.exec(v);
      return iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : v;
    })
    .refine(
      (v) => {
        if (v === '') return true;
        const m = DATE_NO.exec(v);
        if (!m) return false;
        const d = new Date(Date.UTC(+m[3], +m[2] - 1, +m[1]));
        return d.getUTCDate() === +m[1] && d.getUTCMonth() === +m[2] - 1;
      },
      { error: `${label} må være en gyldig dato (dd.mm.åååå).` },
    );

// --- images -------------------------------------------------------------------------------------------------

const DATA_URL_RE = /^data:([^;,]*)(;[^,]*)?,/i;
/** A new photo as the browser read it: `data:image/...;base64,...`. */
export function isImageDataUrl(s: string): boolean {
  const m = DATA_URL_RE.exec(s.slice(0, 200));
  return !!m && /^image\//i.test(m[1]);
}
export function isDataUrl(s: string): boolean {
  return DATA_URL_RE.test(s.slice(0, 200));
}
/** Path part of an image the server already stores ('/uploads/…'), given as a path or an absolute URL. */
export function uploadedImagePath(s: string): string | null {
  let p = s;
  if (/^https?:\/\//i.test(s)) {
    try {
      p = new URL(s).pathname;
    } catch {
      return null;
    }
  }
  return /^\/uploads\/[A-Za-z0-9._/-]+$/.test(p) && !p.includes('..') ? p : null;
}

/** At most 15 MB per photo after decoding (docs/product/limits.md#photos). */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = 'Bildet er for stort (maks 15 MB).';
/** The longest data URL of such a photo (base64: 4 characters per 3 bytes, plus the `data:…;base64,` header). */
export const MAX_IMAGE_DATA_URL_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 200;
const MAX_IMAGE_URL_LENGTH = 500;

/**
 * Photos of one create or edit (docs/product/limits.md#photos). A listing has no photo limit (docs/product/validation.md, docs/product/limits.md), but one
 * request must not make the server decode and write unbounded files: at most MAX_NEW_PHOTOS_PER_REQUEST new photos
 * (data URLs) per request; more are added afterwards by editing, or staged one by one (POST /api/listing-images, as
 * the web client does: its form then sends only URLs). The list itself (URLs of stored photos included) holds at
 * most MAX_IMAGES_PER_REQUEST entries, far above any real listing, so a huge array is refused before it is walked.
 */
export const MAX_NEW_PHOTOS_PER_REQUEST = 20;
export const MAX_IMAGES_PER_REQUEST = 1000;
export const TOO_MANY_NEW_PHOTOS_MESSAGE = `Du kan legge til høyst ${MAX_NEW_PHOTOS_PER_REQUEST} nye bilder om gangen. Lagre annonsen, og legg til flere bilder etterpå ved å redigere den.`;
export const TOO_MANY_IMAGES_MESSAGE = `En annonse kan lagres med høyst ${MAX_IMAGES_PER_REQUEST} bilder om gangen.`;

/**
 * One photo of the form: a data URL (a new photo) or the URL of an image this user already uploaded (staged via
 * listings.uploadImage, or already on this listing). Array order is display order; the first is the cover.
 * The server checks each file's real bytes.
 */
const imageRef = z.string({ error: IMAGE_TYPE_MESSAGE }).max(MAX_IMAGE_DATA_URL_LENGTH, { error: IMAGE_TOO_LARGE_MESSAGE, abort: true }).superRefine((s, ctx) => {
  if (isDataUrl(s)) {
    if (!isImageDataUrl(s)) ctx.addIssue({ code: 'custom', message: IMAGE_TYPE_MESSAGE });
    return;
  }
  if (s.length > MAX_IMAGE_URL_LENGTH || !uploadedImagePath(s)) ctx.addIssue({ code: 'custom', message: 'Ukjent bilde. Last opp bildet på nytt.' });
});

const images = boundedArray(imageRef, {
  max: MAX_IMAGES_PER_REQUEST,
  tooMany: TOO_MANY_IMAGES_MESSAGE,
  notAList: 'Bilder må være en liste.',
}).refine((list) => list.filter(isDataUrl).length <= MAX_NEW_PHOTOS_PER_REQUEST, { error: TOO_MANY_NEW_PHOTOS_MESSAGE });

// --- the form -----------------------------------------------------------------------------------------------

/** The catalogue plus 'Fulgt servicehåndbok': no valid list is longer (docs/product/limits.md#arrays-and-texts). */
export const EQUIPMENT_MAX_ITEMS = EQUIPMENT_COUNT + 1;

const equipment = boundedArray(
  z
    .string({ error: 'Ukjent utstyr.' })
    // Catalogue labels are short: a long string is unknown without echoing it back.
    .max(60, { error: 'Ukjent utstyr.', abort: true })
    .refine((s) => s === SERVICE_BOOK_LABEL || isEquipmentLabel(s), {
      error: (iss) => `Ukjent utstyr: ${String(iss.input)}.`,
    }),
  {
    max: EQUIPMENT_MAX_ITEMS,
    tooMany: `Utstyr kan ha høyst ${EQUIPMENT_MAX_ITEMS} valg fra listen.`,
    notAList: 'Utstyr må være en liste.',
  },
);

/** The form's fields, each with its rules: the one list of what a seller fills in. */
export const listingFormFields = {
  // The lookup's plate rule and message (validation.md#registration-number-lookup); missing reads as the form's
  // "fill in all required fields".
  registrationNumber: z.preprocess(formText, plateSchema(LISTING_REQUIRED_MESSAGE)),
  make: requiredText('Merke', 50),
  model: requiredText('Modell', 100),
  year: z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? LISTING_REQUIRED_MESSAGE : 'Årsmodell må være et tall.') })
      .int({ error: 'Årsmodell må være et helt tall.' })
      .refine((y) => y >= YEAR_MIN && y <= yearMax(), { error: yearRangeMessage }),
  ),
  vinNumber: text('Understellsnummer (VIN)', LISTING_BOUNDS.vinMax).transform((v) => v.toUpperCase()),
  bodyType: code(BODY_TYPES, 'Ugyldig karosseritype.'),
  doors: int({ label: 'Antall dører', ...LISTING_BOUNDS.doors, rangeMessage: 'Antall dører må være mellom 2 og 6.' }),
  seats: int({ label: 'Antall seter', ...LISTING_BOUNDS.seats, rangeMessage: 'Antall seter må være mellom 2 og 9.' }),
  color: text('Farge', 50),
  engineSize: int({ label: 'Motorvolum', min: 0, max: 20_000, default: 0 }),
  power: int({ label: 'Effekt', min: 0, max: 3_000, default: 0 }),
  fuelType: code(FUEL_TYPES, 'Ugyldig drivstofftype.'),
  transmission: code(TRANSMISSIONS, 'Ugyldig girkasse.'),
  drivetrain: code(DRIVETRAINS, 'Ugyldig hjuldrift.'),
  weight: int({ label: 'Vekt', min: 0, max: 100_000, default: 0 }),
  mileage: int({ label: 'Kilometerstand', min: 0, max: 10_000_000, default: 0 }),
  previousOwners: int({
    label: 'Antall tidligere eiere',
    ...LISTING_BOUNDS.previousOwners,
    rangeMessage: 'Antall tidligere eiere må være mellom 1 og 20.',
  }),
  nextInspection: inspectionDate('Neste EU-kontroll'),
  lastInspection: inspectionDate('Sist EU-godkjent'),
  description: text('Beskrivelse', 10_000, { multiline: true }),
  // Above 0 (docs/product/validation.md); an empty price defaults to 0 and so fails with the documented message.
  price: int({ label: 'Pris', min: 0, max: 100_000_000, default: 0, rangeMessage: LISTING_PRICE_MESSAGE }).refine(
    (p) => p > 0,
    { error: LISTING_PRICE_MESSAGE },
  ),
  registrationFee: int({ label: 'Omregistreringsavgift', min: 0, max: 10_000_000, default: 0 }),
  equipment,
  images,
  serviceHistory: bool,
  address: requiredText('Adresse', 200),
  hideAddress: bool,
  hideContactInfo: bool,
  contactPhone: text('Telefonnummer', 20).refine((v) => v === '' || isValidNorwegianPhone(v), { error: PHONE_SUBMIT_MESSAGE }),
  // totalPrice is not read: the server always computes price + registrationFee (docs/product/states.md). z.object drops it.
};

export const listingFormInput = z
  .object(listingFormFields)
  .transform(({ equipment: items, serviceHistory, ...rest }) => {
    // 'Fulgt servicehåndbok' and the serviceHistory flag are one fact (src/shared/equipment.ts): either sets it, and
    // the stored list carries the label exactly when the flag is set, so what a client sends comes back.
    const flag = serviceHistory || items.includes(SERVICE_BOOK_LABEL);
    return { ...rest, equipment: withServiceBook(items, flag), serviceHistory: flag };
  });

/** What the form sends (loose: text or numbers). */
export type ListingFormInput = z.input<typeof listingFormInput>;
/** What the server works with after parsing. */
export type ListingFormData = z.output<typeof listingFormInput>;

export type ListingFormKey = keyof typeof listingFormFields;
/** The form's fields in the order they are declared. */
export const LISTING_FORM_KEYS = Object.keys(listingFormFields) as ListingFormKey[];

// Every form field is a field of the listing the API answers with, of the same type (listing-shape.ts).
type FormOutput = { [K in ListingFormKey]: z.output<(typeof listingFormFields)[K]> };
type ShapeFields = Omit<ListingShape, 'images'> & { images: string[] };
const _formFieldsAreListingFields: FormOutput extends Pick<ShapeFields, ListingFormKey> ? true : never = true;

/**
 * What the form's inputs hold: numbers may be text while typed ("250 000") or '' for "use the default"; the schema
 * reads both.
 */
export type ListingFormValues = { [K in ListingFormKey]: FormOutput[K] extends number ? number | string : FormOutput[K] };

/**
 * What an empty field starts as: the schema's own default for an empty input, shown as-is when it is a real choice
 * (doors 4, seats 5, previous owners 1), '' where the default is 0 or the field is required (the seller sees a
 * placeholder instead of a zero).
 */
function emptyValue(schema: z.ZodType): unknown {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success) return '';
  const v = parsed.data;
  return v === 0 ? '' : v;
}

/** The values an empty create form starts from (docs/product/validation.md defaults), derived from the fields' own rules. */
export const EMPTY_LISTING_FORM = Object.fromEntries(
  LISTING_FORM_KEYS.map((key) => [key, emptyValue(listingFormFields[key])]),
) as ListingFormValues;

export const listingIdInput = z.object({ id: listingId });

/** Edit: the listing id plus the full form (docs/product/api.md PATCH /api/listings/{id}). */
export const listingUpdateInput = listingIdInput.extend({ data: listingFormInput });

/** The active toggle must say what it wants: true/false (or 'true'/'false', 1/0); anything else is a 400. */
const activeFlag = z.preprocess(
  (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
  z.boolean({ error: 'Aktiv må være true eller false.' }),
);

export const listingSetActiveInput = listingIdInput.extend({
  active: activeFlag,
});

/**
 * 'Marker som solgt' (docs/product/states.md#sold): `sold: true` takes it off the market, `sold: false` puts it back
 * (active again).
 */
export const listingSetSoldInput = listingIdInput.extend({
  sold: z.boolean({ error: 'Solgt må være true eller false.' }),
});

export { SOLD_TEXTS } from '../texts/sold';

/** A single photo uploaded ahead of the form (staged): the data URL the browser read. */
export const uploadImageInput = z.object({
  image: z
    .string({ error: IMAGE_TYPE_MESSAGE })
    .max(MAX_IMAGE_DATA_URL_LENGTH, { error: IMAGE_TOO_LARGE_MESSAGE, abort: true })
    .refine(isImageDataUrl, { error: IMAGE_TYPE_MESSAGE }),
});

// --- review of an owner's edit (docs/decisions/007-pending-revisions.md) ------------------------------------------

/**
 * What an owner may change on an approved listing without a new review: the price, the fee, the contact phone and the
 * privacy flags (removing and reordering photos is instant too; adding photos is reviewed). Every other form field is
 * reviewed, so a field added to the form is reviewed unless it is listed here. One list for the server (which stages
 * reviewed changes) and the form (which tells the owner, before saving, which changes wait for review).
 */
export const INSTANT_FIELDS = ['price', 'registrationFee', 'contactPhone', 'hideAddress', 'hideContactInfo'] as const satisfies readonly ListingFormKey[];
export type InstantField = (typeof INSTANT_FIELDS)[number];
export type ReviewedField = Exclude<ListingFormKey, 'images' | InstantField>;
export const REVIEWED_FIELDS = LISTING_FORM_KEYS.filter(
  (k): k is ReviewedField => k !== 'images' && !(INSTANT_FIELDS as readonly string[]).includes(k),
);
/** The reviewed fields' values as the server stores them (the form schema's output). */
export type ReviewedValues = Pick<ListingFormData, ReviewedField>;

export { LISTING_FIELD_LABELS } from '../texts/listing-fields';

/** Equipment compared as a set, without the service book (that is the serviceHistory flag, compared on its own). */
const equipmentKey = (items: readonly string[]) => JSON.stringify(items.filter((i) => i !== SERVICE_BOOK_LABEL).sort());

/** Whether one reviewed field holds the same value in both (a stored row, the API's listing or the parsed form). */
export function sameReviewedValue(field: ReviewedField, a: unknown, b: unknown): boolean {
  if (field === 'equipment') return equipmentKey((a ?? []) as string[]) === equipmentKey((b ?? []) as string[]);
  return a === b;
}

/** The reviewed fields whose value differs between `before` and `after`, in form order. */
export function reviewedChanges(before: Record<ReviewedField, unknown>, after: Record<ReviewedField, unknown>): ReviewedField[] {
  return REVIEWED_FIELDS.filter((f) => !sameReviewedValue(f, before[f], after[f]));
}
