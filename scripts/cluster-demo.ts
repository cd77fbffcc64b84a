// npm run cluster:demo — a local cluster in one command (docs/operations.md "Several instances"): a throwaway
// PostgreSQL, two instances of the built server on it, and a round-robin proxy in front, as nginx would be. Open the
// printed address, log in as a demo user in one browser and another in a second: every request alternates between
// the instances (the X-Served-By header tells which), and a chat still arrives live. Ctrl-C stops everything and
// removes the temporary database and photos.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, startPgCluster } from '../src/server/testing/pg-cluster';
import { startRoundRobinProxy } from '../src/server/testing/round-robin-proxy';
import { ensureBuild, freePort, startServer, stopServer, type RunningServer } from './lib/built-server';

const port = Number(process.env.PORT ?? 3000);
const instances = Math.max(2, Number(process.env.INSTANCES ?? 2));

async function main() {
  ensureBuild();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-cluster-'));
  const cluster = await startPgCluster();
  await adminQuery(cluster.adminUrl, 'CREATE DATABASE bilpartner');
  const databaseUrl = cluster.urlOf('bilpartner');
  console.log(`PostgreSQL: ${databaseUrl}`);

  const servers: RunningServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
    await cluster.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));

  try {
    // Started together on purpose: they migrate once between them (an advisory lock) and seed the demo data once.
    const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
    servers.push(
      ...(await Promise.all(
        ports.map((p, i) =>
          startServer(
            {
              dbPath: path.join(tmp, 'unused.db'),
              // One folder on one machine; on several machines photos go to object storage (S3_BUCKET).
              uploadDir: path.join(tmp, 'uploads'),
              port: p,
              seedDemo: true,
              logFile: path.join(tmp, `instance-${i + 1}.log`),
              logLevel: 'info',
              env: { DATABASE_URL: databaseUrl, COOKIE_SECURE: 'false', TRUST_PROXY: 'loopback' },
            },
            60_000,
          ),
        ),
      )),
    );
  } catch (err) {
    console.error((err as Error).message);
    for (const f of fs.readdirSync(tmp).filter((n) => n.endsWith('.log'))) console.error(fs.readFileSync(path.join(tmp, f), 'utf8').slice(-2000));
    await stop();
    process.exit(1);
  }
  const proxy = await startRoundRobinProxy(servers.map((s) => s.base), { port, host: '127.0.0.1' });
  console.log(servers.map((s, i) => `instance ${i + 1}: ${s.base} (log: ${path.join(tmp, `instance-${i + 1}.log`)})`).join('\n'));
  console.log(`\nBilpartner.no on ${instances} instances: http://127.0.0.1:${proxy.port}`);
  console.log('Demo users: kari.nordmann, ola.hansen (password bilpartner123). Ctrl-C stops the cluster.');
}

await main();
