// Options of the judge TEST DOUBLE from command-line flags and JUDGE_TEST_DOUBLE_* environment variables
// (flags win), and the banner it prints on start, which says plainly that it is not a model.
import { parseArgs } from 'node:util';
import { BEHAVIOURS, BEHAVIOUR_HEADER, type Behaviour } from '@/tools/judge-test-double/behaviours';
import type { JudgeTestDoubleOptions } from '@/tools/judge-test-double/server';

/** The port `npm run judge:test-double` uses when none is given (the library's default is 0, a free port). */
export const CLI_DEFAULT_PORT = 4010;

const NUMERIC = [
  ['port', 'port', 'PORT'],
  ['latencyMs', 'latency-ms', 'LATENCY_MS'],
  ['jitterMs', 'jitter-ms', 'JITTER_MS'],
  ['seed', 'seed', 'SEED'],
  ['rate429', 'rate-429', 'RATE_429'],
  ['rate500', 'rate-500', 'RATE_500'],
  ['rateTimeout', 'rate-timeout', 'RATE_TIMEOUT'],
  ['rateGarbage', 'rate-garbage', 'RATE_GARBAGE'],
  ['retryAfterMs', 'retry-after-ms', 'RETRY_AFTER_MS'],
] as const satisfies readonly (readonly [keyof JudgeTestDoubleOptions, string, string])[];

export const TEST_DOUBLE_USAGE = `usage: npm run judge:test-double -- [--port ${CLI_DEFAULT_PORT}] [--latency-ms 0] [--jitter-ms 0] [--seed 1]
         [--rate-429 0] [--rate-500 0] [--rate-timeout 0] [--rate-garbage 0] [--retry-after-ms <ms>] [--host 127.0.0.1]
         [--models name,name] [--behaviours think,no-usage,…] [--key-header api-key] [--require-query api-version=2024-10-21]
Behaviours (${BEHAVIOURS.join(', ')}) apply to every request with --behaviours, or per request
through the model name (judge+think+no-usage) or the ${BEHAVIOUR_HEADER} header.
Each flag can also be set as JUDGE_TEST_DOUBLE_<FLAG> (e.g. JUDGE_TEST_DOUBLE_RATE_429=0.1); flags win.
JUDGE_TEST_DOUBLE_API_KEY (environment only) makes it require that key: as a bearer token, or as the bare value
of the --key-header header (Azure OpenAI's api-key). --require-query answers 404 to requests without those
name=value query parameters (comma-separated), as a gateway does without its api-version.`;

export function parseTestDoubleConfig(argv: string[], env: Record<string, string | undefined>): JudgeTestDoubleOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      host: { type: 'string' },
      models: { type: 'string' },
      behaviours: { type: 'string' },
      'key-header': { type: 'string' },
      'require-query': { type: 'string' },
      ...Object.fromEntries(NUMERIC.map(([, flag]) => [flag, { type: 'string' as const }])),
    },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument ${positionals[0]}`);
  const flags = values as Record<string, string | boolean | undefined>;
  const read = (flag: string, name: string): { value: string; source: string } | null => {
    const value = flags[flag];
    if (typeof value === 'string') return { value, source: `--${flag}` };
    const fromEnv = env[`JUDGE_TEST_DOUBLE_${name}`];
    return fromEnv === undefined ? null : { value: fromEnv, source: `JUDGE_TEST_DOUBLE_${name}` };
  };
  const options: JudgeTestDoubleOptions = { port: CLI_DEFAULT_PORT };
  for (const [key, flag, name] of NUMERIC) {
    const given = read(flag, name);
    if (!given) continue;
    const number = Number(given.value);
    if (given.value.trim() === '' || !Number.isFinite(number)) throw new Error(`${given.source} must be a number, got "${given.value}"`);
    options[key] = number;
  }
  const host = read('host', 'HOST');
  if (host) options.host = host.value;
  const models = read('models', 'MODELS');
  if (models)
    options.models = models.value
      .split(',')
      .map((model) => model.trim())
      .filter(Boolean);
  const behaviours = read('behaviours', 'BEHAVIOURS');
  if (behaviours) {
    const names = behaviours.value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names.filter((name) => !(BEHAVIOURS as readonly string[]).includes(name));
    if (unknown.length > 0)
      throw new Error(`${behaviours.source}: unknown behaviour ${unknown.join(', ')} (known: ${BEHAVIOURS.join(', ')})`);
    options.behaviours = names as Behaviour[];
  }
  const keyHeader = read('key-header', 'KEY_HEADER');
  if (keyHeader) options.keyHeader = keyHeader.value;
  const requiredQuery = read('require-query', 'REQUIRE_QUERY');
  if (requiredQuery) {
    options.requiredQuery = {};
    for (const pair of requiredQuery.value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)) {
      const match = /^([^=\s]+)=(\S+)$/.exec(pair);
      if (!match?.[1] || !match[2]) throw new Error(`${requiredQuery.source}: write name=value, got "${pair}"`);
      options.requiredQuery[match[1]] = match[2];
    }
  }
  if (env.JUDGE_TEST_DOUBLE_API_KEY) options.apiKey = env.JUDGE_TEST_DOUBLE_API_KEY;
  return options;
}

export function testDoubleBanner(url: string, options: JudgeTestDoubleOptions): string {
  const percent = (rate: number | undefined) => `${Math.round((rate ?? 0) * 1000) / 10}%`;
  return [
    '================================================================================',
    ' JUDGE TEST DOUBLE - a fake OpenAI-compatible endpoint for tests and demos.',
    ' It is NOT a model: answers are made up from a hash of the prompt.',
    '================================================================================',
    ` base URL   ${url}   (loopback only; any model name)`,
    ` latency    ${options.latencyMs ?? 0} ms + jitter up to ${options.jitterMs ?? 0} ms`,
    ` faults     seed ${options.seed ?? 1}: 429 ${percent(options.rate429)}, 500 ${percent(options.rate500)}, timeout ${percent(options.rateTimeout)}, garbage ${percent(options.rateGarbage)}`,
    ` markers    [[fail:429|500|timeout|garbage|400]] in a user message, [[fail-once:…]] for the first time only`,
    ` behaviours ${options.behaviours?.length ? options.behaviours.join(', ') : 'none for all'}; per request: model name judge+think, or ${BEHAVIOUR_HEADER}`,
    ` api key    ${options.apiKey ? `required (JUDGE_TEST_DOUBLE_API_KEY) in ${options.keyHeader ? `the ${options.keyHeader} header` : 'Authorization: Bearer'}` : 'any'}`,
    ...(options.requiredQuery && Object.keys(options.requiredQuery).length > 0
      ? [
          ` query      required: ${Object.entries(options.requiredQuery)
            .map(([name, value]) => `${name}=${value}`)
            .join('&')}`,
        ]
      : []),
  ].join('\n');
}
