import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Tabs } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';

// Placeholder: the full dialog (every field and rule of SPEC §2/§5, address autocomplete) replaces this.
export default function LoginDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; initialTab: 'login' | 'register' }) {
  const trpc = useTRPC();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: () => {
        toast('Innlogging vellykket', 'Du er nå logget inn.');
        props.onOpenChange(false);
        setTimeout(() => window.location.reload(), 400);
      },
      onError: (e) => toastError('Innlogging feilet', e.message || 'Innlogging feilet'),
    }),
  );
  return (
    <Dialog.Root open={props.open} onOpenChange={(e) => props.onOpenChange(e.open)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Logg inn eller opprett konto</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Tabs.Root defaultValue={props.initialTab}>
                <Tabs.List>
                  <Tabs.Trigger value="login">Logg inn</Tabs.Trigger>
                  <Tabs.Trigger value="register">Opprett konto</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="login">
                  <Stack as="form" gap="4" onSubmit={(e) => { e.preventDefault(); login.mutate({ username, password }); }}>
                    <Field.Root required>
                      <Field.Label>Brukernavn</Field.Label>
                      <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" />
                    </Field.Root>
                    <Field.Root required>
                      <Field.Label>Passord</Field.Label>
                      <Input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
                    </Field.Root>
                    <Button type="submit" colorPalette="brand" disabled={login.isPending}>
                      {login.isPending ? 'Logg inn...' : 'Logg inn'}
                    </Button>
                  </Stack>
                </Tabs.Content>
                <Tabs.Content value="register">Kommer.</Tabs.Content>
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
