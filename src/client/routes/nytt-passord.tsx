import { Alert, Button, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN, PASSWORD_MIN_MESSAGE } from '../../shared/validation/password';
import { useLoginDialog } from '../components/auth/login-dialog-context';
import { FormError, NewPasswordFields } from '../components/form/form-field';
import { pageHead } from '../components/layout/page-title';
import { errorMessage, fieldErrors } from '../lib/server-errors';
import { useTRPC } from '../trpc';

// 'Glemt passord?' (docs/decisions/021-mail-and-account-recovery.md): the page the mailed link opens. Behind
// no login, rendered in the browser (not in SERVER_RENDERED_ROUTES), kept out of search engines.
export const Route = createFileRoute('/nytt-passord')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => (typeof search.token === 'string' && search.token ? { token: search.token } : {}),
  head: () => ({ meta: [...pageHead('Nytt passord').meta, { name: 'robots', content: 'noindex' }] }),
  component: NewPasswordPage,
});

const NO_TOKEN_MESSAGE = 'Lenken mangler en kode. Åpne lenken fra e-posten på nytt, eller be om en ny lenke.';

function NewPasswordPage() {
  const { token } = Route.useSearch();
  const trpc = useTRPC();
  const { openLogin } = useLoginDialog();
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; form?: string }>({});
  // A used, expired or unknown link: the form goes, the reason and the way to a new link stay.
  const [deadLink, setDeadLink] = useState<string | undefined>();
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onError: (err) => {
        const fields = fieldErrors(err);
        if (fields.token) return setDeadLink(fields.token);
        setErrors(fields.newPassword ? { newPassword: fields.newPassword } : { form: errorMessage(err, 'Kunne ikke lagre nytt passord. Prøv igjen.') });
      },
    }),
  );

  const ready = newPassword !== '' && newPassword === confirm;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!token || !ready || reset.isPending) return;
    if (newPassword.length < PASSWORD_MIN) return setErrors({ newPassword: PASSWORD_MIN_MESSAGE });
    setErrors({});
    reset.mutate({ token, newPassword });
  }

  return (
    <Container maxW="lg" py={{ base: 6, md: 12 }}>
      <Card.Root as="section" aria-labelledby="new-password-heading" size={{ base: 'sm', md: 'md' }}>
        <Card.Header>
          <Heading as="h1" size="2xl" id="new-password-heading">
            Nytt passord
          </Heading>
          <Card.Description>Velg et nytt passord for kontoen din. Du blir logget ut på alle enheter.</Card.Description>
        </Card.Header>
        <Card.Body>
          {reset.isSuccess ? (
            <Stack gap="4" data-testid="password-reset-done">
              <Alert.Root status="success" role="status">
                <Alert.Indicator />
                <Alert.Title>{reset.data.message}</Alert.Title>
              </Alert.Root>
              <Button colorPalette="brand" size="lg" onClick={() => openLogin('login')}>
                Logg inn
              </Button>
            </Stack>
          ) : !token || deadLink ? (
            <InvalidLink message={deadLink ?? NO_TOKEN_MESSAGE} onNewLink={() => openLogin('login')} />
          ) : (
            <Stack asChild gap="4">
              <form noValidate onSubmit={submit}>
                <NewPasswordFields
                  password={newPassword}
                  confirm={confirm}
                  error={errors.newPassword}
                  onPassword={(value) => {
                    setNewPassword(value);
                    setErrors({});
                  }}
                  onConfirm={setConfirm}
                />
                <FormError message={errors.form} />
                <Button type="submit" colorPalette="brand" size="lg" disabled={!ready} loading={reset.isPending} loadingText="Lagrer...">
                  Lagre nytt passord
                </Button>
              </form>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/** A link that cannot be used (none, used, expired): the reason, and the way to a new one ('Glemt passord?' in the login dialog). */
function InvalidLink({ message, onNewLink }: { message: string; onNewLink: () => void }) {
  return (
    <Stack gap="3">
      <FormError message={message} />
      <Text color="fg.muted" textStyle="sm">
        Be om en ny lenke med «Glemt passord?» i innloggingsvinduet.
      </Text>
      <Button variant="outline" alignSelf="flex-start" onClick={onNewLink}>
        Be om ny lenke
      </Button>
    </Stack>
  );
}
