// The bias diagnostics against the real engine, the judge test double and a real PostgreSQL: PROBE runs store their
// variants and grade both arms; the double's biased modes (prefer-longer, follow-belief) are detected as biased and
// its honest mode is not; a resumed probe run repeats no call and writes no grade twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { biasVerdict } from '@/lib/judge-bias/bias-verdict';
import { computeJudgeDiagnostics, type HumanPreference } from '@/lib/judge-bias/compute-judge-diagnostics';
import { isOwnModel } from '@/lib/judge-bias/own-model';
import { createRun, estimateRun } from '@/lib/judge/create-run';
import { makeProbeVariant } from '@/lib/judge/probe-variants';
import { parseConversation } from '@/lib/judge/prompts';
import { runJudgeRun } from '@/lib/judge/run-judge-run';
import { runInputSchema } from '@/lib/judge/run-schemas';
import { summarizeProbeRun } from '@/lib/judge/summarize-probe-run';
import { FAST_CALLS, seedJudgeFixtures } from '@/tools/fixtures/judge-fixtures';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';

let double: JudgeTestDouble;
let admin: SessionUser;
let datasetId: number;
let versionId: number;
const endpoints = { honest: 0, longer: 0, belief: 0, own: 0 };

async function run(input: Record<string, unknown>) {
  const created = await createRun({ actor: admin, input: runInputSchema.parse({ datasetId, ...input }), enqueueJob: false });
  await runJudgeRun({ runId: created.id, callOptions: FAST_CALLS });
  const finished = await prisma.judgeRun.findUniqueOrThrow({ where: { id: created.id } });
  expect(finished.status).toBe('SUCCEEDED');
  return finished;
}

const probe = async (endpoint: number, variant: string, maxQueries = 20) =>
  await summarizeProbeRun({ runId: (await run({ kind: 'PROBE', endpointIds: [endpoint], variant, maxQueries })).id });

beforeAll(async () => {
  ({ admin, datasetId, versionId } = await seedJudgeFixtures());
  double = await startJudgeTestDouble({ seed: 7 });
  for (const [name, model] of [
    ['honest', 'bias-double'],
    ['longer', 'bias-double+prefer-longer'],
    ['belief', 'bias-double+follow-belief'],
    // Named after the demo's wordy source: its length preference is a preference for its "own" responses.
    ['own', 'acme/orion-chat-v2+prefer-longer'],
  ] as const) {
    const row = await prisma.judgeEndpoint.create({
      data: { name: `bias-${name}`, baseUrl: double.url, model, maxConcurrency: 8, timeoutSeconds: 5 },
    });
    endpoints[name] = row.id;
  }
}, 60_000);

afterAll(async () => {
  await double.close();
});

