// The options every synthetic-data harness shares (npm run bench, npm run faults): --scale of the
// QuarkMedBench-sized dataset, --seed, and --only a comma-separated subset of its steps; plus its own.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { DEFAULT_SEED, syntheticTotals } from '@/tools/fixtures/synthetic';

export function parseRunArgs({
  argv,
  usage,
  defaultScale,
  knownSteps,
  stepName,
  extra,
}: {
  argv: string[];
  usage: string;
  defaultScale: string;
  knownSteps: string[];
  /** "operation", "drill": for the message about an unknown --only entry. */
  stepName: string;
  /** Further options, all of type string. */
  extra: NonNullable<ParseArgsConfig['options']>;
}): { scale: number; seed: number; only: string[] | undefined; values: Record<string, string | undefined> } {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: defaultScale },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      ...extra,
    },
    strict: true,
  }) as { values: Record<string, string | boolean | undefined> };
  if (values.help) throw new Error(usage);
  const scale = Number(values.scale);
  const seed = Number(values.seed);
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`--scale must be a positive number\n${usage}`);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer\n${usage}`);
  syntheticTotals(scale);
  const only =
    typeof values.only === 'string'
      ? values.only
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : undefined;
  const unknown = only?.filter((id) => !knownSteps.includes(id)) ?? [];
  if (unknown.length) throw new Error(`unknown ${stepName} ${unknown.join(', ')}; known: ${knownSteps.join(', ')}`);
  return { scale, seed, only, values: values as Record<string, string | undefined> };
}
