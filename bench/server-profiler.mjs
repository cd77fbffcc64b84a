// Preloaded into the server by `npm run bench -- --profile` (NODE_OPTIONS=--import <this file>; node refuses
// --cpu-prof there): the first SIGUSR2 starts V8's CPU profiler, the second stops it and writes the profile to
// BENCH_CPU_PROFILE, so the profile covers the measured window only, not start-up or connecting. Over the same window
// it watches the event loop's delay and the garbage collector's pauses (what blocks every socket at once), and at
// each signal it notes the process's memory; both go to BENCH_CPU_PROFILE.memory.jsonl, one JSON object a line.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_CPU_PROFILE;
const session = new Session();
session.connect();
let running = false;
const MB = 1024 * 1024;
const note = (line) => fs.appendFileSync(`${file}.memory.jsonl`, `${JSON.stringify(line)}\n`);

function recordMemory(at) {
  const m = process.memoryUsage();
  note({ at, rssMB: m.rss / MB, heapUsedMB: m.heapUsed / MB, heapTotalMB: m.heapTotal / MB, externalMB: m.external / MB, arrayBuffersMB: m.arrayBuffers / MB });
}

// Its samples are the time between two ticks of a 5 ms timer: the delay is what exceeds the 5 ms.
const RESOLUTION_MS = 5;
const loopDelay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
const excessMs = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
// Node's gc entries: detail.kind 1 minor (scavenge), 2 major (mark-compact), 4 incremental marking, 8 weak callbacks.
const GC_KINDS = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };
let pauses = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) pauses.push({ ms: e.duration, kind: GC_KINDS[e.detail?.kind] ?? String(e.detail?.kind) });
});

process.on('SIGUSR2', async () => {
  recordMemory(running ? 'end' : 'start');
  if (!running) {
    running = true;
    pauses = [];
    loopDelay.reset();
    loopDelay.enable();
    gcObserver.observe({ entryTypes: ['gc'] });
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    return;
  }
  running = false;
  loopDelay.disable();
  gcObserver.disconnect();
  const byKind = {};
  for (const p of pauses) {
    const k = (byKind[p.kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
    k.count++;
    k.totalMs += p.ms;
    k.maxMs = Math.max(k.maxMs, p.ms);
  }
  note({
    at: 'loop',
    eventLoopDelayP50Ms: excessMs(loopDelay.percentile(50)),
    eventLoopDelayP99Ms: excessMs(loopDelay.percentile(99)),
    eventLoopDelayMaxMs: excessMs(loopDelay.max),
    gc: byKind,
    gcPausesOver10Ms: pauses.filter((p) => p.ms > 10).length,
  });
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(profile));
  fs.renameSync(`${file}.tmp`, file);
});
