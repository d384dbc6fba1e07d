import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '@/lib/zod';
import {
  type CallModelOptions,
  callModel,
  type EndpointConfig,
  JudgeCallError,
  type ModelRequest,
  requestHash,
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
    if (result.promptTokens === null || result.completionTokens === null) throw new Error('usage was reported');
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
      callModel({ ...endpoint, apiKeyEnv: 'JUDGE_NOT_SET_API_KEY' }, gradeRequest('No key'), parseGrade, { env: { OTHER: 'x' } }),
    );
    expect(error.errorClass).toBe('AUTH');
    expect(error.message).toBe('The environment variable JUDGE_NOT_SET_API_KEY (the API key) is not set on the server.');
    expect(error.attempts).toBe(0);
    expect(double.stats().requests).toBe(before);
  });

  it('sends the key from the named variable, and maps a 401 to AUTH without leaking the key', async () => {
    const locked = await startJudgeTestDouble({ apiKey: 'sk-test-double-secret' });
    try {
      const keyed = { ...endpoint, baseUrl: locked.url, apiKeyEnv: 'JUDGE_TEST_API_KEY' };
      const result = await callModel(keyed, gradeRequest('With the right key'), parseGrade, {
        env: { JUDGE_TEST_API_KEY: 'sk-test-double-secret' },
      });
      expect(result.attempts).toBe(1);
      const error = await callError(
        callModel(keyed, gradeRequest('With a wrong key'), parseGrade, { env: { JUDGE_TEST_API_KEY: 'sk-wrong-value' } }),
      );
      expect(error.errorClass).toBe('AUTH');
      expect(error.attempts).toBe(1);
      expect(error.message).toContain('JUDGE_TEST_API_KEY');
      expect(JSON.stringify({ message: error.message, log: error.attemptLog })).not.toContain('sk-wrong-value');
      expect(locked.requests().at(-1)?.headers.authorization).toBe('Bearer sk-test-double-secret');
      // Without apiKeyEnv no Authorization header goes out (no made-up credential), which this double refuses.
      const anonymous = await callError(callModel({ ...endpoint, baseUrl: locked.url }, gradeRequest('No key at all'), parseGrade));
      expect(anonymous.errorClass).toBe('AUTH');
      expect(anonymous.message).toContain('the endpoint wants a key');
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

describe('callModel against servers as they are in the wild (test double behaviours)', () => {
  const grade = (content: string) => gradeRequest(`${content} Does the response advise rest and fluids?`);

  it('asks for JSON as each output mode says: json_schema, json_object with the schema in the prompt, or the prompt only', async () => {
    for (const [outputMode, format] of [
      ['JSON_SCHEMA', 'json_schema'],
      ['JSON_OBJECT', 'json_object'],
      ['PROMPT_ONLY', null],
    ] as const) {
      const result = await callModel({ ...endpoint, outputMode }, grade(`Mode ${outputMode}.`), parseGrade);
      expect(result.outputMode).toBe(outputMode);
      const sent = double.requests().at(-1);
      expect(sent?.responseFormat).toBe(format);
      expect(sent?.schemaName).toBe('grade_criterion');
      const system = sent?.messages[0]?.content ?? '';
      expect(system.startsWith('You grade one response against one rubric item.')).toBe(true);
      expect(system.includes('JSON Schema "grade_criterion"')).toBe(outputMode !== 'JSON_SCHEMA');
      expect(sent?.messages).toHaveLength(2);
    }
  });

  it('gets a 400 for json_schema from a server that does not support it, and succeeds with json_object', async () => {
    const model = 'judge-a+reject-json-schema';
    const refused = await callError(callModel({ ...endpoint, model }, grade('No json_schema here.'), parseGrade));
    expect(refused.errorClass).toBe('BAD_REQUEST');
    expect(refused.attempts).toBe(1);
    expect(refused.message).toMatch(/json_schema/);
    const result = await callModel({ ...endpoint, model, outputMode: 'JSON_OBJECT' }, grade('No json_schema here.'), parseGrade);
    expect(result.attempts).toBe(1);
  });

  it('parses past a <think> block, keeps the reasoning apart, and never takes the draft answer inside it', async () => {
    const request = grade('Think first.');
    const plain = await callModel(endpoint, request, parseGrade);
    const thinking = await callModel({ ...endpoint, model: 'judge-a+think' }, request, parseGrade);
    // The block holds a draft with the opposite verdict: the answer after it is the one used.
    expect(thinking.parsed).toEqual(plain.parsed);
    expect(thinking.reasoning).toContain('A first draft');
    expect(thinking.reasoning).toContain(`"criteria_met":${!plain.parsed.criteria_met}`);
    expect(thinking.rawOutput).not.toContain('<think>');
    expect(JSON.parse(thinking.rawOutput)).toEqual(plain.parsed);
    expect(thinking.attempts).toBe(1);
  });

  it('keeps reasoning_content apart from the answer', async () => {
    const result = await callModel({ ...endpoint, model: 'judge-a+reasoning-content' }, grade('Reason apart.'), parseGrade);
    expect(result.reasoning).toMatch(/^The request asks for a JSON object/);
    expect(JSON.parse(result.rawOutput)).toEqual(result.parsed);
    expect(result.attempts).toBe(1);
  });

  it('takes the JSON object out of prose and a fence, without a repair turn', async () => {
    const result = await callModel({ ...endpoint, model: 'judge-a+prose-fence', outputMode: 'PROMPT_ONLY' }, grade('Chatty.'), parseGrade);
    expect(result.rawOutput).toMatch(/^Here is my assessment/);
    expect(result.attempts).toBe(1);
    expect(gradeSchema.safeParse(result.parsed).success).toBe(true);
  });

  it('counts tokens and cost as unknown (null), not zero, when the server reports no usage', async () => {
    const result = await callModel({ ...endpoint, model: 'judge-a+no-usage' }, grade('No usage.'), parseGrade);
    expect(result).toMatchObject({ promptTokens: null, completionTokens: null, costUsd: null });
    // One answer without usage makes the whole call's total unknown, repair included.
    const repaired = await callModel({ ...endpoint, model: 'judge-a+no-usage' }, grade('No usage [[fail-once:garbage]]'), parseGrade);
    expect(repaired.attempts).toBe(2);
    expect(repaired.promptTokens).toBeNull();
  });

  it('fails a cut-off answer as TRUNCATED, or retries it once with the larger limit when the endpoint has one', async () => {
    const model = 'judge-a+truncate';
    const cut = await callError(callModel({ ...endpoint, model, maxTokens: 10 }, grade('Long answer.'), parseGrade));
    expect(cut.errorClass).toBe('TRUNCATED');
    expect(cut.attempts).toBe(1);
    expect(cut.message).toBe(
      'The answer was cut off at max_tokens 10 (finish_reason "length") before its JSON was complete: raise the endpoint\'s max tokens or set a retry limit.',
    );
    expect(cut.finishReason).toBe('length');
    expect(double.requests().at(-1)?.maxTokens).toBe(10);

    const widened = await callModel({ ...endpoint, model, maxTokens: 10, retryMaxTokens: 4000 }, grade('Long answer.'), parseGrade);
    expect(widened.attempts).toBe(2);
    expect(widened.attemptLog.map((entry) => entry.errorClass)).toEqual(['TRUNCATED', null]);
    expect(double.requests().at(-1)?.maxTokens).toBe(4000);

    // The double's own default limit stands for a server's: with no max_tokens sent, the retry still helps.
    const defaulted = await callModel(
      { ...endpoint, model, retryMaxTokens: 4000, maxTokensParam: 'max_completion_tokens' },
      grade('Default limit.'),
      parseGrade,
    );
    expect(defaulted.attempts).toBe(2);
    const still = await callError(callModel({ ...endpoint, model, maxTokens: 5, retryMaxTokens: 8 }, grade('Too long.'), parseGrade));
    expect(still.errorClass).toBe('TRUNCATED');
    expect(still.attempts).toBe(2);
    expect(still.message).toMatch(/also on the retry with the larger limit: raise the endpoint's max tokens\.$/);
  });

  it('sends extra headers and query parameters with values read from allowed variables', async () => {
    await callModel(
      {
        ...endpoint,
        extraHeaders: [{ name: 'api-key', env: 'AZURE_OPENAI_API_KEY' }],
        extraQuery: [{ name: 'api-version', env: 'AZURE_OPENAI_API_VERSION' }],
      },
      grade('Azure style.'),
      parseGrade,
      {
        env: { AZURE_OPENAI_API_KEY: 'azure-secret', AZURE_OPENAI_API_VERSION: '2024-10-21' },
        envRule: { pattern: '^AZURE_OPENAI_[A-Z_]+$', denied: ['DATABASE_URL'] },
      },
    );
    const sent = double.requests().at(-1);
    expect(sent?.headers['api-key']).toBe('azure-secret');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.url).toBe('/v1/chat/completions?api-version=2024-10-21');
  });

  it('refuses to send an app setting or a name outside the pattern, as key, header or query value: nothing reaches the server', async () => {
    const env = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgresql://u:p@h/db', OTHER: 'v' };
    const everything = { pattern: '.*', denied: ['NODE_ENV', 'BETTER_AUTH_SECRET', 'DATABASE_URL'] };
    const before = double.stats().requests;
    const attempts: [Partial<EndpointConfig>, RegExp][] = [
      [{ apiKeyEnv: 'NODE_ENV' }, /Refused to send the API key: NODE_ENV is one of the app's own settings/],
      [{ apiKeyEnv: 'BETTER_AUTH_SECRET' }, /BETTER_AUTH_SECRET is one of the app's own settings/],
      [{ extraHeaders: [{ name: 'x-db', env: 'DATABASE_URL' }] }, /Refused to send the header x-db: DATABASE_URL/],
      [{ extraQuery: [{ name: 'env', env: 'NODE_ENV' }] }, /Refused to send the query parameter env: NODE_ENV/],
    ];
    for (const [change, message] of attempts) {
      const error = await callError(callModel({ ...endpoint, ...change }, grade('Leak?'), parseGrade, { env, envRule: everything }));
      expect(error.errorClass).toBe('AUTH');
      expect(error.attempts).toBe(0);
      expect(error.message).toMatch(message);
    }
    // The default rule: names must end in _API_KEY.
    const outside = await callError(callModel({ ...endpoint, apiKeyEnv: 'OTHER' }, grade('Leak?'), parseGrade, { env }));
    expect(outside.message).toMatch(/OTHER is not allowed: the server only sends variables whose names match/);
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
    // The defaults spelled out are the defaults.
    expect(
      requestHash(
        { ...base, outputMode: 'JSON_SCHEMA', maxTokens: null, maxTokensParam: 'max_tokens', extraHeaders: [], extraQuery: [] },
        request,
        prompt,
      ),
    ).toBe(hash);
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
      requestHash({ ...base, outputMode: 'JSON_OBJECT' }, request, prompt),
      requestHash({ ...base, outputMode: 'PROMPT_ONLY' }, request, prompt),
      requestHash({ ...base, maxTokens: 512 }, request, prompt),
      requestHash({ ...base, maxTokens: 512, maxTokensParam: 'max_completion_tokens' }, request, prompt),
      requestHash({ ...base, retryMaxTokens: 4096 }, request, prompt),
      requestHash({ ...base, extraHeaders: [{ name: 'api-key', env: 'AZURE_API_KEY' }] }, request, prompt),
      requestHash({ ...base, extraHeaders: [{ name: 'api-key', env: 'OTHER_API_KEY' }] }, request, prompt),
      requestHash({ ...base, extraQuery: [{ name: 'api-version', env: 'AZURE_API_KEY' }] }, request, prompt),
    ];
    expect(new Set([hash, ...variants]).size).toBe(variants.length + 1);
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
