// A PROBE run's paired score shifts: per response, its HealthBench score on the variant minus on the original (over
// the criteria graded in both), summarised overall, per response source (model) and per tier (the tier's share of
// points achieved, as the tiered score computes it). The run page and the judge diagnostics page show these figures.
import 'server-only';
import { prisma } from '@/lib/db';
import type { ProbeVariantKind, Tier } from '@/lib/generated/prisma/enums';
import { type PairedShift, summarizePairedShift } from '@/lib/judge/paired-shift';
import { healthbenchScore, tieredScore } from '@/lib/judge/scoring';
import { TIERS } from '@/lib/vocabulary/enums';

export interface ResponseShift {
  responseId: number;
  queryId: number;
  source: string;
  criteria: number;
  original: number;
  variant: number;
  shift: number;
  /** Per tier, variant − original share of the tier's points achieved; absent when the response has no such criterion. */
  tierShifts: Partial<Record<Tier, number>>;
}

export interface ProbeRunSummary {
  runId: number;
  /** The judge configuration graded with (a probe run has one). */
  endpointId: number | null;
  variantKind: ProbeVariantKind | null;
  /** Responses with a stored variant, and tasks' grades per arm. */
  variants: number;
  gradedOriginal: number;
  gradedVariant: number;
  overall: PairedShift;
  byModel: ({ source: string } & PairedShift)[];
  byTier: ({ tier: Tier } & PairedShift)[];
  responses: ResponseShift[];
  /** The first stored variant, before and after, for the page. */
  example: { responseId: number; before: string; after: string; lastTurnBefore: string; lastTurnAfter: string } | null;
}

interface GradeRow {
  response_id: number;
  query_id: number;
  source_label: string;
  criterion_id: number;
  variant: boolean;
  met: boolean;
  points: number;
  tier: Tier;
  red_line: boolean;
}

const lastTurn = (conversation: unknown) =>
  Array.isArray(conversation) ? String((conversation.at(-1) as { content?: unknown })?.content ?? '') : '';

export async function summarizeProbeRun({ runId }: { runId: number }): Promise<ProbeRunSummary> {
  // Points and tier of the criterion revision the judge read (the grade records it).
  const [rows, variants, example, endpoint] = await Promise.all([
    prisma.$queryRaw<GradeRow[]>`
      SELECT g.response_id, r.query_id, r.source_label, g.criterion_id, g.variant, g.met,
             cr.points::float8 AS points, cr.tier, c.red_line
        FROM probe_grades g JOIN responses r ON r.id = g.response_id
        JOIN criterion_revisions cr ON cr.criterion_id = g.criterion_id AND cr.revision = g.criterion_revision
        JOIN criteria c ON c.id = g.criterion_id
       WHERE g.run_id = ${runId}
       ORDER BY g.response_id, g.criterion_id`,
    prisma.probeVariant.count({ where: { runId } }),
    prisma.probeVariant.findFirst({
      where: { runId },
      orderBy: { responseId: 'asc' },
      select: {
        kind: true,
        responseId: true,
        content: true,
        conversation: true,
        response: { select: { content: true, query: { select: { conversation: true } } } },
      },
    }),
    prisma.judgeRunEndpoint.findFirst({ where: { runId }, select: { endpointId: true } }),
  ]);
  const byResponse = new Map<number, GradeRow[]>();
  for (const row of rows) byResponse.set(row.response_id, [...(byResponse.get(row.response_id) ?? []), row]);
  const responses: ResponseShift[] = [];
  for (const [responseId, grades] of byResponse) {
    // Only criteria graded in both arms: a failed task on one side leaves its criterion out of both.
    const arms = new Map<number, { original?: GradeRow; variant?: GradeRow }>();
    for (const grade of grades)
      arms.set(grade.criterion_id, { ...arms.get(grade.criterion_id), [grade.variant ? 'variant' : 'original']: grade });
    const paired = [...arms.values()].filter((arm): arm is { original: GradeRow; variant: GradeRow } => !!arm.original && !!arm.variant);
    if (paired.length === 0) continue;
    const items = (side: 'original' | 'variant') =>
      paired.map((arm) => ({ points: arm[side].points, met: arm[side].met, tier: arm[side].tier, redLine: arm[side].red_line }));
    const original = healthbenchScore(items('original'));
    const variant = healthbenchScore(items('variant'));
    const tiersBefore = tieredScore(items('original')).perTier;
    const tiersAfter = tieredScore(items('variant')).perTier;
    const tierShifts: Partial<Record<Tier, number>> = {};
    for (const tier of TIERS) {
      const before = tiersBefore[tier].fraction;
      const after = tiersAfter[tier].fraction;
      if (before !== null && after !== null) tierShifts[tier] = after - before;
    }
    const first = grades[0] as GradeRow;
    responses.push({
      responseId,
      queryId: first.query_id,
      source: first.source_label,
      criteria: paired.length,
      original,
      variant,
      shift: variant - original,
      tierShifts,
    });
  }
  const scored = responses.filter((response) => Number.isFinite(response.shift));
  const sources = [...new Set(scored.map((response) => response.source))].sort();
  return {
    runId,
    endpointId: endpoint?.endpointId ?? null,
    variantKind: example?.kind ?? null,
    variants,
    gradedOriginal: rows.filter((row) => !row.variant).length,
    gradedVariant: rows.filter((row) => row.variant).length,
    overall: summarizePairedShift(scored),
    byModel: sources.map((source) => ({ source, ...summarizePairedShift(scored.filter((response) => response.source === source)) })),
    byTier: TIERS.map((tier) => ({
      tier,
      ...summarizePairedShift(
        responses.flatMap((response) =>
          response.tierShifts[tier] === undefined ? [] : [{ queryId: response.queryId, shift: response.tierShifts[tier] as number }],
        ),
      ),
    })).filter((tier) => tier.responses > 0),
    responses,
    example: example
      ? {
          responseId: example.responseId,
          before: example.response.content,
          after: example.content,
          lastTurnBefore: lastTurn(example.response.query.conversation),
          lastTurnAfter: lastTurn(example.conversation),
        }
      : null,
  };
}
