// TEST DOUBLE – not a model. A fake OpenAI-compatible chat-completions server for tests, e2e runs and demos:
// answers are made up from a hash of the prompt (answers.ts) and faults are injected on purpose (seeded
// rates and [[fail:…]] markers). Behaviours of real servers (behaviours.ts: no json_schema, <think> blocks,
// reasoning_content, prose around a fence, no usage, truncation) are chosen per request by the model name
// (`judge+think`), an x-judge-double-behaviour header, or for the whole server; a gateway's demands (the key in
// another header, a required query parameter such as Azure's api-version) are options of the whole server. It
// listens on 127.0.0.1 only and refuses any other host.
//   POST /v1/chat/completions, GET /v1/models
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerFor } from '@/tools/judge-test-double/answers';
import {
  type Behaviour,
  BEHAVIOUR_HEADER,
  type ChatShape,
  readBehaviours,
  rejectedFormat,
  shapeAnswer,
} from '@/tools/judge-test-double/behaviours';
import { isBias } from '@/tools/judge-test-double/biases';
import { seedOf, unitOf } from '@/tools/judge-test-double/digest';

export interface JudgeTestDoubleOptions {
  /** 127.0.0.1 (default) or localhost; anything else is refused. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Fixed delay before every answer. */
  latencyMs?: number;
  /** Extra delay, uniform in [0, jitterMs], drawn from the seed. */
  jitterMs?: number;
  /** Seed of the fault and jitter draws (default 1). */
  seed?: number;
  /** Probabilities per request (their sum at most 1). */
  rate429?: number;
  rate500?: number;
  /** Never answers: the request hangs until the client gives up. */
  rateTimeout?: number;
  /** 200 with content that is not JSON. */
  rateGarbage?: number;
  /** Delay a 429 asks for (retry-after-ms and Retry-After); default drawn from 50–200 ms per response. */
  retryAfterMs?: number;
  /** When set, requests without `Authorization: Bearer <apiKey>` (or the key in `keyHeader`) get a 401. */
  apiKey?: string;
  /**
   * The header that carries the key, as the bare key (Azure OpenAI's `api-key`); default: Authorization with
   * "Bearer ". A request that carries it elsewhere gets the 401.
   */
  keyHeader?: string;
  /** Query parameters every chat request must carry with these values (Azure OpenAI's `api-version`); otherwise 404. */
  requiredQuery?: Record<string, string>;
  /** Listed by GET /v1/models (any model name is accepted by the chat endpoint). */
  models?: string[];
  /** Behaviours of every request, on top of those its model name or header asks for. */
  behaviours?: Behaviour[];
}

export type TestDoubleOutcome =
  | 'ok'
  | 'rate_limited'
  | 'server_error'
  | 'timeout'
  | 'garbage'
  | 'bad_request'
  | 'unauthorized'
  | 'not_found'
  | 'models';

export interface TestDoubleStats {
  requests: number;
  byOutcome: Record<TestDoubleOutcome, number>;
}

export interface RecordedRequest {
  model: string;
  schemaName: string | null;
  /** response_format.type, or null when none was sent. */
  responseFormat: string | null;
  /** max_tokens or max_completion_tokens, as sent. */
  maxTokens: number | null;
  behaviours: Behaviour[];
  messages: { role: string; content: string }[];
  /** Path and query string, as received. */
  url: string;
  headers: http.IncomingHttpHeaders;
  outcome: TestDoubleOutcome;
}

export interface JudgeTestDouble {
  /** Base URL for an OpenAI client: http://127.0.0.1:<port>/v1 */
  url: string;
  stats: () => TestDoubleStats;
  /** The last chat requests received (at most 1000), oldest first. */
  requests: () => RecordedRequest[];
  /** Stops listening and drops open requests; safe to call more than once. */
  close: () => Promise<void>;
}

const LOOPBACK = '127.0.0.1';
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const MAX_RECORDED = 1000;
const FAULTS = ['429', '500', 'timeout', 'garbage', '400'] as const;
type Fault = (typeof FAULTS)[number];
const MARKER = /\[\[(fail|fail-once):(429|500|timeout|garbage|400)\]\]/;
const GARBAGE = 'Sure! After careful review I would say the response is mostly fine, although it could be clearer.';

