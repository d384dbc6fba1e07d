// Issue 24 end to end on real PostgreSQL: for every behaviour of real servers the test double reproduces,
// an endpoint saved in automatic mode gets its structured-output mode from Test connection, then a GRADE
// run and a PAIRWISE run against it finish with exactly one grade or comparison per task (or fail with the
// stated error class), the run and every call record the mode, reasoning is stored apart from what was
// parsed, and missing usage stays unknown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { APP_SETTING_NAMES } from '@/lib/env';
import type { JudgeOutputMode } from '@/lib/generated/prisma/enums';
import type { CallModelOptions } from '@/lib/judge/call-model';
import { createRun } from '@/lib/judge/create-run';
import { endpointSchema, saveEndpoint } from '@/lib/judge/endpoints';
import { runJudgeRun } from '@/lib/judge/run-judge-run';
import { runInputSchema } from '@/lib/judge/run-schemas';
import { gradeOutputSchema } from '@/lib/judge/schemas';
import type { Behaviour } from '@/tools/judge-test-double/behaviours';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';
import { testEndpointConnection } from '@/lib/judge/test-endpoint-connection';
import { FAST_CALLS, seedJudgeFixtures } from '@/tools/fixtures/judge-fixtures';

let double: JudgeTestDouble;
let admin: SessionUser;
let datasetId: number;
let versionId: number;

beforeAll(async () => {
  ({ admin, datasetId, versionId } = await seedJudgeFixtures());
  double = await startJudgeTestDouble({ seed: 11 });
});

afterAll(async () => {
  await double.close();
});

async function endpointFor(behaviour: Behaviour | null, settings: Record<string, unknown> = {}) {
  const name = `modes ${behaviour ?? 'plain'} ${JSON.stringify(settings)}`;
  const input = endpointSchema.parse({
    name,
    baseUrl: double.url,
    model: behaviour ? `modes-judge+${behaviour}` : 'modes-judge',
    maxConcurrency: 4,
    timeoutSeconds: 5,
    pricePromptPerMillion: 1,
    priceCompletionPerMillion: 2,
    ...settings,
  });
  expect(input.outputMode).toBe(settings.outputMode ?? 'AUTO');
  return (await saveEndpoint({ actor: admin, input })).id;
}

async function run(kind: 'GRADE' | 'PAIRWISE', endpointId: number, callOptions: CallModelOptions = FAST_CALLS) {
  const input = runInputSchema.parse({ datasetId, kind, endpointIds: [endpointId], maxQueries: 2, metaRubricVersionId: versionId });
  const created = await createRun({ actor: admin, input, enqueueJob: false });
  await runJudgeRun({ runId: created.id, callOptions });
  const row = await prisma.judgeRun.findUniqueOrThrow({ where: { id: created.id }, include: { endpoints: true } });
  const calls = await prisma.judgeCall.findMany({ where: { tasks: { some: { runId: row.id } } } });
  return { run: row, calls };
}

const CASES: { behaviour: Behaviour | null; mode: JudgeOutputMode; settings?: Record<string, unknown> }[] = [
  { behaviour: null, mode: 'JSON_SCHEMA' },
  { behaviour: 'reject-json-schema', mode: 'JSON_OBJECT' },
  { behaviour: 'reject-response-format', mode: 'PROMPT_ONLY' },
  { behaviour: 'think', mode: 'JSON_SCHEMA' },
  { behaviour: 'reasoning-content', mode: 'JSON_SCHEMA' },
  { behaviour: 'reasoning-field', mode: 'JSON_SCHEMA' },
  { behaviour: 'prose-fence', mode: 'JSON_SCHEMA' },
  { behaviour: 'no-usage', mode: 'JSON_SCHEMA' },
  // Answers longer than the server's default limit: the one retry with the endpoint's larger limit gets them.
  { behaviour: 'truncate', mode: 'JSON_SCHEMA', settings: { retryMaxTokens: 8000 } },
];

