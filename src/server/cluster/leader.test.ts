import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { PgStore, Store } from '../store';
import { createTestStore, instancePool } from '../testing/stores';
import { startLeaderElection, type Leadership } from './leader';

const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const KEY = 0x6270746573; // any key no other test locks

function elector(pool: pg.Pool, pollMs = 100) {
  const events: string[] = [];
  const leadership = startLeaderElection(pool, KEY, { onLead: () => events.push('lead'), onLose: () => events.push('lose') }, { pollMs });
  return { events, leadership };
}

describe('leader election on PostgreSQL', () => {
  let store: Store;
  let pools: pg.Pool[];
  const running: Leadership[] = [];
  beforeAll(async () => {
    store = await createTestStore('pg');
    // Two instances: two pools on one database.
    pools = [(store as PgStore).db.$client, instancePool(store, 2)];
  });
  afterAll(async () => {
    await Promise.all(running.map((l) => l.stop()));
    await pools[1].end();
    await store.close();
  });

  /** `a` leads on the first pool; `b`, on the second, has started and keeps trying. */
  async function leaderAndTrying() {
    const a = elector(pools[0]);
    running.push(a.leadership);
    await until(() => a.leadership.isLeader);
    const b = elector(pools[1]);
    running.push(b.leadership);
    return { a, b };
  }

  it('lets one instance lead, and the other take over within a poll when the leader stops', async () => {
    const { a, b } = await leaderAndTrying();
    // Several polls pass: b keeps trying and keeps failing.
    await new Promise((r) => setTimeout(r, 350));
    expect(b.leadership.isLeader).toBe(false);
    expect(b.events).toEqual([]);

    const stoppedAt = Date.now();
    await a.leadership.stop();
    expect(a.events).toEqual(['lead', 'lose']);
    await until(() => b.leadership.isLeader);
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
    expect(b.events).toEqual(['lead']);
    await b.leadership.stop();
  });

  it('hands over when the leader’s connection dies, and the old leader hears it lost', async () => {
    const { a, b } = await leaderAndTrying();
    await new Promise((r) => setTimeout(r, 250));
    expect(b.leadership.isLeader).toBe(false);

    // The server ends the leader's session (a crash, a failover): its advisory lock goes with it.
    const { rows } = await pools[0].query<{ n: number }>(
      `SELECT pg_terminate_backend(pid)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted
       AND ((classid::bigint << 32) | objid::bigint) = $1`,
      [KEY],
    );
    expect(rows[0].n).toBe(1);
    await until(() => b.leadership.isLeader, 2000);
    await until(() => !a.leadership.isLeader);
    expect(a.events).toEqual(['lead', 'lose']);
    // a competes again, as a follower now.
    await new Promise((r) => setTimeout(r, 350));
    expect(a.leadership.isLeader).toBe(false);
    expect([a.leadership.isLeader, b.leadership.isLeader].filter(Boolean)).toHaveLength(1);
  });
});

describe('leader election without PostgreSQL', () => {
  it('makes the single instance the leader at once', async () => {
    const events: string[] = [];
    const l = startLeaderElection(undefined, KEY, { onLead: () => events.push('lead'), onLose: () => events.push('lose') });
    expect(l.isLeader).toBe(true);
    expect(events).toEqual(['lead']);
    await l.stop();
    expect(events).toEqual(['lead', 'lose']);
  });
});
