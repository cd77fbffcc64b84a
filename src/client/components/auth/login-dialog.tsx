import { Alert, Button, CloseButton, Dialog, Input, Portal, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEventHandler, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { forgotPasswordInput, loginInput, registerInput } from '../../../shared/schemas/auth';
import { applyFieldErrors, errorMessage, fieldErrors } from '../../lib/server-errors';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { keepOpenOnComboboxEscape } from '../address-autocomplete';
import { AddressField, CredentialFields, EmailPhoneFields } from '../form/user-fields';
import { FormError, FormField } from '../form/form-field';
import { useZodForm } from '../form/use-zod-form';
import { rememberAction, type PendingAction } from './pending-action';

type Tab = 'login' | 'register';

// A toast of three lines (title, a two-line text) and its 1 rem from the screen's edge fit in this.
const TOAST_BAND = '8.5rem';

export interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab: Tab;
  /** The action that opened the dialog, completed by the page after the reload. */
  after?: PendingAction;
}

// docs/product/states.md: after login or registration the cached current user is invalidated, the dialog closes and
// (docs/product/screens.md header) the page reloads, so every screen starts over as the logged-in user.
function useAuthSuccess(onOpenChange: (open: boolean) => void, after: PendingAction | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (title: string, description: string) => {
    toast(title, description);
    await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
    onOpenChange(false);
    // A short pause lets the toast be seen before the reload. The pending action is kept only now, so the page it
    // belongs to runs it after the reload, not in these 600 ms where the reload would cut it off.
    setTimeout(() => {
      if (after) rememberAction(after);
      window.location.reload();
    }, 600);
  };
}

/** The login / register dialog (docs/product/screens.md#login-and-registration-dialog). */
export default function LoginDialog({ open, onOpenChange, initialTab, after }: LoginDialogProps) {
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
        {/* On a phone the dialog (it scrolls as a whole) stops above a band at the bottom of the screen, where the
            toasts show (one at a time, docs/product/limits.md#toasts; the toaster places them at the bottom): a toast never covers its
            fields or buttons, however it is scrolled. */}
        <Dialog.Positioner h={{ base: `calc(100dvh - ${TOAST_BAND})`, md: '100dvh' }}>
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
                  <LoginTab onOpenChange={onOpenChange} after={after} />
                </Tabs.Content>
                <Tabs.Content value="register" pt="0">
                  <RegisterForm onOpenChange={onOpenChange} after={after} />
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

type FormProps = { onOpenChange: (open: boolean) => void; after: PendingAction | undefined };

/**
 * The frame of both forms: their fields, the failure under them, and the submit button, which waits for the answer
 * and stays disabled after a success (the page reloads).
 */
function AuthForm(props: {
  onSubmit: FormEventHandler;
  error: string | null;
  mutation: { isPending: boolean; isSuccess: boolean };
  submit: string;
  submitting: string;
  children: ReactNode;
}) {
  const { isPending, isSuccess } = props.mutation;
  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={props.onSubmit}>
        {props.children}
        <FormError size="sm" message={props.error} />
        <Button type="submit" colorPalette="brand" size="lg" mt="2" disabled={isPending || isSuccess}>
          {isPending ? props.submitting : props.submit}
        </Button>
      </form>
    </Stack>
  );
}

/** The login form, or in its place 'Glemt passord?' (issue 24) until the user goes back. */
function LoginTab(props: FormProps) {
  const [forgot, setForgot] = useState(false);
  return forgot ? <ForgotPasswordForm onBack={() => setForgot(false)} /> : <LoginForm {...props} onForgot={() => setForgot(true)} />;
}

function LoginForm({ onOpenChange, after, onForgot }: FormProps & { onForgot: () => void }) {
  const trpc = useTRPC();
  const done = useAuthSuccess(onOpenChange, after);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(loginInput, { defaultValues: { username: '', password: '' } });
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: () => done('Innlogging vellykket', 'Du er nå logget inn.'),
      onError: (err) => {
        applyFieldErrors(err, form);
        const message = errorMessage(err, 'Innlogging feilet');
        setFormError(message);
        toastError('Innlogging feilet', message);
      },
    }),
  );

  return (
    <AuthForm
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        login.mutate(values);
      })}
      error={formError}
      mutation={login}
      submit="Logg inn"
      submitting="Logg inn..."
    >
      <CredentialFields form={form} />
      <Button variant="plain" size="sm" alignSelf="flex-start" px="0" mt="-2" colorPalette="brand" textDecoration="underline" onClick={onForgot}>
        Glemt passord?
      </Button>
    </AuthForm>
  );
}

/**
 * 'Glemt passord?': the address, then the same answer whether or not it has an account (the server's 202 message), and
 * the way back to the login form.
 */
function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const trpc = useTRPC();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordInput, { defaultValues: { email: '' } });
  const send = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onError: (err) => {
        applyFieldErrors(err, form);
        const message = errorMessage(err, 'Kunne ikke sende lenken. Prøv igjen senere.');
        setFormError(Object.values(fieldErrors(err)).includes(message) ? null : message);
      },
    }),
  );

  if (send.isSuccess) {
    return (
      <Stack gap="4" data-testid="forgot-password-sent">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{send.data.message}</Alert.Title>
        </Alert.Root>
        <Text color="fg.muted" textStyle="sm">
          Lenken gjelder i én time. Finner du ikke e-posten, se i søppelpost-mappen.
        </Text>
        <Button variant="outline" onClick={onBack}>
          Tilbake til innlogging
        </Button>
      </Stack>
    );
  }

  return (
    <Stack asChild gap="4">
      <form
        noValidate
        aria-label="Glemt passord"
        onSubmit={form.handleSubmit((values) => {
          setFormError(null);
          send.mutate(values);
        })}
      >
        <Text>Skriv inn e-postadressen du registrerte deg med, så sender vi deg en lenke for å lage nytt passord.</Text>
        <FormField label="E-post" required error={form.errorOf('email')}>
          <Input {...form.register('email')} type="email" autoComplete="email" inputMode="email" />
        </FormField>
        <FormError size="sm" message={formError} />
        <Button type="submit" colorPalette="brand" size="lg" loading={send.isPending} loadingText="Sender lenke...">
          Send lenke
        </Button>
        <Button variant="ghost" onClick={onBack}>
          Tilbake til innlogging
        </Button>
      </form>
    </Stack>
  );
}

function RegisterForm({ onOpenChange, after }: FormProps) {
  const trpc = useTRPC();
  const done = useAuthSuccess(onOpenChange, after);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(registerInput, {
    defaultValues: { username: '', password: '', name: '', email: '', phone: '', address: '' },
  });
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: () => done('Registrering vellykket', 'Din konto er opprettet og du er logget inn.'),
      onError: (err) => {
        applyFieldErrors(err, form);
        const message = errorMessage(err, 'Registrering feilet');
        // A failure the fields already show (a taken username) is not repeated under the form.
        setFormError(Object.values(fieldErrors(err)).includes(message) ? null : message);
        toastError('Registrering feilet', message);
      },
    }),
  );
  const phone = useWatch({ control: form.control, name: 'phone' });

  return (
    <AuthForm
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        register.mutate(values);
      })}
      error={formError}
      mutation={register}
      submit="Opprett konto"
      submitting="Oppretter konto..."
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <CredentialFields form={form} newPassword />
      </SimpleGrid>
      <FormField label="Fullt navn" required error={form.errorOf('name')}>
        <Input {...form.register('name')} autoComplete="name" />
      </FormField>
      <EmailPhoneFields form={form} phone={phone} />
      <AddressField form={form} name="address" />
    </AuthForm>
  );
}
