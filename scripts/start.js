// `npm start`: build what is stale, then run the server on its embedded defaults (embedded
// PostgreSQL under ./data, the chat simulator, local speech synthesis) unless the environment
// says otherwise. Signals are forwarded so Ctrl-C shuts the server down cleanly.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { ensureBuilt } = require('./build-state');

ensureBuilt();
const child = spawn(process.execPath, [path.join(__dirname, '../dist/api/main.js')], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
