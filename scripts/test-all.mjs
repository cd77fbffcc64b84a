// npm test: typecheck, lint (no warnings allowed), unit + integration tests (vitest) on SQLite and on PostgreSQL, then browser tests
// (vitest + playwright-core + chromium), closing with one pass/fail summary line. Exits non-zero if any part fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const results = [];
function run(name, cmd, args, env = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  results.push({ name, ok: r.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

run('typecheck', 'npx', ['tsc', '--noEmit']);
// Zero warnings: a deliberate exception carries an eslint-disable-next-line comment with its reason (docs/conventions.md).
run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('unit+integration', 'npx', ['vitest', 'run']);
// The same suite on PostgreSQL (docs/decisions/018-postgresql.md): every service and HTTP test on the second store.
run('unit+integration (PostgreSQL)', 'npx', ['vitest', 'run'], { TEST_STORE: 'pg' });
if (fs.existsSync('vitest.e2e.config.ts')) run('browser', 'npx', ['vitest', 'run', '-c', 'vitest.e2e.config.ts']);

const failed = results.filter((r) => !r.ok);
const line = results.map((r) => `${r.name} ${r.ok ? 'PASS' : 'FAIL'} (${r.seconds}s)`).join(', ');
console.log(`\n${failed.length ? 'TESTS FAILED' : 'ALL TESTS PASSED'}: ${line}`);
process.exit(failed.length ? 1 : 0);
