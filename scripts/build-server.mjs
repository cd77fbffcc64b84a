// Bundles the server (src/server/main.ts and everything it imports from src and db) into dist/server/main.mjs and its
// chunks/, leaving node_modules packages external. Running the bundle instead of TypeScript through tsx spares start-up
// the on-the-fly compilation, much the larger part of it.
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
// Split at dynamic imports: the page render (src/server/pages/client-entry.ts) is its own chunk, so React, Chakra and
// the routes are loaded with the first page, not at start (packages stay external, and an ESM bundle imports every
// external package of its one file when it starts).
// The page render's UI packages publish one module per component or icon (thousands in all), and Node keeps every
// module it loads: its source, its compiled code and, under --enable-source-maps, its map. Bundled into the render's
// chunk, only what the pages import is loaded, as one module. Every other package stays external, React and Emotion
// among them, so the server and the render share one copy of each.
const INLINED = ['lucide-react', '@ark-ui/react', '@chakra-ui/react'];

/** esbuild's `packages: 'external'`, except for `inlined` (and their subpaths). */
function externalPackagesBut(inlined) {
  return {
    name: 'external-packages-but',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (inlined.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

await build({
  entryPoints: { [path.basename(outfile, '.mjs')]: path.join(root, 'src/server/main.ts') },
  outdir: path.dirname(outfile),
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackagesBut(INLINED)],
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`Built ${path.relative(root, outfile)}`);