describe('PROBE runs', () => {
  it('previews, stores every variant as the transformation makes it, grades both arms, and resumes without repeating a call', async () => {
    const input = runInputSchema.parse({
      datasetId,
      kind: 'PROBE',
      endpointIds: [endpoints.honest],
      variant: 'FORMAT_PLAIN',
      maxQueries: 3,
    });
    const estimate = await estimateRun(input);
    const created = await createRun({ actor: admin, input, enqueueJob: false });
    expect(created.tasks).toBe(estimate.tasks);
    const first = estimate.probePreview;
    expect(first?.kind).toBe('FORMAT_PLAIN');
    const variants = await prisma.probeVariant.findMany({
      where: { runId: created.id },
      include: { response: { select: { content: true, query: { select: { conversation: true } } } } },
      orderBy: { responseId: 'asc' },
    });
    expect(variants[0]?.responseId).toBe(first?.responseId);
    expect(variants[0]?.content).toBe(first?.after.response);
    for (const variant of variants) {
      const made = makeProbeVariant('FORMAT_PLAIN', {
        conversation: parseConversation(variant.response.query.conversation),
        response: variant.response.content,
      });
      expect(variant.content).toBe(made.response);
      expect(variant.conversation).toEqual(made.conversation);
      expect(variant.transformVersion).toBe('v1');
    }
    await runJudgeRun({ runId: created.id, callOptions: FAST_CALLS });
    const done = await prisma.judgeRun.findUniqueOrThrow({ where: { id: created.id } });
    expect(done.status).toBe('SUCCEEDED');
    expect(await prisma.probeGrade.count({ where: { runId: created.id } })).toBe(done.totalTasks);
    expect(await prisma.probeGrade.count({ where: { runId: created.id, variant: true } })).toBe(done.totalTasks / 2);

    // A kill after three answers were stored but before their grades committed: resumed from the stored answers.
    const victims = await prisma.judgeTask.findMany({ where: { runId: created.id }, take: 3, orderBy: { id: 'desc' } });
    for (const victim of victims) {
      const payload = victim.payload as { responseId: number; criterionId: number; variant: boolean };
      await prisma.probeGrade.deleteMany({ where: { runId: created.id, ...payload } });
    }
    await prisma.judgeTask.updateMany({ where: { id: { in: victims.map((t) => t.id) } }, data: { status: 'RUNNING' } });
    await prisma.judgeRun.update({
      where: { id: created.id },
      data: { status: 'RUNNING', finishedAt: null, succeededTasks: { decrement: 3 } },
    });
    const requestsBefore = double.stats().requests;
    await runJudgeRun({ runId: created.id, callOptions: FAST_CALLS });
    const resumed = await prisma.judgeRun.findUniqueOrThrow({ where: { id: created.id } });
    expect(resumed).toMatchObject({ status: 'SUCCEEDED', succeededTasks: resumed.totalTasks });
    expect(double.stats().requests).toBe(requestsBefore);
    expect(await prisma.probeGrade.count({ where: { runId: created.id } })).toBe(resumed.totalTasks);
  }, 60_000);

  it('detects the verbosity bias of a judge that prefers longer responses, and none in the honest judge', async () => {
    const biased = await probe(endpoints.longer, 'VERBOSITY');
    expect(biased.overall.mean).toBeGreaterThan(0);
    expect(biased.responses.every((response) => response.shift >= 0)).toBe(true);
    expect(biasVerdict(biased.overall.interval, { queries: biased.overall.queries })).toBe('detected');
    const honest = await probe(endpoints.honest, 'VERBOSITY');
    expect(honest.overall.responses).toBe(biased.overall.responses);
    expect(biasVerdict(honest.overall.interval, { queries: honest.overall.queries })).toBe('none detected');
  }, 300_000);

  it('detects the sycophancy of a judge that follows the user’s stated belief, and none in the honest judge', async () => {
    const biased = await probe(endpoints.belief, 'SYCOPHANCY');
    expect(biasVerdict(biased.overall.interval, { queries: biased.overall.queries })).toBe('detected');
    expect(biased.overall.interval?.[0]).toBeGreaterThan(0);
    const honest = await probe(endpoints.honest, 'SYCOPHANCY');
    expect(biasVerdict(honest.overall.interval, { queries: honest.overall.queries })).toBe('none detected');
  }, 300_000);
});

