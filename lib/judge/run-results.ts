// What a finished (or running) judge run produced, for its page. GRADE: each response's HealthBench score and
// tiered score side by side, computed here from the grades with lib/judge/scoring.ts, and the run means.
// GENERATE: the criteria it created with their consensus votes. PAIRWISE: each pair's winner in both presented
// orders and the position consistency rate (its interval with queries as clusters). PROBE: the paired score shifts.
// PROXY: the proxy accuracy. Every list is bounded; the page says when it shows a part.
import { type Rate, clusteredRate } from '@/lib/analytics/rate';
import { prisma } from '@/lib/db';
import type { PairChoice, Tier } from '@/lib/generated/prisma/enums';
import { healthbenchScore, runMeanScore, tieredScore } from '@/lib/judge/scoring';
import { type ProbeRunSummary, summarizeProbeRun } from '@/lib/judge/summarize-probe-run';
import { listProxyUnits } from '@/lib/judge/list-proxy-units';
import { type ProxyAccuracy, proxyAccuracy } from '@/lib/judge/proxy-accuracy';
import { legacyScoringProfile, parseScoringProfile, type ScoringProfile } from '@/lib/meta-rubrics/scoring-profile';

/** Grades loaded to score a run; a larger run is scored on its first responses (whole responses only). */
const GRADE_LIMIT = 50_000;
const LIST_LIMIT = 200;
const COMPARISON_LIMIT = 2_000;

export interface ScoredResponse {
  responseId: number;
  label: string;
  isIdeal: boolean;
  queryId: number;
  queryExternalId: string;
  graded: number;
  met: number;
  healthbench: number;
  tiered: number;
  vetoed: boolean;
}

export interface GradeResults {
  kind: 'GRADE';
  /** The scoring profile recorded on the run (runs from before profiles: their tier weights, the first rules). */
  profile: ScoringProfile;
  /** Whether the run recorded a full profile, or predates profiles. */
  profileRecorded: boolean;
  /** Responses with at least one grade in the run. */
  totalResponses: number;
  /** The responses scored here (all of them unless the run is larger than GRADE_LIMIT grades). */
  scored: number;
  /** HealthBench's run score: the mean of the scored responses' scores, clipped to [0, 1]. */
  meanHealthbench: number;
  /** The mean tiered score (each is already in [0, 1]). */
  meanTiered: number;
  responses: ScoredResponse[];
}

export interface GenerateResults {
  kind: 'GENERATE';
  total: number;
  queries: number;
  criteria: {
    id: number;
    title: string;
    tier: Tier;
    points: number;
    redLine: boolean;
    status: string;
    queryExternalId: string;
    votes: number | null;
    of: number | null;
    models: string[];
  }[];
}

export interface PairResult {
  key: string;
  queryExternalId: string;
  responseA: string;
  responseB: string;
  /** Winners in A/B terms, whatever order the judge saw; null while that order is not judged. */
  winnerAB: PairChoice | null;
  winnerBA: PairChoice | null;
  scoreAB: number | null;
  scoreBA: number | null;
  consistent: boolean | null;
  callAB: number | null;
  callBA: number | null;
  /** Why a veto decided the pair (a hard flaw, or a verifiable rubric one response fails), in either order. */
  vetoReason: string | null;
}

export interface PairwiseResults {
  kind: 'PAIRWISE';
  pairs: PairResult[];
  truncated: boolean;
  /** Of the pairs judged in both orders, the share that got the same winner (queries as clusters). */
  consistency: Rate;
}

/** A PROBE run: its paired score shifts (lib/judge/summarize-probe-run.ts). */
export type ProbeResults = { kind: 'PROBE' } & ProbeRunSummary;

export interface ProxyResults {
  kind: 'PROXY';
  /** Proxy accuracy over the run's predictions (lib/judge/proxy-accuracy.ts); the figures by group are on the discriminability page. */
  proxy: ProxyAccuracy;
}

