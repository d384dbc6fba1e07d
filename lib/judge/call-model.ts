// The judge's transport: one structured-output call to any OpenAI-compatible chat-completions endpoint
// (OpenAI, vLLM, Ollama, DashScope, OpenRouter) with the error policy of issue 6. The run engine calls this;
// prompts, output schemas and scoring live elsewhere. The API key is read from the environment variable
// the endpoint names, here and nowhere else, and never appears in an error, a log entry or the request hash.
import 'server-only';
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { backoffDelayMs, providerRetryDelayMs } from '@/lib/judge/retry-delay';

/** Same names as the Prisma enum JudgeErrorClass. */
export type JudgeErrorClass =
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'TIMEOUT'
  | 'NETWORK'
  | 'INVALID_OUTPUT'
  | 'BAD_REQUEST'
  | 'AUTH'
  | 'CANCELLED';

export interface EndpointConfig {
  baseUrl: string;
  model: string;
  /** Name of the environment variable that holds the key; null for local servers that need none. */
  apiKeyEnv: string | null;
  temperature: number;
  timeoutSeconds: number;
  pricePromptPerMillion: number;
  priceCompletionPerMillion: number;
}

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Sent as response_format { type: 'json_schema', json_schema: { name: schemaName, schema: jsonSchema, strict: true } }. */
export interface ModelRequest {
  messages: ModelMessage[];
  schemaName: string;
  jsonSchema: Record<string, unknown>;
}

export interface AttemptLogEntry {
  /** null for the attempt whose answer was used. */
  errorClass: JudgeErrorClass | null;
  message: string;
  /** How long the call waited after this attempt before the next one. */
  waitedMs: number;
}

export interface CallResult<T> {
  parsed: T;
  rawOutput: string;
  /** Tokens of every answered attempt (a repaired answer was billed too). */
  promptTokens: number;
  completionTokens: number;
  /** Wall time of the successful attempt. */
  latencyMs: number;
  costUsd: number;
  attempts: number;
  attemptLog: AttemptLogEntry[];
}

export interface CallModelOptions {
  signal?: AbortSignal;
  /** Requests in all, counting retries after 429, 5xx, timeouts and network errors; default 6. The one repair retry comes on top. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  env?: Record<string, string | undefined>;
  /** Source of the backoff jitter, uniform in [0, 1); default Math.random. */
  random?: () => number;
}

export class JudgeCallError extends Error {
  readonly errorClass: JudgeErrorClass;
  readonly attempts: number;
  readonly rawOutput?: string;
  readonly attemptLog: AttemptLogEntry[];
  /** On RATE_LIMITED: the wait the provider asked for, when it was longer than the call may wait itself. */
  readonly retryAfterMs?: number;
  /** What the failed call was billed for (answers that did not parse still cost tokens). */
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly costUsd: number;

  constructor(fields: {
    errorClass: JudgeErrorClass;
    message: string;
    attempts: number;
    attemptLog: AttemptLogEntry[];
    rawOutput?: string;
    retryAfterMs?: number;
    promptTokens?: number;
    completionTokens?: number;
    costUsd?: number;
  }) {
    super(fields.message);
    this.name = 'JudgeCallError';
    this.errorClass = fields.errorClass;
    this.attempts = fields.attempts;
    this.attemptLog = fields.attemptLog;
    this.rawOutput = fields.rawOutput;
    this.retryAfterMs = fields.retryAfterMs;
    this.promptTokens = fields.promptTokens ?? 0;
    this.completionTokens = fields.completionTokens ?? 0;
    this.costUsd = fields.costUsd ?? 0;
  }
}

const RETRYABLE: ReadonlySet<JudgeErrorClass> = new Set(['RATE_LIMITED', 'SERVER_ERROR', 'TIMEOUT', 'NETWORK']);
/** Local servers (vLLM, Ollama, the test double) accept any key, but the SDK insists on one. */
const NO_KEY = 'no-key';
const REQUEST_HASH_VERSION = 'rubric-audit/judge-request/1';

