// The three judge tasks: how a task's request is built from the database, how its parsed answer is written
// (inside the transaction that marks the task done), and what happens once every task of a run is finished.
//   GRADE     one response × one criterion → a Grade (HealthBench semantics: met or not, with an explanation)
//   GENERATE  one query × one endpoint → a rubric; at the end, per query, the endpoints' rubrics are merged by
//             consensus (lib/judge/consensus.ts) into PENDING criteria with their votes as provenance
//   PAIRWISE  one pair × one presented order → a PairwiseComparison with its adaptive criteria, aggregated
//             outside the model (lib/judge/scoring.ts) and gated by the profile's verifiable rubrics; plus one
//             yes/no call per response and verifiable rubric no text check decides; at the end the judged
//             rubrics gate every verdict, each order is linked to its twin and the position consistency stored
//   PROBE     one response (original or variant) × one criterion → a ProbeGrade (lib/judge/probe-task.ts)
//   PROXY     one verified pair × one presented order → a ProxyPrediction (lib/judge/proxy-task.ts)
import type { prisma as prismaClient } from '@/lib/db';
import { type JudgeRun, Prisma } from '@/lib/generated/prisma/client';
import type { ModelRequest } from '@/lib/judge/call-model';
import { mergeByConsensus } from '@/lib/judge/consensus';
import { checkGeneratedSet, parseGenerationRules } from '@/lib/meta-rubrics/generation-rules';
import { buildGeneratePrompt, buildPairwisePrompt, buildVerifyPrompt, parseConversation, type TemplateName } from '@/lib/judge/prompts';
import { proxyTask } from '@/lib/judge/proxy-task';
import {
  GENERATE_SCHEMA_NAME,
  type GenerateOutput,
  type GradeOutput,
  PAIRWISE_SCHEMA_NAME,
  type PairwiseOutput,
  generateJsonSchema,
  generateOutputSchema,
  gradeOutputSchema,
  pairwiseJsonSchema,
  pairwiseOutputSchema,
  VERIFY_SCHEMA_NAME,
  verifyJsonSchema,
  verifyOutputSchema,
} from '@/lib/judge/schemas';
import { type GatedAggregate, gateByVerifiableRubrics, type JudgedAnswers } from '@/lib/judge/verifiable-rubrics';
import { runScoringProfile } from '@/lib/judge/run-results';
import { aggregatePairwise, criterionToAbTerms, toAbTerms } from '@/lib/judge/scoring';
import { hashOf } from '@/lib/import/normalized';
import { buildGradeRequest } from '@/lib/judge/grade-request';
import { probe } from '@/lib/judge/probe-task';

export interface TaskContext {
  run: JudgeRun;
  prisma: typeof prismaClient;
}

interface EndpointInfo {
  id: number;
  name: string;
  model: string;
}

export interface BuiltRequest {
  request: ModelRequest;
  template: TemplateName;
  parse: (value: unknown) => unknown;
  /** What the request was built from, for the result to record (a grade: the criterion revision it read). */
  built?: Record<string, number>;
}

export interface TaskResult {
  payload: Prisma.JsonValue;
  parsed: unknown;
  callId: number;
  context: TaskContext;
  endpoint: EndpointInfo;
  built: Record<string, number>;
}

export interface TaskKind {
  buildRequest: (payload: Prisma.JsonValue, context: TaskContext, endpoint: EndpointInfo) => Promise<BuiltRequest>;
  /** Writes the result in the transaction that marks the task SUCCEEDED, when this attempt is the one that did. */
  writeResult?: (tx: Prisma.TransactionClient, result: TaskResult) => Promise<void>;
  /**
   * Instead of writeResult, for a result that is rows of one table: an INSERT … SELECT … FROM done, where
   * `done` holds the task's id when this attempt marked it SUCCEEDED (no row otherwise). The engine runs it
   * in one statement with the task's completion: one round trip where a transaction takes four.
   */
  resultInsert?: (result: TaskResult) => Prisma.Sql;
  finalize?: (context: TaskContext) => Promise<void>;
}

