// Shared by `npm start` and `npm test`: builds what is missing or older than its sources, so a
// fresh clone works with one command and a second run starts at once.
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');

function newest(dir) {
  let max = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

function run(cmd) {
  console.log(`> ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
}

function ensureBuilt({ quiet = false } = {}) {
  const serverOut = path.join(root, 'dist/api/main.js');
  const serverSrc = Math.max(newest(path.join(root, 'api')), newest(path.join(root, 'bot')), mtime(path.join(root, 'package-lock.json')));
  if (mtime(serverOut) < serverSrc) run('npm run -s build:server');
  else if (!quiet) console.log('Server build is up to date.');
  for (const app of ['portal', 'admin']) {
    const config = path.join(root, app, 'vite.config.ts');
    if (!fs.existsSync(config)) continue;
    const out = path.join(root, app, 'dist/index.html');
    if (mtime(out) < newest(path.join(root, app))) run(`npx vite build --config ${app}/vite.config.ts`);
    else if (!quiet) console.log(`${app} build is up to date.`);
  }
}

module.exports = { ensureBuilt };

if (require.main === module) ensureBuilt();
