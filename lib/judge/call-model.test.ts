import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type CallModelOptions,
  callModel,
  type EndpointConfig,
  JudgeCallError,
  type ModelRequest,
  requestHash,
  stripJsonFence,
} from '@/lib/judge/call-model';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';

const gradeSchema = z.object({ explanation: z.string(), criteria_met: z.boolean() });
const parseGrade = (value: unknown) => gradeSchema.parse(value);

let double: JudgeTestDouble;
let endpoint: EndpointConfig;
beforeAll(async () => {
  double = await startJudgeTestDouble({ retryAfterMs: 150 });
  endpoint = {
    baseUrl: double.url,
    model: 'judge-a',
    apiKeyEnv: null,
    temperature: 0,
    timeoutSeconds: 5,
    pricePromptPerMillion: 2.5,
    priceCompletionPerMillion: 10,
  };
});
afterAll(async () => {
  await double.close();
});

const gradeRequest = (content: string): ModelRequest => ({
  messages: [
    { role: 'system', content: 'You grade one response against one rubric item.' },
    { role: 'user', content },
  ],
  schemaName: 'grade_criterion',
  jsonSchema: { type: 'object', properties: { explanation: { type: 'string' }, criteria_met: { type: 'boolean' } } },
});

/** A sleep that records the waits and returns at once, so backoff can be asserted without waiting. */
function recordingSleep() {
  const waits: number[] = [];
  const sleep: NonNullable<CallModelOptions['sleep']> = async (ms) => {
    waits.push(ms);
  };
  return { waits, sleep };
}

async function callError(promise: Promise<unknown>): Promise<JudgeCallError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof JudgeCallError) return error;
    throw error;
  }
  throw new Error('the call succeeded but should have failed');
}