describe('length, position and self-preference against verified pairs', () => {
  // Humans preferred the first response of even queries and the second of odd ones: a preference that knows nothing
  // of length (each query's two responses come from a terse and a wordy source).
  async function pairs(): Promise<HumanPreference[]> {
    const queries = await prisma.query.findMany({
      where: { datasetId },
      select: { id: true, responses: { where: { isIdeal: false }, select: { id: true }, orderBy: { id: 'asc' } } },
    });
    return queries.flatMap((query) => {
      const [a, b] = query.responses;
      if (!a || !b) return [];
      const [preferred, other] = query.id % 2 === 0 ? [a, b] : [b, a];
      return [{ queryId: query.id, preferredResponseId: preferred.id, otherResponseId: other.id }];
    });
  }

  it('detects a judge whose grades and pairwise verdicts prefer the longer response (and, named after the wordy source, its own); the honest grades show none', async () => {
    const verified = await pairs();
    expect(verified.length).toBeGreaterThan(30);
    for (const endpoint of [endpoints.honest, endpoints.longer]) {
      await run({ kind: 'GRADE', endpointIds: [endpoint] });
    }
    await run({ kind: 'PAIRWISE', endpointIds: [endpoints.longer], metaRubricVersionId: versionId });
    const honest = await computeJudgeDiagnostics({ endpointId: endpoints.honest, pairs: verified });
    const longer = await computeJudgeDiagnostics({ endpointId: endpoints.longer, pairs: verified });
    const grades = (diagnostics: typeof honest) => diagnostics.sources.find((source) => source.source === 'grades');
    expect(grades(honest)?.judgements).toBe(verified.length);
    expect(biasVerdict(grades(honest)?.length.interval ?? null, { queries: grades(honest)?.length.queries ?? 0 })).toBe('none detected');
    expect(biasVerdict(grades(longer)?.length.interval ?? null, { queries: grades(longer)?.length.queries ?? 0 })).toBe('detected');
    expect(grades(longer)?.length.bias).toBeGreaterThan(0);
    const pairwise = longer.sources.find((source) => source.source === 'pairwise');
    expect(pairwise?.judgements).toBe(2 * verified.length);
    expect(pairwise?.length.towardMarked).toBe(1);
    expect(biasVerdict(pairwise?.length.interval ?? null, { queries: pairwise?.length.queries ?? 0 })).toBe('detected');
    expect(biasVerdict(pairwise?.information.difference.interval ?? null, { queries: pairwise?.information.queries ?? 0 })).toBe(
      'detected',
    );
    // Position: its verdicts follow length, not the order shown, so both orders agree and half are won by the first.
    const [stored] = await prisma.$queryRaw<{ decided: number; first: number }[]>`
      SELECT count(*)::int AS decided,
             count(*) FILTER (WHERE (p.presented_order = 'AB') = (p.winner = 'A'))::int AS first
        FROM pairwise_comparisons p JOIN judge_run_endpoints e ON e.run_id = p.run_id AND e.endpoint_id = ${endpoints.longer}
       WHERE p.winner IN ('A', 'B')`;
    expect(longer.position.firstChosen).toMatchObject({ n: stored?.decided, count: stored?.first, rate: 0.5 });
    expect(longer.position.consistency.rate).toBe(1);
    expect(longer.figures.find((figure) => figure.bias === 'Position')?.verdict).toBe('none detected');
    // Self-preference: a judge named after the wordy source prefers "its own" responses; the honest one has none.
    await run({ kind: 'GRADE', endpointIds: [endpoints.own] });
    const own = await computeJudgeDiagnostics({ endpointId: endpoints.own, pairs: verified });
    const ownGrades = grades(own)?.self;
    expect(ownGrades?.humanOther.judgements).toBeGreaterThan(10);
    expect(ownGrades?.humanMarked.judgements).toBeGreaterThan(10);
    expect(own.figures.find((figure) => figure.bias === 'Self-preference' && figure.source === 'grades')?.verdict).toBe('detected');
    expect(own.self.ownResponses).toBeGreaterThan(0);
    expect(grades(honest)?.self.humanOther.judgements).toBe(0);
    expect(honest.figures.find((figure) => figure.bias === 'Self-preference' && figure.source === 'grades')?.verdict).toBe(
      'not enough data',
    );
    // Every figure of the table is one of the computed ones.
    const row = longer.figures.find((figure) => figure.bias === 'Length' && figure.source === 'grades');
    expect(row?.estimate).toBe(grades(longer)?.length.bias);
  }, 300_000);
});

describe('isOwnModel', () => {
  it('compares model names without case, provider prefix or test-double suffix', () => {
    expect(isOwnModel('orion-chat-v2', 'Acme/Orion-Chat-V2')).toBe(true);
    expect(isOwnModel('orion-chat-v2', 'orion-chat-v2+prefer-longer')).toBe(true);
    expect(isOwnModel('lyra-mini-v1', 'orion-chat-v2')).toBe(false);
    expect(isOwnModel('', '')).toBe(false);
  });
});
