import type pg from 'pg';
import { closeClient, dedicatedClient, ended } from './connection';

/**
 * Which instance runs the background work that must run once (sweeps, digests): the one holding a PostgreSQL
 * session-level advisory lock. The lock lives as long as the session that took it, so when the leader's process or
 * connection dies the server releases it, and a follower trying every `pollMs` takes over within one poll.
 *
 * A leader that loses its connection hears `onLose` as soon as its client notices; a follower may lead a moment
 * before that (the server saw the session end first), so work done under the lock must be safe to run twice.
 */
export interface Leadership {
  readonly isLeader: boolean;
  /** Stops competing; a leader releases the lock (its connection ends) and hears onLose. */
  stop(): Promise<void>;
}

export interface LeaderHandlers {
  onLead: () => void;
  onLose: () => void;
}

export interface LeaderOptions {
  /** How often a follower tries the lock and a leader checks its connection; a takeover waits at most this long. */
  pollMs?: number;
  log?: { warn: (obj: object, msg: string) => void };
}

export const DEFAULT_LEADER_POLL_MS = 5_000;

/** The lock of the app's background work ("bilpartner leader" in ASCII, beside db/pg/client.ts's migration lock). */
export const BACKGROUND_WORK_LOCK = 0x62706c6472;

/**
 * Starts competing for `lockKey` (any 64-bit integer that nothing else in the database locks). Without a pool — the
 * SQLite store, one instance by definition — the instance leads at once and for good.
 */
export function startLeaderElection(pool: pg.Pool | undefined, lockKey: number, handlers: LeaderHandlers, opts: LeaderOptions = {}): Leadership {
  if (!pool) {
    handlers.onLead();
    let leading = true;
    return {
      get isLeader() {
        return leading;
      },
      async stop() {
        if (!leading) return;
        leading = false;
        handlers.onLose();
      },
    };
  }
  return new PgLeaderElection(pool, lockKey, handlers, opts);
}

class PgLeaderElection implements Leadership {
  private leading = false;
  private stopped = false;
  private client: pg.Client | undefined;
  private wake: (() => void) | undefined;
  private readonly done: Promise<void>;
  private readonly pollMs: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly lockKey: number,
    private readonly handlers: LeaderHandlers,
    private readonly opts: LeaderOptions,
  ) {
    this.pollMs = opts.pollMs ?? DEFAULT_LEADER_POLL_MS;
    this.done = this.run();
  }

  get isLeader() {
    return this.leading;
  }

  private async run() {
    while (!this.stopped) {
      try {
        await this.attempt();
      } catch (err) {
        this.opts.log?.warn({ err }, 'leader election: connection failed');
      }
      this.lose();
      if (this.client) await closeClient(this.client);
      this.client = undefined;
      await this.pause();
    }
  }

  /** One connection's life: try the lock every poll; once held, check the connection every poll until it ends. */
  private async attempt() {
    const client = (this.client = dedicatedClient(this.pool));
    const gone = ended(client).then(() => 'ended' as const);
    await client.connect();
    while (!this.stopped) {
      if (!this.leading) {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [this.lockKey]);
        if (rows[0].ok && !this.stopped) {
          this.leading = true;
          this.handlers.onLead();
        }
      } else {
        // A query notices a connection the server dropped without the socket saying so yet.
        await client.query('SELECT 1');
      }
      if ((await Promise.race([gone, this.pause().then(() => 'poll' as const)])) === 'ended') return;
    }
  }

  private lose() {
    if (!this.leading) return;
    this.leading = false;
    this.handlers.onLose();
  }

  private pause() {
    return new Promise<void>((resolve) => {
      if (this.stopped) return resolve();
      const timer = setTimeout(done, this.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  async stop() {
    if (this.stopped) return this.done;
    this.stopped = true;
    this.wake?.();
    // Ending the session releases the lock at once, so a follower can take over at its next poll.
    if (this.client) await closeClient(this.client);
    await this.done;
  }
}
