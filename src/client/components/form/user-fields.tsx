import { Input, SimpleGrid } from '@chakra-ui/react';
import type { FieldPathByValue, FieldValues, UseFormRegisterReturn } from 'react-hook-form';
import { AddressInput } from './address-input';
import { FormField } from './form-field';
import { PhoneField } from './phone-field';
import type { ZodForm } from './use-zod-form';

// The account fields the login dialog and /profil share (docs/product/screens.md): the same labels, autocomplete
// hints and checks in both places.

/** What these fields need of a form: its own register and errorOf fit, whatever else the form holds. */
interface FieldsOf<Name extends string> {
  register: (name: Name) => UseFormRegisterReturn;
  errorOf: (name: Name) => string | undefined;
}

/**
 * Brukernavn and Passord; `newPassword` when the password is being chosen (registration). Logging in, the first field
 * also takes the e-mail address (docs/decisions/021-mail-and-account-recovery.md): its label stays the specification's
 * 'Brukernavn', and a helper line says so.
 */
export function CredentialFields({ form, newPassword = false }: { form: FieldsOf<'username' | 'password'>; newPassword?: boolean }) {
  return (
    <>
      <FormField label="Brukernavn" required error={form.errorOf('username')} helper={newPassword ? undefined : 'Du kan også bruke e-postadressen din.'}>
        <Input {...form.register('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <FormField label="Passord" required error={form.errorOf('password')} helper={newPassword ? 'Minst 6 tegn.' : undefined}>
        <Input {...form.register('password')} type="password" autoComplete={newPassword ? 'new-password' : 'current-password'} />
      </FormField>
    </>
  );
}

/** E-post and Telefonnummer side by side; `phone` is the number as typed (useWatch), for the inline check. */
export function EmailPhoneFields({ form, phone }: { form: FieldsOf<'email' | 'phone'>; phone: string | undefined }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <FormField label="E-post" required error={form.errorOf('email')}>
        <Input {...form.register('email')} type="email" autoComplete="email" inputMode="email" />
      </FormField>
      <PhoneField required typed={phone} error={form.errorOf('phone')} {...form.register('phone')} />
    </SimpleGrid>
  );
}

/** Adresse with the address autocomplete: required on /profil, optional ('Valgfritt.') at registration. */
export function AddressField<T extends FieldValues, Out>({
  form,
  name,
  required = false,
}: {
  form: ZodForm<T, Out>;
  name: FieldPathByValue<T, string | undefined>;
  required?: boolean;
}) {
  const error = form.errorOf(name);
  return (
    <FormField label="Adresse" required={required} error={error} helper={required ? undefined : 'Valgfritt.'}>
      <AddressInput control={form.control} name={name} invalid={!!error} placeholder="Begynn å skrive, f.eks. Storgata 1" />
    </FormField>
  );
}
