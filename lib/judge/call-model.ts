// The judge's transport: one structured-output call to any OpenAI-compatible chat-completions endpoint
// (OpenAI, vLLM, Ollama, DashScope, OpenRouter) with the error policy of issue 6. The run engine calls this;
// prompts, output schemas and scoring live elsewhere. The API key (and any extra header or query value) is
// read from the environment variable the endpoint names, here and nowhere else, only when the operator
// allows that name (judge-env-names.ts), and never appears in an error, a log entry or the request hash.
import 'server-only';
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { secretVariable } from '@/lib/env';
import { type JudgeEnvRule, judgeEnvNameProblem, judgeEnvRule } from '@/lib/judge/judge-env-names';
import { readAnswer } from '@/lib/judge/read-answer';
import { backoffDelayMs, providerRetryDelayMs } from '@/lib/judge/retry-delay';
import { type OutputMode, buildWireRequest } from '@/lib/judge/wire-request';

/** Same names as the Prisma enum JudgeErrorClass. */
export type JudgeErrorClass =
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'TIMEOUT'
  | 'NETWORK'
  | 'INVALID_OUTPUT'
  | 'BAD_REQUEST'
  | 'AUTH'
  | 'CANCELLED'
  | 'TRUNCATED';

/** An extra header or query parameter: its name, and the environment variable that holds its value. */
export interface EnvValue {
  name: string;
  env: string;
}

export interface EndpointConfig {
  baseUrl: string;
  model: string;
  /** Name of the environment variable that holds the key; null for local servers that need none. */
  apiKeyEnv: string | null;
  temperature: number;
  timeoutSeconds: number;
  pricePromptPerMillion: number;
  priceCompletionPerMillion: number;
  /** How the request asks for JSON; default JSON_SCHEMA. */
  outputMode?: OutputMode;
  /** Sent on every call (null: the server's default). */
  maxTokens?: number | null;
  /** The body field of the limit: OpenAI's reasoning models refuse max_tokens and want max_completion_tokens. */
  maxTokensParam?: 'max_tokens' | 'max_completion_tokens';
  /** The limit of the one retry after an answer cut off at the limit (null: no retry). */
  retryMaxTokens?: number | null;
  extraHeaders?: EnvValue[];
  extraQuery?: EnvValue[];
}

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What the task asks; how it goes over the wire depends on the endpoint's output mode (wire-request.ts). */
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
  /** The answer as sent, without its reasoning. */
  rawOutput: string;
  /** The reasoning (<think> block or reasoning_content) of the answer used; never parsed. */
  reasoning: string | null;
  finishReason: string | null;
  /** The model name the server reported. */
  serverModel: string | null;
  outputMode: OutputMode;
  /** Tokens of every answered attempt (a repaired answer was billed too); null when a server reported no usage. */
  promptTokens: number | null;
  completionTokens: number | null;
  /** Wall time of the successful attempt. */
  latencyMs: number;
  /** null when the tokens are unknown. */
  costUsd: number | null;
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
  /** Tests: the variables to read instead of the server's environment (lib/env.ts secretVariable). */
  env?: Record<string, string | undefined>;
  /** Which variables may be sent (default: JUDGE_KEY_ENV_PATTERN and the app's settings, lib/env.ts). */
  envRule?: JudgeEnvRule;
  /** Source of the backoff jitter, uniform in [0, 1); default Math.random. */
  random?: () => number;
  /** One repair turn after an unusable answer (default true; a connection probe asks once). */
  repair?: boolean;
}

export class JudgeCallError extends Error {
  readonly errorClass: JudgeErrorClass;
  readonly attempts: number;
  readonly rawOutput?: string;
  readonly reasoning?: string | null;
  readonly finishReason?: string | null;
  readonly serverModel?: string | null;
  readonly attemptLog: AttemptLogEntry[];
  /** On RATE_LIMITED: the wait the provider asked for, when it was longer than the call may wait itself. */
  readonly retryAfterMs?: number;
  /** What the failed call was billed for (answers that did not parse still cost tokens); null: not reported. */
  readonly promptTokens: number | null;
  readonly completionTokens: number | null;
  readonly costUsd: number | null;

  constructor(fields: {
    errorClass: JudgeErrorClass;
    message: string;
    attempts: number;
    attemptLog: AttemptLogEntry[];
    rawOutput?: string;
    reasoning?: string | null;
    finishReason?: string | null;
    serverModel?: string | null;
    retryAfterMs?: number;
    promptTokens?: number | null;
    completionTokens?: number | null;
    costUsd?: number | null;
  }) {
    super(fields.message);
    this.name = 'JudgeCallError';
    this.errorClass = fields.errorClass;
    this.attempts = fields.attempts;
    this.attemptLog = fields.attemptLog;
    this.rawOutput = fields.rawOutput;
    this.reasoning = fields.reasoning;
    this.finishReason = fields.finishReason;
    this.serverModel = fields.serverModel;
    this.retryAfterMs = fields.retryAfterMs;
    this.promptTokens = fields.promptTokens === undefined ? 0 : fields.promptTokens;
    this.completionTokens = fields.completionTokens === undefined ? 0 : fields.completionTokens;
    this.costUsd = fields.costUsd === undefined ? 0 : fields.costUsd;
  }
}

