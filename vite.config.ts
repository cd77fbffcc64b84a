import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type InlineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { chakraLazyGlobal } from './scripts/lib/chakra-lazy-global';
import { firstLoadGroups } from './scripts/lib/first-load-chunks';
import { ENTRY_PAGES } from './src/shared/entry-pages';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text files worth compressing; images (the photos are WebP) and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every compressible file of the build,
 * index.html and the public folder's files included, when it is smaller than the file. The server sends the copy the
 * browser asks for (@fastify/static preCompressed, src/server/app.ts), so files are compressed once, at the highest
 * level, instead of on every request (docs/decisions/010-compression-and-bundle.md).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bilpartner:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error) return;
        const files = (await fs.readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f)).map((f) => path.join(outDir, f));
        await Promise.all(
          files.map(async (file) => {
            const data = await fs.readFile(file);
            const [br, gz] = await Promise.all([
              brotli(data, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
            if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

/**
 * Modules of the libraries the entry runs on every page (FIRST_LOAD's first stage). tRPC's WebSocket link is left out:
 * only a logged-in user's live updates load it (src/client/realtime/ws-link.ts).
 */
const PAGE_HEAD = /src[\\/](?:shared[\\/]page-head|client[\\/]components[\\/]layout[\\/]page-title)\./;
const FRAMEWORK =
  /node_modules[\\/](?:react|react-dom|scheduler|@tanstack[\\/](?:router-core|react-router|history|store|react-store|query-core|react-query)|@trpc(?![\\/]client[\\/]dist[\\/](?:links[\\/])?wsLink)|@emotion|stylis|use-sync-external-store|hoist-non-react-statics|react-is)[\\/]/;

// The router plugin must come before react() (docs/stack.md). Chakra's global styles are built on first read, not as the
// theme loads (the server's page carries them).
const appPlugins = () => [
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    // A route's page, pending, error and not-found components form one chunk: they are needed only on that page and
    // share helpers (a page shell), which the default split (pendingComponent unsplit, the others one chunk each)
    // would pull into the first load.
    codeSplittingOptions: { defaultBehavior: [['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']] },
    routesDirectory: './src/client/routes',
    generatedRouteTree: './src/client/routeTree.gen.ts',
  }),
  react(),
  chakraLazyGlobal(),
];

/** The build, split with `groups` (firstLoadGroups). */
const appConfig = (groups: Rolldown.CodeSplittingGroup[]) =>
  ({
    root: import.meta.dirname,
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: false,
      manifest: true,
      rolldownOptions: {
        treeshake: {
          // Chakra's theme module builds its full default config (every recipe of every component) with a defineConfig()
          // call the bundler cannot prove free of side effects, so it kept all of them although src/client/theme.ts takes
          // only the recipes the app uses. defineConfig only returns its argument (Chakra's and Vite's alike): marked
          // pure, an unused result is dropped (docs/decisions/010-compression-and-bundle.md).
          manualPureFunctions: ['defineConfig'],
          // tRPC's WebSocket link has no side effects on import, but its package does not say so: the '@trpc/client'
          // index that the first load imports (for the HTTP links) re-exports it, and so pulled it into the first load
          // although only realtime/ws-link.ts, loaded at the first subscription, uses it. Any other module: the default.
          moduleSideEffects: (id: string) => (/@trpc[\\/]client[\\/]dist[\\/](?:links[\\/])?wsLink/.test(id) ? false : undefined),
        },
        output: { codeSplitting: { groups } },
      },
    },
  }) satisfies InlineConfig;

/**
 * The start's stages (src/client/main.tsx imports them one task after another) and the entry pages' routes
 * (scripts/lib/first-load-chunks.ts).
 *
 * The first stage is the libraries every page runs before it renders (React, the router, TanStack Query and tRPC,
 * Emotion): left to the automatic split they came as a dozen chunks shared with the lazy pages, which the first load
 * fetched anyway and which, compressed one by one, cost more brotli bytes than together. Its group takes them by name
 * (FRAMEWORK), not by what imports them: the '@trpc/client' index re-exports tRPC's WebSocket link, which only a
 * logged-in user's live updates load (see moduleSideEffects above). The page head helpers (src/shared/page-head.ts and
 * the client's page-title) are imported by the root route and by lazy pages alike; split apart they came as a separate
 * chunk too small to compress.
 */
const FIRST_LOAD = {
  stages: [
    { name: 'framework', module: 'react-dom/client', fixed: new RegExp(`${FRAMEWORK.source}|${PAGE_HEAD.source}`) },
    { name: 'theme', module: 'src/client/theme.ts' },
    { name: 'system-ahead', module: 'src/client/system-ahead.ts' },
    { name: 'start', module: 'src/client/start.tsx' },
  ],
  pages: Object.entries(ENTRY_PAGES).map(([name, { routeFile }]) => ({ name, routeFile })),
};

export default defineConfig(async ({ command }) => {
  // A build first splits as Rolldown would, writing nothing, and then puts the entry pages' first load in the chunks
  // that split implies.
  const groups = await firstLoadGroups((g) => ({ ...appConfig(g), plugins: appPlugins() }), FIRST_LOAD, command === 'build');
  return { ...appConfig(groups), plugins: [...appPlugins(), precompress()] };
});
