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

const app = await buildApp(config);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error(err);
  process.exit(1);
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Closes the websocket server, open sockets and the database (onClose hooks).
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  });
}
