// Ids from URLs: only plain digits within PostgreSQL's int4 are ids; the API routes answer 404 with a message
// for anything else instead of handing the database a number it cannot compare (issue 16, finding 5).
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as importStatus } from '@/app/api/imports/[id]/route';
import { GET as releaseFile } from '@/app/api/releases/[id]/files/[fileId]/route';
import type { SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import { prisma } from '@/lib/db';
import { parseRouteId } from '@/lib/http/route-params';
import { OUT_OF_RANGE_SEGMENTS } from '@/tools/fixtures/hostile-inputs';
import { seedDemoUsers } from '@/lib/seed/demo-users';

describe('parseRouteId', () => {
  it('accepts 1 to 2,147,483,647 written as digits, and the first of repeated values', () => {
    expect(parseRouteId('1')).toBe(1);
    expect(parseRouteId('2147483647')).toBe(2_147_483_647);
    expect(parseRouteId('007')).toBe(7);
    expect(parseRouteId(['12', '13'])).toBe(12);
  });

  it('refuses everything else', () => {
    for (const segment of [...OUT_OF_RANGE_SEGMENTS, '0', '-1', '1.5', '1e3', ' 1', '0x10', 'NaN', '', '..%2F', undefined]) {
      expect(parseRouteId(segment), String(segment)).toBeNull();
    }
  });
});

describe('API routes with out-of-range ids', () => {
  let admin: SessionUser;
  beforeAll(async () => {
    await seedDemoUsers();
    const row = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
    admin = { id: row.id, email: row.email, name: row.name, role: 'ADMIN', specialties: [], active: true };
  });

  it('GET /api/releases/[id]/files/[fileId] answers 404 "No such release file."', async () => {
    for (const [id, fileId] of [
      ['1', '99999999999999999999'],
      ['2147483648', '1'],
      ['1', '1e20'],
    ] as const) {
      const response = await runAsUser(admin, () =>
        releaseFile(new Request(`http://localhost/api/releases/${id}/files/${fileId}`), { params: Promise.resolve({ id, fileId }) }),
      );
      expect(response.status, `${id}/${fileId}`).toBe(404);
      expect(await response.text()).toBe('No such release file.');
    }
  });

  it('GET /api/imports/[id] answers 404 "No such import."', async () => {
    for (const id of OUT_OF_RANGE_SEGMENTS) {
      const response = await runAsUser(admin, () =>
        importStatus(new Request(`http://localhost/api/imports/${id}`), { params: Promise.resolve({ id }) }),
      );
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: 'No such import.' });
    }
  });
});
