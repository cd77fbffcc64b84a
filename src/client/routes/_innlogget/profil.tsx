import { Button, Card, Container, Heading, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { phoneSchema, updateProfileInput, type PublicUserShape } from '../../../shared/schemas/auth';
import { PASSWORD_MIN, PASSWORD_MIN_MESSAGE } from '../../../shared/validation/password';
import { z } from '../../../shared/zod';
import { AddressField, EmailPhoneFields } from '../../components/form/user-fields';
import { FormError, FormField, NewPasswordFields } from '../../components/form/form-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { useUser } from '../../hooks/use-user';
import { errorMessage, fieldErrors, formFailure } from '../../lib/server-errors';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { pageHead } from '../../components/layout/page-title';
import { DialogFrame } from '../../components/dialog-frame';

// docs/product/screens.md /profil. The user comes from the login guard (routes/_innlogget.tsx).
export const Route = createFileRoute('/_innlogget/profil')({
  head: () => pageHead('Min profil'),
  staticData: {
    loginRequired: {
      title: 'Du må være innlogget for å se denne siden.',
      action: 'Logg inn',
    },
  },
  pendingComponent: ProfileSkeleton,
  component: ProfilePage,
});

function ProfilePage() {
  const user = useUser();
  return (
    <Container maxW="3xl" py={{ base: 6, md: 10 }}>
      <Stack gap="1" mb="6">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Min profil
        </Heading>
        <Text color="fg.muted">Kontaktopplysningene dine brukes i annonsene og når kjøpere tar kontakt.</Text>
      </Stack>
      <Stack gap="6">
        {/* Re-mounted when another user logs in on this tab, so the form never shows stale values. */}
        <ProfileCard key={user.id} user={user} />
        <PasswordCard />
        <YourDataCard />
      </Stack>
    </Container>
  );
}

/** One of the page's sections: a card with its heading (the section's name) and an optional line under it. */
function Section({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id} size={{ base: 'sm', md: 'md' }}>
      <Card.Header>
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
        {description && <Card.Description>{description}</Card.Description>}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function ProfileSkeleton() {
  return (
    <Container maxW="3xl" py={{ base: 6, md: 10 }} aria-busy="true">
      <Skeleton h="9" w="48" mb="6" />
      <Skeleton h="96" rounded="l3" />
    </Container>
  );
}

// docs/product/validation.md: displayName, name, email, phone and address are marked required on the profile. The server accepts
// an empty phone/address (older accounts may lack them); the form asks for them.
const profileForm = updateProfileInput.extend({
  phone: phoneSchema.refine((v) => v !== '', {
    error: 'Telefonnummer må fylles ut.',
  }),
  address: z.string().trim().min(1, { error: 'Adresse må fylles ut.' }).max(300, { error: 'Adressen er for lang.' }),
});

function profileValues(user: PublicUserShape) {
  return {
    displayName: user.displayName ?? '',
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
  };
}

function ProfileCard({ user }: { user: PublicUserShape }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(profileForm, { defaultValues: profileValues(user) });
  const { isDirty } = form.formState;
  const save = useMutation(
    trpc.auth.updateProfile.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
        form.reset(profileValues(updated));
        toast('Profil oppdatert');
      },
      onError: formFailure(form, 'Feil', () => 'Kunne ikke oppdatere profil.'),
    }),
  );
  const phone = useWatch({ control: form.control, name: 'phone' });

  return (
    <Section id="profile-heading" title="Profilinformasjon">
      <Stack asChild gap="4">
        <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label="Brukernavn" readOnly>
              <Input value={user.username} readOnly variant="subtle" data-testid="profile-username" />
            </FormField>
            <FormField label="Bruker-ID" readOnly>
              <Input value={user.uniqueId} readOnly variant="subtle" fontFamily="mono" data-testid="profile-unique-id" />
            </FormField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label="Visningsnavn" required error={form.errorOf('displayName')} helper="Vises i menyen og i meldinger.">
              <Input {...form.register('displayName')} autoComplete="nickname" />
            </FormField>
            <FormField label="Navn" required error={form.errorOf('name')}>
              <Input {...form.register('name')} autoComplete="name" />
            </FormField>
          </SimpleGrid>
          <EmailPhoneFields form={form} phone={phone} />
          <AddressField form={form} name="address" required />
          <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3" pt="2">
            <Button variant="ghost" type="button" disabled={!isDirty || save.isPending} onClick={() => form.reset(profileValues(user))}>
              Tilbakestill
            </Button>
            <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText="Lagrer...">
              Lagre endringer
            </Button>
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}