describe('judge runs against every behaviour of real servers, after Test connection picked the mode', () => {
  for (const { behaviour, mode, settings } of CASES) {
    it(`${behaviour ?? 'a plain OpenAI-like server'}: detects ${mode}, and a GRADE and a PAIRWISE run finish with one result per task`, async () => {
      const endpointId = await endpointFor(behaviour, settings);
      const before = await prisma.judgeEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
      expect(before.outputMode).toBeNull();
      expect(before.detectedOutputMode).toBeNull();
      const test = await testEndpointConnection({ actor: admin, endpointId });
      expect(test.mode).toBe(mode);
      expect(test.serverModel).toBe(behaviour ? `modes-judge+${behaviour}` : 'modes-judge');
      expect(test.probes.map((probe) => probe.ok)).toEqual([...test.probes.slice(1).map(() => false), true]);
      const stored = await prisma.judgeEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
      expect(stored.detectedOutputMode).toBe(mode);
      expect(stored.connectionTest).toMatchObject({ mode, serverModel: test.serverModel });

      for (const kind of ['GRADE', 'PAIRWISE'] as const) {
        const { run: done, calls } = await run(kind, endpointId);
        expect(done.status, `${kind}: ${done.error}`).toBe('SUCCEEDED');
        expect(done.totalTasks).toBeGreaterThan(0);
        expect(done.succeededTasks).toBe(done.totalTasks);
        expect(done.cachedTasks).toBe(0);
        expect(done.endpoints.map((link) => link.outputMode)).toEqual([mode]);
        expect(calls).toHaveLength(done.totalTasks);
        for (const call of calls) expect(call.outputMode).toBe(mode);
        const results =
          kind === 'GRADE'
            ? await prisma.grade.findMany({ where: { runId: done.id }, select: { judgeCallId: true, met: true } })
            : await prisma.pairwiseComparison.findMany({ where: { runId: done.id }, select: { judgeCallId: true } });
        expect(results).toHaveLength(done.totalTasks);
        expect(new Set(results.map((result) => result.judgeCallId)).size).toBe(done.totalTasks);

        if (behaviour === 'think' || behaviour === 'reasoning-content' || behaviour === 'reasoning-field') {
          for (const call of calls) {
            expect(call.reasoning).toContain('A first draft');
            expect(call.rawOutput).not.toContain('<think>');
            expect(JSON.parse(call.rawOutput ?? '')).toEqual(call.parsed);
          }
          if (kind === 'GRADE') {
            // The draft inside the reasoning has the opposite verdict: the grades are the answers', never the draft's.
            for (const grade of results as { judgeCallId: number | null; met: boolean | null }[]) {
              const call = calls.find((candidate) => candidate.id === grade.judgeCallId);
              expect(grade.met).toBe(gradeOutputSchema.parse(call?.parsed).criteria_met);
            }
          }
        } else {
          for (const call of calls) expect(call.reasoning).toBeNull();
        }
        if (behaviour === 'no-usage') {
          expect(done.unknownUsageCalls).toBe(done.totalTasks);
          expect(done).toMatchObject({ promptTokens: 0, completionTokens: 0, costUsd: 0 });
          for (const call of calls) expect(call).toMatchObject({ promptTokens: null, completionTokens: null, costUsd: null });
        } else {
          expect(done.unknownUsageCalls).toBe(0);
          expect(done.promptTokens).toBeGreaterThan(0);
        }
        if (behaviour === 'truncate') {
          for (const call of calls) expect(call).toMatchObject({ attempts: 2, finishReason: 'stop' });
        }
      }
    });
  }

  it('truncate without a retry limit: Test connection still finds the mode, and the runs fail as TRUNCATED with nothing written', async () => {
    const endpointId = await endpointFor('truncate');
    expect((await testEndpointConnection({ actor: admin, endpointId })).mode).toBe('JSON_SCHEMA');
    for (const kind of ['GRADE', 'PAIRWISE'] as const) {
      const { run: done, calls } = await run(kind, endpointId);
      expect(done.status).toBe('FAILED');
      expect(done.failedTasks).toBe(done.totalTasks);
      const tasks = await prisma.judgeTask.findMany({ where: { runId: done.id }, select: { errorClass: true, error: true } });
      for (const task of tasks) {
        expect(task.errorClass).toBe('TRUNCATED');
        expect(task.error).toBe(
          'The answer was cut off at the server\'s default limit (finish_reason "length") before its JSON was complete: raise the endpoint\'s max tokens or set a retry limit.',
        );
      }
      for (const call of calls)
        expect(call).toMatchObject({ status: 'FAILED', errorClass: 'TRUNCATED', finishReason: 'length', attempts: 1 });
      const written =
        kind === 'GRADE'
          ? await prisma.grade.count({ where: { runId: done.id } })
          : await prisma.pairwiseComparison.count({ where: { runId: done.id } });
      expect(written).toBe(0);
    }
  });

  it('refuses a run on an automatic endpoint that was never tested, and forgets a test when the connection settings change', async () => {
    const endpointId = await endpointFor('reject-json-schema', { maxTokens: 4000 });
    const input = runInputSchema.parse({ datasetId, kind: 'GRADE', endpointIds: [endpointId], maxQueries: 1 });
    await expect(createRun({ actor: admin, input, enqueueJob: false })).rejects.toThrow(/no structured-output mode yet/);
    await testEndpointConnection({ actor: admin, endpointId });
    const row = await prisma.judgeEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    expect(row.detectedOutputMode).toBe('JSON_OBJECT');
    // Saving the same settings keeps the test; another model makes it say nothing about the endpoint.
    const same = endpointSchema.parse({
      ...row,
      id: endpointId,
      outputMode: 'AUTO',
      maxTokens: 4000,
      requestsPerMinute: undefined,
      apiKeyEnv: undefined,
    });
    await saveEndpoint({ actor: admin, input: same });
    expect((await prisma.judgeEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).detectedOutputMode).toBe('JSON_OBJECT');
    await saveEndpoint({ actor: admin, input: { ...same, model: 'modes-judge' } });
    const changed = await prisma.judgeEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    expect(changed).toMatchObject({ detectedOutputMode: null, connectionTest: null });
    // A mode the admin chose needs no test.
    await saveEndpoint({ actor: admin, input: { ...same, model: 'modes-judge', outputMode: 'PROMPT_ONLY' } });
    const created = await createRun({ actor: admin, input, enqueueJob: false });
    const link = await prisma.judgeRunEndpoint.findFirstOrThrow({ where: { runId: created.id } });
    expect(link.outputMode).toBe('PROMPT_ONLY');
  });

  it('does not serve an answer stored for one mode to a request in another', async () => {
    const plainId = await endpointFor(null, { model: 'modes-shared' });
    const otherId = await endpointFor(null, { model: 'modes-shared', outputMode: 'JSON_OBJECT' });
    await testEndpointConnection({ actor: admin, endpointId: plainId });
    const first = await run('GRADE', plainId);
    const requests = double.stats().requests;
    const second = await run('GRADE', otherId);
    expect(second.run.cachedTasks).toBe(0);
    expect(double.stats().requests - requests).toBe(second.run.totalTasks);
    const again = await run('GRADE', plainId);
    expect(again.run.cachedTasks).toBe(first.run.totalTasks);
  });
});

