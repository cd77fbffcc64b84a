import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { beginDraining, lastProbedAt } from './ops/probes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
config.clientDir ??= path.join(root, 'dist/client');
// NODE_ENV defaults to production (config.ts), and React, which the page render loads, reads the variable itself:
// unset, it would run its development build, which is much slower.
process.env.NODE_ENV = config.env;

const app = await buildApp(config);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error(err);
  process.exit(1);
}

// Requests being answered, for the shutdown below: it lets them finish before the app closes.
let inFlight = 0;
app.server.on('request', (_req, res) => {
  inFlight++;
  res.once('close', () => inFlight--);
});

// A graceful stop for rolling deploys (docs/operations.md "Rolling deploys", docs/decisions/020-operability.md), over
// within 10 s with exit 0 whatever the clients do:
// 1. /readyz answers 503 and every answer closes its connection; when something has been probing /readyz, the server
//    keeps serving for SHUTDOWN_DRAIN_MS so the prober takes the instance out before it stops taking connections;
// 2. it stops taking connections and lets the requests in flight finish, for at most IN_FLIGHT_GRACE_MS;
// 3. app.close() asks open websockets to reconnect elsewhere (close 1001, http/transport.ts), cuts what is left
//    (forceCloseConnections) and closes the database.
// The deadline is a last resort for a bug in that path, not for slow clients.
const IN_FLIGHT_GRACE_MS = 4_000;
const SHUTDOWN_DEADLINE_MS = 9_500;
/** A /readyz asked within this long before SIGTERM means a prober is watching, and the drain is worth waiting. */
const PROBED_RECENTLY_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => {
      app.log.error('shutdown did not finish in time');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      beginDraining(app);
      const probed = Date.now() - lastProbedAt(app) < PROBED_RECENTLY_MS;
      app.log.info({ signal, drainMs: probed ? config.shutdownDrainMs : 0, inFlight }, 'shutting down');
      if (probed) await sleep(config.shutdownDrainMs);
      // No new connections from here on: a proxy's attempt is refused, and it tries another instance.
      app.server.close();
      const graceEnds = Date.now() + IN_FLIGHT_GRACE_MS;
      while (inFlight > 0 && Date.now() < graceEnds) {
        app.server.closeIdleConnections();
        await sleep(50);
      }
      if (inFlight > 0) app.log.warn({ inFlight }, 'requests still in flight at shutdown are cut');
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(timer);
    process.exit(0);
  });
}
