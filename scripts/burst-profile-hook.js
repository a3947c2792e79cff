// Starts the V8 CPU profiler on SIGWINCH, writes it on SIGTERM (before Nest's own shutdown hook).
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');
const dir = process.env.BURST_PROFILE_DIR;
const session = new inspector.Session();
session.connect();
let started = false;
process.on('SIGWINCH', () => {
  if (started) return;
  started = true;
  session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')));
});
process.prependListener('SIGTERM', () => {
  if (!started) return;
  started = false;
  session.post('Profiler.stop', (err, res) => {
    if (!err && res) fs.writeFileSync(path.join(dir, `burst-${process.pid}.cpuprofile`), JSON.stringify(res.profile));
  });
});
