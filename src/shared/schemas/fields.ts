import { normalizeText, type TextOptions } from '../text';
import { z } from '../zod';
import { PHONE_SUBMIT_MESSAGE, isValidNorwegianPhone } from '../validation/phone';

// Field rules shared by every input schema (auth, contact, feedback, inquiry, the listing form), with their Norwegian
// messages. Every user text goes through `cleanText`: bounded, normalised (src/shared/text.ts), trimmed
// (docs/product/validation.md#text).

export const EMAIL_FORMAT_MESSAGE = 'Skriv inn en gyldig e-postadresse.';
export const EMAIL_MAX = 254;
export const PHONE_MAX = 20;

export const tooLongMessage = (label: string, max: number) => `${label} kan ikke være lengre enn ${max} tegn.`;

/**
 * Normalised, trimmed text of at most `max` characters. A text far above the bound (more than twice it, plus a
 * little) is refused before it is normalised, so a megabyte string costs one length check; the real bound is
 * checked on the cleaned text (removed invisible characters do not count).
 */
export function cleanText(schema: z.ZodString, max: number, tooLong: string, options: TextOptions = {}): z.ZodString {
  return schema
    .max(max * 2 + 100, { error: tooLong, abort: true })
    .overwrite((s) => normalizeText(s, options))
    .trim()
    .max(max, { error: tooLong });
}

/** Missing (or null) → "<label> må fylles ut."; a number, array or object → "<label> må være tekst." */
export const textType = (label: string) =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} må fylles ut.` : `${label} må være tekst.`) });

export const requiredText = (label: string, max: number, options: TextOptions = {}) =>
  cleanText(textType(label), max, tooLongMessage(label, max), options).min(1, { error: `${label} må fylles ut.` });

/** Optional text: absent, null and blank all become ''. */
export const optionalText = (label: string, max: number, options: TextOptions = {}) =>
  cleanText(textType(label), max, tooLongMessage(label, max), options)
    .nullish()
    .transform((v) => v ?? '');

const emailFormat = z.email({ error: EMAIL_FORMAT_MESSAGE });

export const requiredEmail = () => requiredText('E-post', EMAIL_MAX).pipe(emailFormat);

/** E-mail checked for format only when one is given. */
export const optionalEmail = () =>
  optionalText('E-post', EMAIL_MAX).refine((v) => v === '' || emailFormat.safeParse(v).success, { error: EMAIL_FORMAT_MESSAGE });

/** Phone is checked only when present (docs/product/validation.md phone rule). */
export const optionalPhone = () =>
  cleanText(textType('Telefonnummer'), PHONE_MAX, PHONE_SUBMIT_MESSAGE)
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isValidNorwegianPhone(v), { error: PHONE_SUBMIT_MESSAGE });

/**
 * An array of at most `max` items whose length is checked BEFORE any item is: zod checks `.max()` only after
 * parsing every item, so a 15-million-item array would otherwise be walked (and answered with one issue per item)
 * first. Missing or null is [] when `emptyWhenMissing`.
 */
export function boundedArray<T extends z.ZodType>(
  item: T,
  { max, tooMany, notAList, emptyWhenMissing = true }: { max: number; tooMany: string; notAList: string; emptyWhenMissing?: boolean },
) {
  return z.preprocess(
    (v, ctx) => {
      if (emptyWhenMissing && (v === undefined || v === null)) return [];
      // The issue carries no `input`: an error formatter must never see (or echo) the huge value.
      if (Array.isArray(v) && v.length > max) ctx.addIssue({ code: 'custom', message: tooMany, input: undefined });
      return v;
    },
    z.array(item, { error: notAList }).max(max, { error: tooMany }),
  );
}