const messages = (prompt: { system: string; user: string }): ModelRequest['messages'] => [
  { role: 'system', content: prompt.system },
  { role: 'user', content: prompt.user },
];

function numberField(payload: Prisma.JsonValue, field: string): number {
  const value = (payload as Record<string, unknown> | null)?.[field];
  if (typeof value !== 'number') throw new Error(`the task's payload has no ${field}`);
  return value;
}

async function metaRubricVersion(context: TaskContext) {
  if (!context.run.metaRubricVersionId) throw new Error('the run has no meta-rubric version');
  return await context.prisma.metaRubricVersion.findUniqueOrThrow({
    where: { id: context.run.metaRubricVersionId },
    select: { id: true, principles: true, generationRules: true },
  });
}

// A run grades thousands of (response, criterion) pairs, 16 or so at a time: each step of a grading task
// is one statement.
const grade: TaskKind = {
  async buildRequest(payload, context) {
    const responseId = numberField(payload, 'responseId');
    const criterionId = numberField(payload, 'criterionId');
    const rows = await context.prisma.$queryRaw<
      { content: string; conversation: Prisma.JsonValue; title: string; description: string; points: number; revision: number }[]
    >`
      SELECT r.content, q.conversation, c.title, c.description, c.points, c.revision
        FROM responses r JOIN queries q ON q.id = r.query_id, criteria c
       WHERE r.id = ${responseId} AND c.id = ${criterionId}`;
    const row = rows[0];
    if (!row) throw new Error(`response ${responseId} or criterion ${criterionId} not found`);
    return buildGradeRequest({ conversation: parseConversation(row.conversation), response: row.content, criterion: row });
  },
  // The points and revision of the criterion text the prompt read (a revision made meanwhile does not mix in).
  // A criterion deleted meanwhile fails the statement on the foreign key, and with it the task's completion.
  resultInsert({ payload, parsed, callId, context, built }) {
    const output = gradeOutputSchema.parse(parsed) as GradeOutput;
    const criterionId = numberField(payload, 'criterionId');
    return Prisma.sql`
      INSERT INTO grades (run_id, response_id, criterion_id, judge_call_id, met, points_awarded, criterion_revision, explanation)
      SELECT ${context.run.id}, ${numberField(payload, 'responseId')}, ${criterionId}, ${callId}, ${output.criteria_met},
             CASE WHEN ${output.criteria_met} THEN (SELECT r.points FROM criterion_revisions r
                                                     WHERE r.criterion_id = ${criterionId} AND r.revision = ${built.criterionRevision ?? 0})
                  ELSE 0 END,
             ${built.criterionRevision ?? 0}, ${output.explanation}
        FROM done
      ON CONFLICT (run_id, response_id, criterion_id) DO NOTHING`;
  },
};

