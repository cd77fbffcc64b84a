import { Button, CloseButton, Dialog, Input, Portal, SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { loginInput, registerInput } from '../../../shared/schemas/auth';
import { applyFieldErrors, errorMessage } from '../../lib/server-errors';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { keepOpenOnComboboxEscape } from '../address-autocomplete';
import { AddressField, CredentialFields, EmailPhoneFields } from '../form/user-fields';
import { FormField } from '../form/form-field';
import { useZodForm } from '../form/use-zod-form';

type Tab = 'login' | 'register';

export interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab: Tab;
}

// docs/product/states.md: after login or registration the cached current user is invalidated, the dialog closes and
// (docs/product/screens.md header) the page reloads, so every screen starts over as the logged-in user.
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

/** The login / register dialog (docs/product/screens.md#login-and-registration-dialog). */
export default function LoginDialog({ open, onOpenChange, initialTab }: LoginDialogProps) {
  const [tab, setTab] = useState<Tab>(initialTab);
  // Each opening starts on the tab the caller asked for (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  const contentRef = useRef<HTMLDivElement>(null);
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
      // Keyboard and screen-reader users start typing at once: focus goes to the open tab's first field.
      initialFocusEl={() => contentRef.current?.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden]) input') ?? null}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="login-dialog" ref={contentRef}>
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
  const form = useZodForm(loginInput, { defaultValues: { username: '', password: '' } });
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: () => done('Innlogging vellykket', 'Du er nå logget inn.'),
      onError: (err) => {
        applyFieldErrors(err, form);
        toastError('Innlogging feilet', errorMessage(err, 'Innlogging feilet'));
      },
    }),
  );

  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <CredentialFields form={form} />
        <Button type="submit" colorPalette="brand" size="lg" mt="2" disabled={login.isPending || login.isSuccess}>
          {login.isPending ? 'Logg inn...' : 'Logg inn'}
        </Button>
      </form>
    </Stack>
  );
}

function RegisterForm({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const done = useAuthSuccess(onOpenChange);
  const form = useZodForm(registerInput, {
    defaultValues: { username: '', password: '', name: '', email: '', phone: '', address: '' },
  });
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: () => done('Registrering vellykket', 'Din konto er opprettet og du er logget inn.'),
      onError: (err) => {
        applyFieldErrors(err, form);
        toastError('Registrering feilet', errorMessage(err, 'Registrering feilet'));
      },
    }),
  );
  const phone = useWatch({ control: form.control, name: 'phone' });

  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <CredentialFields form={form} newPassword />
        </SimpleGrid>
        <FormField label="Fullt navn" required error={form.errorOf('name')}>
          <Input {...form.register('name')} autoComplete="name" />
        </FormField>
        <EmailPhoneFields form={form} phone={phone} />
        <AddressField form={form} name="address" />
        <Button type="submit" colorPalette="brand" size="lg" mt="2" disabled={register.isPending || register.isSuccess}>
          {register.isPending ? 'Oppretter konto...' : 'Opprett konto'}
        </Button>
      </form>
    </Stack>
  );
}