describe('callModel against the test double', () => {
  it('returns the parsed answer with its tokens, cost and latency', async () => {
    const result = await callModel(endpoint, gradeRequest('Does the response mention hydration for a child with fever?'), parseGrade);
    expect(gradeSchema.safeParse(result.parsed).success).toBe(true);
    expect(JSON.parse(result.rawOutput)).toEqual(result.parsed);
    const lastRequest = double.requests().at(-1);
    const promptChars = (lastRequest?.messages ?? []).reduce((sum, message) => sum + message.content.length, 0);
    expect(result.promptTokens).toBe(Math.ceil(promptChars / 4));
    expect(result.completionTokens).toBe(Math.ceil(result.rawOutput.length / 4));
    expect(result.costUsd).toBeCloseTo((result.promptTokens * 2.5 + result.completionTokens * 10) / 1e6, 12);
    expect(result.costUsd).toBeGreaterThan(0);
    expect(result.attempts).toBe(1);
    expect(result.attemptLog).toEqual([{ errorClass: null, message: 'ok', waitedMs: 0 }]);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(lastRequest?.schemaName).toBe('grade_criterion');
    expect(lastRequest?.model).toBe('judge-a');
  });

  it('answers the same prompt the same way twice', async () => {
    const request = gradeRequest('Does the response advise checking blood glucose before driving?');
    const first = await callModel(endpoint, request, parseGrade);
    const second = await callModel(endpoint, request, parseGrade);
    expect(second.rawOutput).toBe(first.rawOutput);
  });

  it('waits at least the Retry-After of a 429, then succeeds', async () => {
    const started = performance.now();
    const result = await callModel(endpoint, gradeRequest('Rate limited once [[fail-once:429]]'), parseGrade);
    const elapsed = performance.now() - started;
    expect(result.attempts).toBe(2);
    expect(result.attemptLog[0]).toMatchObject({ errorClass: 'RATE_LIMITED', waitedMs: 150 });
    expect(result.attemptLog[1]?.errorClass).toBeNull();
    expect(elapsed).toBeGreaterThanOrEqual(150);
  });

  it('retries 429s up to maxAttempts and then fails as RATE_LIMITED', async () => {
    const { waits, sleep } = recordingSleep();
    const error = await callError(
      callModel(endpoint, gradeRequest('Always rate limited [[fail:429]]'), parseGrade, { sleep, maxAttempts: 5 }),
    );
    expect(error.errorClass).toBe('RATE_LIMITED');
    expect(error.attempts).toBe(5);
    expect(waits).toEqual([150, 150, 150, 150]);
  });

  it('leaves a provider wait longer than maxDelayMs to the caller', async () => {
    const { waits, sleep } = recordingSleep();
    const error = await callError(
      callModel(endpoint, gradeRequest('Rate limited long [[fail:429]]'), parseGrade, { sleep, maxDelayMs: 100 }),
    );
    expect(error.errorClass).toBe('RATE_LIMITED');
    expect(error.attempts).toBe(1);
    expect(error.retryAfterMs).toBe(150);
    expect(waits).toEqual([]);
  });

  it('retries 5xx with exponential backoff capped at maxDelayMs, then fails as SERVER_ERROR', async () => {
    const { waits, sleep } = recordingSleep();
    const error = await callError(
      callModel(endpoint, gradeRequest('Server keeps failing [[fail:500]]'), parseGrade, {
        sleep,
        maxAttempts: 6,
        baseDelayMs: 100,
        maxDelayMs: 1000,
        random: () => 0.999,
      }),
    );
    expect(error.errorClass).toBe('SERVER_ERROR');
    expect(error.attempts).toBe(6);
    // 0.999 of 100, 200, 400, 800, then the 1000 ms cap.
    expect(waits).toEqual([99, 199, 399, 799, 999]);
    expect(error.attemptLog.map((entry) => entry.waitedMs)).toEqual([99, 199, 399, 799, 999, 0]);
    expect(error.attemptLog.every((entry) => entry.errorClass === 'SERVER_ERROR')).toBe(true);
  });

  it('draws each backoff with full jitter below its ceiling', async () => {
    const { waits, sleep } = recordingSleep();
    const draws = [0.5, 0.25, 0];
    await callError(
      callModel(endpoint, gradeRequest('Jittered failure [[fail:500]]'), parseGrade, {
        sleep,
        maxAttempts: 4,
        baseDelayMs: 1000,
        random: () => draws.shift() ?? 0,
      }),
    );
    expect(waits).toEqual([500, 500, 0]);
  });

  it('recovers from one 5xx', async () => {
    const { waits, sleep } = recordingSleep();
    const result = await callModel(endpoint, gradeRequest('Server fails once [[fail-once:500]]'), parseGrade, { sleep });
    expect(result.attempts).toBe(2);
    expect(result.attemptLog.map((entry) => entry.errorClass)).toEqual(['SERVER_ERROR', null]);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThan(500);
  });

  it('classifies a hanging request as TIMEOUT and retries it', async () => {
    const { waits, sleep } = recordingSleep();
    const error = await callError(
      callModel({ ...endpoint, timeoutSeconds: 0.2 }, gradeRequest('Never answers [[fail:timeout]]'), parseGrade, {
        sleep,
        maxAttempts: 2,
      }),
    );
    expect(error.errorClass).toBe('TIMEOUT');
    expect(error.attempts).toBe(2);
    expect(waits).toHaveLength(1);
  });

  it('classifies a refused connection as NETWORK', async () => {
    const closedPort = await freePort();
    const { sleep } = recordingSleep();
    const error = await callError(
      callModel({ ...endpoint, baseUrl: `http://127.0.0.1:${closedPort}/v1` }, gradeRequest('Nobody listens'), parseGrade, {
        sleep,
        maxAttempts: 2,
      }),
    );
    expect(error.errorClass).toBe('NETWORK');
    expect(error.attempts).toBe(2);
  });

  it('repairs one unparsable answer by showing the model its output and the error', async () => {
    const request = gradeRequest('Garbage once [[fail-once:garbage]]');
    const result = await callModel(endpoint, request, parseGrade);
    expect(result.attempts).toBe(2);
    expect(result.attemptLog[0]?.errorClass).toBe('INVALID_OUTPUT');
    expect(result.attemptLog[0]?.message).toMatch(/not valid JSON/);
    expect(gradeSchema.safeParse(result.parsed).success).toBe(true);
    const repair = double.requests().at(-1);
    expect(repair?.messages.slice(0, 2)).toEqual(request.messages);
    expect(repair?.messages[2]?.role).toBe('assistant');
    expect(repair?.messages[2]?.content).toMatch(/^Sure!/);
    expect(repair?.messages[3]?.role).toBe('user');
    expect(repair?.messages[3]?.content).toMatch(/not valid JSON/);
    expect(repair?.messages[3]?.content).toMatch(/only a JSON object/);
    // Both answers were billed.
    expect(result.promptTokens).toBeGreaterThan(Math.ceil(request.messages.reduce((sum, message) => sum + message.content.length, 0) / 4));
  });

  it('fails with INVALID_OUTPUT and the JSON error after exactly one repair', async () => {
    const error = await callError(callModel(endpoint, gradeRequest('Garbage always [[fail:garbage]]'), parseGrade));
    expect(error.errorClass).toBe('INVALID_OUTPUT');
    expect(error.attempts).toBe(2);
    expect(error.message).toMatch(/not valid JSON/);
    expect(error.rawOutput).toMatch(/^Sure!/);
    expect(error.costUsd).toBeGreaterThan(0);
  });

  it('fails with INVALID_OUTPUT and the zod issues when the JSON has the wrong shape', async () => {
    const request = { ...gradeRequest('Wrong shape'), schemaName: 'something_else' };
    const error = await callError(callModel(endpoint, request, parseGrade));
    expect(error.errorClass).toBe('INVALID_OUTPUT');
    expect(error.attempts).toBe(2);
    expect(error.message).toMatch(/does not match the schema/);
    expect(error.message).toMatch(/criteria_met/);
    expect(error.rawOutput).toBe('{"ok":true}');
  });

  it('fails a 400 at once as BAD_REQUEST', async () => {
    const { waits, sleep } = recordingSleep();
    const before = double.stats().byOutcome.bad_request;
    const error = await callError(callModel(endpoint, gradeRequest('Bad request [[fail:400]]'), parseGrade, { sleep }));
    expect(error.errorClass).toBe('BAD_REQUEST');
    expect(error.attempts).toBe(1);
    expect(waits).toEqual([]);
    expect(double.stats().byOutcome.bad_request).toBe(before + 1);
  });

  it('fails as AUTH naming the missing key variable, without calling the endpoint', async () => {
    const before = double.stats().requests;
    const error = await callError(
      callModel({ ...endpoint, apiKeyEnv: 'JUDGE_KEY_THAT_IS_NOT_SET' }, gradeRequest('No key'), parseGrade, { env: { OTHER: 'x' } }),
    );
    expect(error.errorClass).toBe('AUTH');
    expect(error.message).toContain('JUDGE_KEY_THAT_IS_NOT_SET');
    expect(error.attempts).toBe(0);
    expect(double.stats().requests).toBe(before);
  });

  it('sends the key from the named variable, and maps a 401 to AUTH without leaking the key', async () => {
    const locked = await startJudgeTestDouble({ apiKey: 'sk-test-double-secret' });
    try {
      const keyed = { ...endpoint, baseUrl: locked.url, apiKeyEnv: 'JUDGE_TEST_KEY' };
      const result = await callModel(keyed, gradeRequest('With the right key'), parseGrade, {
        env: { JUDGE_TEST_KEY: 'sk-test-double-secret' },
      });
      expect(result.attempts).toBe(1);
      const error = await callError(
        callModel(keyed, gradeRequest('With a wrong key'), parseGrade, { env: { JUDGE_TEST_KEY: 'sk-wrong-value' } }),
      );
      expect(error.errorClass).toBe('AUTH');
      expect(error.attempts).toBe(1);
      expect(error.message).toContain('JUDGE_TEST_KEY');
      expect(JSON.stringify({ message: error.message, log: error.attemptLog })).not.toContain('sk-wrong-value');
      // Without apiKeyEnv a placeholder key goes out, which this double refuses.
      const anonymous = await callError(callModel({ ...endpoint, baseUrl: locked.url }, gradeRequest('No key at all'), parseGrade));
      expect(anonymous.errorClass).toBe('AUTH');
    } finally {
      await locked.close();
    }
  });

  it('is CANCELLED when aborted during a request, while waiting to retry, or before it starts', async () => {
    const during = new AbortController();
    setTimeout(() => during.abort(), 50);
    const started = performance.now();
    const inFlight = await callError(
      callModel(endpoint, gradeRequest('Hangs until aborted [[fail:timeout]]'), parseGrade, { signal: during.signal }),
    );
    expect(inFlight.errorClass).toBe('CANCELLED');
    expect(inFlight.attempts).toBe(1);
    expect(performance.now() - started).toBeLessThan(2000);

    // Aborted as the retry wait begins (not on a timer, which a loaded machine could fire mid-request): the
    // real sleep is used, so the wait must end on the abort rather than after its minute.
    const waiting = new AbortController();
    const realSleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal });
    const backingOff = await callError(
      callModel(endpoint, gradeRequest('Fails, then waits long [[fail:500]]'), parseGrade, {
        signal: waiting.signal,
        baseDelayMs: 60_000,
        maxDelayMs: 60_000,
        random: () => 0.5,
        sleep: (ms, signal) => {
          const wait = realSleep(ms, signal);
          waiting.abort();
          return wait;
        },
      }),
    );
    expect(backingOff.errorClass).toBe('CANCELLED');
    expect(backingOff.attempts).toBe(1);
    expect(backingOff.attemptLog[0]?.errorClass).toBe('SERVER_ERROR');

    const before = double.stats().requests;
    const early = await callError(callModel(endpoint, gradeRequest('Never sent'), parseGrade, { signal: AbortSignal.abort() }));
    expect(early.errorClass).toBe('CANCELLED');
    expect(early.attempts).toBe(0);
    expect(double.stats().requests).toBe(before);
  });
});

