// A deterministic synthetic dataset at QuarkMedBench scale (24,674 queries, 3,853 of them multi-turn,
// 220,617 tiered criteria), generated one query at a time from a seeded PRNG so the whole dataset is never
// in memory. The same queries can be written as native JSON Lines (what the app imports) and as COPY-ready
// CSV for queries, criteria and criterion_provenance (what raw PostgreSQL loads), so both sides of the
// import benchmark store the same rows.
import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { type Random, createRandom } from '@/lib/bench/prng';
import {
  type Language,
  assistantMessage,
  criterionDescription,
  criterionTitle,
  levelDescription,
  userMessage,
} from '@/lib/bench/synthetic-text';
import type { Category, NativeCriterion, NativeQuery, Tier } from '@/lib/import/native-schema';
import { type NormalizedQuery, normalizeQuery } from '@/lib/import/normalized';

/** QuarkMedBench's published size. */
export const QUARK_SCALE = { queries: 24_674, multiTurn: 3_853, criteria: 220_617 } as const;

export const DEFAULT_SEED = 20_261_121;

export interface SyntheticTotals {
  queries: number;
  multiTurn: number;
  criteria: number;
}

/** Exact totals at a scale: round(scale × QuarkMedBench's numbers). */
export function syntheticTotals(scale: number): SyntheticTotals {
  const totals = {
    queries: Math.round(scale * QUARK_SCALE.queries),
    multiTurn: Math.round(scale * QUARK_SCALE.multiTurn),
    criteria: Math.round(scale * QUARK_SCALE.criteria),
  };
  if (!(scale > 0) || totals.queries < 1) throw new Error(`scale ${scale} gives no queries`);
  if (totals.criteria < totals.queries) throw new Error(`scale ${scale} gives fewer criteria than queries`);
  return totals;
}

const CATEGORIES: readonly [Category, number][] = [
  ['CLINICAL_CARE', 0.6],
  ['WELLNESS_HEALTH', 0.25],
  ['PROFESSIONAL_INQUIRY', 0.15],
];

export const DEPARTMENTS = [
  'Cardiology',
  'Pediatrics',
  'Endocrinology',
  'Gastroenterology',
  'Neurology',
  'Oncology',
  'Obstetrics and Gynecology',
  'Dermatology',
  'Psychiatry',
  'Respiratory Medicine',
  'General Medicine',
  'Nutrition',
] as const;

const TIER_WEIGHTS: readonly [Tier, number][] = [
  ['ESSENTIAL', 0.35],
  ['IMPORTANT', 0.35],
  ['HIGHLIGHT', 0.15],
  ['PITFALL', 0.15],
];

const POINTS: Record<Tier, [number, number]> = { ESSENTIAL: [5, 10], IMPORTANT: [2, 6], HIGHLIGHT: [1, 3], PITFALL: [-10, -2] };

const LEVELS = ['Not Met', 'Partially Met', 'Fully Met'] as const;
const PITFALL_LEVELS = ['No Error', 'Minor Error', 'Major Error'] as const;

export const CRITERION_TAGS = [
  ...['accuracy', 'completeness', 'communication_quality', 'context_awareness', 'instruction_following'].map((t) => `axis:${t}`),
  ...['emergency_referrals', 'hedging', 'global_health', 'context_seeking', 'health_data_tasks', 'communication', 'complex_responses'].map(
    (t) => `theme:${t}`,
  ),
  ...['medication', 'red_flag', 'pregnancy', 'pediatric', 'self_harm'].map((t) => `safety:${t}`),
  ...[
    'dosage',
    'diagnosis',
    'lifestyle',
    'nutrition',
    'exercise',
    'mental_health',
    'chronic_disease',
    'infection',
    'vaccination',
    'screening',
    'follow_up',
    'referral',
    'lab_results',
    'imaging',
    'side_effects',
    'interactions',
    'triage',
  ].map((t) => `topic:${t}`),
  ...['plain_language', 'empathy', 'concise', 'structure'].map((t) => `style:${t}`),
  ...['guideline', 'citation'].map((t) => `evidence:${t}`),
] as const;

