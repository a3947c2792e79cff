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

// Counts the SQL statements of the send phase by their first words, written beside the profile.
const counts = new Map();
try {
  const { Client } = require(require.resolve('pg', { paths: [path.join(__dirname, '..')] }));
  const query = Client.prototype.query;
  Client.prototype.query = function (config, ...rest) {
    if (started) {
      const text = typeof config === 'string' ? config : config && config.text;
      const key = String(text || '?').replace(/\s+/g, ' ').trim().slice(0, 70);
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    return query.call(this, config, ...rest);
  };
} catch {
  /* pg not found: no counts */
}
process.prependListener('SIGTERM', () => {
  if (counts.size) fs.writeFileSync(path.join(dir, `burst-${process.pid}.queries.json`), JSON.stringify([...counts].sort((a, b) => b[1] - a[1]), null, 1));
});