describe('a gateway that wants the key in its own header and an api-version parameter (Azure OpenAI)', () => {
  const KEY = 'azure-secret-value';
  const VERSION = '2024-10-21';
  // The operator widened the rule so that the version variable may be sent too.
  const envRule = { pattern: '^AZURE_OPENAI_API_(KEY|VERSION)$', denied: APP_SETTING_NAMES };
  const env = { AZURE_OPENAI_API_KEY: KEY, AZURE_OPENAI_API_VERSION: VERSION };

  it('Test connection and a GRADE and a PAIRWISE run reach it with both values from allowed variables, and no bearer token', async () => {
    const azure = await startJudgeTestDouble({ seed: 12, apiKey: KEY, keyHeader: 'api-key', requiredQuery: { 'api-version': VERSION } });
    try {
      const settings = {
        baseUrl: azure.url,
        model: 'gpt-4o-deployment',
        maxTokensParam: 'max_completion_tokens',
        maxTokens: 4000,
        extraHeaders: 'api-key: AZURE_OPENAI_API_KEY',
      };
      const input = endpointSchema.parse({ ...settings, name: 'azure-like', extraQuery: 'api-version=AZURE_OPENAI_API_VERSION' });
      const { id } = await saveEndpoint({ actor: admin, input, rule: envRule });
      const test = await testEndpointConnection({ actor: admin, endpointId: id, callOptions: { env, envRule } });
      expect(test.mode).toBe('JSON_SCHEMA');
      expect(test.serverModel).toBe('gpt-4o-deployment');
      for (const kind of ['GRADE', 'PAIRWISE'] as const) {
        const { run: done } = await run(kind, id, { ...FAST_CALLS, env, envRule });
        expect(done.status, `${kind}: ${done.error}`).toBe('SUCCEEDED');
        const results =
          kind === 'GRADE'
            ? await prisma.grade.count({ where: { runId: done.id } })
            : await prisma.pairwiseComparison.count({ where: { runId: done.id } });
        expect(results).toBe(done.totalTasks);
      }
      const sent = azure.requests();
      expect(sent.length).toBeGreaterThan(2);
      for (const request of sent) {
        expect(request.headers['api-key']).toBe(KEY);
        expect(request.headers.authorization).toBeUndefined();
        expect(request.url).toBe(`/v1/chat/completions?api-version=${VERSION}`);
        expect(request.maxTokens).toBe(4000);
      }

      // Without the parameter the gateway answers 404 to every mode: Test connection says so and finds none.
      const unversioned = endpointSchema.parse({ ...settings, name: 'azure-like without version' });
      const other = await saveEndpoint({ actor: admin, input: unversioned, rule: envRule });
      const failed = await testEndpointConnection({ actor: admin, endpointId: other.id, callOptions: { env, envRule } });
      expect(failed.mode).toBeNull();
      expect(failed.probes.map((probe) => probe.errorClass)).toEqual(['BAD_REQUEST', 'BAD_REQUEST', 'BAD_REQUEST']);
      expect(failed.message).toMatch(/^No mode worked: prompt-only failed: 404 .*api-version=2024-10-21/);
    } finally {
      await azure.close();
    }
  });
});
