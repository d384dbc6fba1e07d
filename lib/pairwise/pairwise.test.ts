// The pairwise review against a real migrated database: the race-free queue (overlap, one reservation per
// reviewer, expiry), the server-side reveal, the two steps of a review, the agreement figures against an
// independent computation, and the export of verified pairs.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { claimNextPair, giveBackPair } from '@/lib/pairwise/claim-next';
import { computePairwiseAnalytics } from '@/lib/pairwise/compute-pairwise-analytics';
import { exportVerifiedPairs } from '@/lib/pairwise/export-verified-pairs';
import { listDisputedVerdicts } from '@/lib/pairwise/list-disputed-verdicts';
import { savePreference, submitReview } from '@/lib/pairwise/judgments';
import { getReviewerJudgment, listPairwiseQueues } from '@/lib/pairwise/review-view';
import { preferenceSchema, submitReviewSchema } from '@/lib/pairwise/schemas';
import { type SeedPair, seedPairwiseRun } from '@/tools/fixtures/seed-pairwise-run';
import { seedDemo } from '@/lib/seed/seed-demo';

let queryIds: number[] = [];

async function makeReviewers(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await prisma.user.createMany({
    data: ids.map((id, index) => ({ id, email: `reviewer-${id}@test.local`, name: `Reviewer ${index}`, role: 'REVIEWER' })),
  });
  return ids;
}

const pair = (queryId: number, scores: (-2 | -1 | 0 | 1 | 2)[], baScores?: (-2 | -1 | 0 | 1 | 2)[]): SeedPair => ({
  queryId,
  criteria: scores.map((score, index) => ({ title: `Criterion ${index + 1}`, score })),
  ...(baScores ? { baCriteria: baScores.map((score, index) => ({ title: `Criterion ${index + 1}`, score })) } : {}),
});

async function claimed(runId: number, reviewerId: string): Promise<number> {
  const result = await claimNextPair({ runId, reviewerId });
  if (result.kind === 'none') throw new Error(`nothing to claim: ${result.reason}`);
  return result.judgmentId;
}

type Mark = 'AGREE' | 'DISAGREE' | 'NOT_RELEVANT';

/** Gives a preference in display terms and submits marks on every criterion. */
async function review(
  judgmentId: number,
  reviewerId: string,
  {
    preference,
    mark = 'AGREE',
    verdictCorrect = true,
  }: { preference: number; mark?: Mark | ((index: number) => Mark); verdictCorrect?: boolean },
) {
  const before = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: judgmentId } });
  const saved = await savePreference({
    reviewerId,
    input: preferenceSchema.parse({ judgmentId, rowVersion: before.rowVersion, preference }),
  });
  const view = await getReviewerJudgment({ judgmentId, reviewerId });
  await submitReview({
    reviewerId,
    input: submitReviewSchema.parse({
      judgmentId,
      rowVersion: saved.rowVersion,
      marks: (view?.judge?.criteria ?? []).map((criterion, index) => ({
        criterionId: criterion.id,
        mark: typeof mark === 'function' ? mark(index) : mark,
      })),
      verdictCorrect,
      comment: verdictCorrect ? null : 'The judge missed the dosing error.',
    }),
  });
}

/** The canonical preference for a display preference, using the judgment's recorded order. */
async function displayFor(judgmentId: number, canonical: number): Promise<number> {
  const { displayOrder } = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: judgmentId }, select: { displayOrder: true } });
  return displayOrder === 'AB' ? canonical : -canonical;
}

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  queryIds = (
    await prisma.query.findMany({ where: { responses: { some: {} } }, orderBy: { id: 'asc' }, select: { id: true }, take: 12 })
  ).map((q) => q.id);
  expect(queryIds.length).toBe(12);
});

