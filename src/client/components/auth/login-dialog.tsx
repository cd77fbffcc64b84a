import { Button, CloseButton, Dialog, Field, Input, Portal, SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { loginInput, registerInput } from '../../../shared/schemas/auth';
import { PHONE_PLACEHOLDER, phoneFieldError } from '../../../shared/validation/phone';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { AddressAutocomplete, keepOpenOnComboboxEscape } from '../address-autocomplete';
import { applyFieldErrors, errorMessage } from './errors';

type Tab = 'login' | 'register';

export interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab: Tab;
}

// SPEC §4: after login or registration the cached current user is invalidated, the dialog closes and
// (SPEC §2 header) the page reloads, so every screen starts over as the logged-in user.
function useAuthSuccess(onOpenChange: (open: boolean) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (title: string, description: string) => {
    toast(title, description);
    await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
    onOpenChange(false);
    // A short pause lets the toast be seen before the reload.
    setTimeout(() => window.location.reload(), 600);
  };
}

/** The login / register dialog (SPEC §2 "Login and registration dialog"). */
export default function LoginDialog({ open, onOpenChange, initialTab }: LoginDialogProps) {
  const [tab, setTab] = useState<Tab>(initialTab);
  // Each opening starts on the tab the caller asked for (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setTab(initialTab);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement={{ base: 'top', md: 'center' }}
      scrollBehavior="outside"
      size="md"
      // Escape in the address field closes its suggestion list, not the dialog.
      onEscapeKeyDown={keepOpenOnComboboxEscape}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="login-dialog">
            <Dialog.Header pe="12">
              <Dialog.Title>Logg inn eller opprett konto</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as Tab)} fitted variant="enclosed" lazyMount>
                <Tabs.List mb="5">
                  <Tabs.Trigger value="login">Logg inn</Tabs.Trigger>
                  <Tabs.Trigger value="register">Opprett konto</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="login" pt="0">
                  <LoginForm onOpenChange={onOpenChange} />
                </Tabs.Content>
                <Tabs.Content value="register" pt="0">
                  <RegisterForm onOpenChange={onOpenChange} />
                </Tabs.Content>
              </Tabs.Root>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Lukk" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function LoginForm({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const done = useAuthSuccess(onOpenChange);
  const form = useForm({ resolver: zodResolver(loginInput), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: () => done('Innlogging vellykket', 'Du er nå logget inn.'),
      onError: (err) => {
        applyFieldErrors(err, ['username', 'password'] as const, form.setError);
        toastError('Innlogging feilet', errorMessage(err, 'Innlogging feilet'));
      },
    }),
  );

  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <Field.Root required invalid={!!errors.username}>
          <Field.Label>
            Brukernavn <Field.RequiredIndicator />
          </Field.Label>
          <Input {...form.register('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
          <Field.ErrorText>{errors.username?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!!errors.password}>
          <Field.Label>
            Passord <Field.RequiredIndicator />
          </Field.Label>
          <Input {...form.register('password')} type="password" autoComplete="current-password" />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" mt="2" disabled={login.isPending || login.isSuccess}>
          {login.isPending ? 'Logg inn...' : 'Logg inn'}
        </Button>
      </form>
    </Stack>
  );
}

const REGISTER_FIELDS = ['username', 'password', 'name', 'email', 'phone', 'address'] as const;

function RegisterForm({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const done = useAuthSuccess(onOpenChange);
  const form = useForm({
    resolver: zodResolver(registerInput),
    defaultValues: { username: '', password: '', name: '', email: '', phone: '', address: '' },
  });
  const { errors } = form.formState;
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: () => done('Registrering vellykket', 'Din konto er opprettet og du er logget inn.'),
      onError: (err) => {
        applyFieldErrors(err, REGISTER_FIELDS, form.setError);
        toastError('Registrering feilet', errorMessage(err, 'Registrering feilet'));
      },
    }),
  );

  // SPEC §5: while typing, an invalid number gets the short inline text and a red border; the submit-time
  // message (from the shared schema) replaces it once the form has been sent.
  const phone = useWatch({ control: form.control, name: 'phone' }) ?? '';
  const phoneError = phoneFieldError(phone, errors.phone?.message);

  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root required invalid={!!errors.username}>
            <Field.Label>
              Brukernavn <Field.RequiredIndicator />
            </Field.Label>
            <Input {...form.register('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
            <Field.ErrorText>{errors.username?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!errors.password}>
            <Field.Label>
              Passord <Field.RequiredIndicator />
            </Field.Label>
            <Input {...form.register('password')} type="password" autoComplete="new-password" />
            {errors.password ? (
              <Field.ErrorText>{errors.password.message}</Field.ErrorText>
            ) : (
              <Field.HelperText>Minst 6 tegn.</Field.HelperText>
            )}
          </Field.Root>
        </SimpleGrid>
        <Field.Root required invalid={!!errors.name}>
          <Field.Label>
            Fullt navn <Field.RequiredIndicator />
          </Field.Label>
          <Input {...form.register('name')} autoComplete="name" />
          <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root required invalid={!!errors.email}>
            <Field.Label>
              E-post <Field.RequiredIndicator />
            </Field.Label>
            <Input {...form.register('email')} type="email" autoComplete="email" inputMode="email" />
            <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!phoneError}>
            <Field.Label>
              Telefonnummer <Field.RequiredIndicator />
            </Field.Label>
            <Input {...form.register('phone')} type="tel" autoComplete="tel" inputMode="tel" placeholder={PHONE_PLACEHOLDER} />
            <Field.ErrorText>{phoneError}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!errors.address}>
          <Field.Label>Adresse</Field.Label>
          <Controller
            control={form.control}
            name="address"
            render={({ field }) => (
              <AddressAutocomplete
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                invalid={!!errors.address}
                placeholder="Begynn å skrive, f.eks. Storgata 1"
              />
            )}
          />
          {errors.address ? <Field.ErrorText>{errors.address.message}</Field.ErrorText> : <Field.HelperText>Valgfritt.</Field.HelperText>}
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" mt="2" disabled={register.isPending || register.isSuccess}>
          {register.isPending ? 'Oppretter konto...' : 'Opprett konto'}
        </Button>
      </form>
    </Stack>
  );
}
