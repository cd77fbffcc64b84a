import { Alert, Button, CloseButton, Dialog, Input, Portal, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useWatch, type FieldValues } from 'react-hook-form';
import { forgotPasswordInput, loginInput, registerInput } from '../../../shared/schemas/auth';
import { applyFieldErrors, errorMessage, fieldErrors, formFailure } from '../../lib/server-errors';
import { toast } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { keepOpenOnComboboxEscape } from '../address-autocomplete';
import { AddressField, CredentialFields, EmailPhoneFields } from '../form/user-fields';
import { FormError, FormField } from '../form/form-field';
import { useZodForm, type ZodForm } from '../form/use-zod-form';
import { rememberAction, type PendingAction } from './pending-action';

type Tab = 'login' | 'register';

/** What each form says: its button, the button while it waits, the success toast and the failure's title. */
interface AuthTexts {
  submit: string;
  submitting: string;
  done: string;
  doneText: string;
  failed: string;
}

const LOGIN_TEXTS: AuthTexts = {
  submit: 'Logg inn',
  submitting: 'Logg inn...',
  done: 'Innlogging vellykket',
  doneText: 'Du er nå logget inn.',
  failed: 'Innlogging feilet',
};

const REGISTER_TEXTS: AuthTexts = {
  submit: 'Opprett konto',
  submitting: 'Oppretter konto...',
  done: 'Registrering vellykket',
  doneText: 'Din konto er opprettet og du er logget inn.',
  failed: 'Registrering feilet',
};

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
// (docs/product/screens.md header) the page reloads, so every screen starts over as the logged-in user. A failure
// marks the fields it names and shows in a toast titled `failed`.
function useAuthAnswer<T extends FieldValues>(
  { onOpenChange, after }: FormProps,
  form: ZodForm<T, unknown>,
  texts: AuthTexts,
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = async () => {
    toast(texts.done, texts.doneText);
    await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
    onOpenChange(false);
    // A short pause lets the toast be seen before the reload. The pending action is kept only now, so the page it
    // belongs to runs it after the reload, not in these 600 ms where the reload would cut it off.
    setTimeout(() => {
      if (after) rememberAction(after);
      window.location.reload();
    }, 600);
  };
  return { onSuccess, onError: formFailure(form, texts.failed) };
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

/** A failure's message for the line under a form, or null when a field already shows it (a taken username). */
function unlessOnAField(err: unknown, fallback: string): string | null {
  const message = errorMessage(err, fallback);
  return Object.values(fieldErrors(err)).includes(message) ? null : message;
}

type FormProps = { onOpenChange: (open: boolean) => void; after: PendingAction | undefined };

/**
 * The frame of both forms: their fields, the failure under them (until the form is sent again), and the submit
 * button, which sends the valid values through the mutation, waits for the answer and stays disabled after a success
 * (the page reloads).
 */
function AuthForm<In extends FieldValues, Out>(props: {
  form: ZodForm<In, Out>;
  mutation: { mutate: (values: Out) => void; error: unknown; isPending: boolean; isSuccess: boolean };
  /** The line under the form for the mutation's failure, or null where the fields show it. */
  failure: (error: unknown) => string | null;
  texts: AuthTexts;
  children: ReactNode;
}) {
  const { mutate, error, isPending, isSuccess } = props.mutation;
  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={props.form.handleSubmit((values) => mutate(values))}>
        {props.children}
        <FormError size="sm" message={error ? props.failure(error) : null} />
        <Button type="submit" colorPalette="brand" size="lg" mt="2" disabled={isPending || isSuccess}>
          {isPending ? props.texts.submitting : props.texts.submit}
        </Button>
      </form>
    </Stack>
  );
}

/** The login form, or in its place 'Glemt passord?' (docs/decisions/021-mail-and-account-recovery.md) until the user goes back. */
function LoginTab(props: FormProps) {
  const [forgot, setForgot] = useState(false);
  return forgot ? <ForgotPasswordForm onBack={() => setForgot(false)} /> : <LoginForm {...props} onForgot={() => setForgot(true)} />;
}

function LoginForm({ onForgot, ...props }: FormProps & { onForgot: () => void }) {
  const trpc = useTRPC();
  const form = useZodForm(loginInput, { defaultValues: { username: '', password: '' } });
  const answer = useAuthAnswer(props, form, LOGIN_TEXTS);
  const login = useMutation(trpc.auth.login.mutationOptions(answer));

  return (
    <AuthForm form={form} mutation={login} texts={LOGIN_TEXTS} failure={(err) => errorMessage(err, LOGIN_TEXTS.failed)}>
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
  const form = useZodForm(forgotPasswordInput, { defaultValues: { email: '' } });
  const send = useMutation(trpc.auth.forgotPassword.mutationOptions({ onError: (err) => applyFieldErrors(err, form) }));

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
        onSubmit={form.handleSubmit((values) => send.mutate(values))}
      >
        <Text>Skriv inn e-postadressen du registrerte deg med, så sender vi deg en lenke for å lage nytt passord.</Text>
        <FormField label="E-post" required error={form.errorOf('email')}>
          <Input {...form.register('email')} type="email" autoComplete="email" inputMode="email" />
        </FormField>
        <FormError size="sm" message={send.error ? unlessOnAField(send.error, 'Kunne ikke sende lenken. Prøv igjen senere.') : null} />
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

function RegisterForm(props: FormProps) {
  const trpc = useTRPC();
  const form = useZodForm(registerInput, {
    defaultValues: { username: '', password: '', name: '', email: '', phone: '', address: '' },
  });
  const answer = useAuthAnswer(props, form, REGISTER_TEXTS);
  const register = useMutation(trpc.auth.register.mutationOptions(answer));
  const phone = useWatch({ control: form.control, name: 'phone' });

  return (
    <AuthForm form={form} mutation={register} texts={REGISTER_TEXTS} failure={(err) => unlessOnAField(err, REGISTER_TEXTS.failed)}>
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
