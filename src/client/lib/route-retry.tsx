import { Alert, Button } from '@chakra-ui/react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Fragment, useEffect, type ComponentType, type ReactNode } from 'react';

/**
 * For a route's errorComponent: 'Prøv igjen' runs the route's loaders again. The query error boundary is reset on
 * mount, so the retried useSuspenseQuery fetches instead of rethrowing the cached error (TanStack Router's
 * "basic-react-query" example does the same).
 */
export function useRouteRetry() {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();
  useEffect(() => reset(), [reset]);
  return () => void router.invalidate();
}

/** The text of whatever a loader threw, for the error states that show it. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A route's errorComponent body: what failed, the loader's message, and 'Prøv igjen' to run the loaders again. */
export function RouteErrorAlert({ title, error }: { title: string; error: unknown }) {
  const retry = useRouteRetry();
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{messageOf(error)}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={retry}>
        Prøv igjen
      </Button>
    </Alert.Root>
  );
}

/** A route's errorComponent: the page's frame (its heading) around the failure, so the page keeps its title. */
export function routeError(title: string, Frame: ComponentType<{ children: ReactNode }> = Fragment) {
  return function RouteError({ error }: ErrorComponentProps) {
    return (
      <Frame>
        <RouteErrorAlert title={title} error={error} />
      </Frame>
    );
  };
}