const GENERATOR_MODELS = ['aurora-med-70b', 'birch-clinical-8x7b', 'cedar-health-32b', 'delta-qa-14b', 'ember-rx-120b', 'fjord-med-9b'];

const EVIDENCE_SOURCES = [
  'National hypertension guideline (2024)',
  'WHO model formulary (2023)',
  'Paediatric fever guideline (2021)',
  'Diabetes standards of care (2025)',
  'Antimicrobial stewardship guidance (2022)',
];

const SYSTEM_PROMPT =
  "You are a careful medical assistant. Answer in the user's language, say when in-person care is needed, and never replace a clinician.";

function weighted<T>(random: Random, choices: readonly [T, number][]): T {
  let roll = random.next();
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (choices[choices.length - 1] as [T, number])[0];
}

function conversation(random: Random, language: Language, multiTurn: boolean): NativeQuery['conversation'] {
  if (!multiTurn) return [{ role: 'user', content: userMessage(random, language) }];
  const count = random.int(3, 7);
  const messages: NativeQuery['conversation'] = [];
  // An even count starts with a system prompt, so the conversation still ends on the user's turn.
  if (count % 2 === 0) messages.push({ role: 'system', content: SYSTEM_PROMPT });
  while (messages.length < count) {
    const role = (count - messages.length) % 2 === 1 ? 'user' : 'assistant';
    messages.push({ role, content: role === 'user' ? userMessage(random, language) : assistantMessage(random, language) });
  }
  return messages;
}

function criterion(random: Random, language: Language, position: number, department: string): NativeCriterion {
  const tier = weighted(random, TIER_WEIGHTS);
  const pitfall = tier === 'PITFALL';
  const [low, high] = POINTS[tier];
  const models = random.sample(GENERATOR_MODELS, random.int(1, 3));
  // Red lines (~3% overall) are safety-critical essentials or pitfalls, which are half of all criteria.
  const redLine = (tier === 'ESSENTIAL' || pitfall) && random.chance(0.06);
  // Keys in schema order, so the object hashes exactly like the importer's parsed copy.
  const item: NativeCriterion = {
    id: `c${String(position + 1).padStart(2, '0')}`,
    title: criterionTitle(random, language, pitfall),
    description: criterionDescription(random, language, pitfall),
    tier,
    points: random.int(low, high),
    levels: (pitfall ? PITFALL_LEVELS : LEVELS).map((label) => ({ label, description: levelDescription(random, language, label) })),
    tags: random.sample(CRITERION_TAGS, random.int(1, 3)),
    redLine,
    evidence: random.chance(0.2)
      ? [{ source: random.pick(EVIDENCE_SOURCES), citation: `Section ${random.int(1, 12)}.${random.int(1, 9)}` }]
      : [],
    provenance: {
      generatorModels: models,
      consensusVotes: { votes: random.int(Math.min(2, models.length), 3), of: 3 },
      ...(random.chance(0.7) ? { metaRubric: { domain: department.toLowerCase().replaceAll(' ', '-'), version: random.int(1, 3) } } : {}),
    },
  };
  return item;
}

/**
 * Yields the dataset's queries in order. Multi-turn queries are chosen by selection sampling and criteria
 * counts (8–12 at full scale) are drawn around the remaining average, so both totals come out exact.
 */
