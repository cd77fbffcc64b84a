// Preloaded into the server by `npm run bench -- --profile` (NODE_OPTIONS=--import <this file>; node refuses
// --cpu-prof there): the first SIGUSR2 starts V8's CPU profiler, the second stops it and writes the profile to
// BENCH_CPU_PROFILE, so the profile covers the measured window only, not start-up or connecting.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';

const file = process.env.BENCH_CPU_PROFILE;
const session = new Session();
session.connect();
let running = false;

process.on('SIGUSR2', async () => {
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