export type RunResults = GradeResults | GenerateResults | PairwiseResults | ProbeResults | ProxyResults;

/** The profile a run was scored with: recorded since issue 20; older runs kept only their tier weights. */
export function runScoringProfile(params: unknown): { profile: ScoringProfile; recorded: boolean } {
  const given = params as { scoringProfile?: unknown; tierWeights?: Partial<ScoringProfile['tierWeights']> } | null;
  if (given?.scoringProfile !== undefined) return { profile: parseScoringProfile(given.scoringProfile), recorded: true };
  return { profile: legacyScoringProfile(given?.tierWeights), recorded: false };
}

async function gradeResults(runId: number, params: unknown): Promise<GradeResults> {
  const { profile, recorded } = runScoringProfile(params);
  const [rows, totals] = await Promise.all([
    prisma.$queryRaw<
      {
        response_id: number;
        met: boolean | null;
        points: number;
        tier: Tier;
        red_line: boolean;
        label: string;
        is_ideal: boolean;
        query_id: number;
        query_external_id: string;
      }[]
    >`
      SELECT g.response_id, g.met, c.points, c.tier, c.red_line, r.source_label AS label, r.is_ideal,
             q.id AS query_id, q.external_id AS query_external_id
        FROM grades g JOIN criteria c ON c.id = g.criterion_id JOIN responses r ON r.id = g.response_id
        JOIN queries q ON q.id = r.query_id
       WHERE g.run_id = ${runId}
       ORDER BY g.response_id, g.criterion_id
       LIMIT ${GRADE_LIMIT + 1}`,
    prisma.$queryRaw<{ n: number }[]>`SELECT count(DISTINCT response_id)::int AS n FROM grades WHERE run_id = ${runId}`,
  ]);
  // Cut at the limit: the last response may be partly loaded, so it is left out rather than mis-scored.
  const truncated = rows.length > GRADE_LIMIT;
  const lastId = rows.at(-1)?.response_id;
  const usable = truncated ? rows.filter((row) => row.response_id !== lastId) : rows;
  const byResponse = new Map<number, typeof rows>();
  for (const row of usable) {
    const list = byResponse.get(row.response_id);
    if (list) list.push(row);
    else byResponse.set(row.response_id, [row]);
  }
  const responses = [...byResponse.entries()].map(([responseId, grades]) => {
    const first = grades[0] as (typeof grades)[number];
    const items = grades.map((grade) => ({ tier: grade.tier, points: grade.points, met: grade.met === true, redLine: grade.red_line }));
    const tiered = tieredScore(items, profile);
    return {
      responseId,
      label: first.label,
      isIdeal: first.is_ideal,
      queryId: first.query_id,
      queryExternalId: first.query_external_id,
      graded: grades.length,
      met: items.filter((item) => item.met).length,
      healthbench: healthbenchScore(items),
      tiered: tiered.score,
      vetoed: tiered.vetoed,
    };
  });
  return {
    kind: 'GRADE',
    profile,
    profileRecorded: recorded,
    totalResponses: totals[0]?.n ?? 0,
    scored: responses.length,
    meanHealthbench: runMeanScore(responses.map((response) => response.healthbench)),
    meanTiered: runMeanScore(responses.map((response) => response.tiered)),
    responses: responses.slice(0, LIST_LIMIT),
  };
}

