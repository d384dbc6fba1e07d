// An upload larger than Next.js's 10 MB proxy body limit reaches the import route whole and imports every
// query. `npm run stress` found that the security proxy (proxy.ts) used to see POST /api/imports, and
// Next.js then cut any body at 10 MB: a 22 MB file arrived as its first 10 MB. Data of its own: a synthetic
// dataset under a name used nowhere else (no department of the demo data).
import { expect, test } from '@playwright/test';
import { syntheticJsonLines } from '@/lib/bench/synthetic';
import { storageStateFor } from './fixtures';

test.use({ storageState: storageStateFor('ADMIN') });

test('a 12 MB upload is imported whole', async ({ page }) => {
  test.setTimeout(180_000);
  // 950 synthetic QuarkMedBench-style queries as native JSON Lines: about 12 MB.
  const lines = [...syntheticJsonLines({ scale: 950 / 24_674, seed: 4242 })];
  const body = Buffer.from(lines.join(''), 'utf8');
  expect(body.length).toBeGreaterThan(11 * 1024 * 1024);
  const dataset = `E2E large upload ${Date.now()}`;
  const upload = await page.request.post(`/api/imports?${new URLSearchParams({ dataset, format: 'native' })}`, {
    data: body,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'large.jsonl' },
    timeout: 120_000,
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const { id } = (await upload.json()) as { id: number };
  let job: { status: string; totalBytes: number; summary: { queries: { added: number } } | null; error: string | null } | undefined;
  await expect
    .poll(
      async () => {
        job = await (await page.request.get(`/api/imports/${id}`)).json();
        return job?.status;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toMatch(/SUCCEEDED|FAILED/);
  expect(job?.error ?? null).toBeNull();
  expect(job?.status).toBe('SUCCEEDED');
  expect(job?.totalBytes).toBe(body.length);
  expect(job?.summary?.queries.added).toBe(lines.length);
});
