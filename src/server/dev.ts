// `npm run dev`: one command for working on the app.
//   - Vite's dev server (hot reload of the client) on PORT (default 3000): open http://localhost:3000.
//   - The API server (main.ts) as a child process on PORT+1, restarted by `node --watch-path` whenever a file in
//     src/server, src/shared or db changes. NODE_ENV=development: readable (pino-pretty) logs, no CSP.
//   - Vite proxies /api, /trpc (including the tRPC websocket) and /uploads to it, so the browser sees one origin
//     and the session cookie and the Origin check work as in production.
// Other variables (DATABASE_PATH, SEED_DEMO, ADMIN_*, VEHICLE_API_KEY, ...) pass through to the API server.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ProxyOptions } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 1 || port > 65534) {
  console.error(`Invalid environment:\n  PORT: expected a port number below 65535, got "${process.env.PORT}"`);
  process.exit(1);
}
const apiPort = port + 1;
const apiTarget = `http://127.0.0.1:${apiPort}`;

function startApi(): ChildProcess {
  return spawn(
    process.execPath,
    ['--watch-path=src/server', '--watch-path=src/shared', '--watch-path=db', '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development', PORT: String(apiPort), HOST: '127.0.0.1' },
    },
  );
}

// Host stays as the browser sent it (no changeOrigin): the API refuses state-changing requests whose Origin
// names another host than the Host header.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget },
  '/trpc': { target: apiTarget, ws: true },
  '/uploads': { target: apiTarget },
  // Served by the API, not from public/ (src/server/pages/sitemap.ts).
  '/robots.txt': { target: apiTarget },
  '^/sitemap(-\\d+)?\\.xml(\\?|$)': { target: apiTarget },
};

const api = startApi();
let shuttingDown = false;

const vite = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  server: { port, strictPort: true, host: process.env.HOST || undefined, proxy },
});
await vite.listen();
vite.printUrls();
console.log(`  ➜  API:     ${apiTarget} (restarts when src/server, src/shared or db change)\n`);

api.on('exit', (code, signal) => {
  if (shuttingDown) return;
  // node --watch keeps running after a crash of main.ts; reaching here means the watcher itself ended.
  console.error(`API server process ended (code ${code}, signal ${signal}); stopping the dev server.`);
  void shutdown(1);
});

async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  const apiExited =
    api.exitCode !== null || api.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => api.once('exit', () => resolve()));
  api.kill('SIGTERM');
  const force = setTimeout(() => api.kill('SIGKILL'), 10_000);
  await Promise.all([vite.close(), apiExited]);
  clearTimeout(force);
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(0));
