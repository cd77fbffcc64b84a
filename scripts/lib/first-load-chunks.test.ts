import { describe, expect, it } from 'vitest';
import { planFirstLoad, type SplitChunk } from './first-load-chunks';

// A split as Rolldown's automatic one gives it: the entry loads the framework's chunk, the start's stages and a route
// chunk per page, and small chunks hold what several of them share.
const root = '/app';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], facadeModuleId: string | null = null): SplitChunk => ({
  fileName,
  facadeModuleId,
  isDynamicEntry: facadeModuleId !== null && !facadeModuleId.endsWith('index.html'),
  imports,
  moduleIds,
});
const routeSplit = (route: string) => `/app/src/client/routes/${route}.tsx?tsr-split=component`;
const split = [
  chunk('index.js', ['/app/src/client/main.tsx', '/app/src/shared/format.ts'], [], '/app/index.html'),
  chunk('framework.js', ['/app/node_modules/react-dom/client.js', '/app/node_modules/react/index.js'], ['codes.js', 'index.js'],
    '/app/node_modules/react-dom/client.js'),
  chunk('codes.js', ['/app/src/shared/codes.ts']),
  chunk('theme.js', ['/app/src/client/theme.ts'], ['chakra-core.js']),
  chunk('chakra-core.js', ['/app/node_modules/@chakra-ui/react/factory.js']),
  chunk('start.js', ['/app/src/client/start.tsx'], ['framework.js', 'theme.js', 'box.js', 'header.js'], '/app/src/client/start.tsx'),
  chunk('box.js', ['/app/node_modules/@chakra-ui/react/box.js'], ['chakra-core.js']),
  chunk('header.js', ['/app/src/client/components/header.tsx'], ['box.js']),
  chunk('home.js', [routeSplit('index'), '/app/src/client/components/hero.tsx'], ['card.js', 'badge.js', 'box.js'], routeSplit('index')),
  chunk('search.js', [routeSplit('annonser')], ['card.js', 'badge.js', 'grid.js'], routeSplit('annonser')),
  chunk('listing.js', [routeSplit('listing.$id')], ['badge.js', 'gallery.js'], routeSplit('listing.$id')),
  chunk('card.js', ['/app/src/client/components/card.tsx']),
  chunk('badge.js', ['/app/node_modules/@chakra-ui/react/badge.js']),
  chunk('grid.js', ['/app/node_modules/@chakra-ui/react/grid.js']),
  chunk('gallery.js', ['/app/src/client/components/gallery.tsx']),
  // A lazy page's own chunk: no entry page loads it, so no group takes it.
  chunk('dialog.js', ['/app/node_modules/@chakra-ui/react/dialog.js'], ['box.js'], '/app/src/client/components/dialog.tsx'),
];
const opts = {
  stages: [
    { name: 'framework', module: 'src/client/framework-stage.ts' },
    { name: 'theme', module: 'src/client/theme.ts' },
    { name: 'start', module: 'src/client/start.tsx' },
  ],
  pages: [
    { name: 'home', routeFile: 'src/client/routes/index.tsx' },
    { name: 'search', routeFile: 'src/client/routes/annonser.tsx' },
    { name: 'listing', routeFile: 'src/client/routes/listing.$id.tsx' },
  ],
};
// The framework stage named by a path of its own here: a package name resolves from the root's node_modules.
split[1].moduleIds.push('/app/src/client/framework-stage.ts');

const plan = () => Object.fromEntries(planFirstLoad(split, root, opts).map((g) => [g.name, [...g.modules].sort()]));

describe('planFirstLoad', () => {
  it('gives each stage what its chunks load and no earlier stage or the entry already has', () => {
    const groups = plan();
    expect(groups.framework).toEqual([
      '/app/node_modules/react-dom/client.js',
      '/app/node_modules/react/index.js',
      '/app/src/client/framework-stage.ts',
      '/app/src/shared/codes.ts',
    ]);
    expect(groups.theme).toEqual(['/app/node_modules/@chakra-ui/react/factory.js', '/app/src/client/theme.ts']);
    expect(groups.start).toEqual(['/app/node_modules/@chakra-ui/react/box.js', '/app/src/client/components/header.tsx', '/app/src/client/start.tsx']);
  });

  it('groups what the entry pages load beyond the start by the pages that need it, and leaves each route its own', () => {
    const groups = plan();
    expect(groups['page-home-search-listing']).toEqual(['/app/node_modules/@chakra-ui/react/badge.js']);
    expect(groups['page-home-search']).toEqual(['/app/src/client/components/card.tsx']);
    expect(groups['page-search']).toEqual(['/app/node_modules/@chakra-ui/react/grid.js']);
    expect(groups['page-listing']).toEqual(['/app/src/client/components/gallery.tsx']);
    // The home route's chunk keeps its hero; no group takes a route's split module or a lazy page's code.
    const grouped = Object.values(groups).flat();
    expect(grouped.filter((id) => /tsr-split|hero|dialog/.test(id))).toEqual([]);
    expect(Object.keys(groups)).not.toContain('page-home');
  });

  it('refuses a split without a stage or a route it was told of', () => {
    const stages = [...opts.stages, { name: 'x', module: 'src/client/x.ts' }];
    const pages = [...opts.pages, { name: 'x', routeFile: 'src/client/routes/x.tsx' }];
    expect(() => planFirstLoad(split, root, { ...opts, stages })).toThrow(/no chunk holds the stage/);
    expect(() => planFirstLoad(split, root, { ...opts, pages })).toThrow(/no split chunk/);
  });
});
