// The figures a release would have if it were frozen now: computed exactly as the freeze computes them
// (the same staged selection), in a transaction that is rolled back.
import { pgPool } from '@/lib/db';
import type { ReleaseRules } from '@/lib/releases/schemas';
import { stageCandidates } from '@/lib/releases/stage-candidates';
import type { ReleaseFigures } from '@/lib/releases/figures';
import { summarizeCandidates } from '@/lib/releases/summarize-candidates';

/** Sort and hash memory for the outcome aggregation over a few hundred thousand criteria. */
export const RELEASE_WORK_MEM = '64MB';

export async function previewRelease({ rules }: { rules: ReleaseRules }): Promise<ReleaseFigures> {
  const client = await pgPool().connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await client.query(`SET LOCAL work_mem = '${RELEASE_WORK_MEM}'`);
    await stageCandidates(client, rules);
    return await summarizeCandidates(client);
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}