export async function startJudgeTestDouble(options: JudgeTestDoubleOptions = {}): Promise<JudgeTestDouble> {
  const config = checkOptions(options);
  const byOutcome: Record<TestDoubleOutcome, number> = {
    ok: 0,
    rate_limited: 0,
    server_error: 0,
    timeout: 0,
    garbage: 0,
    bad_request: 0,
    unauthorized: 0,
    not_found: 0,
    models: 0,
  };
  const recorded: RecordedRequest[] = [];
  const occurrences = new Map<string, number>();
  const failedOnce = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();

  const send = (
    res: http.ServerResponse,
    outcome: TestDoubleOutcome,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    byOutcome[outcome] += 1;
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', 'x-judge-test-double': 'true', ...headers });
    res.end(JSON.stringify(body));
  };
  const later = (ms: number, action: () => void) => {
    if (ms <= 0) return action();
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  };

  const handleChat = (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => {
    const presented = config.keyHeader === null ? req.headers.authorization : req.headers[config.keyHeader];
    const expected = config.keyHeader === null ? `Bearer ${config.apiKey}` : config.apiKey;
    if (config.apiKey !== undefined && presented !== expected) {
      return send(
        res,
        'unauthorized',
        401,
        apiError(
          `Incorrect API key provided${config.keyHeader === null ? '' : ` in the ${config.keyHeader} header`} (judge test double).`,
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    }
    const query = new URL(req.url ?? '/', 'http://double').searchParams;
    const missing = Object.entries(config.requiredQuery).find(([name, value]) => query.get(name) !== value);
    if (missing) {
      return send(
        res,
        'not_found',
        404,
        apiError(`Resource not found: this server wants the query parameter ${missing[0]}=${missing[1]} (judge test double).`, 'not_found'),
      );
    }
    const parsed = readChatRequest(raw);
    if ('error' in parsed) return send(res, 'bad_request', 400, apiError(`${parsed.error} (judge test double)`, 'invalid_request_error'));
    const { messages, schemaName, responseFormat, maxTokens } = parsed;
    const wanted = readBehaviours(parsed.model, req.headers[BEHAVIOUR_HEADER], config.behaviours);
    if ('error' in wanted) return send(res, 'bad_request', 400, apiError(`${wanted.error} (judge test double)`, 'invalid_request_error'));
    // Answers depend on the model's own name, not on the behaviours asked of it (one prompt, one verdict), except
    // for the biases, which are there to change verdicts.
    const model = wanted.model;
    const refusal = rejectedFormat(wanted.behaviours, responseFormat);
    if (refusal) {
      recorded.push({ ...parsedRecord(parsed, wanted.behaviours, req), outcome: 'bad_request' });
      if (recorded.length > MAX_RECORDED) recorded.shift();
      return send(res, 'bad_request', 400, apiError(`${refusal} (judge test double)`, 'invalid_request_error', null, 'response_format'));
    }
    const requestKey = String(seedOf(model, schemaName ?? '', JSON.stringify(messages)));
    const occurrence = (occurrences.get(requestKey) ?? 0) + 1;
    occurrences.set(requestKey, occurrence);
    const draw = (purpose: string) => unitOf(String(config.seed), purpose, requestKey, String(occurrence));

    const fault = markedFault(model, messages, failedOnce) ?? randomFault(draw('fault'), config);
    const outcome: TestDoubleOutcome =
      fault === '429'
        ? 'rate_limited'
        : fault === '500'
          ? 'server_error'
          : fault === 'timeout'
            ? 'timeout'
            : fault === 'garbage'
              ? 'garbage'
              : fault === '400'
                ? 'bad_request'
                : 'ok';
    recorded.push({ ...parsedRecord(parsed, wanted.behaviours, req), outcome });
    if (recorded.length > MAX_RECORDED) recorded.shift();
    if (fault === 'timeout') {
      // Hang: the client's timeout (or close()) ends it.
      byOutcome.timeout += 1;
      return;
    }
    later(config.latencyMs + Math.floor(draw('jitter') * (config.jitterMs + 1)), () => {
      if (fault === '429') {
        const waitMs = config.retryAfterMs ?? 50 + Math.floor(draw('retry-after') * 151);
        return send(res, 'rate_limited', 429, apiError('Rate limit reached (judge test double).', 'requests', 'rate_limit_exceeded'), {
          'retry-after-ms': String(waitMs),
          'retry-after': String(waitMs / 1000),
        });
      }
      if (fault === '500') return send(res, 'server_error', 500, apiError('The server had an error (judge test double).', 'server_error'));
      if (fault === '400')
        return send(
          res,
          'bad_request',
          400,
          apiError('Bad request forced by a [[fail:400]] marker (judge test double).', 'invalid_request_error'),
        );
      const answer = answerFor({
        model,
        messages,
        schemaName,
        biases: wanted.behaviours.filter(isBias),
        followRubric: wanted.behaviours.includes('follow-rubric'),
      });
      const shaped: ChatShape =
        fault === 'garbage'
          ? {
              content: GARBAGE,
              reasoningContent: null,
              reasoningField: 'reasoning_content',
              finishReason: 'stop',
              completionChars: GARBAGE.length,
            }
          : shapeAnswer(wanted.behaviours, answer, { maxTokens, schemaName });
      const promptChars = messages.reduce((sum, message) => sum + message.content.length, 0);
      const promptTokens = Math.max(1, Math.ceil(promptChars / 4));
      const completionTokens = Math.max(1, Math.ceil(shaped.completionChars / 4));
      const message: Record<string, unknown> = { role: 'assistant', content: shaped.content, refusal: null };
      if (shaped.reasoningContent !== null) message[shaped.reasoningField] = shaped.reasoningContent;
      send(res, fault === 'garbage' ? 'garbage' : 'ok', 200, {
        id: `chatcmpl-testdouble-${requestKey}-${occurrence}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: parsed.model,
        system_fingerprint: 'judge-test-double',
        choices: [{ index: 0, message, logprobs: null, finish_reason: shaped.finishReason }],
        ...(wanted.behaviours.includes('no-usage')
          ? {}
          : { usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } }),
      });
    });
  };

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models') {
      return send(res, 'models', 200, {
        object: 'list',
        data: config.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'judge-test-double' })),
      });
    }
    if (path !== '/v1/chat/completions')
      return send(res, 'not_found', 404, apiError(`No route ${req.method} ${path} (judge test double).`, 'invalid_request_error'));
    if (req.method !== 'POST') return send(res, 'bad_request', 405, apiError('Use POST (judge test double).', 'invalid_request_error'));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES)
        return send(res, 'bad_request', 413, apiError('Request body too large (judge test double).', 'invalid_request_error'));
      handleChat(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  if (address.address !== LOOPBACK) {
    server.close();
    throw new Error(`The judge test double ended up on ${address.address}, not loopback; stopped.`);
  }

  let closing: Promise<void> | undefined;
  return {
    url: `http://${LOOPBACK}:${address.port}/v1`,
    stats: () => ({ requests: Object.values(byOutcome).reduce((sum, count) => sum + count, 0), byOutcome: { ...byOutcome } }),
    requests: () => recorded.map((request) => ({ ...request, messages: request.messages.map((message) => ({ ...message })) })),
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging "timeout" requests and keep-alive sockets would hold close() open forever.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function checkOptions(options: JudgeTestDoubleOptions) {
  const host = options.host ?? LOOPBACK;
  if (host !== LOOPBACK && host !== 'localhost') {
    throw new Error(`The judge test double only listens on loopback (127.0.0.1); refusing to start on ${host}.`);
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`port must be an integer from 0 to 65535, got ${port}`);
  const nonNegative = (name: string, value: number | undefined) => {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) throw new Error(`${name} must be a number ≥ 0, got ${value}`);
    return value ?? 0;
  };
  const rates = {
    rate429: nonNegative('rate429', options.rate429),
    rate500: nonNegative('rate500', options.rate500),
    rateTimeout: nonNegative('rateTimeout', options.rateTimeout),
    rateGarbage: nonNegative('rateGarbage', options.rateGarbage),
  };
  if (Object.values(rates).reduce((sum, rate) => sum + rate, 0) > 1) throw new Error('the fault rates add up to more than 1');
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
  return {
    port,
    seed,
    ...rates,
    latencyMs: nonNegative('latencyMs', options.latencyMs),
    jitterMs: nonNegative('jitterMs', options.jitterMs),
    retryAfterMs: options.retryAfterMs === undefined ? undefined : nonNegative('retryAfterMs', options.retryAfterMs),
    apiKey: options.apiKey,
    keyHeader: options.keyHeader?.trim() ? options.keyHeader.trim().toLowerCase() : null,
    requiredQuery: options.requiredQuery ?? {},
    models: options.models?.length ? options.models : ['judge-test-double'],
    behaviours: options.behaviours ?? [],
  };
}

function parsedRecord(parsed: ChatRequest, behaviours: Behaviour[], req: http.IncomingMessage): Omit<RecordedRequest, 'outcome'> {
  return {
    model: parsed.model,
    schemaName: parsed.schemaName,
    responseFormat: parsed.responseFormat,
    maxTokens: parsed.maxTokens,
    behaviours,
    messages: parsed.messages,
    url: req.url ?? '',
    headers: { ...req.headers },
  };
}

/**
 * The fault a marker asks for. Every user message counts, so a marker stays in force when the client appends
 * a repair turn; a [[fail-once:…]] fails only the first request whose conversation up to the marked message
 * (and model) is new, so the client's retry or repair of it succeeds.
 */
function markedFault(model: string, messages: { role: string; content: string }[], failedOnce: Set<string>): Fault | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const match = MARKER.exec(message.content);
    if (!match) continue;
    const fault = match[2] as Fault;
    if (match[1] === 'fail') return fault;
    const key = `${model}\u0000${JSON.stringify(messages.slice(0, i + 1))}`;
    if (failedOnce.has(key)) return null;
    failedOnce.add(key);
    return fault;
  }
  return null;
}

function randomFault(u: number, rates: { rate429: number; rate500: number; rateTimeout: number; rateGarbage: number }): Fault | null {
  let edge = rates.rate429;
  if (u < edge) return '429';
  edge += rates.rate500;
  if (u < edge) return '500';
  edge += rates.rateTimeout;
  if (u < edge) return 'timeout';
  edge += rates.rateGarbage;
  if (u < edge) return 'garbage';
  return null;
}

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  /** The json_schema name, or the one named in a schema instruction when no json_schema was sent. */
  schemaName: string | null;
  responseFormat: string | null;
  maxTokens: number | null;
}

/** How the judge names the schema when it travels in the prompt (lib/judge/wire-request.ts schemaInstruction). */
const SCHEMA_IN_PROMPT = /JSON Schema "([A-Za-z0-9_.-]+)"/;

function readChatRequest(raw: string): ChatRequest | { error: string } {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { error: 'The body is not valid JSON' };
  }
  if (typeof body !== 'object' || body === null) return { error: 'The body must be a JSON object' };
  const {
    model,
    messages,
    stream,
    response_format: responseFormat,
    max_tokens: maxTokens,
    max_completion_tokens: maxCompletionTokens,
  } = body as Record<string, unknown>;
  if (typeof model !== 'string' || model === '') return { error: 'model is required' };
  if (stream === true) return { error: 'Streaming is not supported' };
  if (!Array.isArray(messages) || messages.length === 0) return { error: 'messages must be a non-empty list' };
  const normalized: { role: string; content: string }[] = [];
  for (const message of messages as unknown[]) {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    if (typeof role !== 'string') return { error: 'every message needs a role' };
    if (typeof content === 'string') normalized.push({ role, content });
    else if (Array.isArray(content)) {
      const parts = content as { type?: unknown; text?: unknown }[];
      normalized.push({ role, content: parts.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('') });
    } else return { error: 'every message needs a content' };
  }
  const format = responseFormat as { type?: unknown; json_schema?: { name?: unknown } } | undefined;
  const name = format?.json_schema?.name;
  const limit = typeof maxTokens === 'number' ? maxTokens : typeof maxCompletionTokens === 'number' ? maxCompletionTokens : null;
  const prompted = normalized.map((message) => SCHEMA_IN_PROMPT.exec(message.content)?.[1]).find(Boolean) ?? null;
  return {
    model,
    messages: normalized,
    schemaName: typeof name === 'string' ? name : prompted,
    responseFormat: typeof format?.type === 'string' ? format.type : null,
    maxTokens: limit,
  };
}

function apiError(message: string, type: string, code: string | null = null, param: string | null = null) {
  return { error: { message, type, param, code } };
}
