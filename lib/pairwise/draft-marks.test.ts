// A reviewer's marks on the judge's criteria are kept as they are made (drafts), on real PostgreSQL: a failed
// submit, giving the pair back and claiming it again keep them; they never count before the review is
// submitted; submitting replaces them with the final set.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { claimNextPair, giveBackPair } from '@/lib/pairwise/claim-next';
import { computePairwiseAnalytics } from '@/lib/pairwise/compute-pairwise-analytics';
import { saveDraftMark, savePreference, submitReview } from '@/lib/pairwise/judgments';
import { getReviewerJudgment } from '@/lib/pairwise/review-view';
import { draftMarkSchema, preferenceSchema, submitReviewSchema } from '@/lib/pairwise/schemas';
import { seedPairwiseRun } from '@/tools/fixtures/seed-pairwise-run';
import { seedDemo } from '@/lib/seed/seed-demo';

let queryId = 0;

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  queryId = (await prisma.query.findFirstOrThrow({ where: { responses: { some: {} } }, orderBy: { id: 'asc' }, select: { id: true } })).id;
});

async function claim(runId: number, reviewerId: string): Promise<number> {
  const result = await claimNextPair({ runId, reviewerId });
  if (result.kind === 'none') throw new Error(`nothing to claim: ${result.reason}`);
  return result.judgmentId;
}

describe('draft marks', () => {
  it('survive a failed submit and a give-back, count nowhere until submitted, and give way to the submitted set', async () => {
    const { runId } = await seedPairwiseRun({
      pairs: [{ queryId, criteria: [1, 2, -1].map((score, index) => ({ title: `Criterion ${index + 1}`, score: score as 1 | 2 | -1 })) }],
    });
    const reviewerId = randomUUID();
    await prisma.user.create({ data: { id: reviewerId, email: `drafts-${reviewerId}@test.local`, name: 'Drafts', role: 'REVIEWER' } });
    const judgmentId = await claim(runId, reviewerId);
    const mark = (criterionId: number, value: 'AGREE' | 'DISAGREE' | 'NOT_RELEVANT') =>
      saveDraftMark({ reviewerId, input: draftMarkSchema.parse({ judgmentId, criterionId, mark: value }) });

    // No mark before the preference: the judge's criteria are not even shown yet.
    const { comparisonId } = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: judgmentId } });
    const [first, second, third] = await prisma.pairwiseCriterion.findMany({
      where: { comparisonId },
      orderBy: { position: 'asc' },
      select: { id: true },
    });
    if (!first || !second || !third) throw new Error('three criteria');
    await expect(mark(first.id, 'AGREE')).rejects.toThrow(/Give your own preference first/);

    const { rowVersion } = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: judgmentId } });
    const saved = await savePreference({ reviewerId, input: preferenceSchema.parse({ judgmentId, rowVersion, preference: 0 }) });
    await mark(first.id, 'DISAGREE');
    await mark(first.id, 'AGREE');
    await mark(second.id, 'NOT_RELEVANT');
    // A criterion of another comparison (the run's BA twin) is refused.
    const other = await prisma.pairwiseCriterion.findFirstOrThrow({
      where: { comparison: { runId, id: { not: comparisonId } } },
      select: { id: true },
    });
    await expect(mark(other.id, 'AGREE')).rejects.toThrow(/does not belong to this pair/);

    // A submit that fails (the third criterion unmarked) keeps the two marks.
    const partial = submitReviewSchema.parse({
      judgmentId,
      rowVersion: saved.rowVersion,
      marks: [
        { criterionId: first.id, mark: 'AGREE' },
        { criterionId: second.id, mark: 'NOT_RELEVANT' },
      ],
      verdictCorrect: true,
    });
    await expect(submitReview({ reviewerId, input: partial })).rejects.toThrow(/Mark every criterion/);
    // Given back and claimed again: the same judgment, with its marks.
    await giveBackPair({ judgmentId, reviewerId });
    await expect(mark(third.id, 'AGREE')).rejects.toThrow(/no longer reserved/);
    expect(await claim(runId, reviewerId)).toBe(judgmentId);
    const view = await getReviewerJudgment({ judgmentId, reviewerId });
    expect(view?.marks.sort((a, b) => a.criterionId - b.criterionId)).toEqual([
      { criterionId: first.id, mark: 'AGREE' },
      { criterionId: second.id, mark: 'NOT_RELEVANT' },
    ]);
    // Drafts count nowhere: the run's analytics see no review and no mark yet.
    const before = await computePairwiseAnalytics({ runId });
    expect(before.rejectedCriteria).toEqual([]);

    const { rowVersion: now } = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: judgmentId } });
    await submitReview({
      reviewerId,
      input: submitReviewSchema.parse({
        judgmentId,
        rowVersion: now,
        marks: [
          { criterionId: first.id, mark: 'AGREE' },
          { criterionId: second.id, mark: 'DISAGREE' },
          { criterionId: third.id, mark: 'AGREE' },
        ],
        verdictCorrect: true,
      }),
    });
    const stored = await prisma.reviewerCriterionMark.findMany({ where: { judgmentId }, orderBy: { pairwiseCriterionId: 'asc' } });
    expect(stored.map((row) => row.mark)).toEqual(['AGREE', 'DISAGREE', 'AGREE']);
    await expect(mark(third.id, 'DISAGREE')).rejects.toThrow(/already submitted/);
  });
});
