// `npm run export` end to end: the command exports a frozen release (by name@version) to a file whose bytes
// are the release's stored file (same SHA-256), and exports a dataset; bad arguments exit 2 with the usage.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ADMIN_ID, ensureBenchUsers } from '@/tools/fixtures/bench-users';
import { stageEverything } from '@/tools/fixtures/stage-everything';
import { pgPool, prisma } from '@/lib/db';
import { createRelease } from '@/lib/releases/create-release';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { rulesSchema } from '@/lib/releases/schemas';
import { DEMO_DATASET, seedDemo } from '@/lib/seed/seed-demo';

const run = promisify(execFile);
const cli = (args: string[]) =>
  run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/export.ts', ...args], {
    env: { ...process.env },
    cwd: process.cwd(),
  });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'export-cli-'));

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  await ensureBenchUsers(pgPool(), { ADMIN: [BENCH_ADMIN_ID] });
  const dataset = await prisma.dataset.findUniqueOrThrow({ where: { name: DEMO_DATASET } });
  const rules = rulesSchema.parse({ datasetIds: [dataset.id], decisions: ['ACCEPT'] });
  const release = await createRelease({ actor: { id: BENCH_ADMIN_ID }, input: { name: 'CLI release', rules } });
  await freezeRelease({ actor: { id: BENCH_ADMIN_ID }, releaseId: release.id, stage: (client) => stageEverything(client, dataset.id) });
});

describe('npm run export', () => {
  it('writes a release file identical to the stored one, and a dataset file', async () => {
    const out = path.join(tmp, 'release.csv');
    const { stderr } = await cli(['CLI release@1', '--format', 'csv', '--out', out]);
    const file = await prisma.releaseFile.findFirstOrThrow({
      where: { format: 'csv', status: 'SUCCEEDED' },
      include: { storedFile: true },
    });
    const sha = createHash('sha256').update(fs.readFileSync(out)).digest('hex');
    expect(sha).toBe(file.storedFile?.sha256);
    expect(stderr).toContain(`sha256 ${sha}`);
    const datasetOut = path.join(tmp, 'dataset.jsonl');
    await cli(['--dataset', DEMO_DATASET, '--out', datasetOut]);
    expect(fs.readFileSync(datasetOut, 'utf8').split('\n').filter(Boolean).length).toBe(await prisma.query.count());
  }, 60_000);

  it('refuses an unknown format with the usage (exit 2)', async () => {
    await expect(cli(['CLI release', '--format', 'xlsx'])).rejects.toMatchObject({ code: 2 });
  }, 30_000);
});
