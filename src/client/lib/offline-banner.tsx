import { Box, Container, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';

// 'Du er frakoblet': shown while the browser has no network (docs/decisions/012-offline-and-caching.md). The service
// worker (public/sw.js) still opens the app, and the listings seen before come from the persisted query cache
// (lib/persisted-queries.ts); the banner says why nothing new arrives. Mounted by main.tsx, outside the router, so it
// shows on every page.

// navigator.onLine says only that a network interface is up; a request that fails for want of a network says more.
// The API client reports each answer or network failure here (trpc.ts).
let unreachable = false;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();
const PROBE_MS = 5000;

/** Called by the API client: true after an answer (any status), false after a network failure. */
export function reportNetwork(reached: boolean) {
  if (unreachable === !reached) return;
  unreachable = !reached;
  if (probe) clearInterval(probe);
  probe = undefined;
  // While unreachable, a cheap request (the start-up warm-up) notices when the network is back.
  if (unreachable) {
    probe = setInterval(() => {
      fetch('/api/listings?limit=1', { method: 'HEAD', cache: 'no-store' }).then(
        () => reportNetwork(true),
        () => {},
      );
    }, PROBE_MS);
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine && !unreachable, () => true);
  if (online) return null;
  return (
    <Box role="status" data-testid="offline-banner" position="sticky" top="0" zIndex="banner" bg="gray.900" color="white" py="2">
      <Container maxW="7xl">
        <Text fontWeight="semibold" textStyle="sm">
          Du er frakoblet
        </Text>
        <Text textStyle="sm">Du ser det som sist ble lastet. Siden oppdateres når du er på nett igjen.</Text>
      </Container>
    </Box>
  );
}
