import type { TRPCLink } from '@trpc/client';
// The link's own entry point: importing it from '@trpc/client' would tie its modules to that index, which the first
// load imports (for the HTTP links), and keep them in the first load.
import { createWSClient, wsLink } from '@trpc/client/links/wsLink/wsLink';
import type { AppRouter } from '../../server/trpc/root';

// The tRPC WebSocket link, in a chunk of its own: only a logged-in user's live updates (live-updates.tsx) subscribe,
// so a visitor's first load does not carry it (src/client/trpc.ts loads it at the first subscription;
// docs/decisions/010-compression-and-bundle.md).
export function makeWsLink(): TRPCLink<AppRouter> {
  const proto = window.location.protocol === 'https:' ? 'wss' : 'ws';
  // lazy: the socket opens with the first subscription and closes when none are left.
  const client = createWSClient({ url: `${proto}://${window.location.host}/trpc`, lazy: { enabled: true, closeMs: 10_000 } });
  return wsLink({ client });
}