const generate: TaskKind = {
  async buildRequest(payload, context) {
    const version = await metaRubricVersion(context);
    const query = await context.prisma.query.findUniqueOrThrow({
      where: { id: numberField(payload, 'queryId') },
      select: { conversation: true },
    });
    const rules = parseGenerationRules(version.generationRules);
    const prompt = buildGeneratePrompt({ conversation: parseConversation(query.conversation), metaRubricVersion: version });
    return {
      template: 'generate',
      request: { messages: messages(prompt), schemaName: GENERATE_SCHEMA_NAME, jsonSchema: generateJsonSchema },
      // A set that breaks the meta-rubric's generation rules is invalid output: the model gets one repair try.
      parse: (value) => {
        const output = generateOutputSchema.parse(value);
        const violations = checkGeneratedSet(output.criteria, rules);
        if (violations.length > 0) throw new Error(`the rubric breaks the generation rules: ${violations.join('; ')}`);
        return output;
      },
    };
  },
  // The answer stays on its JudgeCall; criteria are created per query once every endpoint has answered.
  async writeResult() {},
  async finalize(context) {
    const runId = context.run.id;
    const params = context.run.params as { minVotes?: number };
    const done = await context.prisma.judgeTask.findMany({
      where: { runId, status: 'SUCCEEDED' },
      select: { payload: true, endpoint: { select: { name: true, model: true } }, call: { select: { parsed: true } } },
      orderBy: { id: 'asc' },
    });
    const byQuery = new Map<number, { model: string; endpoint: string; criteria: GenerateOutput['criteria'] }[]>();
    for (const task of done) {
      const queryId = numberField(task.payload, 'queryId');
      const output = generateOutputSchema.safeParse(task.call?.parsed);
      if (!output.success || !task.endpoint) continue;
      byQuery.set(queryId, [
        ...(byQuery.get(queryId) ?? []),
        { model: task.endpoint.model, endpoint: task.endpoint.name, criteria: output.data.criteria },
      ]);
    }
    const endpoints = await context.prisma.judgeRunEndpoint.count({ where: { runId } });
    for (const [queryId, sets] of byQuery) {
      // Two endpoints may serve the same model (say, at two temperatures): label them apart.
      const labelled = sets.map((set) => ({
        model: sets.filter((other) => other.model === set.model).length > 1 ? `${set.endpoint}:${set.model}` : set.model,
        criteria: set.criteria,
      }));
      // Fewer rubrics than the votes a criterion needs (an endpoint failed on this query): nothing can pass.
      const minVotes = params.minVotes ?? 1;
      if (labelled.length < minVotes) continue;
      const merged = mergeByConsensus(labelled, { minVotes });
      await context.prisma.$transaction(async (tx) => {
        // Idempotent: a finalize interrupted after this query's commit skips it when the run resumes.
        const existing = await tx.criterionProvenance.count({ where: { judgeRunId: runId, criterion: { queryId } } });
        if (existing > 0) return;
        const query = await tx.query.findUniqueOrThrow({ where: { id: queryId }, select: { datasetId: true, category: true } });
        const last = await tx.criterion.aggregate({ where: { queryId }, _max: { position: true } });
        let position = (last._max.position ?? -1) + 1;
        for (const [index, item] of merged.entries()) {
          const body = {
            title: item.criterion.title,
            description: item.criterion.description,
            tier: item.criterion.tier,
            points: item.criterion.points,
            tags: item.criterion.tags,
            redLine: item.criterion.redLine,
          };
          await tx.criterion.create({
            data: {
              datasetId: query.datasetId,
              queryId,
              category: query.category,
              key: `judge-run-${runId}-${index + 1}`,
              position: position++,
              ...body,
              status: 'PENDING',
              contentHash: hashOf(body),
              provenance: {
                create: {
                  origin: 'GENERATED',
                  generatorModels: item.models,
                  consensusVotes: { votes: item.votes, of: endpoints, models: item.models, members: item.members },
                  metaRubricVersionId: context.run.metaRubricVersionId,
                  judgeRunId: runId,
                },
              },
            },
          });
        }
      });
    }
  },
};

/** A pairwise run's task that asks whether one response satisfies one verifiable rubric (its payload says verify). */
const isVerifyTask = (payload: Prisma.JsonValue) => (payload as { verify?: unknown } | null)?.verify === true;

/** The verifiable rubric a verify task asks about: its place in the scoring profile the run recorded. */
function verifyRubric(payload: Prisma.JsonValue, run: JudgeRun) {
  const rubric = runScoringProfile(run.params).profile.pairwise.verifiable[numberField(payload, 'rubric')];
  if (rubric?.check.kind !== 'judge') throw new Error('the task names no judged verifiable rubric of the run’s scoring profile');
  return { title: rubric.title, constraint: rubric.check.constraint };
}

const verify: Pick<TaskKind, 'buildRequest'> = {
  async buildRequest(payload, context) {
    const { constraint } = verifyRubric(payload, context.run);
    const response = await context.prisma.response.findUniqueOrThrow({
      where: { id: numberField(payload, 'responseId') },
      select: { content: true, query: { select: { conversation: true } } },
    });
    const prompt = buildVerifyPrompt({
      conversation: parseConversation(response.query.conversation),
      response: response.content,
      constraint,
    });
    return {
      template: 'verify',
      request: { messages: messages(prompt), schemaName: VERIFY_SCHEMA_NAME, jsonSchema: verifyJsonSchema },
      parse: (value) => verifyOutputSchema.parse(value),
    };
  },
};

