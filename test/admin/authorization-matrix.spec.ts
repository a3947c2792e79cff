import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { STAFF_ROLES, type StaffRole } from '../../api/admin/staff-roles';
import { createTestApp, TestApp } from '../support/test-app';
import { Agent, staffAgents } from './admin-kit';

interface AdminRoute {
  method: string;
  path: string;
  roles: StaffRole[] | undefined;
  handler: string;
}

/** Every route Nest registered under /api/admin, read from the controllers' metadata (not a hand-written list). */
function adminRoutes(t: TestApp): AdminRoute[] {
  const out: AdminRoute[] = [];
  const seen = new Set<unknown>();
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...a: unknown[]) => unknown) | undefined;
      if (!type || seen.has(type)) continue;
      seen.add(type);
      const base = [Reflect.getMetadata(PATH_METADATA, type) as string | string[]].flat()[0] ?? '';
      const proto = type.prototype;
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name === 'constructor') continue;
        const fn = proto[name];
        if (typeof fn !== 'function' || Reflect.getMetadata(METHOD_METADATA, fn) === undefined) continue;
        const sub = [Reflect.getMetadata(PATH_METADATA, fn) as string | string[]].flat()[0] ?? '/';
        const path = `/${[base, sub].map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
        if (!path.startsWith('/api/admin')) continue;
        out.push({ method: RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as number], path, roles: Reflect.getMetadata(STAFF_ROLES, fn), handler: `${type.name}.${name}` });
      }
    }
  }
  return out;
}

/** A concrete URL for a route pattern: ids that exist nowhere (so admin calls cannot change anything). */
function concrete(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => (name === 'mediaId' ? '00000000-0000-0000-0000-000000000000' : '987654')).replace(/\*\w*/, 'no-such-screen');
}

function call(agent: Agent, method: string, url: string) {
  const m = method === 'ALL' ? 'get' : method.toLowerCase();
  return (agent as unknown as Record<string, (u: string) => Promise<{ status: number }>>)[m](url);
}

describe('Back-office authorisation matrix (every /api/admin route)', () => {
  let t: TestApp;
  let agents: Awaited<ReturnType<typeof staffAgents>>;
  let routes: AdminRoute[];

  beforeAll(async () => {
    t = await createTestApp({ db: 'embedded' });
    agents = await staffAgents(t);
    routes = adminRoutes(t);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await t.db.drop();
  });

  it('finds the back-office routes from Nest, and each declares who may call it', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['GET /api/admin/stats', 'PATCH /api/admin/users/:id', 'POST /api/admin/reminders/:id/trigger', 'GET /api/admin/audit']));
    const undeclared = routes.filter((r) => !r.roles || r.roles.length === 0).map((r) => `${r.method} ${r.path} (${r.handler})`);
    expect(undeclared).toEqual([]);
    // Administrators may do everything in the back-office (SPEC decision).
    expect(routes.filter((r) => !r.roles!.includes('admin')).map((r) => r.handler)).toEqual([]);
  });

  it('every route Express serves under /api/admin is one the matrix walks', () => {
    const express = t.app.getHttpAdapter().getInstance() as { router?: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } };
    const served = (express.router?.stack ?? [])
      .filter((l) => l.route && String(l.route.path).startsWith('/api/admin'))
      .map((l) => `${Object.keys(l.route!.methods).filter((m) => m !== '_all').join(',') || 'all'} ${l.route!.path}`);
    expect(served.length).toBeGreaterThan(0);
    // Nest registers `ALL` as every method; the metadata count is at most the router's.
    expect(served.length).toBeGreaterThanOrEqual(routes.length);
    for (const r of routes) {
      const pattern = r.path.replace(/\*\w*/, '*');
      expect(served.some((s) => s.endsWith(` ${r.path}`) || s.includes(pattern) || s.includes(r.path.replace(/\*(\w+)/, '{*$1}')))).toBe(true);
    }
  });

  it('anonymous 401, user 403, support per its role, admin allowed — on every route', async () => {
    const problems: string[] = [];
    for (const r of routes) {
      const url = concrete(r.path);
      const anon = await call(agents.anonymous, r.method, url);
      if (anon.status !== 401) problems.push(`${r.method} ${url} anonymous -> ${anon.status}`);
      const user = await call(agents.user, r.method, url);
      if (user.status !== 403) problems.push(`${r.method} ${url} user -> ${user.status}`);
      const support = await call(agents.support, r.method, url);
      const supportAllowed = r.roles!.includes('support');
      if (supportAllowed ? [401, 403].includes(support.status) : support.status !== 403) problems.push(`${r.method} ${url} support -> ${support.status} (allowed: ${supportAllowed})`);
      const admin = await call(agents.admin, r.method, url);
      if ([401, 403].includes(admin.status) || admin.status >= 500) problems.push(`${r.method} ${url} admin -> ${admin.status}`);
    }
    expect(problems).toEqual([]);
  });

  it('support reads users, reminders and conversations, and nothing else', () => {
    const supportRoutes = routes.filter((r) => r.roles!.includes('support')).map((r) => `${r.method} ${r.path}`).sort();
    expect(supportRoutes).toEqual(
      [
        'ALL /api/admin/*path',
        'GET /api/admin/conversations',
        'GET /api/admin/conversations/:userId',
        'GET /api/admin/conversations/:userId/media/:mediaId',
        'GET /api/admin/conversations/:userId/messages',
        'GET /api/admin/reminders',
        'GET /api/admin/users',
        'GET /api/admin/users/:id',
        'POST /api/admin/conversations/:userId/reply',
      ].sort(),
    );
  });
});
