// Instances of the built server on one PostgreSQL database, as behind a load balancer (docs/operations.md "Several
// instances on PostgreSQL"), for the files that need more than support.ts's one SQLite server:
// e2e/two-instances.e2e.test.ts and e2e/nginx.e2e.test.ts.
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../src/server/testing/free-port';
import { FAKE_VEHICLE_API_KEY, type FakeUpstreams } from './fake-upstreams';
import { copyClientBuild, startServerProcess, type ServerProcess } from './server-process';

export interface PgInstanceOptions {
  databaseUrl: string;
  /** One folder for all instances, as on one machine. */
  uploadDir: string;
  fakes: FakeUpstreams;
  /** The file's own temp folder: each instance's client copy, log and unused SQLite path go under it. */
  dir: string;
  /** Variables added to (or overriding) the instance's environment. */
  env?: Record<string, string>;
}

/**
 * support.ts's server environment (NODE_ENV=production, the fakes, no demo data), on PostgreSQL: DATABASE_URL set, and
 * a DATABASE_PATH of its own that nothing should write (if the app fell back to SQLite, each instance would see only
 * its own data and the test would fail).
 */
function instanceEnv(n: number, port: number, o: PgInstanceOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('VITEST') && k !== 'NODE_ENV') env[k] = v;
  const clientDir = path.join(o.dir, `client-${n}`);
  // Each its own copy: startServerProcess writes the token it waits for into the served folder.
  copyClientBuild(inject('clientBuild'), clientDir);
  return Object.assign(env, {
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: o.databaseUrl,
    DATABASE_PATH: path.join(o.dir, `unused-${n}`, 'bilpartner.db'),
    UPLOAD_DIR: o.uploadDir,
    SEED_DEMO: 'false',
    ADMIN_USERNAME: '',
    ADMIN_PASSWORD: '',
    CLIENT_DIR: clientDir,
    VEHICLE_API_URL: o.fakes.vehicleUrl,
    VEHICLE_API_KEY: FAKE_VEHICLE_API_KEY,
    ADDRESS_API_URL: o.fakes.addressUrl,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...o.env,
  });
}

/**
 * Starts instance `n` and resolves once it answers. On `port` when given (an instance started again where the proxy
 * expects it); else on a free port, trying another if the one found free was taken before the server bound it.
 */
export async function startPgInstance(n: number, o: PgInstanceOptions & { port?: number }): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = o.port ?? (await freePort());
    try {
      return await startServerProcess({
        bundle: inject('serverBundle'),
        port,
        env: instanceEnv(n, port, o),
        logFile: path.join(o.dir, `server-${n}.log`),
        pidDir: inject('pidDir'),
      });
    } catch (err) {
      if (o.port !== undefined || attempt >= 3 || !/EADDRINUSE/.test((err as Error).message)) throw err;
    }
  }
}

export type { ServerProcess };
