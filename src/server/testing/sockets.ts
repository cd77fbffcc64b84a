import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { AppRouter } from '../trpc/root';
import { createTestApp, listenOnLoopback } from './harness';

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

/** A test app listening on a loopback port, and its host for ws:// and http:// URLs. */
export async function listeningTestApp() {
  const t = await createTestApp();
  return { t, host: `127.0.0.1:${await listenOnLoopback(t)}` };
}

/** The sockets (or anything closable) a test opens: push them here and they are closed after each test. */
export function closedAfterEachTest(): { close(): Promise<void> }[] {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });
  return opened;
}
