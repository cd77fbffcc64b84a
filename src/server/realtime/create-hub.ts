import type { Store } from '../store';
import { InProcessHub, type EventHub } from './hub';
import { PgHub, type EventLoaders, type PgHubOptions } from './pg-hub';

/**
 * The app's event hub for its store: on SQLite one instance, so the in-process hub; on PostgreSQL a PgHub shared by
 * every instance on the database, listening before this resolves (so the first subscription misses nothing).
 */
export async function createEventHub(
  store: Store,
  load: EventLoaders,
  opts: Pick<PgHubOptions, 'onInterrupted' | 'log'> = {},
): Promise<EventHub & { close(): void | Promise<void> }> {
  if (store.dialect === 'sqlite') return new InProcessHub();
  const hub = new PgHub({ pool: store.db.$client, load, ...opts });
  await hub.whenListening();
  return hub;
}