/**
 * One comparison's verdict in A/B terms: the judge's criteria aggregated with the run's scoring profile, then gated
 * by its verifiable rubrics (text checks on both responses, and the judge's yes/no answers known so far).
 */
function pairVerdict({
  output,
  order,
  run,
  texts,
  judged,
}: {
  output: PairwiseOutput;
  order: 'AB' | 'BA';
  run: JudgeRun;
  texts: { A: string; B: string };
  judged?: { A: JudgedAnswers; B: JudgedAnswers };
}): GatedAggregate {
  const { pairwise: options } = runScoringProfile(run.params).profile;
  return gateByVerifiableRubrics(toAbTerms(aggregatePairwise(output.criteria, options), order), texts, options.verifiable, judged);
}

/**
 * Once every yes/no call has answered, the judged rubrics gate each comparison of the run: its verdict is
 * recomputed from the judge's stored answer and every rubric, and written when it changed. Idempotent.
 */
async function gateByJudgedRubrics(context: TaskContext): Promise<void> {
  const { run } = context;
  if (!runScoringProfile(run.params).profile.pairwise.verifiable.some((rubric) => rubric.check.kind === 'judge')) return;
  const checks = await context.prisma.judgeTask.findMany({
    where: { runId: run.id, status: 'SUCCEEDED', key: { startsWith: 'verify:' } },
    select: { payload: true, call: { select: { parsed: true } } },
  });
  const answers = new Map<number, Map<string, boolean>>();
  for (const check of checks) {
    const answer = verifyOutputSchema.safeParse(check.call?.parsed);
    if (!answer.success) continue;
    const responseId = numberField(check.payload, 'responseId');
    answers.set(responseId, (answers.get(responseId) ?? new Map()).set(verifyRubric(check.payload, run).title, answer.data.satisfied));
  }
  const comparisons = await context.prisma.pairwiseComparison.findMany({
    where: { runId: run.id },
    select: {
      id: true,
      presentedOrder: true,
      responseAId: true,
      responseBId: true,
      aggregateScore: true,
      winner: true,
      vetoed: true,
      vetoReason: true,
      responseA: { select: { content: true } },
      responseB: { select: { content: true } },
      judgeCall: { select: { parsed: true } },
    },
  });
  for (const comparison of comparisons) {
    const output = pairwiseOutputSchema.safeParse(comparison.judgeCall?.parsed);
    if (!output.success) continue;
    const verdict = pairVerdict({
      output: output.data,
      order: comparison.presentedOrder,
      run,
      texts: { A: comparison.responseA.content, B: comparison.responseB.content },
      judged: { A: answers.get(comparison.responseAId) ?? new Map(), B: answers.get(comparison.responseBId) ?? new Map() },
    });
    const unchanged =
      verdict.score === comparison.aggregateScore &&
      verdict.winner === comparison.winner &&
      verdict.vetoed === comparison.vetoed &&
      verdict.vetoReason === comparison.vetoReason;
    if (unchanged) continue;
    await context.prisma.pairwiseComparison.update({
      where: { id: comparison.id },
      data: { aggregateScore: verdict.score, winner: verdict.winner, vetoed: verdict.vetoed, vetoReason: verdict.vetoReason },
    });
  }
}

