// Every bias figure of one judge configuration (an endpoint), for its diagnostics page: length (grades and pairwise
// preferences against response length, conditioned on what humans preferred, and the binned mutual information of
// preference and length difference beside the humans'), position (both orders of its pairwise runs),
// self-preference (responses whose source is its own model) and the paired shifts of its latest probe run per
// transformation. Aggregates in SQL; statistics in the pure functions beside this file.
import 'server-only';
import { type Rate, clusteredRate } from '@/lib/analytics/rate';
import { prisma } from '@/lib/db';
import type { PairChoice, PresentedOrder, ProbeVariantKind } from '@/lib/generated/prisma/enums';
import { type BiasVerdict, biasVerdict } from '@/lib/judge-bias/bias-verdict';
import { type ConditionalPreference, compareConditionalPreference, type MarkedJudgement } from '@/lib/judge-bias/conditional-preference';
import { compareLengthInformation, type LengthInformation, type LengthJudgement, orientPair } from '@/lib/judge-bias/length-information';
import { ownModelMatcher } from '@/lib/judge-bias/own-model';
import { type ProbeRunSummary, summarizeProbeRun } from '@/lib/judge/summarize-probe-run';
import { notFound } from '@/lib/errors';

/** A pair whose preferred response humans agree on (lib/discriminability/verified-pairs.ts gives them). */
export interface HumanPreference {
  queryId: number;
  preferredResponseId: number;
  otherResponseId: number;
}

/** Where a judge preference comes from: its GRADE runs' scores, or its PAIRWISE runs' verdicts. */
export type JudgeSource = 'grades' | 'pairwise';

export interface SourceDiagnostics {
  source: JudgeSource;
  /** Judge judgements of verified pairs (pairwise: one per presented order). */
  judgements: number;
  length: ConditionalPreference;
  information: LengthInformation;
  self: ConditionalPreference;
}

export interface FigureRow {
  bias: string;
  source: string;
  figure: string;
  estimate: number;
  low: number | null;
  high: number | null;
  n: number;
  verdict: BiasVerdict;
}

export interface JudgeDiagnostics {
  endpoint: { id: number; name: string; model: string };
  verifiedPairs: number;
  sources: SourceDiagnostics[];
  position: { comparisons: number; firstChosen: Rate; consistency: Rate };
  self: { ownResponses: number; otherResponses: number; meanOwn: number; meanOther: number };
  probes: { kind: ProbeVariantKind; runId: number; status: string; summary: ProbeRunSummary }[];
  /** Every figure with its interval and verdict: the page's verdict table and its CSV. */
  figures: FigureRow[];
}

interface ResponseRow {
  id: number;
  query_id: number;
  length: number;
  source_label: string;
}

interface ComparisonRow {
  query_id: number;
  response_a_id: number;
  response_b_id: number;
  presented_order: PresentedOrder;
  winner: PairChoice | null;
  position_consistent: boolean | null;
}

const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : Number.NaN);
const key = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** One judge preference of a verified pair: the response it preferred, or null for a tie. */
interface PairPreference {
  pair: HumanPreference;
  judgePreferred: number | null;
}

function judgementsOf(
  preferences: PairPreference[],
  responses: Map<number, ResponseRow>,
  isOwn: (sourceLabel: string) => boolean,
): { length: MarkedJudgement[]; information: LengthJudgement[]; self: MarkedJudgement[] } {
  const length: MarkedJudgement[] = [];
  const information: LengthJudgement[] = [];
  const self: MarkedJudgement[] = [];
  for (const { pair, judgePreferred } of preferences) {
    const preferred = responses.get(pair.preferredResponseId);
    const other = responses.get(pair.otherResponseId);
    if (!preferred || !other) continue;
    const side = (marked: ResponseRow): MarkedJudgement['judge'] =>
      judgePreferred === null ? 'tie' : judgePreferred === marked.id ? 'marked' : 'other';
    if (preferred.length !== other.length) {
      const longer = preferred.length > other.length ? preferred : other;
      length.push({ queryId: pair.queryId, humanMarked: longer === preferred, judge: side(longer) });
    }
    const [first, second] = orientPair(preferred.id, other.id)[0] === preferred.id ? [preferred, other] : [other, preferred];
    information.push({
      queryId: pair.queryId,
      lengthFirst: first.length,
      lengthSecond: second.length,
      human: preferred === first ? 'first' : 'second',
      judge: judgePreferred === null ? 'tie' : judgePreferred === first.id ? 'first' : 'second',
    });
    const preferredOwn = isOwn(preferred.source_label);
    if (preferredOwn !== isOwn(other.source_label)) {
      const own = preferredOwn ? preferred : other;
      self.push({ queryId: pair.queryId, humanMarked: preferredOwn, judge: side(own) });
    }
  }
  return { length, information, self };
}

