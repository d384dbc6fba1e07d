// The stress run's data, made before the measured window (untimed): the accounts (one admin, N experts, made
// with the app's createUser, so they sign in with a password like anyone else), the synthetic
// QuarkMedBench-scale dataset imported through the app's import path, one audit campaign over all of it
// with k verdicts per criterion and every expert assigned, the judge's small dataset with model responses to
// grade, and the QuarkMedBench-style file that is uploaded during the window.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createCampaign } from '@/lib/audit/create-campaign';
import { createCampaignSchema } from '@/lib/audit/schemas';
import type { SessionUser } from '@/lib/auth/roles';
import { gradingShape, seedGradingDataset } from '@/tools/fixtures/grading-dataset';
import { progressBar } from '@/tools/bench/progress';
import { QUARK_SCALE, generateSyntheticQueries, syntheticJsonLines } from '@/tools/fixtures/synthetic';
import { pgPool } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import type { NativeQuery } from '@/lib/import/native-schema';
import type { FileSource } from '@/lib/files/file-source';
import { bufferSource, diskSource } from '@/lib/import/read-lines';
import { createUser } from '@/lib/users/create-user';

export interface StressAccount {
  user: SessionUser;
  password: string;
}

/** One admin and `experts` experts with random passwords (printed nowhere; the run signs them in itself). */
export async function createStressAccounts(
  experts: number,
  tag: string,
  { name = 'Stress Expert' }: { name?: string } = {},
): Promise<{ admin: StressAccount; experts: StressAccount[] }> {
  const make = async (role: 'ADMIN' | 'EXPERT', fullName: string, email: string): Promise<StressAccount> => {
    const password = randomBytes(12).toString('base64url');
    const created = await createUser({ actorId: null, input: { name: fullName, email, password, role, specialties: [] } });
    return { user: { id: created.id, email, name: fullName, role, specialties: [], active: true }, password };
  };
  const admin = await make('ADMIN', 'Stress Admin', `stress-admin-${tag}@stress.local`);
  const list: StressAccount[] = [];
  for (let index = 0; index < experts; index++) {
    const number = String(index + 1).padStart(2, '0');
    list.push(await make('EXPERT', `${name} ${number}`, `stress-expert-${number}-${tag}@stress.local`));
  }
  return { admin, experts: list };
}

/** Imports a file through the app's import path (importFile), with a progress bar; returns the dataset id. */
export async function importDataset(source: FileSource, datasetName: string, format: 'native' | 'quark' = 'native'): Promise<number> {
  const bar = progressBar(`importing ${source.name}`, 100, '%');
  try {
    const summary = await importFile({ source, datasetName, format, onProgress: ({ fraction }) => bar.update(fraction * 100) });
    if (!summary.ok || summary.datasetId === null) {
      const first = summary.issues.slice(0, 3).map((issue) => `line ${issue.line} ${issue.field}: ${issue.reason}`);
      throw new Error(`the app refused ${source.name} (${summary.issueCount} issues): ${first.join('; ')}`);
    }
    return summary.datasetId;
  } finally {
    bar.stop();
  }
}

/** Writes lines to a file, respecting the stream's backpressure. */
async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const out = fs.createWriteStream(file);
  for (const line of lines) if (!out.write(line)) await once(out, 'drain');
  out.end();
  await finished(out);
}

/** The synthetic dataset as native JSON Lines, in memory (small scales, tests) or on disk. */
export async function syntheticSource({ scale, seed, file }: { scale: number; seed: number; file?: string }): Promise<FileSource> {
  const lines = syntheticJsonLines({ scale, seed });
  if (!file) return bufferSource('synthetic.jsonl', [...lines].join(''));
  await writeLines(file, lines);
  return await diskSource(file);
}

/**
 * The campaign under load: every pending criterion of the dataset, k verdicts each, all experts, created by the
 * app's createCampaign within its own time limit (BULK_CHANGE_TIMEOUT_SECONDS); if that fails, the run fails.
 * The report says how long it took.
 */
export async function createStressCampaign({
  admin,
  expertIds,
  datasetId,
  overlapK,
  log,
}: {
  admin: SessionUser;
  expertIds: string[];
  datasetId: number;
  overlapK: number;
  log: (line: string) => void;
}): Promise<{ id: number; queries: number; criteria: number; note: string }> {
  const input = createCampaignSchema.parse({
    name: `Stress campaign ${new Date().toISOString()}`,
    overlapK,
    expertIds,
    selection: { mode: 'filter', datasetId },
  });
  const started = performance.now();
  const created = await createCampaign({ actor: admin, input });
  const note = `created by createCampaign in ${((performance.now() - started) / 1000).toFixed(0)} s`;
  log(note);
  return { ...created, note };
}

/** The judge's dataset: single-turn queries with two model responses each and 20 criteria (the bench's). */
export async function seedJudgeDataset(scale: number, seed: number): Promise<{ datasetId: number; calls: number }> {
  // The bench's grading run (2,000 calls at scale 1).
  const shape = gradingShape(scale);
  const client = await pgPool().connect();
  try {
    return { datasetId: await seedGradingDataset(client, shape, seed), calls: shape.calls };
  } finally {
    client.release();
  }
}

const QUARK_CATEGORY: Record<NativeQuery['category'], string> = {
  CLINICAL_CARE: 'Clinical Care',
  WELLNESS_HEALTH: 'Wellness Health',
  PROFESSIONAL_INQUIRY: 'Professional Inquiry',
};

/** One synthetic query as a QuarkMedBench-style record (README "QuarkMedBench-style rubric JSON"). */
export function toQuarkRecord(query: NativeQuery, idPrefix: string): Record<string, unknown> {
  const tiers: Record<string, unknown[]> = { essential: [], important: [], highlight: [], pitfall: [] };
  // The format has no criterion ids, so a criterion is known by its text: the generator's rare repeats of a
  // title within a query get their position appended, as an author would tell them apart.
  const titles = new Set<string>();
  for (const [index, criterion] of query.criteria.entries()) {
    const title = titles.has(criterion.title) ? `${criterion.title} (${index + 1})` : criterion.title;
    titles.add(title);
    tiers[criterion.tier.toLowerCase()]?.push({
      Title: title,
      Weight: Math.abs(criterion.points),
      Tag: criterion.tags ?? [],
      Description: Object.fromEntries((criterion.levels ?? []).map((level) => [level.label, level.description])),
    });
  }
  const single = query.conversation.length === 1 && query.conversation[0]?.role === 'user';
  return {
    id: `${idPrefix}${query.id}`,
    Query: single ? query.conversation[0]?.content : query.conversation,
    Category: QUARK_CATEGORY[query.category],
    ...(query.department ? { Department: query.department } : {}),
    ...tiers,
  };
}

/** The file uploaded during the window: `queries` synthetic queries (another seed) as QuarkMedBench JSON lines. */
export async function writeQuarkImportFile({
  queries,
  seed,
  file,
}: {
  queries: number;
  seed: number;
  file: string;
}): Promise<{ path: string; bytes: number; queries: number; criteria: number }> {
  let criteria = 0;
  let written = 0;
  await writeLines(
    file,
    (function* () {
      for (const query of generateSyntheticQueries({ scale: queries / QUARK_SCALE.queries, seed })) {
        criteria += query.criteria.length;
        written += 1;
        yield `${JSON.stringify(toQuarkRecord(query, 'stress-import-'))}\n`;
      }
    })(),
  );
  return { path: file, bytes: fs.statSync(file).size, queries: written, criteria };
}
