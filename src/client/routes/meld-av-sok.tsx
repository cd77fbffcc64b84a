import { Alert, Button, Card, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { SAVED_SEARCH_TEXTS } from '../../shared/texts/saved-searches';
import { pageHead } from '../components/layout/page-title';
import { errorMessage } from '../lib/server-errors';
import { useTRPC } from '../trpc';

// 'Meld av' from a saved search's alert e-mail (docs/decisions/022-market-alerts.md): one click turns off that
// search's e-mails. The page sends the token itself rather than the link doing it, so a mail scanner that fetches the
// link unsubscribes nobody. Behind no login, rendered in the browser, kept out of search engines.
export const Route = createFileRoute('/meld-av-sok')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => (typeof search.token === 'string' && search.token ? { token: search.token } : {}),
  head: () => ({ meta: [...pageHead(SAVED_SEARCH_TEXTS.unsubscribeTitle).meta, { name: 'robots', content: 'noindex' }] }),
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const { token } = Route.useSearch();
  const trpc = useTRPC();
  const unsubscribe = useMutation(trpc.savedSearches.unsubscribe.mutationOptions());
  const sent = useRef(false);
  useEffect(() => {
    // Once per page, also under StrictMode's second effect run.
    if (!token || sent.current) return;
    sent.current = true;
    unsubscribe.mutate({ token });
  }, [token, unsubscribe]);

  return (
    <Container maxW="lg" py={{ base: 6, md: 12 }}>
      <Card.Root as="section" aria-labelledby="unsubscribe-heading" size={{ base: 'sm', md: 'md' }}>
        <Card.Header>
          <Heading as="h1" size="2xl" id="unsubscribe-heading">
            {SAVED_SEARCH_TEXTS.unsubscribeTitle}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4" aria-live="polite">
            {unsubscribe.isSuccess ? (
              <Alert.Root status="success" role="status" data-testid="unsubscribe-done">
                <Alert.Indicator />
                <Alert.Title>{SAVED_SEARCH_TEXTS.unsubscribed(unsubscribe.data.name)}</Alert.Title>
              </Alert.Root>
            ) : !token || unsubscribe.isError ? (
              <Alert.Root status="error" role="alert" data-testid="unsubscribe-failed">
                <Alert.Indicator />
                <Alert.Title>
                  {unsubscribe.isError ? errorMessage(unsubscribe.error, SAVED_SEARCH_TEXTS.unsubscribeInvalid) : SAVED_SEARCH_TEXTS.unsubscribeInvalid}
                </Alert.Title>
              </Alert.Root>
            ) : (
              <Stack direction="row" align="center" gap="3">
                <Spinner size="sm" />
                <Text>{SAVED_SEARCH_TEXTS.unsubscribing}</Text>
              </Stack>
            )}
            <Button asChild variant="outline" alignSelf="flex-start">
              <Link to="/lagrede-sok">{SAVED_SEARCH_TEXTS.title}</Link>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