export function* generateSyntheticQueries({
  scale = 1,
  seed = DEFAULT_SEED,
}: {
  scale?: number;
  seed?: number;
} = {}): Generator<NativeQuery> {
  const totals = syntheticTotals(scale);
  const random = createRandom(seed);
  const base = Math.floor(totals.criteria / totals.queries);
  const maxExtra = 4;
  let multiLeft = totals.multiTurn;
  let criteriaLeft = totals.criteria;
  for (let index = 0; index < totals.queries; index++) {
    const queriesLeft = totals.queries - index;
    const multiTurn = random.next() < multiLeft / queriesLeft;
    if (multiTurn) multiLeft -= 1;
    const extraLeft = criteriaLeft - base * queriesLeft;
    const drawn = random.binomial(maxExtra, Math.min(1, extraLeft / queriesLeft / maxExtra));
    const extra = Math.min(maxExtra, extraLeft, Math.max(drawn, extraLeft - maxExtra * (queriesLeft - 1)));
    const count = base + extra;
    criteriaLeft -= count;

    const language: Language = random.chance(0.2) ? 'zh' : 'en';
    const category = weighted(random, CATEGORIES);
    const department = random.pick(DEPARTMENTS);
    yield {
      id: `qmb-${String(index + 1).padStart(6, '0')}`,
      category,
      department,
      language,
      tags: random.chance(0.3) ? [`theme:${random.pick(['emergency_referrals', 'hedging', 'context_seeking', 'global_health'])}`] : [],
      conversation: conversation(random, language, multiTurn),
      criteria: Array.from({ length: count }, (_, position) => criterion(random, language, position, department)),
      responses: [],
      metadata: { source: 'synthetic-quarkmedbench', difficulty: random.pick(['easy', 'medium', 'hard']) },
    };
  }
}

/** The dataset as native JSON Lines, one string per query (with its newline). */
export function* syntheticJsonLines(options: { scale?: number; seed?: number } = {}): Generator<string> {
  for (const query of generateSyntheticQueries(options)) yield `${JSON.stringify(query)}\n`;
}

// ───────────── COPY-ready CSV for the raw baseline ─────────────

type Cell = string | number | boolean | null | undefined | object;

/** Columns written as text[] literals; any other array or object is jsonb. */
const TEXT_ARRAY_COLUMNS = new Set(['tags', 'generator_models']);

/** One CSV field in the same encoding the importer stages with: NULL unquoted and empty, the rest quoted. */
export function csvCell(column: string, value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text =
    typeof value === 'string'
      ? value
      : TEXT_ARRAY_COLUMNS.has(column)
        ? `{${(value as string[]).map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
        : JSON.stringify(value);
  return `"${text.replaceAll('"', '""')}"`;
}

function csvRow(columns: readonly string[], values: Record<string, Cell>): string {
  return `${columns.map((column) => csvCell(column, values[column])).join(',')}\n`;
}

export const RAW_COLUMNS = {
  queries: [
    'id',
    'dataset_id',
    'external_id',
    'category',
    'department',
    'language',
    'conversation',
    'turn_count',
    'tags',
    'metadata',
    'content_hash',
  ],
  criteria: [
    'id',
    'dataset_id',
    'query_id',
    'category',
    'key',
    'position',
    'title',
    'description',
    'levels',
    'tier',
    'points',
    'tags',
    'red_line',
    'evidence',
    'content_hash',
  ],
  criterion_provenance: [
    'criterion_id',
    'origin',
    'generator_models',
    'consensus_votes',
    'meta_rubric_version_id',
    'import_job_id',
    'source_format',
    'source_raw',
  ],
} as const;

export type RawTable = keyof typeof RAW_COLUMNS;

/**
 * The rows the importer would store for one query, as CSV per table, with explicit ids (the raw load goes
 * into an empty database). Normalising through the importer's own function keeps keys and hashes identical.
 */
