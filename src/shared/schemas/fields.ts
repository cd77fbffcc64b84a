import { z } from '../zod';
import { PHONE_SUBMIT_MESSAGE, isValidNorwegianPhone } from '../validation/phone';

// Field rules shared by the public forms' schemas (contact, feedback, inquiry), with their Norwegian messages.

export const EMAIL_FORMAT_MESSAGE = 'Skriv inn en gyldig e-postadresse.';
export const EMAIL_MAX = 254;
export const PHONE_MAX = 20;

/** Missing (or null) → "<label> må fylles ut."; a number, array or object → "<label> må være tekst." */
export const textType = (label: string) =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} må fylles ut.` : `${label} må være tekst.`) });

export const requiredText = (label: string, max: number) =>
  textType(label)
    .trim()
    .min(1, { error: `${label} må fylles ut.` })
    .max(max, { error: `${label} kan ikke være lengre enn ${max} tegn.` });

/** Optional text: absent, null and blank all become ''. */
export const optionalText = (label: string, max: number) =>
  textType(label)
    .trim()
    .max(max, { error: `${label} kan ikke være lengre enn ${max} tegn.` })
    .nullish()
    .transform((v) => v ?? '');

const emailFormat = z.email({ error: EMAIL_FORMAT_MESSAGE });

export const requiredEmail = () => requiredText('E-post', EMAIL_MAX).pipe(emailFormat);

/** E-mail checked for format only when one is given. */
export const optionalEmail = () =>
  optionalText('E-post', EMAIL_MAX).refine((v) => v === '' || emailFormat.safeParse(v).success, { error: EMAIL_FORMAT_MESSAGE });

/** Phone is checked only when present (SPEC §5 phone rule). */
export const optionalPhone = () =>
  textType('Telefonnummer')
    .trim()
    .max(PHONE_MAX, { error: PHONE_SUBMIT_MESSAGE })
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isValidNorwegianPhone(v), { error: PHONE_SUBMIT_MESSAGE });