function conditionalFigure(bias: string, source: JudgeSource, figure: string, preference: ConditionalPreference): FigureRow {
  return {
    bias,
    source,
    figure,
    estimate: preference.bias,
    low: preference.interval[0],
    high: preference.interval[1],
    n: preference.humanOther.judgements + preference.humanMarked.judgements,
    verdict: biasVerdict(preference.interval, { queries: preference.queries }),
  };
}

export async function computeJudgeDiagnostics({
  endpointId,
  pairs,
}: {
  endpointId: number;
  pairs: readonly HumanPreference[];
}): Promise<JudgeDiagnostics> {
  const endpoint = await prisma.judgeEndpoint.findUnique({ where: { id: endpointId }, select: { id: true, name: true, model: true } });
  if (!endpoint) throw notFound('The judge endpoint');
  // The endpoint's GRADE runs first, so that the planner estimates the grades they select from its statistics of
  // grades.run_id (joined in, it guessed a few hundred rows for 200,000 and sorted them on disk).
  const gradeRuns = await prisma.$queryRaw<{ id: number }[]>`
    SELECT r.id FROM judge_runs r JOIN judge_run_endpoints e ON e.run_id = r.id AND e.endpoint_id = ${endpointId}
     WHERE r.kind = 'GRADE'`;
  const pairResponseIds = [...new Set(pairs.flatMap((pair) => [pair.preferredResponseId, pair.otherResponseId]))];
  const [scores, comparisons, probeRuns, responseRows] = await Promise.all([
    // Per response, the HealthBench score of the latest of those runs that graded it: one pass over the grades (sums
    // per response and run), then the latest run per response.
    prisma.$queryRaw<{ response_id: number; achieved: number; possible: number; source_label: string }[]>`
      SELECT DISTINCT ON (s.response_id) s.response_id, s.achieved, s.possible, r.source_label
        FROM (SELECT g.response_id, g.run_id,
                     coalesce(sum(CASE WHEN g.met THEN cr.points ELSE 0 END), 0)::float8 AS achieved,
                     coalesce(sum(GREATEST(cr.points, 0)), 0)::float8 AS possible
                FROM grades g
                JOIN criterion_revisions cr ON cr.criterion_id = g.criterion_id AND cr.revision = g.criterion_revision
               WHERE g.run_id = ANY(${gradeRuns.map((run) => run.id)}::int[])
               GROUP BY g.response_id, g.run_id) s
        JOIN responses r ON r.id = s.response_id
       ORDER BY s.response_id, s.run_id DESC`,
    prisma.$queryRaw<ComparisonRow[]>`
      SELECT p.query_id, p.response_a_id, p.response_b_id, p.presented_order, p.winner, p.position_consistent
        FROM pairwise_comparisons p JOIN judge_run_endpoints e ON e.run_id = p.run_id AND e.endpoint_id = ${endpointId}
       ORDER BY p.id`,
    // The latest probe run per transformation (its variants say which).
    prisma.$queryRaw<{ run_id: number; kind: ProbeVariantKind; status: string }[]>`
      SELECT DISTINCT ON (v.kind) v.run_id, v.kind, r.status::text AS status
        FROM probe_variants v JOIN judge_runs r ON r.id = v.run_id
        JOIN judge_run_endpoints e ON e.run_id = v.run_id AND e.endpoint_id = ${endpointId}
       ORDER BY v.kind, v.run_id DESC`,
    prisma.$queryRaw<ResponseRow[]>`
      SELECT r.id, r.query_id, length(r.content)::int AS length, r.source_label
        FROM responses r WHERE r.id = ANY(${pairResponseIds}::int[])`,
  ]);
  const score = new Map(scores.map((row) => [row.response_id, row.possible > 0 ? row.achieved / row.possible : Number.NaN]));
  const responses = new Map(responseRows.map((row) => [row.id, row]));

  const isOwn = ownModelMatcher(endpoint.model);
  const gradePreferences: PairPreference[] = [];
  for (const pair of pairs) {
    const preferred = score.get(pair.preferredResponseId);
    const other = score.get(pair.otherResponseId);
    if (preferred === undefined || other === undefined || !Number.isFinite(preferred) || !Number.isFinite(other)) continue;
    gradePreferences.push({
      pair,
      judgePreferred: preferred > other ? pair.preferredResponseId : other > preferred ? pair.otherResponseId : null,
    });
  }
  const byPair = new Map(pairs.map((pair) => [key(pair.preferredResponseId, pair.otherResponseId), pair]));
  const pairwisePreferences: PairPreference[] = comparisons.flatMap((comparison) => {
    const pair = byPair.get(key(comparison.response_a_id, comparison.response_b_id));
    if (!pair || comparison.winner === null) return [];
    const judgePreferred =
      comparison.winner === 'A' ? comparison.response_a_id : comparison.winner === 'B' ? comparison.response_b_id : null;
    return [{ pair, judgePreferred }];
  });

  const sources: SourceDiagnostics[] = (
    [
      ['grades', gradePreferences],
      ['pairwise', pairwisePreferences],
    ] as const
  ).map(([source, preferences]) => {
    const judgements = judgementsOf(preferences, responses, isOwn);
    return {
      source,
      judgements: preferences.length,
      length: compareConditionalPreference(judgements.length),
      information: compareLengthInformation(judgements.information),
      self: compareConditionalPreference(judgements.self),
    };
  });

  // Position: among decided comparisons, how often the judge chose the response it was shown first.
  const decided = comparisons.filter((comparison) => comparison.winner === 'A' || comparison.winner === 'B');
  const firstChosen = clusteredRate(
    decided.map((comparison) => ({
      cluster: comparison.query_id,
      success: (comparison.presented_order === 'AB') === (comparison.winner === 'A'),
    })),
  );
  const consistency = clusteredRate(
    comparisons
      .filter((comparison) => comparison.presented_order === 'AB' && comparison.position_consistent !== null)
      .map((comparison) => ({ cluster: comparison.query_id, success: comparison.position_consistent === true })),
  );

  const own: number[] = [];
  const others: number[] = [];
  for (const row of scores) if (row.possible > 0) (isOwn(row.source_label) ? own : others).push(row.achieved / row.possible);

  const probes = await Promise.all(
    probeRuns.map(async (run) => ({
      kind: run.kind,
      runId: run.run_id,
      status: run.status,
      summary: await summarizeProbeRun({ runId: run.run_id }),
    })),
  );

  const figures: FigureRow[] = [];
  for (const source of sources) {
    figures.push(
      conditionalFigure('Length', source.source, 'P(judge longer | humans shorter) − P(judge shorter | humans longer)', source.length),
      {
        bias: 'Length (information)',
        source: source.source,
        figure: 'Binned MI(judge; length) − MI(humans; length), bits',
        estimate: source.information.difference.bits,
        low: source.information.difference.interval[0],
        high: source.information.difference.interval[1],
        n: source.information.judgements,
        verdict: biasVerdict(source.information.difference.interval, { queries: source.information.queries }),
      },
      conditionalFigure('Self-preference', source.source, 'P(judge own | humans other) − P(judge other | humans own)', source.self),
    );
  }
  figures.push({
    bias: 'Position',
    source: 'pairwise',
    figure: 'Share of decided comparisons won by the response shown first (no bias: 0.5)',
    estimate: firstChosen.rate,
    low: firstChosen.n ? firstChosen.low : null,
    high: firstChosen.n ? firstChosen.high : null,
    n: firstChosen.n,
    verdict: biasVerdict(firstChosen.n ? [firstChosen.low, firstChosen.high] : null, { noBias: 0.5, queries: firstChosen.clusters }),
  });
  for (const probe of probes) {
    figures.push({
      bias: `Probe ${probe.kind}`,
      source: `run ${probe.runId}`,
      figure: 'Mean paired shift (variant − original HealthBench score)',
      estimate: probe.summary.overall.mean,
      low: probe.summary.overall.interval?.[0] ?? null,
      high: probe.summary.overall.interval?.[1] ?? null,
      n: probe.summary.overall.responses,
      verdict: biasVerdict(probe.summary.overall.interval, { queries: probe.summary.overall.queries }),
    });
  }
  return {
    endpoint,
    verifiedPairs: pairs.length,
    sources,
    position: { comparisons: comparisons.length, firstChosen, consistency },
    self: { ownResponses: own.length, otherResponses: others.length, meanOwn: mean(own), meanOther: mean(others) },
    probes,
    figures,
  };
}
