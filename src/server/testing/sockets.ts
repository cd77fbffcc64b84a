import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import type { AppRouter } from '../trpc/root';

/** A ws WebSocket class that sends the given headers on the upgrade request, as a browser sends its cookie and Origin. */
export function socketWith(headers: Record<string, string>) {
  return class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  };
}

/** A tRPC client over one websocket to `host`'s /trpc, opened with these upgrade headers. */
export function socketClient(host: string, headers: Record<string, string>, opts: { retryDelayMs?: number } = {}) {
  const wsClient = createWSClient({
    url: `ws://${host}/trpc`,
    WebSocket: socketWith(headers) as never,
    ...(opts.retryDelayMs === undefined ? {} : { retryDelayMs: () => opts.retryDelayMs! }),
  });
  return { client: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] }), wsClient, close: () => wsClient.close() };
}
