// Every route in lib/auth/route-policy.ts x {anonymous, expert, reviewer, admin}: allowed roles get the page,
// others get 403 from the server, anonymous visitors are sent to sign in.
import { expect, test } from '@playwright/test';
import { ROLES, type Role } from '@/lib/auth/roles';
import { ROUTE_POLICY } from '@/lib/auth/route-policy';
import { storageStateFor } from './fixtures';

const viewers: (Role | 'ANONYMOUS')[] = ['ANONYMOUS', ...ROLES];

for (const viewer of viewers) {
  test.describe(`as ${viewer.toLowerCase()}`, () => {
    test.use({ storageState: viewer === 'ANONYMOUS' ? { cookies: [], origins: [] } : storageStateFor(viewer) });
    test('route matrix', async ({ request }) => {
      for (const policy of ROUTE_POLICY) {
        const url = policy.sample ?? policy.route;
        const response = await request.get(url, { maxRedirects: 0 });
        const status = response.status();
        if (policy.roles === 'public') {
          expect(status, `${viewer} ${url}`).toBeLessThan(400);
        } else if (policy.kind === 'api') {
          // APIs answer with status codes, not redirects: 401 anonymous, 403 other roles.
          const expected = viewer === 'ANONYMOUS' ? 401 : policy.roles.includes(viewer) ? 200 : 403;
          // An object that may not exist yet (a release file): allowed roles get it or 404, never 401/403.
          if (expected === 200 && policy.objectLevel) expect([200, 404], `${viewer} ${url}`).toContain(status);
          else expect(status, `${viewer} ${url}`).toBe(expected);
        } else if (viewer === 'ANONYMOUS') {
          expect([307, 303], `${viewer} ${url}`).toContain(status);
          expect(response.headers().location, `${viewer} ${url}`).toMatch(/\/sign-in/);
        } else if (policy.roles.includes(viewer)) {
          if (policy.objectLevel) expect([200, 404], `${viewer} ${url}`).toContain(status);
          else expect(status, `${viewer} ${url}`).toBe(200);
        } else {
          expect(status, `${viewer} ${url}`).toBe(403);
        }
      }
    });
  });
}
