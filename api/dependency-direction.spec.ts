import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Rule 9 of the house: api/ never imports from bot/. Where api/ needs the bot to do something it
 * owns a port (e.g. api/messaging/user-messenger.port.ts, REMINDER_DELIVERY) and bot/ provides
 * the adapter. The one exception is the composition root, which assembles the whole server.
 */
const API = __dirname;
const BOT = path.resolve(API, '..', 'bot');
const COMPOSITION_ROOT = new Set(['app.module.ts']);
const SELF = path.basename(__filename);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every module specifier a file imports, re-exports, requires or imports dynamically. */
export function specifiers(code: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1]);
  return out;
}

describe('dependency direction', () => {
  it('finds every form of import (the check cannot pass by missing one)', () => {
    expect(
      specifiers(`import a from '../bot/x';\nexport { b } from "../../bot/y";\nimport '../bot/side-effect';\nconst c = require('../bot/z');\nconst d = await import('../bot/w');`),
    ).toEqual(['../bot/x', '../../bot/y', '../bot/side-effect', '../bot/z', '../bot/w']);
  });

  it('no file under api/ imports from bot/ (except the composition root)', () => {
    const offenders: string[] = [];
    for (const file of sources(API)) {
      if (COMPOSITION_ROOT.has(path.relative(API, file)) || path.relative(API, file) === SELF) continue;
      for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        if (target === BOT || target.startsWith(BOT + path.sep)) offenders.push(`${path.relative(API, file)} -> ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
