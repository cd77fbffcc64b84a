import { Button, Container, EmptyState, VStack } from '@chakra-ui/react';
import { LockKeyhole } from 'lucide-react';
import { useLoginDialog } from '../auth/login-dialog-context';

/** The logged-out state of the pages that need a user: a headline and a button that opens the login dialog. */
export function LoginRequired({ title, description, action = 'Logg inn eller opprett konto' }: { title: string; description?: string; action?: string }) {
  const { openLogin } = useLoginDialog();
  return (
    <Container maxW="2xl" py={{ base: 12, md: 20 }}>
      <EmptyState.Root bg="bg" rounded="l3" borderWidth="1px" shadow="xs">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.solid">
            <LockKeyhole />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title as="h1" textStyle="xl">
              {title}
            </EmptyState.Title>
            {description && <EmptyState.Description>{description}</EmptyState.Description>}
          </VStack>
          <Button colorPalette="brand" onClick={() => openLogin()}>
            {action}
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    </Container>
  );
}
