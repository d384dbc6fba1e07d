// What a benchmark operation is: untimed setup, then the same work done the app's way and raw
// PostgreSQL's way, timed by the runner, and the targets the app must meet. Adding an operation (claim-next
// under concurrency, dashboard aggregation, judge calls, export vs COPY TO) means one new file in
// tools/bench/operations/ and one line in tools/bench/operations/index.ts.
import type { BenchCluster } from '@/tools/bench/cluster';
import type { SyntheticFiles } from '@/tools/fixtures/synthetic';

export type Side = 'app' | 'raw';

export interface BenchContext {
  scale: number;
  seed: number;
  /** Scratch directory for generated files; removed at the end. */
  workDir: string;
  cluster: BenchCluster;
  /**
   * The app's database (also DATABASE_URL, so lib/db talks to it). Starts empty and migrated; operations
   * that need the synthetic dataset call ensureSyntheticDataset() (tools/bench/operations/import.ts).
   */
  appDatabaseUrl: string;
  /** Shared between operations so the dataset is generated and imported once per run. */
  shared: {
    files?: SyntheticFiles;
    /** The dataset imported into the app database through the app's import path. */
    dataset?: { id: number; name: string };
  };
  log: (line: string) => void;
}

/** One row of the results table. Values are in the metric's unit. */
export interface Metric {
  id: string;
  label: string;
  /** 'count': a number of things (e.g. rows failing a check), shown as an integer. */
  unit: 'ms' | 's' | 'MB' | 'count';
  app: number;
  /** Null where raw PostgreSQL has no counterpart (e.g. the app process's memory). */
  raw: number | null;
}

export interface Target {
  /** The metric it applies to. */
  metric: string;
  /** app ≤ maxRatio × raw. */
  maxRatio?: number;
  /** app ≤ maxValue, in the metric's unit. */
  maxValue?: number;
  /** Shown instead of the generated description (e.g. why a limit was chosen). */
  label?: string;
}

export interface Timings {
  /** Milliseconds per timed iteration. */
  app: number[];
  raw: number[];
}

export interface BenchOperation<State> {
  id: string;
  title: string;
  /** Untimed: databases, files, fixtures, warm caches. */
  setup: (ctx: BenchContext) => Promise<State>;
  /** Untimed warm-up calls of each side before measuring (default 0). */
  warmup?: number;
  /** Timed calls of each side (default 1); the runner alternates which side goes first. */
  iterations?: number;
  /** Untimed, before every timed call (e.g. a CHECKPOINT so neither side pays for the other's writes). */
  beforeEach?: (state: State, side: Side, iteration: number) => Promise<void>;
  app: (state: State, iteration: number) => Promise<void>;
  raw: (state: State, iteration: number) => Promise<void>;
  metrics: (timings: Timings, state: State) => Metric[];
  targets: (state: State) => Target[];
  /** Diagnostics printed under the table (where the time goes). */
  notes?: (state: State) => string[];
  /** Checks that both sides did the same work; returns the differences found (empty: equivalent). */
  verify?: (state: State) => Promise<string[]>;
  teardown?: (state: State) => Promise<void>;
}

/** Erases the state type so operations with different states fit in one list. */
export function defineOperation<State>(operation: BenchOperation<State>): BenchOperation<unknown> {
  return operation as BenchOperation<unknown>;
}
