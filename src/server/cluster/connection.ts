import pg from 'pg';

/**
 * A connection of its own beside the instance's pool, with the pool's settings: LISTEN and session-level advisory
 * locks belong to one server session, which a pooled connection is not. TCP keepalive makes a dead peer (a failover,
 * a cut network) end the connection instead of leaving it open forever.
 */
export function dedicatedClient(pool: pg.Pool): pg.Client {
  const client = new pg.Client({ ...pool.options, keepAlive: true });
  // The owner watches 'end'; an unhandled 'error' (the backend terminated) would otherwise crash the process.
  client.on('error', () => {});
  return client;
}

/** Resolves when the connection ends, whether the server, the network or its owner ended it. */
export function ended(client: pg.Client): Promise<void> {
  return new Promise((resolve) => client.once('end', () => resolve()));
}

/** Delay before the next attempt: doubling from `firstMs` up to `maxMs`, with jitter so instances do not march in step. */
export function backoff(attempt: number, firstMs: number, maxMs: number): number {
  const ms = Math.min(firstMs * 2 ** attempt, maxMs);
  return ms / 2 + Math.random() * (ms / 2);
}
