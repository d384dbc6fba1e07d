// A finished pairwise judge run written straight into the database, as lib/judge/task-kinds.ts would have
// written it (both presented orders, criteria in canonical A/B terms, twins linked, position consistency),
// without calling any model. For integration tests and the e2e spec; never used by the app itself.
import { prisma } from '@/lib/db';
import type { PairChoice, PairwiseWeightClass } from '@/lib/generated/prisma/enums';
import { aggregatePairwise } from '@/lib/judge/scoring';

export interface SeedCriterion {
  title: string;
  weightClass?: PairwiseWeightClass;
  hardFlaw?: boolean;
  /** Canonical: positive favours response A. */
  score: -2 | -1 | 0 | 1 | 2;
}

export interface SeedPair {
  queryId: number;
  /** The judge's criteria in order AB. */
  criteria: SeedCriterion[];
  /** The criteria of order BA (canonical terms); the same as AB unless given. */
  baCriteria?: SeedCriterion[];
}

const choiceOf = (score: number): PairChoice => (score > 0 ? 'A' : score < 0 ? 'B' : 'TIE');

export async function seedPairwiseRun({
  pairs,
  metaRubricVersionId = null,
  reviewOverlap = 2,
}: {
  pairs: SeedPair[];
  metaRubricVersionId?: number | null;
  reviewOverlap?: number;
}): Promise<{ runId: number; comparisonIds: number[] }> {
  const run = await prisma.judgeRun.create({
    data: {
      kind: 'PAIRWISE',
      status: 'SUCCEEDED',
      params: {},
      scope: { seeded: true },
      metaRubricVersionId,
      promptTemplate: 'pairwise',
      promptVersion: 'v1',
      totalTasks: pairs.length * 2,
      succeededTasks: pairs.length * 2,
      startedAt: new Date(),
      finishedAt: new Date(),
    },
  });
  const comparisonIds: number[] = [];
  for (const pair of pairs) {
    const responses = await prisma.response.findMany({
      where: { queryId: pair.queryId, isIdeal: false },
      orderBy: { id: 'asc' },
      take: 2,
      select: { id: true },
    });
    const [a, b] = responses;
    if (!a || !b) throw new Error(`query ${pair.queryId} has fewer than two responses`);
    const create = async (order: 'AB' | 'BA', criteria: SeedCriterion[]) => {
      const full = criteria.map((criterion) => ({
        title: criterion.title,
        description: `${criterion.title}: which response does better.`,
        weightClass: criterion.weightClass ?? 'CORE',
        hardFlaw: criterion.hardFlaw ?? false,
        choice: choiceOf(criterion.score),
        score: criterion.score,
        evidence: `"${criterion.title}" evidence`,
      }));
      const aggregate = aggregatePairwise(full);
      return await prisma.pairwiseComparison.create({
        data: {
          runId: run.id,
          queryId: pair.queryId,
          responseAId: a.id,
          responseBId: b.id,
          presentedOrder: order,
          metaRubricVersionId,
          aggregateScore: aggregate.score,
          winner: aggregate.winner,
          vetoed: aggregate.vetoed,
          vetoReason: aggregate.vetoReason,
          reviewOverlap,
          criteria: { create: full.map((criterion, position) => ({ position, ...criterion })) },
        },
        select: { id: true, winner: true },
      });
    };
    const ab = await create('AB', pair.criteria);
    const ba = await create('BA', pair.baCriteria ?? pair.criteria);
    const consistent = ab.winner === ba.winner;
    await prisma.pairwiseComparison.update({ where: { id: ab.id }, data: { twinId: ba.id, positionConsistent: consistent } });
    await prisma.pairwiseComparison.update({ where: { id: ba.id }, data: { twinId: ab.id, positionConsistent: consistent } });
    comparisonIds.push(ab.id);
  }
  return { runId: run.id, comparisonIds };
}
