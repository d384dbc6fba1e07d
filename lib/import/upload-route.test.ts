// POST /api/imports refuses a body shorter than its Content-Length (cut on the way, e.g. by a proxy's body
// limit: npm run stress found uploads over 10 MB arriving as their first 10 MB) and keeps nothing of it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POST } from '@/app/api/imports/route';
import { runAsUser } from '@/tools/testing/request-user';
import { prisma } from '@/lib/db';

describe('POST /api/imports', () => {
  it('refuses an upload that arrived shorter than announced, storing nothing', async () => {
    const id = randomUUID();
    const admin = await prisma.user.create({ data: { id, email: `upload-admin-${id}@test.local`, name: 'Upload Admin', role: 'ADMIN' } });
    const content = '{"id":"q1"}\n';
    const request = new Request('http://127.0.0.1/api/imports?dataset=cut&format=native', {
      method: 'POST',
      body: content,
      headers: { 'content-length': String(content.length + 1000), 'x-file-name': 'cut.jsonl' },
    });
    const response = await runAsUser({ ...admin, role: 'ADMIN', specialties: [], active: true }, () => POST(request));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/arrived incomplete \(12 of 1012 bytes\)/);
    expect(await prisma.importJob.count()).toBe(0);
    expect(await prisma.storedFile.count()).toBe(0);
  });

  it('refuses a dataset name holding NUL or control characters on the field (PostgreSQL cannot store NUL: it was a 500)', async () => {
    const id = randomUUID();
    const admin = await prisma.user.create({ data: { id, email: `upload-admin-${id}@test.local`, name: 'Upload Admin', role: 'ADMIN' } });
    for (const dataset of ['a%00b', 'tab%09name']) {
      const request = new Request(`http://127.0.0.1/api/imports?dataset=${dataset}&format=native`, {
        method: 'POST',
        body: '{"id":"q1"}\n',
        headers: { 'x-file-name': 'n.jsonl' },
      });
      const response = await runAsUser({ ...admin, role: 'ADMIN', specialties: [], active: true }, () => POST(request));
      expect(response.status, dataset).toBe(400);
      expect(((await response.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.dataset).toEqual([
        'The dataset name cannot contain control characters',
      ]);
    }
    expect(await prisma.importJob.count()).toBe(0);
  });
});
