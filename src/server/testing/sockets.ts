import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { AppRouter } from '../trpc/root';
import { createTestApp, listenOnLoopback } from './harness';

/**
 * A ws WebSocket class that sends the given headers on the upgrade request, as a browser sends its cookie and Origin;
 * `ca` is the certificate to trust for wss:// (a test's own self-signed one).
 */
export function socketWith(headers: Record<string, string>, ca?: string | Buffer) {
  return class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers, ...(ca ? { ca } : {}) });
    }
  };
}

export interface SocketClientOptions {
  retryDelayMs?: number;
  /** wss:// trusting this certificate, instead of ws:// (a TLS proxy in front). */
  tlsCa?: string | Buffer;
  /** Called each time the socket opens: the first time and after every reconnect. */
  onOpen?: () => void;
}

/** A tRPC client over one websocket to `host`'s /trpc, opened with these upgrade headers. */
export function socketClient(host: string, headers: Record<string, string>, opts: SocketClientOptions = {}) {
  const wsClient = createWSClient({
    url: `${opts.tlsCa ? 'wss' : 'ws'}://${host}/trpc`,
    WebSocket: socketWith(headers, opts.tlsCa) as never,
    ...(opts.retryDelayMs === undefined ? {} : { retryDelayMs: () => opts.retryDelayMs! }),
    ...(opts.onOpen ? { onOpen: opts.onOpen } : {}),
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
