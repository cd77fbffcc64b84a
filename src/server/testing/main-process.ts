import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/**
 * Starts src/server/main.ts in a process of its own, in production mode on 127.0.0.1:`port`, with a bare
 * environment (uploads under `tmp`, no client build, no demo data) plus `env`.
 */
export function spawnMain(port: number, tmp: string, env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      CLIENT_DIR: path.join(tmp, 'no-client'),
      SEED_DEMO: 'false',
      ...env,
    },
  });
}
