import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_POLICY, routeFromFile } from '@/lib/auth/route-policy';

function listRouteFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listRouteFiles(full);
    return /^(page|route)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('route policy', () => {
  it('names every page and route handler in app/', () => {
    const routes = listRouteFiles('app').map(routeFromFile);
    const covered = new Set(ROUTE_POLICY.map((policy) => policy.route));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(ROUTE_POLICY.length);
  });

  it('has no rows for routes that do not exist', () => {
    const routes = new Set(listRouteFiles('app').map(routeFromFile));
    expect(ROUTE_POLICY.map((policy) => policy.route).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('maps file paths to routes', () => {
    expect(routeFromFile('app/(app)/audit/[id]/page.tsx')).toBe('/audit/[id]');
    expect(routeFromFile('app/(app)/page.tsx')).toBe('/');
    expect(routeFromFile('app/api/health/route.ts')).toBe('/api/health');
  });
});
