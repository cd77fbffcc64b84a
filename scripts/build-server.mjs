// Bundles the server (src/server/main.ts and everything it imports from src and db) into dist/server/main.mjs,
// leaving node_modules packages external. Running the bundle instead of TypeScript through tsx cuts start-up
// from ≈1.4 s of on-the-fly compilation to a few hundred milliseconds.
//
// `--outfile <path>` writes the bundle elsewhere (the browser tests build their own copy, so they test what
// `npm start` runs without touching dist/server). The bundle finds db/migrations at ../../db/migrations from its
// own folder and resolves packages from the repository's node_modules, so the file must sit two levels below
// the repository root (dist/<folder>/main.mjs).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outfile: { type: 'string' } } });
const outfile = path.resolve(root, values.outfile ?? 'dist/server/main.mjs');
if (path.resolve(path.dirname(outfile), '../..') !== root) {
  console.error(`build-server: ${outfile} is not two levels below ${root}; the bundle would not find db/migrations`);
  process.exit(1);
}
// The server, and beside it the search threads' entry (src/server/services/search/search-threads.ts looks for
// search-worker.mjs next to the bundle it runs in).
const bundles = [
  [path.join(root, 'src/server/main.ts'), outfile],
  [path.join(root, 'src/server/services/search/search-worker.ts'), path.join(path.dirname(outfile), 'search-worker.mjs')],
];
for (const [entry, out] of bundles) {
  await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  console.log(`Built ${path.relative(root, out)}`);
}
