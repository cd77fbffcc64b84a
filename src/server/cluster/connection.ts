import type { Socket } from 'node:net';
import pg from 'pg';

/** A query on a dedicated connection that takes longer than this means the connection is dead. */
const QUERY_TIMEOUT_MS = 10_000;

/**
 * A connection of its own beside the instance's pool, with the pool's settings: LISTEN and session-level advisory
 * locks belong to one server session, which a pooled connection is not. Keepalives on both ends make a dead peer (a
 * crashed host, a cut network) end the session within half a minute instead of hours: the server then releases a
 * dead leader's lock, and the client notices its listener is gone.
 */
export function dedicatedClient(pool: pg.Pool): pg.Client {
  const serverKeepalives = '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3';
  const client = new pg.Client({
    ...pool.options,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    query_timeout: QUERY_TIMEOUT_MS,
    options: [pool.options.options, serverKeepalives].filter(Boolean).join(' '),
  });
  // The owner watches 'end'; an unhandled 'error' (the backend terminated) would otherwise crash the process.
  client.on('error', () => {});
  return client;
}

/** Resolves when the connection ends, whether the server, the network or its owner ended it. */
export function ended(client: pg.Client): Promise<void> {
  return new Promise((resolve) => client.once('end', () => resolve()));
}

/**
 * Ends a dedicated connection; on a dead one end() may wait for an answer that never comes, so after a moment its
 * socket is destroyed, which ends the client all the same.
 */
export async function closeClient(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 2000)));
  const result = await Promise.race([client.end().then(() => 'ended' as const, () => 'ended' as const), gaveUp]);
  clearTimeout(timer);
  if (result === 'timeout') (client as unknown as { connection?: { stream?: Socket } }).connection?.stream?.destroy();
}

/** Delay before the next attempt: doubling from `firstMs` up to `maxMs`, with jitter so instances do not march in step. */
export function backoff(attempt: number, firstMs: number, maxMs: number): number {
  const ms = Math.min(firstMs * 2 ** attempt, maxMs);
  return ms / 2 + Math.random() * (ms / 2);
}
