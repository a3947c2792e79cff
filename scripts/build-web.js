// Builds each web app that exists (portal/, admin/) with its own Vite config.
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
for (const app of ['portal', 'admin']) {
  if (!fs.existsSync(path.join(root, app, 'vite.config.ts'))) continue;
  execSync(`npx vite build --config ${app}/vite.config.ts`, { cwd: root, stdio: 'inherit' });
}
