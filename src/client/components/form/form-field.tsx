import { Field, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: ReactNode;
  required?: boolean;
  /** The message under the field; while there is one the field is invalid (red border, aria-invalid). */
  error?: string;
  /** Shown under the field while it has no error. */
  helper?: ReactNode;
  /** After the label of a field that is not required, e.g. "(valgfritt)". */
  optional?: ReactNode;
  readOnly?: boolean;
  /** At the end of the error/helper line, e.g. a character count. */
  aside?: ReactNode;
  /** The control: an Input, Textarea, select or a composite input. Chakra's Field gives it id, label and state. */
  children: ReactNode;
}

/** One form field: label (with the required mark or the optional hint), the control, then its error or help. */
export function FormField({ label, required, error, helper, optional, readOnly, aside, children }: FormFieldProps) {
  const message = error ? <Field.ErrorText>{error}</Field.ErrorText> : helper && <Field.HelperText>{helper}</Field.HelperText>;
  return (
    <Field.Root required={required} invalid={!!error} readOnly={readOnly}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator fallback={optional} />
      </Field.Label>
      {children}
      {aside ? (
        <HStack justify="space-between" w="full" align="flex-start" gap="4">
          {message}
          {aside}
        </HStack>
      ) : (
        message
      )}
    </Field.Root>
  );
}
