import type { INestApplication } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';

const placeholder = (title: string) => `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#0f172a;color:#e2e8f0}main{text-align:center}a{color:#34d399}</style></head>
<body><main><h1>${title}</h1><p>Cette interface n'est pas encore construite (<code>npm run build:web</code>). L'API répond sur <a href="/api/docs">/api/docs</a>.</p></main></body></html>`;

/**
 * Serves a built single-page app under a base path with SPA fallback: any GET that is not a file
 * and not an API/WebSocket path gets index.html so deep links load. Hashed assets are cached long.
 */
function mountSpa(app: INestApplication, base: string, dir: string, title: string): void {
  const server = app.getHttpAdapter().getInstance() as express.Express;
  const index = path.join(dir, 'index.html');
  server.use(
    base,
    express.static(dir, {
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  server.use(base, (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const full = req.originalUrl;
    if (full.startsWith('/api/') || full === '/api' || full.startsWith('/ws')) return next();
    if (base === '/' && (full === '/admin' || full.startsWith('/admin/'))) return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (fs.existsSync(index)) return res.sendFile(index);
    res.type('html').send(placeholder(title));
  });
}

export function mountWebApps(app: INestApplication, dirs: { portalDir: string; adminDir: string }): void {
  mountSpa(app, '/admin', dirs.adminDir, 'Rappel — Administration');
  mountSpa(app, '/', dirs.portalDir, 'Rappel');
}
