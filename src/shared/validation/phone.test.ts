import { describe, expect, it } from 'vitest';
import { PHONE_INLINE_MESSAGE, PHONE_SUBMIT_MESSAGE, isValidNorwegianPhone, phoneFieldError } from './phone';

describe('Norwegian phone rule (docs/product/validation.md)', () => {
  it.each(['91234567', '+47 912 34 567', '0047 41234567', '4791234567', '2 2 3 4 5 6 7 8'])('accepts %s', (v) => {
    expect(isValidNorwegianPhone(v)).toBe(true);
  });
  it.each(['12345678', '9123456', '912345678', '+46 91234567', 'abcdefgh', ''])('rejects %s', (v) => {
    expect(isValidNorwegianPhone(v)).toBe(false);
  });
});

describe('phoneFieldError', () => {
  it('shows nothing for an empty or valid value', () => {
    expect(phoneFieldError('')).toBeUndefined();
    expect(phoneFieldError('   ')).toBeUndefined();
    expect(phoneFieldError('+47 912 34 567')).toBeUndefined();
  });
  it('shows the inline hint while the typed value is invalid', () => {
    expect(phoneFieldError('1234')).toBe(PHONE_INLINE_MESSAGE);
  });
  it('prefers the submit-time error once the form was submitted', () => {
    expect(phoneFieldError('1234', PHONE_SUBMIT_MESSAGE)).toBe(PHONE_SUBMIT_MESSAGE);
  });
});