async function generateResults(runId: number): Promise<GenerateResults> {
  const where = { judgeRunId: runId };
  const [rows, total, queries] = await Promise.all([
    prisma.criterionProvenance.findMany({
      where,
      orderBy: { criterionId: 'asc' },
      take: LIST_LIMIT,
      select: {
        consensusVotes: true,
        generatorModels: true,
        criterion: {
          select: {
            id: true,
            title: true,
            tier: true,
            points: true,
            redLine: true,
            status: true,
            query: { select: { externalId: true } },
          },
        },
      },
    }),
    prisma.criterionProvenance.count({ where }),
    prisma.$queryRaw<{ n: number }[]>`
      SELECT count(DISTINCT c.query_id)::int AS n FROM criterion_provenance p JOIN criteria c ON c.id = p.criterion_id
       WHERE p.judge_run_id = ${runId}`,
  ]);
  return {
    kind: 'GENERATE',
    total,
    queries: queries[0]?.n ?? 0,
    criteria: rows.map(({ criterion, consensusVotes, generatorModels }) => {
      const votes = consensusVotes as { votes?: unknown; of?: unknown } | null;
      return {
        id: criterion.id,
        title: criterion.title,
        tier: criterion.tier,
        points: criterion.points,
        redLine: criterion.redLine,
        status: criterion.status,
        queryExternalId: criterion.query.externalId,
        votes: typeof votes?.votes === 'number' ? votes.votes : null,
        of: typeof votes?.of === 'number' ? votes.of : null,
        models: generatorModels,
      };
    }),
  };
}

async function pairwiseResults(runId: number): Promise<PairwiseResults> {
  const rows = await prisma.pairwiseComparison.findMany({
    where: { runId },
    orderBy: { id: 'asc' },
    take: COMPARISON_LIMIT + 1,
    select: {
      queryId: true,
      responseAId: true,
      responseBId: true,
      presentedOrder: true,
      winner: true,
      aggregateScore: true,
      judgeCallId: true,
      vetoReason: true,
      query: { select: { externalId: true } },
      responseA: { select: { sourceLabel: true } },
      responseB: { select: { sourceLabel: true } },
    },
  });
  const truncated = rows.length > COMPARISON_LIMIT;
  const pairs = new Map<string, PairResult>();
  const queryOf = new Map<string, number>();
  for (const row of rows.slice(0, COMPARISON_LIMIT)) {
    const key = `${row.queryId}:${row.responseAId}:${row.responseBId}`;
    const pair = pairs.get(key) ?? {
      key,
      queryExternalId: row.query.externalId,
      responseA: row.responseA.sourceLabel,
      responseB: row.responseB.sourceLabel,
      winnerAB: null,
      winnerBA: null,
      scoreAB: null,
      scoreBA: null,
      consistent: null,
      callAB: null,
      callBA: null,
      vetoReason: null,
    };
    pair.vetoReason ??= row.vetoReason;
    if (row.presentedOrder === 'AB') Object.assign(pair, { winnerAB: row.winner, scoreAB: row.aggregateScore, callAB: row.judgeCallId });
    else Object.assign(pair, { winnerBA: row.winner, scoreBA: row.aggregateScore, callBA: row.judgeCallId });
    pairs.set(key, pair);
    queryOf.set(key, row.queryId);
  }
  // Winners are stored in A/B terms, so the two orders agree exactly when they name the same winner.
  for (const pair of pairs.values()) {
    if (pair.winnerAB && pair.winnerBA) pair.consistent = pair.winnerAB === pair.winnerBA;
  }
  const list = [...pairs.values()];
  const both = list.filter((pair) => pair.consistent !== null);
  return {
    kind: 'PAIRWISE',
    pairs: list.slice(0, LIST_LIMIT),
    truncated: truncated || list.length > LIST_LIMIT,
    consistency: clusteredRate(both.map((pair) => ({ cluster: queryOf.get(pair.key) ?? 0, success: pair.consistent === true }))),
  };
}

export async function getRunResults({
  runId,
  kind,
  params,
}: {
  runId: number;
  kind: RunResults['kind'];
  params: unknown;
}): Promise<RunResults> {
  if (kind === 'GRADE') return await gradeResults(runId, params);
  if (kind === 'GENERATE') return await generateResults(runId);
  if (kind === 'PROBE') return { kind, ...(await summarizeProbeRun({ runId })) };
  if (kind === 'PROXY') return { kind, proxy: proxyAccuracy(await listProxyUnits({ runId })) };
  return await pairwiseResults(runId);
}