describe('the reviewer queue', () => {
  it('queues each pair once (its AB comparison), at most overlap holders, never the same pair twice', async () => {
    const { runId, comparisonIds } = await seedPairwiseRun({ pairs: [pair(queryIds[0] ?? 0, [1, 2]), pair(queryIds[1] ?? 0, [-1])] });
    const [r1, r2, r3] = await makeReviewers(3);
    const j1 = await claimed(runId, r1 ?? '');
    // A live reservation is resumed, not doubled.
    expect(await claimNextPair({ runId, reviewerId: r1 ?? '' })).toEqual({ kind: 'resumed', judgmentId: j1 });
    const first = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: j1 }, select: { comparisonId: true } });
    expect(comparisonIds).toContain(first.comparisonId);
    await review(j1, r1 ?? '', { preference: 1 });
    const j1b = await claimed(runId, r1 ?? '');
    const second = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: j1b }, select: { comparisonId: true } });
    expect(second.comparisonId).not.toBe(first.comparisonId);
    await review(j1b, r1 ?? '', { preference: -1 });
    expect(await claimNextPair({ runId, reviewerId: r1 ?? '' })).toEqual({ kind: 'none', reason: 'done' });
    // Two more reviewers take the remaining slot of each pair; a third would exceed the overlap.
    await claimed(runId, r2 ?? '');
    const j3 = await claimed(runId, r3 ?? '');
    const [r4] = await makeReviewers(1);
    const held = await prisma.pairwiseComparison.findMany({ where: { runId }, select: { presentedOrder: true, reviewHolders: true } });
    expect(held.filter((c) => c.presentedOrder === 'BA').every((c) => c.reviewHolders === 0)).toBe(true);
    expect(held.filter((c) => c.presentedOrder === 'AB').map((c) => c.reviewHolders)).toEqual([2, 2]);
    expect(await claimNextPair({ runId, reviewerId: r4 ?? '' })).toEqual({ kind: 'none', reason: 'waiting' });
    // An expired reservation returns to the pool.
    await prisma.reviewerJudgment.update({ where: { id: j3 }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const j4 = await claimed(runId, r4 ?? '');
    const taken = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: j4 }, select: { comparisonId: true } });
    const expired = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: j3 }, select: { comparisonId: true, state: true } });
    expect(expired.state).toBe('EXPIRED');
    expect(taken.comparisonId).toBe(expired.comparisonId);
    // Giving back frees the slot too.
    await giveBackPair({ judgmentId: j4, reviewerId: r4 ?? '' });
    const after = await prisma.pairwiseComparison.findUniqueOrThrow({ where: { id: taken.comparisonId }, select: { reviewHolders: true } });
    expect(after.reviewHolders).toBe(1);
    const queues = await listPairwiseQueues(r1 ?? '');
    expect(queues.find((q) => q.runId === runId)).toMatchObject({
      pairs: 2,
      mineDone: 2,
      mineRemaining: 0,
      reviewsDone: 2,
      reviewSlots: 4,
    });
  });

  it('never over-assigns under concurrent claims, and one reviewer’s parallel clicks hold one pair', async () => {
    const { runId } = await seedPairwiseRun({ pairs: queryIds.slice(2, 5).map((id) => pair(id, [1])) });
    const reviewers = await makeReviewers(10);
    const results = await Promise.all(reviewers.map((reviewerId) => claimNextPair({ runId, reviewerId })));
    expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(6);
    const holders = await prisma.pairwiseComparison.findMany({ where: { runId, presentedOrder: 'AB' }, select: { reviewHolders: true } });
    expect(holders.map((h) => h.reviewHolders)).toEqual([2, 2, 2]);
    const judgments = await prisma.reviewerJudgment.groupBy({ by: ['comparisonId'], where: { comparison: { runId } }, _count: true });
    expect(judgments.every((row) => row._count === 2)).toBe(true);

    const { runId: other } = await seedPairwiseRun({ pairs: queryIds.slice(2, 5).map((id) => pair(id, [1])) });
    const [solo] = await makeReviewers(1);
    const clicks = await Promise.all(Array.from({ length: 6 }, () => claimNextPair({ runId: other, reviewerId: solo ?? '' })));
    expect(clicks.filter((r) => r.kind === 'claimed')).toHaveLength(1);
    expect(new Set(clicks.map((r) => (r.kind === 'none' ? 0 : r.judgmentId))).size).toBe(1);
    expect(await prisma.reviewerJudgment.count({ where: { reviewerId: solo, comparison: { runId: other } } })).toBe(1);
  });
});

