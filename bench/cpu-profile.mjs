// A preload for profiling a running server (bench/profile-product.ts): `node --import
// ./bench/cpu-profile.mjs …`. The first SIGUSR2 starts V8's CPU profiler (a sample every
// 200 µs), the next one stops it and writes PROFILE_DIR/server-<pid>-<time>.cpuprofile (open
// it in Chrome's DevTools, Performance panel, or sum its samples per function).
import inspector from 'node:inspector';
import fs from 'node:fs';
import path from 'node:path';

const session = new inspector.Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')),
    );
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, result) => {
    if (err) return;
    const file = path.join(process.env.PROFILE_DIR ?? '.', `server-${process.pid}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(result.profile));
  });
});
