import { z } from '../zod';
import { PHONE_SUBMIT_MESSAGE, isValidNorwegianPhone } from '../validation/phone';
import { LISTING_NOT_FOUND_MESSAGE } from './listing';

// An inquiry about a listing (SPEC §3 "Inquiry", §5): name, e-mail (format) and message required, phone optional and
// checked by the Norwegian phone rule only when given. One schema for the form on /listing/{id}, the procedure and
// POST /api/inquiries.

export const INQUIRY_NAME_MAX = 100;
export const INQUIRY_EMAIL_MAX = 254;
export const INQUIRY_PHONE_MAX = 20;
export const INQUIRY_MESSAGE_MAX = 5000;

export const INQUIRY_SENT_TITLE = 'Henvendelse sendt';
export const INQUIRY_FAILED_MESSAGE = 'Kunne ikke sende henvendelse. Prøv igjen senere.';
export const INQUIRY_OWN_LISTING_MESSAGE = 'Du kan ikke sende en henvendelse om din egen annonse.';

/** Missing (or null) → "<label> må fylles ut."; a number, array or object → "<label> må være tekst." */
const textType = (label: string) =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} må fylles ut.` : `${label} må være tekst.`) });

const requiredText = (label: string, max: number) =>
  textType(label)
    .trim()
    .min(1, { error: `${label} må fylles ut.` })
    .max(max, { error: `${label} kan ikke være lengre enn ${max} tegn.` });

export const inquiryInput = z.object({
  listingId: z.coerce.number({ error: LISTING_NOT_FOUND_MESSAGE }).int().positive({ error: LISTING_NOT_FOUND_MESSAGE }),
  name: requiredText('Navn', INQUIRY_NAME_MAX),
  email: requiredText('E-post', INQUIRY_EMAIL_MAX).pipe(z.email({ error: 'Skriv inn en gyldig e-postadresse.' })),
  phone: textType('Telefonnummer')
    .trim()
    .max(INQUIRY_PHONE_MAX, { error: PHONE_SUBMIT_MESSAGE })
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isValidNorwegianPhone(v), { error: PHONE_SUBMIT_MESSAGE }),
  message: requiredText('Melding', INQUIRY_MESSAGE_MAX),
});

export type InquiryInput = z.input<typeof inquiryInput>;
export type InquiryValues = z.output<typeof inquiryInput>;

export interface InquiryShape {
  id: number;
  listingId: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: string;
}