const RETRYABLE: ReadonlySet<JudgeErrorClass> = new Set(['RATE_LIMITED', 'SERVER_ERROR', 'TIMEOUT', 'NETWORK']);
/** The SDK insists on a key; for an endpoint without one, its Authorization header is then removed. */
const NO_KEY = 'no-key';
const REQUEST_HASH_VERSION = 'rubric-audit/judge-request/2';

/**
 * sha256 (hex) of everything that determines the answer, as a fixed-order JSON array: the cache key of a
 * judge call. That includes how it asks for JSON (the output mode), the token limits, and the names of extra
 * headers and query parameters with the variables they come from. Not the key, any variable's value, the
 * timeout or the prices. Key order inside jsonSchema is kept, not sorted: with structured outputs the
 * property order is the order the model writes in, so it can change the answer.
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
    endpoint.outputMode ?? 'JSON_SCHEMA',
    endpoint.maxTokens ?? null,
    endpoint.maxTokensParam ?? 'max_tokens',
    endpoint.retryMaxTokens ?? null,
    (endpoint.extraHeaders ?? []).map((header) => [header.name.toLowerCase(), header.env]),
    (endpoint.extraQuery ?? []).map((parameter) => [parameter.name, parameter.env]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** What a call sends, as stored on its JudgeCall: the messages as they went out (schema instruction included). */
export function describeRequest(endpoint: EndpointConfig, request: ModelRequest) {
  const outputMode = endpoint.outputMode ?? 'JSON_SCHEMA';
  return {
    ...request,
    messages: buildWireRequest(outputMode, request).messages,
    outputMode,
    maxTokens: endpoint.maxTokens ?? null,
  };
}

/**
 * The values of the endpoint's variables (key, extra headers, query parameters), or the reason none may be
 * sent: a name the operator does not allow (checked again here, for rows stored before the rule) or a
 * variable that is not set. Nothing is sent in either case.
 */
