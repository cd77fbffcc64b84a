import { Alert, Field, HStack, Input, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PASSWORD_MISMATCH_MESSAGE } from '../../../shared/validation/password';

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

/**
 * A failure that names no field (wrong password, a dead link, no connection), shown under the fields where the user
 * is looking and read out when it appears.
 */
export function FormError({ message, size }: { message?: string | null; size?: 'sm' | 'md' }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" size={size} role="alert" data-testid="form-error">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/** A new password and its confirmation (docs/product/validation.md): the second says so while the two differ. */
export function NewPasswordFields(props: {
  password: string;
  confirm: string;
  error?: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const mismatch = props.confirm !== '' && props.password !== props.confirm;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <FormField label="Nytt passord" required error={props.error} helper="Minst 6 tegn.">
        <Input type="password" autoComplete="new-password" value={props.password} onChange={(e) => props.onPassword(e.target.value)} />
      </FormField>
      <FormField label="Bekreft nytt passord" required error={mismatch ? PASSWORD_MISMATCH_MESSAGE : undefined}>
        <Input type="password" autoComplete="new-password" value={props.confirm} onChange={(e) => props.onConfirm(e.target.value)} />
      </FormField>
    </SimpleGrid>
  );
}