function PasswordCard() {
  const trpc = useTRPC();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{
    oldPassword?: string;
    newPassword?: string;
    form?: string;
  }>({});

  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: () => {
        setOldPassword('');
        setNewPassword('');
        setConfirm('');
        setErrors({});
        toast('Passord endret');
      },
      onError: (err) => {
        const message = errorMessage(err, 'Kunne ikke endre passord.');
        const fields = fieldErrors(err);
        setErrors({
          oldPassword: fields.oldPassword,
          newPassword: fields.newPassword,
          form: fields.oldPassword || fields.newPassword ? undefined : message,
        });
        toastError('Feil', message);
      },
    }),
  );

  // Typing in a field clears its own error and the form's.
  const typing = (field: 'oldPassword' | 'newPassword', set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((x) => ({ ...x, [field]: undefined, form: undefined }));
  };

  // docs/product/validation.md: the button stays disabled until all three are filled and the new ones match.
  const ready = oldPassword !== '' && newPassword !== '' && confirm !== '' && newPassword === confirm;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || change.isPending) return;
    if (newPassword.length < PASSWORD_MIN) {
      setErrors({ newPassword: PASSWORD_MIN_MESSAGE });
      return;
    }
    setErrors({});
    change.mutate({ oldPassword, newPassword });
  }

  return (
    <Section id="password-heading" title="Endre passord" description="Du forblir innlogget her; andre enheter blir logget ut.">
      <Stack asChild gap="4">
        <form noValidate onSubmit={submit}>
          {/* Lets password managers tie the new password to this account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <FormField label="Nåværende passord" required error={errors.oldPassword}>
            <Input
              type="password"
              autoComplete="current-password"
              value={oldPassword}
              onChange={(e) => typing('oldPassword', setOldPassword)(e.target.value)}
            />
          </FormField>
          <NewPasswordFields
            password={newPassword}
            confirm={confirm}
            error={errors.newPassword}
            onPassword={typing('newPassword', setNewPassword)}
            onConfirm={setConfirm}
          />
          <FormError message={errors.form} />
          <Stack direction="row" justify="flex-end" pt="2">
            <Button type="submit" colorPalette="brand" disabled={!ready} loading={change.isPending} loadingText="Endrer passord...">
              Endre passord
            </Button>
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}

/**
 * 'Dine data' (the rights /personvern promises): 'Last ned mine data' downloads GET /api/auth/export, and
 * 'Slett kontoen min' deletes the account after the password is given (DELETE /api/auth/account).
 */
function YourDataCard() {
  const [deleting, setDeleting] = useState(false);
  return (
    <Section id="data-heading" title="Dine data" description="Last ned en kopi av alt kontoen din inneholder, eller slett kontoen for godt.">
      <Stack gap="5">
        <Stack gap="2">
          <Text textStyle="sm" color="fg.muted">
            Én JSON-fil med profilen, annonsene, lagrede annonser og søk, chatter med meldinger, varsler og henvendelser du har sendt.
          </Text>
          <Button asChild variant="outline" alignSelf="flex-start">
            {/* Same origin and the session cookie: the browser saves the answer under its Content-Disposition name. */}
            <a href="/api/auth/export" download>
              Last ned mine data
            </a>
          </Button>
        </Stack>
        <Stack gap="2">
          <Text textStyle="sm" color="fg.muted">
            Annonsene, bildene, lagrede annonser og varslene dine slettes. Meldinger du har sendt, blir stående hos mottakeren uten navnet ditt.
          </Text>
          <Button colorPalette="red" variant="outline" alignSelf="flex-start" onClick={() => setDeleting(true)}>
            Slett kontoen min
          </Button>
        </Stack>
      </Stack>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </Section>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useMutation(
    trpc.auth.deleteAccount.mutationOptions({
      onSuccess: () => {
        toast('Kontoen er slettet', 'Vi har sendt en bekreftelse på e-post.');
        // Everything on the page belonged to the account: start over, logged out, on the front page.
        setTimeout(() => window.location.assign('/'), 600);
      },
      onError: (err) => {
        setError(fieldErrors(err).password ?? errorMessage(err, 'Kunne ikke slette kontoen.'));
      },
    }),
  );
  const close = () => {
    setPassword('');
    setError(undefined);
    onClose();
  };

  return (
    <DialogFrame
      role="alertdialog"
      open={open}
      busy={remove.isPending || remove.isSuccess}
      onClose={close}
      title="Slette kontoen din?"
      testId="delete-account-dialog"
      form={{
        noValidate: true,
        onSubmit: (e) => {
          e.preventDefault();
          if (password === '' || remove.isPending) return;
          remove.mutate({ password });
        },
      }}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={remove.isPending}>
            Avbryt
          </Button>
          <Button type="submit" colorPalette="red" disabled={password === '' || remove.isSuccess} loading={remove.isPending} loadingText="Sletter...">
            Slett kontoen min
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>Dette kan ikke angres. Skriv inn passordet ditt for å bekrefte.</Text>
        {/* Lets password managers fill the right account's password. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly />
        <FormField label="Passord" required error={error}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
          />
        </FormField>
      </Stack>
    </DialogFrame>
  );
}