function readEndpointVariables(
  endpoint: EndpointConfig,
  read: (name: string) => string | undefined,
  rule: JudgeEnvRule,
): { apiKey: string; headers: Record<string, string>; query: Record<string, string> } | { problem: string } {
  const uses: { env: string; role: string }[] = [
    ...(endpoint.apiKeyEnv ? [{ env: endpoint.apiKeyEnv, role: 'the API key' }] : []),
    ...(endpoint.extraHeaders ?? []).map((header) => ({ env: header.env, role: `the header ${header.name}` })),
    ...(endpoint.extraQuery ?? []).map((parameter) => ({ env: parameter.env, role: `the query parameter ${parameter.name}` })),
  ];
  for (const use of uses) {
    const problem = judgeEnvNameProblem(use.env, rule);
    if (problem) return { problem: `Refused to send ${use.role}: ${problem} Name an allowed variable on the endpoint's page.` };
    if (!read(use.env)) return { problem: `The environment variable ${use.env} (${use.role}) is not set on the server.` };
  }
  const value = (name: string) => read(name) as string;
  return {
    apiKey: endpoint.apiKeyEnv ? value(endpoint.apiKeyEnv) : NO_KEY,
    headers: Object.fromEntries((endpoint.extraHeaders ?? []).map((header) => [header.name, value(header.env)])),
    query: Object.fromEntries((endpoint.extraQuery ?? []).map((parameter) => [parameter.name, value(parameter.env)])),
  };
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
    env,
    envRule,
    random = Math.random,
    repair = true,
  } = options;
  const outputMode = endpoint.outputMode ?? 'JSON_SCHEMA';

  const attemptLog: AttemptLogEntry[] = [];
  let attempts = 0;
  // null once an answered attempt came without usage: the total is then unknown, not a smaller number.
  let promptTokens: number | null = 0;
  let completionTokens: number | null = 0;
  let rawOutput: string | undefined;
  let reasoning: string | null = null;
  let finishReason: string | null = null;
  let serverModel: string | null = null;
  const costUsd = () =>
    promptTokens === null || completionTokens === null
      ? null
      : (promptTokens * endpoint.pricePromptPerMillion + completionTokens * endpoint.priceCompletionPerMillion) / 1_000_000;
  const fail = (errorClass: JudgeErrorClass, message: string, retryAfterMs?: number) =>
    new JudgeCallError({
      errorClass,
      message,
      attempts,
      attemptLog,
      rawOutput,
      reasoning,
      finishReason,
      serverModel,
      retryAfterMs,
      promptTokens,
      completionTokens,
      costUsd: costUsd(),
    });

  if (signal?.aborted) throw fail('CANCELLED', 'The judge call was cancelled before it started.');
  const variables = readEndpointVariables(endpoint, env ? (name) => env[name] : secretVariable, envRule ?? judgeEnvRule());
  if ('problem' in variables) throw fail('AUTH', variables.problem);
  const client = new OpenAI({
    baseURL: endpoint.baseUrl,
    apiKey: variables.apiKey,
    // Never pick up OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment and send them to another provider.
    organization: null,
    project: null,
    timeout: Math.max(1, Math.round(endpoint.timeoutSeconds * 1000)),
    maxRetries: 0,
    // No key variable: no Authorization header at all, rather than a made-up credential (a gateway that takes
    // its key in another header, such as Azure's api-key, may refuse a bearer token it cannot read).
    defaultHeaders: { ...(endpoint.apiKeyEnv ? {} : { Authorization: null }), ...variables.headers },
    defaultQuery: variables.query,
  });
  const wire = buildWireRequest(outputMode, request);

  let messages = wire.messages;
  let maxTokens = endpoint.maxTokens ?? null;
  let budget = maxAttempts;
  let repaired = !repair;
  let widened = false;
  let retries = 0;
  for (;;) {
    attempts += 1;
    const started = performance.now();
    let content: string;
    let separateReasoning: string | null;
    try {
      const completion = await client.chat.completions.create(
        {
          model: endpoint.model,
          messages,
          temperature: endpoint.temperature,
          ...(wire.responseFormat ? { response_format: wire.responseFormat } : {}),
          ...(maxTokens !== null ? { [endpoint.maxTokensParam ?? 'max_tokens']: maxTokens } : {}),
        },
        { signal },
      );
      const usage = completion.usage as { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined | null;
      promptTokens = typeof usage?.prompt_tokens === 'number' && promptTokens !== null ? promptTokens + usage.prompt_tokens : null;
      completionTokens =
        typeof usage?.completion_tokens === 'number' && completionTokens !== null ? completionTokens + usage.completion_tokens : null;
      serverModel = typeof completion.model === 'string' && completion.model !== '' ? completion.model : null;
      const choice = completion.choices?.[0];
      finishReason = choice?.finish_reason ?? null;
      const message = choice?.message as
        | (OpenAI.Chat.Completions.ChatCompletionMessage & { reasoning_content?: unknown; reasoning?: unknown })
        | undefined;
      content = message?.content ?? (message?.refusal ? `(refused) ${message.refusal}` : '');
      // vLLM and DeepSeek call it reasoning_content; OpenRouter and newer vLLM, reasoning.
      const apart = message?.reasoning_content ?? message?.reasoning;
      separateReasoning = typeof apart === 'string' ? apart : null;
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
    const output = readAnswer(content, parse, separateReasoning);
    rawOutput = output.text;
    reasoning = output.reasoning;
    if (output.ok) {
      attemptLog.push({ errorClass: null, message: 'ok', waitedMs: 0 });
      return {
        parsed: output.value,
        rawOutput: output.text,
        reasoning,
        finishReason,
        serverModel,
        outputMode,
        promptTokens,
        completionTokens,
        latencyMs,
        costUsd: costUsd(),
        attempts,
        attemptLog,
      };
    }
    // A complete object is used even when the server says it stopped at the limit; only an answer that is
    // unusable AND cut off is TRUNCATED: more room, not a repair turn, is what it needs.
    if (finishReason === 'length') {
      const limit = maxTokens === null ? "the server's default limit" : `${endpoint.maxTokensParam ?? 'max_tokens'} ${maxTokens}`;
      const message = `The answer was cut off at ${limit} (finish_reason "length") before its JSON was complete`;
      attemptLog.push({ errorClass: 'TRUNCATED', message, waitedMs: 0 });
      const retryLimit = endpoint.retryMaxTokens ?? null;
      if (!widened && retryLimit !== null && (maxTokens === null || retryLimit > maxTokens)) {
        widened = true;
        budget += 1;
        maxTokens = retryLimit;
        continue;
      }
      const advice = retryLimit === null ? "raise the endpoint's max tokens or set a retry limit" : "raise the endpoint's max tokens";
      throw fail('TRUNCATED', `${message}${widened ? ', also on the retry with the larger limit' : ''}: ${advice}.`);
    }
    attemptLog.push({ errorClass: 'INVALID_OUTPUT', message: output.message, waitedMs: 0 });
    if (repaired) throw fail('INVALID_OUTPUT', output.message);
    repaired = true;
    budget += 1;
    messages = [
      ...wire.messages,
      { role: 'assistant', content: output.text },
      {
        role: 'user',
        content: `Your previous answer could not be used: ${output.message}. Answer again with only a JSON object that matches the "${request.schemaName}" schema: no other text and no Markdown code fence.`,
      },
    ];
  }
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
