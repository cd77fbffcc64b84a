// A build step (Vite) that puts what an entry page loads first into a few chunks instead of dozens
// (docs/decisions/010-compression-and-bundle.md "First-load chunks").
//
// Rolldown's automatic split gives every set of lazy chunks that share a module a chunk of its own: Chakra's components,
// each icon and the app's shared helpers came as 56–63 files on the three entry pages, most under a kilobyte. Every file
// costs the browser a request, its network process and the server work beside the page's own start-up.
//
// The plan is read from the automatic split itself, in a first build that writes nothing: for each stage of the start
// (src/client/main.tsx) the modules of the chunks it loads statically, and for the entry pages' routes the modules their
// chunks load beyond the start, grouped by the set of entry pages that need them. The real build then gives each of
// those a chunk. A page so loads the same code as before, in fewer files, and the stages still run in their own tasks: a
// module goes to the earliest stage that loads it.
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type InlineConfig, type Rolldown } from 'vite';

/** What the plan reads of a chunk of the automatic split. */
export interface SplitChunk {
  fileName: string;
  /** The module the chunk stands for when it is an entry (index.html, a dynamic import), as Vite names it. */
  facadeModuleId: string | null;
  isDynamicEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

export interface FirstLoadGroup {
  name: string;
  modules: ReadonlySet<string>;
}

export interface FirstLoadOptions {
  /**
   * The stages of the start, in order (what main.tsx imports one by one): a module path relative to the root, or a
   * package's. A stage whose modules a fixed group already gathers (`fixed`) is that group, and takes the modules its
   * chunk loads besides.
   */
  stages: readonly { name: string; module: string; fixed?: RegExp }[];
  /** The entry pages' route files, relative to the root (their split chunk is `<file>?tsr-split=…`). */
  pages: readonly { name: string; routeFile: string }[];
}

/**
 * The groups for `chunks` (the automatic split): one per stage, then one per set of entry pages that share modules
 * beyond the start. What index.html loads itself, and the routes' own split modules, stay where the split put them.
 */
export function planFirstLoad(chunks: readonly SplitChunk[], root: string, opts: FirstLoadOptions): FirstLoadGroup[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const facade = (id: string) => chunks.find((c) => c.facadeModuleId === id || c.moduleIds.includes(id));
  const closure = (from: SplitChunk) => {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file) || !byFile.has(file)) return;
      seen.add(file);
      for (const i of byFile.get(file)!.imports) walk(i);
    };
    walk(from.fileName);
    return [...seen].flatMap((f) => byFile.get(f)!.moduleIds);
  };
  const entry = chunks.find((c) => c.facadeModuleId?.endsWith('index.html'));
  if (!entry) throw new Error('first-load-chunks: the split has no index.html entry');
  const placed = new Set(closure(entry));
  const groups: FirstLoadGroup[] = [];

  const resolve = createRequire(path.join(root, 'package.json')).resolve;
  for (const stage of opts.stages) {
    const chunk = facade(/^\.|^src[\\/]/.test(stage.module) ? path.resolve(root, stage.module) : resolve(stage.module));
    if (!chunk) throw new Error(`first-load-chunks: no chunk holds the stage ${stage.module}`);
    const modules = new Set(closure(chunk).filter((id) => !placed.has(id)));
    modules.forEach((id) => placed.add(id));
    groups.push({ name: stage.name, modules });
  }

  // Each module beyond the start, by the entry pages that load it.
  const needers = new Map<string, string[]>();
  const routeModules = new Set<string>();
  for (const page of opts.pages) {
    const file = path.resolve(root, page.routeFile);
    const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.startsWith(`${file}?tsr-split`));
    if (!chunk) throw new Error(`first-load-chunks: no split chunk for the route ${page.routeFile}`);
    chunk.moduleIds.forEach((id) => routeModules.add(id));
    for (const id of closure(chunk)) if (!placed.has(id)) needers.set(id, [...(needers.get(id) ?? []), page.name]);
  }
  const bySet = new Map<string, Set<string>>();
  for (const [id, pages] of needers) {
    // The route's own chunk keeps its own modules: a group would only leave it a file that imports the group's.
    if (routeModules.has(id) && pages.length === 1) continue;
    const name = `page-${pages.join('-')}`;
    bySet.set(name, (bySet.get(name) ?? new Set()).add(id));
  }
  for (const [name, modules] of bySet) groups.push({ name, modules });
  return groups;
}

type Group = Rolldown.CodeSplittingGroup;

/** The fixed groups of the stages (FirstLoadOptions.stages), which the planning build splits with. */
export const fixedGroups = (opts: FirstLoadOptions): Group[] =>
  opts.stages.flatMap(({ name, fixed }) => (fixed ? [{ name, priority: 1, test: fixed, includeDependenciesRecursively: false }] : []));

/**
 * The code-splitting groups of a build: the fixed ones alone for `plan: false` (the dev server, the planning build);
 * else the first-load groups planned from a build of `config` that writes nothing (planFirstLoad), the fixed ones
 * taking what their chunks load besides. `config` must not hold plugins that write files (the precompression).
 */
export async function firstLoadGroups(config: (groups: Group[]) => InlineConfig, opts: FirstLoadOptions, plan: boolean): Promise<Group[]> {
  const fixed = fixedGroups(opts);
  if (!plan) return fixed;
  const base = config(fixed);
  const out = await build({ ...base, configFile: false, logLevel: 'silent', build: { ...base.build, write: false, manifest: false } });
  const chunks: SplitChunk[] = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk');
  return planFirstLoad(chunks, base.root ?? process.cwd(), opts).map(({ name, modules }) => {
    const own = fixed.find((g) => g.name === name)?.test as RegExp | undefined;
    // Fixed groups first, as in the planning build: a module both would take stays where that build put it.
    return { name, priority: own ? 1 : 0, includeDependenciesRecursively: false, test: (id: string) => (own?.test(id) ?? false) || modules.has(id) };
  });
}
