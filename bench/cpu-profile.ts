// Where a server's CPU time went, from a V8 CPU profile (`node --cpu-prof`): self time by package and by function,
// and total (inclusive) time of the heaviest functions. Positions in the bundled server (dist/server/main.mjs) are
// mapped back to src/ through its source map. Used by `npm run bench -- --case realtime --profile`.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A source map per bundle file, read once (null when the file has none). */
function sourceMapFor(url: string, cache: Map<string, SourceMap | null>): SourceMap | null {
  if (!cache.has(url)) {
    let map: SourceMap | null = null;
    try {
      const file = fileURLToPath(url);
      if (fs.existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    cache.set(url, map);
  }
  return cache.get(url)!;
}

/** The package a frame belongs to: a node_modules package, node's own code, V8 itself, or our source file. */
function ownerOf(url: string, source: string): string {
  if (!url) return '(V8: garbage collector, compiler, runtime)';
  if (url.startsWith('node:')) return 'node (built-in modules)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  // Our code by folder (src/server/services, db/schema, ...).
  if (source) return source.split('/').slice(0, source.startsWith('src/') ? 3 : 2).join('/');
  return url;
}

export function summarizeCpuProfile(file: string, top = 25): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const maps = new Map<string, SourceMap | null>();
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  // A readable name and location per node, source-mapped where possible.
  const keyOf = new Map<number, { key: string; owner: string }>();
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = n.callFrame;
    let source = '';
    let line = lineNumber + 1;
    let name = functionName || '(anonymous)';
    // Only the bundled server is mapped: a package's own maps point into sources it does not ship.
    const map = url.startsWith('file:') && !url.includes('/node_modules/') ? sourceMapFor(url, maps) : null;
    if (map) {
      const entry = map.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number; name?: string };
      if (entry.originalSource) {
        source = path.relative(root, entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(fileURLToPath(url)), entry.originalSource));
        line = (entry.originalLine ?? 0) + 1;
        if (!functionName && entry.name) name = entry.name;
      }
    } else if (url.startsWith('file:')) {
      const file = fileURLToPath(url);
      const inModules = file.lastIndexOf('/node_modules/');
      source = inModules >= 0 ? file.slice(inModules + 1) : path.relative(root, file);
    }
    const where = source || url;
    keyOf.set(n.id, { key: where ? `${name}  ${where}:${line}` : name, owner: ownerOf(url, source) });
  }
  // A native function (a socket write, a SQLite statement) counts for the package that called it; the garbage
  // collector and V8's own bookkeeping stay apart. Parents come before children in `nodes`.
  for (const n of profile.nodes) {
    const k = keyOf.get(n.id)!;
    const up = parent.get(n.id);
    if (!n.callFrame.url && !k.key.startsWith('(') && up !== undefined) k.owner = keyOf.get(up)!.owner;
  }

  const self = new Map<string, number>();
  const owners = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const id = profile.samples[i];
    const k = keyOf.get(id)!;
    all += dt;
    if (k.key === '(idle)') {
      idle += dt;
      continue;
    }
    self.set(k.key, (self.get(k.key) ?? 0) + dt);
    owners.set(k.owner, (owners.get(k.owner) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = keyOf.get(at)!.key;
      if (seen.has(key) || key === '(root)') continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
  }
  const busy = all - idle;
  const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)} %`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${ms(v)} ${pct(v)}  ${k}`);
  return [
    `  Server CPU profile (${path.basename(file)}): ${(all / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((busy / all) * 100).toFixed(0)} %); shares are of busy time`,
    '  Self time by package / source folder:',
    ...rows(owners, 15),
    `  Self time, top ${top} functions:`,
    ...rows(self, top),
    `  Total (inclusive) time, top ${top} functions:`,
    ...rows(total, top),
  ].join('\n');
}

// `node --import tsx bench/cpu-profile.ts <file.cpuprofile>`: the same summary for any profile.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(summarizeCpuProfile(process.argv[2], Number(process.argv[3] ?? 25)));
}
