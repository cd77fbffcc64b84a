// docs/product/validation.md: optional prefix +47, 0047 or 47, then 8 digits whose first digit is 2-9; spaces ignored.
const PHONE_RE = /^(?:\+47|0047|47)?[2-9]\d{7}$/;

export const PHONE_INLINE_MESSAGE = 'Skriv inn et gyldig norsk telefonnummer';
export const PHONE_SUBMIT_MESSAGE = 'Telefonnummer må være et gyldig norsk nummer (8 siffer, starter med 2-9)';
export const PHONE_PLACEHOLDER = '+47 912 34 567';

export function isValidNorwegianPhone(value: string): boolean {
  return PHONE_RE.test(value.replace(/\s+/g, ''));
}

/**
 * The message a phone field shows (docs/product/validation.md): the submit-time error once the form was submitted, otherwise the
 * inline hint while the typed value is not a valid number; nothing for an empty or valid value.
 */
export function phoneFieldError(value: string, submitError?: string): string | undefined {
  if (submitError) return submitError;
  return value.trim() !== '' && !isValidNorwegianPhone(value) ? PHONE_INLINE_MESSAGE : undefined;
}