describe('a review', () => {
  it('sends nothing of the judge before the preference is saved, and no response sources ever', async () => {
    const { runId } = await seedPairwiseRun({
      pairs: [
        {
          queryId: queryIds[5] ?? 0,
          criteria: [
            { title: 'Secret-criterion-title', score: 2 },
            { title: 'Second', score: -1 },
          ],
        },
      ],
    });
    const [reviewer, stranger] = await makeReviewers(2);
    const judgmentId = await claimed(runId, reviewer ?? '');
    // Force the order BA so the mapping to display terms is exercised.
    await prisma.reviewerJudgment.update({ where: { id: judgmentId }, data: { displayOrder: 'BA' } });
    const hidden = await getReviewerJudgment({ judgmentId, reviewerId: reviewer ?? '' });
    expect(hidden?.judge).toBeNull();
    const sources = await prisma.response.findMany({
      where: { queryId: queryIds[5] },
      select: { sourceLabel: true, content: true },
      orderBy: { id: 'asc' },
    });
    const text = JSON.stringify(hidden);
    expect(text).not.toContain('Secret-criterion-title');
    expect(text).not.toContain('evidence');
    for (const source of sources) expect(text).not.toContain(`"${source.sourceLabel}"`);
    // Display order BA: the left response ("A") is the canonical B.
    expect(hidden?.responses[0]?.content).toBe(sources[1]?.content);
    // Someone else's judgment is not found.
    expect(await getReviewerJudgment({ judgmentId, reviewerId: stranger ?? '' })).toBeNull();
    // Submitting before the preference is refused.
    await expect(
      submitReview({
        reviewerId: reviewer ?? '',
        input: submitReviewSchema.parse({ judgmentId, rowVersion: 1, marks: [], verdictCorrect: true }),
      }),
    ).rejects.toThrow(/preference first/);

    const saved = await savePreference({
      reviewerId: reviewer ?? '',
      input: preferenceSchema.parse({
        judgmentId,
        rowVersion: hidden?.rowVersion,
        preference: -2,
        keyDifferences: { aspects: ['SAFETY'] },
      }),
    });
    // Display −2 ("A much better") on order BA is canonical +2 (B much better).
    expect((await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: judgmentId } })).preference).toBe(2);
    const shown = await getReviewerJudgment({ judgmentId, reviewerId: reviewer ?? '' });
    expect(shown?.preference).toBe(-2);
    expect(shown?.keyDifferences.aspects).toEqual(['SAFETY']);
    expect(shown?.judge?.criteria.map((c) => [c.title, c.choice, c.score])).toEqual([
      ['Secret-criterion-title', 'B', -2],
      ['Second', 'A', 1],
    ]);
    // The canonical winner is A (5·2 + 5·(−1))/10 = 0.5 → A; shown as B to this reviewer.
    expect(shown?.judge?.winner).toBe('B');
    // The preference is final once the judge is revealed.
    await expect(
      savePreference({
        reviewerId: reviewer ?? '',
        input: preferenceSchema.parse({ judgmentId, rowVersion: saved.rowVersion, preference: 2 }),
      }),
    ).rejects.toThrow(/cannot change/);

    // Every criterion must be marked, and a wrong verdict needs a comment.
    const criteria = shown?.judge?.criteria ?? [];
    const partial = submitReview({
      reviewerId: reviewer ?? '',
      input: submitReviewSchema.parse({
        judgmentId,
        rowVersion: saved.rowVersion,
        marks: [{ criterionId: criteria[0]?.id, mark: 'AGREE' }],
        verdictCorrect: true,
      }),
    });
    await expect(partial).rejects.toBeInstanceOf(DomainError);
    await expect(partial).rejects.toMatchObject({ fieldErrors: { [`criterion.${criteria[1]?.id}`]: [expect.any(String)] } });
    expect(submitReviewSchema.safeParse({ judgmentId, rowVersion: saved.rowVersion, marks: [], verdictCorrect: false }).success).toBe(
      false,
    );
    // A stale row version (another tab) is a conflict, not an overwrite.
    await expect(
      submitReview({
        reviewerId: reviewer ?? '',
        input: submitReviewSchema.parse({ judgmentId, rowVersion: saved.rowVersion - 1, marks: [], verdictCorrect: true }),
      }),
    ).rejects.toThrow(/another tab/);
    await submitReview({
      reviewerId: reviewer ?? '',
      input: submitReviewSchema.parse({
        judgmentId,
        rowVersion: saved.rowVersion,
        marks: criteria.map((c, i) => ({ criterionId: c.id, mark: i === 0 ? 'AGREE' : 'NOT_RELEVANT' })),
        verdictCorrect: false,
        comment: 'B is safer.',
      }),
    });
    const disputed = await listDisputedVerdicts({ runId });
    expect(disputed).toEqual([
      expect.objectContaining({ judgmentId, preference: 2, judgeWinner: 'A', comment: 'B is safer.', rejectedCriteria: ['Second'] }),
    ]);
    const done = await getReviewerJudgment({ judgmentId, reviewerId: reviewer ?? '' });
    expect(done?.state).toBe('SUBMITTED');
    expect(done?.editable).toBe(false);
    expect(done?.marks).toHaveLength(2);
    const events = await prisma.auditEvent.findMany({
      where: { entityType: 'reviewer_judgment', entityId: String(judgmentId) },
      select: { action: true },
    });
    expect(events.map((e) => e.action).sort()).toEqual(['pairwise.claim', 'pairwise.preference', 'pairwise.submit']);
  });
});