describe('requestHash', () => {
  const base: EndpointConfig = {
    baseUrl: 'http://127.0.0.1:4010/v1',
    model: 'judge-a',
    apiKeyEnv: 'JUDGE_KEY',
    temperature: 0,
    timeoutSeconds: 60,
    pricePromptPerMillion: 1,
    priceCompletionPerMillion: 2,
  };
  const request = gradeRequest('Is the dose right?');
  const prompt = { promptTemplate: 'healthbench-grader', promptVersion: '1' };
  const hash = requestHash(base, request, prompt);

  it('is a stable sha256 hex digest', () => {
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ ...base }, structuredClone(request), { ...prompt })).toBe(hash);
  });

  it('ignores the key variable, the timeout, the prices and a trailing slash on the base URL', () => {
    expect(
      requestHash(
        { ...base, apiKeyEnv: 'OTHER_KEY', timeoutSeconds: 5, pricePromptPerMillion: 9, priceCompletionPerMillion: 9 },
        request,
        prompt,
      ),
    ).toBe(hash);
    expect(requestHash({ ...base, apiKeyEnv: null }, request, prompt)).toBe(hash);
    expect(requestHash({ ...base, baseUrl: `${base.baseUrl}/` }, request, prompt)).toBe(hash);
  });

  it('changes with everything that can change the answer', () => {
    const variants = [
      requestHash({ ...base, model: 'judge-b' }, request, prompt),
      requestHash({ ...base, temperature: 0.7 }, request, prompt),
      requestHash({ ...base, baseUrl: 'http://127.0.0.1:4011/v1' }, request, prompt),
      requestHash(base, gradeRequest('Is the dose right? '), prompt),
      requestHash(base, { ...request, messages: request.messages.map((message) => ({ ...message, role: 'user' as const })) }, prompt),
      requestHash(base, { ...request, schemaName: 'grade_other' }, prompt),
      requestHash(base, { ...request, jsonSchema: { ...request.jsonSchema, required: ['criteria_met'] } }, prompt),
      requestHash(base, request, { ...prompt, promptVersion: '2' }),
      requestHash(base, request, { ...prompt, promptTemplate: 'other-grader' }),
    ];
    expect(new Set([hash, ...variants]).size).toBe(variants.length + 1);
  });
});

describe('stripJsonFence', () => {
  it('unwraps a fenced answer and leaves anything else alone', () => {
    expect(stripJsonFence('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(stripJsonFence('  ```\n{"a": [1,\n2]}\n```  \n')).toBe('{"a": [1,\n2]}');
    expect(stripJsonFence(' {"a": 1} ')).toBe('{"a": 1}');
    expect(stripJsonFence('Here: ```json\n{"a": 1}\n```')).toBe('Here: ```json\n{"a": 1}\n```');
  });
});

/** A port nothing listens on: bound once, then released. */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