const pairwise: TaskKind = {
  async buildRequest(payload, context, endpoint) {
    if (isVerifyTask(payload)) return await verify.buildRequest(payload, context, endpoint);
    const version = await metaRubricVersion(context);
    const [a, b] = await Promise.all(
      [numberField(payload, 'responseAId'), numberField(payload, 'responseBId')].map((id) =>
        context.prisma.response.findUniqueOrThrow({ where: { id }, select: { content: true, query: { select: { conversation: true } } } }),
      ),
    );
    if (!a || !b) throw new Error('a response of the pair is missing');
    const order = (payload as { order?: string }).order === 'BA' ? 'BA' : 'AB';
    const prompt = buildPairwisePrompt({
      conversation: parseConversation(a.query.conversation),
      principles: version.principles,
      responseA: order === 'AB' ? a.content : b.content,
      responseB: order === 'AB' ? b.content : a.content,
    });
    return {
      template: 'pairwise',
      request: { messages: messages(prompt), schemaName: PAIRWISE_SCHEMA_NAME, jsonSchema: pairwiseJsonSchema },
      parse: (value) => pairwiseOutputSchema.parse(value),
    };
  },
  async writeResult(tx, { payload, parsed, callId, context }) {
    // A yes/no answer stays on its JudgeCall; the judged rubrics gate the verdicts once every answer is in (finalize).
    if (isVerifyTask(payload)) return;
    const output = pairwiseOutputSchema.parse(parsed) as PairwiseOutput;
    const order = (payload as { order?: string }).order === 'BA' ? 'BA' : 'AB';
    // Scores and choices are stored in A/B terms whatever order the judge saw.
    const criteria = output.criteria.map((criterion) => criterionToAbTerms(criterion, order));
    // The run's recorded scoring profile decides the weights, tie band and veto (lib/meta-rubrics/scoring-profile.ts),
    // and its verifiable rubrics with a text check gate the verdict now, in A/B terms.
    const texts = await tx.response.findMany({
      where: { id: { in: [numberField(payload, 'responseAId'), numberField(payload, 'responseBId')] } },
      select: { id: true, content: true },
    });
    const textOf = (id: number) => texts.find((response) => response.id === id)?.content ?? '';
    const aggregate = pairVerdict({
      output,
      order,
      run: context.run,
      texts: { A: textOf(numberField(payload, 'responseAId')), B: textOf(numberField(payload, 'responseBId')) },
    });
    await tx.pairwiseComparison.create({
      data: {
        runId: context.run.id,
        queryId: numberField(payload, 'queryId'),
        responseAId: numberField(payload, 'responseAId'),
        responseBId: numberField(payload, 'responseBId'),
        presentedOrder: order,
        metaRubricVersionId: context.run.metaRubricVersionId,
        judgeCallId: callId,
        aggregateScore: aggregate.score,
        winner: aggregate.winner,
        vetoed: aggregate.vetoed,
        vetoReason: aggregate.vetoReason,
        criteria: {
          create: criteria.map((criterion, position) => ({
            position,
            title: criterion.title,
            description: criterion.description,
            weightClass: criterion.weightClass,
            hardFlaw: criterion.hardFlaw,
            choice: criterion.choice,
            score: criterion.score,
            evidence: criterion.evidence,
          })),
        },
      },
    });
  },
  async finalize(context) {
    await gateByJudgedRubrics(context);
    // Link each pair's two orders and store whether the judge picked the same winner in both (after the gate).
    await context.prisma.$executeRaw`
      WITH pairs AS (
        SELECT ab.id AS ab_id, ba.id AS ba_id, ab.winner IS NOT DISTINCT FROM ba.winner AS consistent
          FROM pairwise_comparisons ab
          JOIN pairwise_comparisons ba ON ba.run_id = ab.run_id AND ba.query_id = ab.query_id
           AND ba.response_a_id = ab.response_a_id AND ba.response_b_id = ab.response_b_id AND ba.presented_order = 'BA'
         WHERE ab.run_id = ${context.run.id} AND ab.presented_order = 'AB')
      UPDATE pairwise_comparisons p
         SET twin_id = CASE WHEN p.id = pairs.ab_id THEN pairs.ba_id ELSE pairs.ab_id END,
             position_consistent = pairs.consistent
        FROM pairs WHERE p.id IN (pairs.ab_id, pairs.ba_id)`;
  },
};

export const taskKinds: Record<JudgeRun['kind'], TaskKind> = {
  GRADE: grade,
  GENERATE: generate,
  PAIRWISE: pairwise,
  PROBE: probe,
  PROXY: proxyTask,
};
