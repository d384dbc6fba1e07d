// `npm run stress` flags, validated with zod: a bad flag is refused with its name, the reason and the usage.
import { parseArgs } from 'node:util';
import { z } from '@/lib/zod';
import { DEFAULT_SEED, syntheticTotals } from '@/tools/fixtures/synthetic';

export const STRESS_USAGE = `usage: npm run stress -- [--scale 1] [--experts 50] [--duration 300] [--max-requests 200000]
                           [--k 3] [--think-ms 50] [--ramp-s 60] [--instances 1] [--web-concurrency 1] [--max-error-rate 0.01] [--seed ${DEFAULT_SEED}]
                           [--json results.json] [--chart capacity.svg] [--pg-statements] [--reuse-setup]
                           [--app-session postgres] [--repeat 1] [--pg-setting name=value …]
  --scale           share of QuarkMedBench's size for the audited dataset (1 = 24,674 queries, 220,617 criteria)
  --experts         simulated experts working at once; a list (50,100,262,500) runs one window per level,
                    each on a fresh database, and ends with the capacity table
  --duration        seconds of load (the window, per level); the background jobs are then waited for
  --max-requests    hard cap on the requests the simulated users send in one window
  --k               verdicts wanted per criterion in the campaign
  --think-ms        each expert pauses uniform [0.5, 1.5] × think-ms before each decision and before submitting
                    (5000: 2.5–7.5 s, a realistic pace)
  --ramp-s          the experts arrive evenly spread over the window's first ramp-s seconds (at most a fifth of
                    --duration), as a team starting its shift does; 0: all sign in at the same instant
  --instances       next start processes on the one PostgreSQL, experts spread over them round-robin
  --web-concurrency web workers per instance: above 1, each instance is "npm start" with WEB_CONCURRENCY
                    (workers on one port, the jobs in one process, pools sized from max_connections)
  --max-error-rate  exit non-zero when more than this share of requests failed
  --json            also write the report as JSON to this file
  --chart           also draw the capacity curve (p95 per operation against experts) as SVG to this file
  --pg-statements   also report PostgreSQL's busiest statements in the window (pg_stat_statements, nested
                    trigger statements included), to see where its CPU went
  --reuse-setup     keep the data every level starts from (dataset, campaign, judge dataset) as a template in
                    .data/stress-setup/ and copy it for each level instead of rebuilding it (minutes at scale 1)
  --repeat          runs of each level, interleaved (levels 50,100 with --repeat 2: 50, 100, 50, 100), each on a
                    fresh database; the capacity table shows each p95's median and range, and a level meets the
                    target only if every run of it did
  --pg-setting      start the run's PostgreSQL with this setting too (repeatable), to measure a setting before
                    the app adopts it; the report names them
  --app-session     postgres: the app runs in the session of the run's PostgreSQL, as under \`npm start\` with its
                    embedded PostgreSQL; own: in a session of its own (with the kernel's autogroup scheduling on,
                    the CPU is then shared between the two sessions before nice values apply)`;

const int = (name: string, min: number, max: number) =>
  z.coerce
    .number(`--${name} must be a number`)
    .int(`--${name} must be a whole number`)
    .min(min, `--${name} must be at least ${min}`)
    .max(max, `--${name} must be at most ${max.toLocaleString('en')}`);

export const stressOptionsSchema = z
  .object({
    scale: z.coerce
      .number('--scale must be a number')
      .positive('--scale must be above 0')
      .max(4, '--scale must be at most 4')
      .refine((scale) => {
        try {
          syntheticTotals(scale);
          return true;
        } catch {
          return false;
        }
      }, '--scale is too small to give one query per criterion set'),
    // One level, or a list of levels for the capacity curve: run in ascending order, each once.
    experts: z
      .preprocess((text) => (typeof text === 'string' ? text.split(',') : text), z.array(int('experts', 1, 1000)).min(1))
      .transform((levels) => [...new Set(levels)].sort((a, b) => a - b)),
    duration: int('duration', 5, 3600),
    maxRequests: int('max-requests', 1, 10_000_000),
    k: int('k', 1, 20),
    thinkMs: int('think-ms', 0, 60_000),
    rampS: int('ramp-s', 0, 3600),
    instances: int('instances', 1, 8),
    webConcurrency: int('web-concurrency', 1, 16),
    maxErrorRate: z.coerce.number('--max-error-rate must be a number').min(0).max(1, '--max-error-rate is a share between 0 and 1'),
    seed: int('seed', 0, 2_147_483_647),
    json: z.string().min(1).optional(),
    chart: z.string().min(1).optional(),
    pgStatements: z.boolean(),
    reuseSetup: z.boolean(),
    appSession: z.enum(['postgres', 'own'], '--app-session must be postgres or own'),
    repeat: int('repeat', 1, 10),
    pgSettings: z
      .array(
        z
          .string()
          .regex(/^[a-z_.]+=[^\s]+$/, '--pg-setting must be name=value (a PostgreSQL setting, no spaces)')
          .transform((text): [string, string] => [text.slice(0, text.indexOf('=')), text.slice(text.indexOf('=') + 1)]),
      )
      .transform((pairs) => Object.fromEntries(pairs.map(([name, value]) => [name, value]))),
  })
  .refine((options) => options.experts.every((experts) => experts >= options.k), {
    message: '--experts must be at least --k (each criterion needs k different experts)',
  });

export type StressOptions = z.output<typeof stressOptionsSchema>;

export function parseStressArgs(argv: string[]): StressOptions {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        scale: { type: 'string', default: '1' },
        experts: { type: 'string', default: '50' },
        duration: { type: 'string', default: '300' },
        'max-requests': { type: 'string', default: '200000' },
        k: { type: 'string', default: '3' },
        // Mean 50 ms, as the former default of uniform 0–100 ms had.
        'think-ms': { type: 'string', default: '50' },
        'ramp-s': { type: 'string', default: '60' },
        instances: { type: 'string', default: '1' },
        'web-concurrency': { type: 'string', default: '1' },
        'max-error-rate': { type: 'string', default: '0.01' },
        seed: { type: 'string', default: String(DEFAULT_SEED) },
        json: { type: 'string' },
        chart: { type: 'string' },
        'pg-statements': { type: 'boolean', default: false },
        'reuse-setup': { type: 'boolean', default: false },
        'app-session': { type: 'string', default: 'postgres' },
        repeat: { type: 'string', default: '1' },
        'pg-setting': { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${STRESS_USAGE}`);
  }
  if (values.help) throw new Error(STRESS_USAGE);
  const parsed = stressOptionsSchema.safeParse({
    scale: values.scale,
    experts: values.experts,
    duration: values.duration,
    maxRequests: values['max-requests'],
    k: values.k,
    thinkMs: values['think-ms'],
    rampS: values['ramp-s'],
    instances: values.instances,
    webConcurrency: values['web-concurrency'],
    maxErrorRate: values['max-error-rate'],
    seed: values.seed,
    json: values.json,
    chart: values.chart,
    pgStatements: values['pg-statements'] === true,
    reuseSetup: values['reuse-setup'] === true,
    appSession: values['app-session'],
    repeat: values.repeat,
    pgSettings: values['pg-setting'],
  });
  if (!parsed.success) throw new Error(`${parsed.error.issues.map((issue) => issue.message).join('\n')}\n${STRESS_USAGE}`);
  return parsed.data;
}
