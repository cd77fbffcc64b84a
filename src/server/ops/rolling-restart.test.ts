import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnMain } from '../testing/main-process';
import WebSocket from 'ws';
import type { Store } from '../store';
import { freePort } from '../testing/free-port';
import { createUser } from '../testing/harness';
import { startHealthCheckingProxy, type HealthCheckingProxy } from '../testing/health-checking-proxy';
import { insertListing } from '../testing/listing-factory';
import { createTestStore, pgUrlOf } from '../testing/stores';

// A rolling deploy loses no request. Two real server processes (src/server/main.ts) on one PostgreSQL
// database behind a proxy that health-checks /readyz and retries an idempotent request on a refused connection, as
// docs/operations.md "Rolling deploys" sets up nginx and Kubernetes. Under steady load each instance in turn gets
// SIGTERM, must exit 0, is started again and waits for /readyz; every request of the load must succeed. Always on
// PostgreSQL: two instances need a shared database.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-rolling-'));

interface Instance {
  port: number;
  url: string;
  proc: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}

function startInstance(port: number, databaseUrl: string): Instance {
  const proc = spawnMain(port, tmp, {
    DATABASE_URL: databaseUrl,
    DATABASE_PATH: path.join(tmp, 'unused', 'db.sqlite'),
    COUNTY_LOOKUP: 'false',
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'warn',
    // Long enough for the proxy's checks (every 200 ms here) to see the 503 before the listener closes.
    SHUTDOWN_DRAIN_MS: '1500',
  });
  const instance: Instance = {
    port,
    url: `http://127.0.0.1:${port}`,
    proc,
    output: '',
    exited: new Promise((resolve) => proc.once('exit', (code) => resolve(code))),
  };
  proc.stdout!.on('data', (d) => (instance.output += d));
  proc.stderr!.on('data', (d) => (instance.output += d));
  return instance;
}

/** Waits until `check` holds, polling; fails naming `what` after `ms`. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Outcome {
  ok: number;
  failed: { what: string; error: string }[];
  servedBy: Map<string, number>;
}

/** A browser-like client: keep-alive connections to the proxy, one request after another. */
function loadLoop(port: number, paths: string[], outcome: Outcome, running: () => boolean): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let i = 0;
  const once = (p: string) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode === 200) {
            outcome.ok++;
            const by = String(res.headers['x-served-by']);
            outcome.servedBy.set(by, (outcome.servedBy.get(by) ?? 0) + 1);
          } else outcome.failed.push({ what: p, error: `${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}` });
          resolve();
        });
        res.on('error', (err) => {
          outcome.failed.push({ what: p, error: String(err) });
          resolve();
        });
      });
      req.on('error', (err) => {
        outcome.failed.push({ what: p, error: String(err) });
        resolve();
      });
    });
  return (async () => {
    while (running()) await once(paths[i++ % paths.length]);
    agent.destroy();
  })();
}

describe('a rolling restart of two instances behind a health-checking proxy', () => {
  let store: Store;
  let proxy: HealthCheckingProxy | undefined;
  const instances: Instance[] = [];
  const paths: string[] = [];

  beforeAll(async () => {
    store = await createTestStore('pg');
    const { user } = await createUser(store);
    for (const make of ['Volvo', 'Toyota', 'Tesla']) {
      const listing = await insertListing(store, user.id, { make, model: 'Test' });
      paths.push(`/api/listings/${listing.id}`, `/api/listings?make=${make}`);
    }
    paths.push('/api/listings/facets', '/sitemap.xml');
  });
  afterAll(async () => {
    await proxy?.close();
    for (const i of instances) if (i.proc.exitCode === null) i.proc.kill('SIGKILL');
    await store?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('loses no request while each instance in turn is stopped with SIGTERM and started again', async () => {
    const url = pgUrlOf(store);
    const ports = [await freePort(), await freePort()];
    instances.push(startInstance(ports[0], url), startInstance(ports[1], url));
    proxy = await startHealthCheckingProxy(instances.map((i) => i.url));
    await until(() => proxy!.ready().length === 2, 'both instances ready');

    const outcome: Outcome = { ok: 0, failed: [], servedBy: new Map() };
    let running = true;
    const loops = Array.from({ length: 6 }, () => loadLoop(proxy!.port, paths, outcome, () => running));
    await until(() => outcome.ok >= 200, 'steady load through both');

    for (const n of [0, 1]) {
      const old = instances[n];
      // A websocket open on the instance going away is told to reconnect elsewhere (1001, going away).
      const socket = new WebSocket(`ws://127.0.0.1:${old.port}/trpc`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const closedWith = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

      const before = outcome.ok;
      const seen = proxy.history(old.url).length;
      old.proc.kill('SIGTERM');
      expect(await old.exited, old.output).toBe(0);
      expect(await closedWith).toBe(1001);
      // The proxy saw /readyz turn 503 (draining) before the instance stopped answering: it took it out on purpose.
      await until(() => proxy!.history(old.url).slice(seen).includes('down'), 'the proxy to find the instance gone');
      expect(proxy.history(old.url).slice(seen, seen + 2)).toEqual([503, 'down']);
      expect(outcome.ok).toBeGreaterThan(before);

      const fresh = startInstance(old.port, url);
      instances[n] = fresh;
      await until(() => proxy!.ready().length === 2, `instance ${n + 1} ready again`);
      const servedBefore = outcome.servedBy.get(fresh.url) ?? 0;
      await until(() => (outcome.servedBy.get(fresh.url) ?? 0) > servedBefore + 20, `traffic to instance ${n + 1} again`);
    }

    running = false;
    await Promise.all(loops);
    expect(outcome.failed).toEqual([]);
    expect(outcome.ok).toBeGreaterThan(400);
  }, 180_000);
});