/**
 * sha256 (hex) of everything that determines the answer, as a fixed-order JSON array: the cache key of a
 * judge call. Not the key, the timeout or the prices. Key order inside jsonSchema is kept, not sorted:
 * with structured outputs the property order is the order the model writes in, so it can change the answer.
 */
export function requestHash(
  endpoint: EndpointConfig,
  request: ModelRequest,
  extra: { promptTemplate: string; promptVersion: string },
): string {
  const canonical = JSON.stringify([
    REQUEST_HASH_VERSION,
    endpoint.baseUrl.replace(/\/+$/, ''),
    endpoint.model,
    endpoint.temperature,
    request.messages.map((message) => [message.role, message.content]),
    request.schemaName,
    request.jsonSchema,
    extra.promptTemplate,
    extra.promptVersion,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The JSON inside a Markdown code fence that wraps the whole answer (```json … ```); otherwise the text itself. */
export function stripJsonFence(text: string): string {
  const fenced = /^\s*```[a-zA-Z]*[^\S\n]*\n([\s\S]*?)\n?[^\S\n]*```\s*$/.exec(text);
  return (fenced?.[1] ?? text).trim();
}

export async function callModel<T>(
  endpoint: EndpointConfig,
  request: ModelRequest,
  parse: (value: unknown) => T,
  options: CallModelOptions = {},
): Promise<CallResult<T>> {
  const {
    signal,
    maxAttempts = 6,
    baseDelayMs = 500,
    maxDelayMs = 30_000,
    sleep = (ms: number, abortSignal?: AbortSignal) => delay(ms, undefined, { signal: abortSignal }),
    env = process.env,
    random = Math.random,
  } = options;

  const attemptLog: AttemptLogEntry[] = [];
  let attempts = 0;
  let promptTokens = 0;
  let completionTokens = 0;
  let rawOutput: string | undefined;
  const costUsd = () => (promptTokens * endpoint.pricePromptPerMillion + completionTokens * endpoint.priceCompletionPerMillion) / 1_000_000;
  const fail = (errorClass: JudgeErrorClass, message: string, retryAfterMs?: number) =>
    new JudgeCallError({
      errorClass,
      message,
      attempts,
      attemptLog,
      rawOutput,
      retryAfterMs,
      promptTokens,
      completionTokens,
      costUsd: costUsd(),
    });

  if (signal?.aborted) throw fail('CANCELLED', 'The judge call was cancelled before it started.');
  let apiKey = NO_KEY;
  if (endpoint.apiKeyEnv) {
    const value = env[endpoint.apiKeyEnv];
    if (!value) throw fail('AUTH', `The API key environment variable ${endpoint.apiKeyEnv} is not set on the server.`);
    apiKey = value;
  }
  const client = new OpenAI({
    baseURL: endpoint.baseUrl,
    apiKey,
    // Never pick up OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment and send them to another provider.
    organization: null,
    project: null,
    timeout: Math.max(1, Math.round(endpoint.timeoutSeconds * 1000)),
    maxRetries: 0,
  });
  const responseFormat = {
    type: 'json_schema' as const,
    json_schema: { name: request.schemaName, schema: request.jsonSchema, strict: true },
  };

  let messages = request.messages;
  let budget = maxAttempts;
  let repaired = false;
  let retries = 0;
  for (;;) {
    attempts += 1;
    const started = performance.now();
    let content: string;
    try {
      const completion = await client.chat.completions.create(
        { model: endpoint.model, messages, temperature: endpoint.temperature, response_format: responseFormat },
        { signal },
      );
      promptTokens += completion.usage?.prompt_tokens ?? 0;
      completionTokens += completion.usage?.completion_tokens ?? 0;
      const message = completion.choices[0]?.message;
      content = message?.content ?? (message?.refusal ? `(refused) ${message.refusal}` : '');
    } catch (error) {
      const failure = classifyFailure(error, signal, endpoint.apiKeyEnv);
      const entry: AttemptLogEntry = { errorClass: failure.errorClass, message: failure.message, waitedMs: 0 };
      attemptLog.push(entry);
      if (!RETRYABLE.has(failure.errorClass)) throw fail(failure.errorClass, failure.message);
      if (attempts >= budget) throw fail(failure.errorClass, `${failure.message} (gave up after ${attempts} attempts)`);
      let waitMs: number;
      if (failure.errorClass === 'RATE_LIMITED' && failure.retryAfterMs !== null) {
        // Holding a worker for a long provider wait would starve the other calls: the caller reschedules.
        if (failure.retryAfterMs > maxDelayMs) {
          throw fail('RATE_LIMITED', `${failure.message} (the provider asks to wait ${failure.retryAfterMs} ms)`, failure.retryAfterMs);
        }
        waitMs = failure.retryAfterMs;
      } else {
        waitMs = backoffDelayMs(retries, { baseDelayMs, maxDelayMs, random });
      }
      retries += 1;
      entry.waitedMs = waitMs;
      try {
        await sleep(waitMs, signal);
      } catch {
        throw fail('CANCELLED', 'The judge call was cancelled while waiting to retry.');
      }
      if (signal?.aborted) throw fail('CANCELLED', 'The judge call was cancelled while waiting to retry.');
      continue;
    }

    const latencyMs = Math.round(performance.now() - started);
    rawOutput = content;
    const output = readOutput(content, parse);
    if (output.ok) {
      attemptLog.push({ errorClass: null, message: 'ok', waitedMs: 0 });
      return {
        parsed: output.value,
        rawOutput: content,
        promptTokens,
        completionTokens,
        latencyMs,
        costUsd: costUsd(),
        attempts,
        attemptLog,
      };
    }
    attemptLog.push({ errorClass: 'INVALID_OUTPUT', message: output.message, waitedMs: 0 });
    if (repaired) throw fail('INVALID_OUTPUT', output.message);
    repaired = true;
    budget += 1;
    messages = [
      ...request.messages,
      { role: 'assistant', content },
      {
        role: 'user',
        content: `Your previous answer could not be used: ${output.message}. Answer again with only a JSON object that matches the "${request.schemaName}" schema: no other text and no Markdown code fence.`,
      },
    ];
  }
}

function readOutput<T>(content: string, parse: (value: unknown) => T): { ok: true; value: T } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(stripJsonFence(content));
  } catch (error) {
    return { ok: false, message: `the answer is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  try {
    return { ok: true, value: parse(json) };
  } catch (error) {
    return { ok: false, message: `the answer does not match the schema (${describeParseError(error)})` };
  }
}

/** A zod error as "path: message; …"; any other error by its message. */
function describeParseError(error: unknown): string {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (Array.isArray(issues) && issues.length > 0) {
    return issues
      .map((issue: { path?: PropertyKey[]; message?: string }) => {
        const path = (issue.path ?? []).map(String).join('.');
        return `${path || '(root)'}: ${issue.message ?? 'invalid'}`;
      })
      .join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

function classifyFailure(
  error: unknown,
  signal: AbortSignal | undefined,
  apiKeyEnv: string | null,
): { errorClass: JudgeErrorClass; message: string; retryAfterMs: number | null } {
  const result = (errorClass: JudgeErrorClass, message: string, retryAfterMs: number | null = null) => ({
    errorClass,
    message,
    retryAfterMs,
  });
  if (signal?.aborted || error instanceof APIUserAbortError) return result('CANCELLED', 'The judge call was cancelled.');
  if (error instanceof APIConnectionTimeoutError) return result('TIMEOUT', error.message);
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return result('NETWORK', `${error.message}${cause}`);
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const { status, message } = error;
    if (status === 429) return result('RATE_LIMITED', message, providerRetryDelayMs(error.headers));
    if (status === 408) return result('TIMEOUT', message);
    if (status >= 500) return result('SERVER_ERROR', message);
    if (status === 401 || status === 403) {
      const hint = apiKeyEnv ? ` (check the key in ${apiKeyEnv})` : ' (the endpoint wants a key: set its API key variable)';
      return result('AUTH', `${message}${hint}`);
    }
    return result('BAD_REQUEST', message);
  }
  // Anything else is a bug on this side, not a provider's answer: let it surface as it is.
  throw error;
}