describe('analytics and export', () => {
  it('computes MT-Bench agreement, kappa, reviewer agreement, position consistency and length bias as an independent count does', async () => {
    // Judge (canonical): pair 0 → A, pair 1 → B, pair 2 → TIE, pair 3 → A in AB but B in BA (inconsistent → TIE).
    const { runId } = await seedPairwiseRun({
      pairs: [pair(queryIds[6] ?? 0, [2, 1]), pair(queryIds[7] ?? 0, [-2]), pair(queryIds[8] ?? 0, [0]), pair(queryIds[9] ?? 0, [1], [-1])],
    });
    const [x, y] = await makeReviewers(2);
    // Canonical preferences by reviewer for pairs 0..3 (claimed in id order: fullest first, then oldest).
    const plan: Record<string, number[]> = { [x ?? '']: [-2, 1, 0, -1], [y ?? '']: [-1, 2, 1, 1] };
    for (const reviewerId of [x ?? '', y ?? '']) {
      for (let index = 0; index < 4; index++) {
        const judgmentId = await claimed(runId, reviewerId);
        // x rejects the first criterion of pair 0 only.
        const mark = (position: number): Mark => (reviewerId === x && index === 0 && position === 0 ? 'DISAGREE' : 'AGREE');
        await review(judgmentId, reviewerId, { preference: await displayFor(judgmentId, plan[reviewerId]?.[index] ?? 0), mark });
      }
    }
    const analytics = await computePairwiseAnalytics({ runId });
    // Independent count. Judge classes: A, B, TIE, TIE. Human classes: x: A B TIE A; y: A B B B.
    // Votes (human/judge): A/A B/B TIE/TIE A/TIE | A/A B/B B/TIE B/TIE → 5 of 8 agree with ties.
    // Without ties: A/A B/B A/A B/B → 4 of 4.
    // Kappa: human A 3, B 4, TIE 1; judge A 2, B 2, TIE 4 → p_e = (6 + 8 + 4)/64 = 18/64; p_o = 5/8.
    expect(analytics.reviews).toBe(8);
    expect(analytics.humanJudge.withTies.count).toBe(5);
    expect(analytics.humanJudge.withTies.n).toBe(8);
    expect(analytics.humanJudge.withoutTies.count).toBe(4);
    expect(analytics.humanJudge.withoutTies.n).toBe(4);
    expect(analytics.humanJudge.kappa).toBeCloseTo((5 / 8 - 18 / 64) / (1 - 18 / 64), 12);
    // Rows human A / TIE / B, columns judge A / TIE / B.
    expect(analytics.confusion).toEqual([
      [2, 1, 0],
      [0, 1, 0],
      [0, 2, 2],
    ]);
    // Reviewer vs reviewer: A/A, B/B, TIE/B, A/B → 2 of 4; without ties 2 of 3.
    expect(analytics.reviewerReviewer.withTies.count).toBe(2);
    expect(analytics.reviewerReviewer.withTies.n).toBe(4);
    expect(analytics.reviewerReviewer.withoutTies.n).toBe(3);
    expect(analytics.positionConsistency.count).toBe(3);
    expect(analytics.positionConsistency.n).toBe(4);
    expect(analytics.marks).toEqual({ agree: 9, disagree: 1, notRelevant: 0 });
    expect(analytics.rejectedCriteria[0]).toMatchObject({ title: 'Criterion 1', disagree: 1 });
    expect(analytics.lengthBias.points).toHaveLength(4);
    expect(analytics.byCategory.reduce((sum, group) => sum + group.votes, 0)).toBe(8);

    // Export: verified pairs are those where both reviewers chose the same side: pair 0 (A) and pair 1 (B).
    const lines = [];
    for await (const line of exportVerifiedPairs({ runId, minReviewers: 2 })) lines.push(line);
    expect(lines.map((line) => line.chosen.response_id === line.rejected.response_id)).toEqual([false, false]);
    const comparisons = await prisma.pairwiseComparison.findMany({
      where: { runId, presentedOrder: 'AB' },
      orderBy: { id: 'asc' },
      select: { id: true, responseA: { select: { externalId: true } }, responseB: { select: { externalId: true } } },
    });
    expect(lines.map((line) => line.comparison_id)).toEqual([comparisons[0]?.id, comparisons[1]?.id]);
    expect(lines[0]?.chosen.response_id).toBe(comparisons[0]?.responseA.externalId);
    expect(lines[1]?.chosen.response_id).toBe(comparisons[1]?.responseB.externalId);
    expect(lines[0]?.judge_winner).toBe('chosen');
    expect(lines[0]?.strength).toBe(1.5);
    // Pair 0's first criterion: 1 agree vs 1 disagree → not kept; the second (2 agree) is.
    expect(lines[0]?.criteria.map((c) => [c.title, c.favours])).toEqual([['Criterion 2', 'chosen']]);
    expect(JSON.stringify(lines)).not.toMatch(/source_label|sourceLabel/);
    const single = [];
    for await (const line of exportVerifiedPairs({ runId })) single.push(line.comparison_id);
    expect(single).toEqual([comparisons[0]?.id, comparisons[1]?.id]);

    // Relabelling the reviewers (x's reviews become y's and y's x's, which reverses their id order) changes no
    // agreement figure: human–judge agreement and kappa, reviewer–reviewer alpha and agreement, by group too.
    const [spare] = await makeReviewers(1);
    const move = (from: string, to: string) =>
      prisma.reviewerJudgment.updateMany({ where: { reviewerId: from, comparison: { runId } }, data: { reviewerId: to } });
    await prisma.$transaction([move(x ?? '', spare ?? ''), move(y ?? '', x ?? ''), move(spare ?? '', y ?? '')]);
    const relabelled = await computePairwiseAnalytics({ runId });
    expect(relabelled.humanJudge).toEqual(analytics.humanJudge);
    expect(relabelled.reviewerReviewer).toEqual(analytics.reviewerReviewer);
    expect(relabelled.confusion).toEqual(analytics.confusion);
    expect(relabelled.byCategory).toEqual(analytics.byCategory);
    expect(relabelled.byVersion).toEqual(analytics.byVersion);
    expect(relabelled.reviewers).toBe(analytics.reviewers);
  });
});
