// Preloaded into the server by `npm run bench -- --profile` (NODE_OPTIONS=--import <this file>; node refuses
// --cpu-prof there): the first SIGUSR2 starts V8's CPU profiler, the second stops it and writes the profile to
// BENCH_CPU_PROFILE, so the profile covers the measured window only, not start-up or connecting. Each signal also
// appends the process's memory (V8 heap, external, array buffers, RSS) to BENCH_CPU_PROFILE.memory.jsonl.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';

const file = process.env.BENCH_CPU_PROFILE;
const session = new Session();
session.connect();
let running = false;

const MB = 1024 * 1024;
function recordMemory(at) {
  const m = process.memoryUsage();
  const line = { at, rssMB: m.rss / MB, heapUsedMB: m.heapUsed / MB, heapTotalMB: m.heapTotal / MB, externalMB: m.external / MB, arrayBuffersMB: m.arrayBuffers / MB };
  fs.appendFileSync(`${file}.memory.jsonl`, `${JSON.stringify(line)}\n`);
}

process.on('SIGUSR2', async () => {
  recordMemory(running ? 'end' : 'start');
  if (!running) {
    running = true;
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    return;
  }
  running = false;
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(profile));
  fs.renameSync(`${file}.tmp`, file);
});
