import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';

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
// unset, it would run its development build, several times slower.
process.env.NODE_ENV = config.env;

const app = await buildApp(config);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error(err);
  process.exit(1);
}

// SIGTERM ends the process within 10 s with exit 0 whatever the clients do (issue 8): close() cuts every HTTP connection
// (forceCloseConnections) and websocket (http/transport.ts) instead of waiting for them, then closes the database.
// The timer is a last resort for a bug in that path, not for slow clients.
const SHUTDOWN_DEADLINE_MS = 8_000;
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown did not finish in time');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(timer);
    process.exit(0);
  });
}