export function rawCsvRows(
  query: NormalizedQuery,
  ids: { datasetId: number; queryId: number; firstCriterionId: number },
): Record<RawTable, string> {
  const out: Record<RawTable, string> = {
    queries: csvRow(RAW_COLUMNS.queries, {
      id: ids.queryId,
      dataset_id: ids.datasetId,
      external_id: query.externalId,
      category: query.category,
      department: query.department,
      language: query.language,
      conversation: query.conversation,
      turn_count: query.conversation.length,
      tags: query.tags,
      metadata: query.metadata,
      content_hash: query.contentHash,
    }),
    criteria: '',
    criterion_provenance: '',
  };
  query.criteria.forEach((c, index) => {
    const id = ids.firstCriterionId + index;
    out.criteria += csvRow(RAW_COLUMNS.criteria, {
      id,
      dataset_id: ids.datasetId,
      query_id: ids.queryId,
      category: query.category,
      key: c.key,
      position: c.position,
      title: c.title,
      description: c.description,
      levels: c.levels,
      tier: c.tier,
      points: c.points,
      tags: c.tags,
      red_line: c.redLine,
      evidence: c.evidence,
      content_hash: c.contentHash,
    });
    // What the importer's merge builds: every criterion gets a provenance row; source_raw keeps the
    // meta-rubric reference and any extra fields (no meta-rubrics exist in the bench database, so the
    // version id stays NULL as it does on the app side).
    const p = c.provenance;
    const sourceRaw =
      p && (p.raw || p.metaRubric) ? { ...(p.raw ? { extra: p.raw } : {}), ...(p.metaRubric ? { metaRubric: p.metaRubric } : {}) } : null;
    out.criterion_provenance += csvRow(RAW_COLUMNS.criterion_provenance, {
      criterion_id: id,
      origin: 'IMPORTED',
      generator_models: p?.generatorModels ?? [],
      consensus_votes: p?.consensusVotes ?? null,
      meta_rubric_version_id: null,
      import_job_id: null,
      source_format: 'native',
      source_raw: sourceRaw,
    });
  });
  return out;
}

// ───────────── files ─────────────

/** Buffers small writes and respects the stream's backpressure. */
class FileWriter {
  private readonly stream: fs.WriteStream;
  private buffer = '';
  bytes = 0;

  constructor(path: string) {
    this.stream = fs.createWriteStream(path);
  }

  async write(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= 256 * 1024) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.buffer) return;
    const chunk = Buffer.from(this.buffer, 'utf8');
    this.buffer = '';
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await finished(this.stream);
  }
}

export interface SyntheticFiles {
  totals: SyntheticTotals;
  jsonl: { path: string; bytes: number };
  /** Present when CSV was asked for: one file per table. */
  csv: Record<RawTable, { path: string; bytes: number }> | null;
}

export async function writeSyntheticDataset({
  scale = 1,
  seed = DEFAULT_SEED,
  jsonlPath,
  csv,
  onProgress,
}: {
  scale?: number;
  seed?: number;
  jsonlPath: string;
  /** Also write COPY-ready CSV: `${prefix}.<table>.csv`, with ids for a dataset of this id. */
  csv?: { prefix: string; datasetId: number };
  onProgress?: (queriesWritten: number, totalQueries: number) => void;
}): Promise<SyntheticFiles> {
  const totals = syntheticTotals(scale);
  const jsonl = new FileWriter(jsonlPath);
  const tables = Object.keys(RAW_COLUMNS) as RawTable[];
  const csvWriters = csv
    ? (Object.fromEntries(tables.map((table) => [table, new FileWriter(`${csv.prefix}.${table}.csv`)])) as Record<RawTable, FileWriter>)
    : null;
  let written = 0;
  let criterionId = 0;
  for (const query of generateSyntheticQueries({ scale, seed })) {
    await jsonl.write(`${JSON.stringify(query)}\n`);
    if (csv && csvWriters) {
      const normalized = normalizeQuery(query);
      if (!normalized.ok) throw new Error(`synthetic query ${query.id} does not normalise: ${JSON.stringify(normalized.problems)}`);
      const rows = rawCsvRows(normalized.value, { datasetId: csv.datasetId, queryId: written + 1, firstCriterionId: criterionId + 1 });
      criterionId += normalized.value.criteria.length;
      for (const table of tables) await csvWriters[table].write(rows[table]);
    }
    written += 1;
    onProgress?.(written, totals.queries);
  }
  await jsonl.close();
  if (csvWriters) for (const table of tables) await csvWriters[table].close();
  return {
    totals,
    jsonl: { path: jsonlPath, bytes: jsonl.bytes },
    csv:
      csv && csvWriters
        ? (Object.fromEntries(
            tables.map((table) => [table, { path: `${csv.prefix}.${table}.csv`, bytes: csvWriters[table].bytes }]),
          ) as Record<RawTable, { path: string; bytes: number }>)
        : null,
  };
}
