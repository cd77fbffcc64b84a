import { Input } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PHONE_PLACEHOLDER, phoneFieldError } from '../../../shared/validation/phone';
import { FormField } from './form-field';

/**
 * A user's phone number (register, profile). docs/product/validation.md#phone: while typing, an invalid number gets
 * the short inline text and a red border; the submit-time message (from the shared schema) replaces it once the
 * form has been sent.
 */
export function PhoneField({
  typed,
  error,
  required,
  ...input
}: UseFormRegisterReturn & { typed: string | undefined; error: string | undefined; required?: boolean }) {
  return (
    <FormField label="Telefonnummer" required={required} error={phoneFieldError(typed ?? '', error)}>
      <Input {...input} type="tel" autoComplete="tel" inputMode="tel" placeholder={PHONE_PLACEHOLDER} />
    </FormField>
  );
}
