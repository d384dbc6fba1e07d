// The criteria browser's data: one page of criteria with keyset pagination on any sortable column, every
// filter applied in SQL, and text search over title and description served by the pg_trgm GIN indexes (on
// criterion_revisions, the current revision's row).
// Never loads more than one page (plus one row to know whether there is a next page).
import { CATEGORIES, TIERS } from '@/lib/vocabulary/enums';
import { criterionReference } from '@/lib/criteria/criterion-reference';
import { z } from '@/lib/zod';
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { inReauditSql } from '@/lib/criteria/in-reaudit-sql';
import { dbId, dbIdRange, INT4_MAX } from '@/lib/http/db-id';
import { findUnstorableText } from '@/lib/security/unstorable-text';

export const CRITERION_STATUSES = ['PENDING', 'IN_AUDIT', 'VERIFIED', 'REVISED', 'REJECTED'] as const;

/** Sortable columns: the SQL expression, and the cast a cursor value needs to compare with it. */
const SORTS = {
  id: { expr: Prisma.sql`c.id`, cast: 'int' },
  title: { expr: Prisma.sql`c.title`, cast: 'text' },
  tier: { expr: Prisma.sql`c.tier`, cast: '"Tier"' },
  points: { expr: Prisma.sql`c.points`, cast: 'float8' },
  status: { expr: Prisma.sql`c.status`, cast: '"CriterionStatus"' },
  redLine: { expr: Prisma.sql`c.red_line`, cast: 'boolean' },
  updatedAt: { expr: Prisma.sql`c.updated_at`, cast: 'timestamp' },
  query: { expr: Prisma.sql`q.external_id`, cast: 'text' },
  category: { expr: Prisma.sql`c.category`, cast: '"QueryCategory"' },
  department: { expr: Prisma.sql`COALESCE(q.department, '')`, cast: 'text' },
  dataset: { expr: Prisma.sql`c.dataset_id`, cast: 'int' },
} as const;

export type CriteriaSort = keyof typeof SORTS;
export const SORT_KEYS = Object.keys(SORTS) as [CriteriaSort, ...CriteriaSort[]];

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    // A NUL or a broken surrogate would reach PostgreSQL as a search term and fail the whole page.
    .refine((text) => findUnstorableText(text) === null)
    .optional()
    .transform((value) => value?.trim() || undefined);

/** The browser's URL parameters; anything malformed falls back to the default instead of failing. */
export const criteriaParamsSchema = z.object({
  dataset: dbId.optional().catch(undefined),
  category: z.enum(CATEGORIES).optional().catch(undefined),
  department: optionalText(200).catch(undefined),
  tier: z.enum(TIERS).optional().catch(undefined),
  tag: optionalText(200).catch(undefined),
  status: z.enum(CRITERION_STATUSES).optional().catch(undefined),
  /** Only criteria a later campaign is auditing again (their status keeps their latest final decision). */
  reaudit: z.enum(['yes']).optional().catch(undefined),
  redLine: z.enum(['yes', 'no']).optional().catch(undefined),
  q: optionalText(200).catch(undefined),
  sort: z.enum(SORT_KEYS).default('id').catch('id'),
  dir: z.enum(['asc', 'desc']).default('asc').catch('asc'),
  after: z.string().max(500).optional().catch(undefined),
  before: z.string().max(500).optional().catch(undefined),
  limit: z.coerce.number().int().min(10).max(200).default(50).catch(50),
});

export type CriteriaParams = z.infer<typeof criteriaParamsSchema>;

export interface CriterionRow {
  id: number;
  /** What people call it: its id in the imported file, or its query's id and place (lib/criteria/criterion-reference.ts). */
  reference: string;
  title: string;
  description: string;
  tier: (typeof TIERS)[number];
  points: number;
  status: (typeof CRITERION_STATUSES)[number];
  redLine: boolean;
  tags: string[];
  revision: number;
  inReaudit: boolean;
  updatedAt: string;
  queryId: number;
  queryExternalId: string;
  category: (typeof CATEGORIES)[number];
  department: string | null;
  datasetId: number;
  datasetName: string;
}

/** Counting stops here: past it the browser shows "10,000+" (an exact count would scan every match). */
export const COUNT_CAP = 10_000;

export interface CriteriaPage {
  rows: CriterionRow[];
  nextCursor: string | null;
  prevCursor: string | null;
}

export interface CriteriaCount {
  /** Matching criteria, at most the cap; `capped` says whether there are more. */
  total: number;
  capped: boolean;
}

type CursorValue = string | number | boolean;

export function encodeCursor(value: CursorValue, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** Years PostgreSQL's timestamp holds and JavaScript's Date reads alike (a cursor outside them is refused). */
const CURSOR_YEARS = { min: 1, max: 9999 };

/**
 * Which values a cursor may carry for a sort column; anything else is treated as no cursor. A cursor comes from
 * the URL, so each value must also be one PostgreSQL accepts for the column's type (int4 range, no NUL).
 */
function validCursorValue(sort: CriteriaSort, value: unknown): value is CursorValue {
  switch (SORTS[sort].cast) {
    case 'int':
      return Number.isInteger(value) && Math.abs(value as number) <= INT4_MAX;
    case 'float8':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'timestamp': {
      const year = typeof value === 'string' ? new Date(value).getUTCFullYear() : Number.NaN;
      return year >= CURSOR_YEARS.min && year <= CURSOR_YEARS.max;
    }
    case '"Tier"':
      return (TIERS as readonly unknown[]).includes(value);
    case '"CriterionStatus"':
      return (CRITERION_STATUSES as readonly unknown[]).includes(value);
    case '"QueryCategory"':
      return (CATEGORIES as readonly unknown[]).includes(value);
    default:
      return typeof value === 'string' && findUnstorableText(value) === null;
  }
}

export function decodeCursor(cursor: string | undefined, sort: CriteriaSort): [CursorValue, number] | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, id] = parsed as [unknown, unknown];
    const checkedId = dbIdRange.safeParse(id);
    if (!checkedId.success || !validCursorValue(sort, value)) return null;
    return [value, checkedId.data];
  } catch {
    return null;
  }
}

/** `%` and `_` in a search are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

const CJK_PAIR = /[\u3400-\u9fff]{2,}/g;

/** Adjacent CJK character pairs, as the manual_cjk_bigrams() index function computes them. */
export function cjkBigrams(text: string): string[] {
  const pairs = new Set<string>();
  for (const run of text.match(CJK_PAIR) ?? []) {
    const chars = [...run];
    for (let i = 0; i < chars.length - 1; i++) pairs.add(`${chars[i]}${chars[i + 1]}`);
  }
  return [...pairs];
}

/** Whether the filters need the queries table (the department lives there; the category is on criteria). */
function filtersNeedQuery(params: CriteriaParams): boolean {
  return Boolean(params.department);
}

export function criteriaFilters(params: CriteriaParams): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (params.dataset) conditions.push(Prisma.sql`c.dataset_id = ${params.dataset}`);
  if (params.category) conditions.push(Prisma.sql`c.category = ${params.category}::"QueryCategory"`);
  if (params.department) conditions.push(Prisma.sql`q.department = ${params.department}`);
  if (params.tier) conditions.push(Prisma.sql`c.tier = ${params.tier}::"Tier"`);
  if (params.tag) conditions.push(Prisma.sql`c.tags @> ARRAY[${params.tag}]::text[]`);
  if (params.status) conditions.push(Prisma.sql`c.status = ${params.status}::"CriterionStatus"`);
  if (params.reaudit) conditions.push(inReauditSql());
  if (params.redLine) conditions.push(Prisma.sql`c.red_line = ${params.redLine === 'yes'}`);
  if (params.q) conditions.push(textSearch(params.q, params.category));
  return Prisma.join(conditions, ' AND ');
}

/**
 * Criteria whose current title or description contains `q` (in `category`, when one is given: the criterion's
 * own category filter stays too). The text indexes are on criterion_revisions, whose
 * row for a criterion's current revision holds its current text: on criteria every status change would write
 * into them (docs/performance.md, "Text search on revisions").
 */
function textSearch(q: string, category: CriteriaParams['category']): Prisma.Sql {
  const pattern = likePattern(q);
  const conditions = [Prisma.sql`(r.title ILIKE ${pattern} OR r.description ILIKE ${pattern})`];
  // The revisions' indexes lead with the category (a copy of the criterion's).
  if (category) conditions.push(Prisma.sql`r.category = ${category}::"QueryCategory"`);
  // Terms under three characters are too short for the trigram indexes; Chinese pairs have their own.
  const pairs = [...q].length < 3 ? cjkBigrams(q) : [];
  if (pairs.length) conditions.push(Prisma.sql`manual_cjk_bigrams(r.title || ' ' || r.description) @> ${pairs}::text[]`);
  return Prisma.sql`(c.id, c.revision) IN (SELECT r.criterion_id, r.revision FROM criterion_revisions r WHERE ${Prisma.join(conditions, ' AND ')})`;
}

function cursorValueOf(row: CriterionRow, sort: CriteriaSort): CursorValue {
  switch (sort) {
    case 'query':
      return row.queryExternalId;
    case 'department':
      return row.department ?? '';
    case 'dataset':
      return row.datasetId;
    default:
      return row[sort] as CursorValue;
  }
}

interface RawRow {
  id: number;
  title: string;
  description: string;
  tier: CriterionRow['tier'];
  points: number;
  status: CriterionRow['status'];
  red_line: boolean;
  tags: string[];
  revision: number;
  in_reaudit: boolean;
  updated_at: Date;
  query_id: number;
  query_external_id: string;
  key: string;
  position: number;
  category: CriterionRow['category'];
  department: string | null;
  dataset_id: number;
  dataset_name: string;
}

/**
 * How many criteria match, counted up to `countCap`. Separate from the page so the rows never wait for it:
 * the browser streams the total in after them.
 */
export async function countCriteria(params: CriteriaParams, { countCap = COUNT_CAP }: { countCap?: number } = {}): Promise<CriteriaCount> {
  const counted = await prisma.$queryRaw<{ total: bigint }[]>`
    SELECT count(*) AS total FROM (
      SELECT 1 FROM criteria c ${filtersNeedQuery(params) ? Prisma.sql`JOIN queries q ON q.id = c.query_id` : Prisma.empty}
      WHERE ${criteriaFilters(params)} LIMIT ${countCap + 1}) matching`;
  const total = Number(counted[0]?.total ?? 0);
  return { total: Math.min(total, countCap), capped: total > countCap };
}

export async function listCriteria(params: CriteriaParams): Promise<CriteriaPage> {
  const sort = SORTS[params.sort];
  const backwards = !params.after && !!params.before;
  const cursor = decodeCursor(params.after ?? params.before, params.sort);
  // Scanning backwards (the previous page) flips the order; rows are flipped back afterwards.
  const descending = (params.dir === 'desc') !== backwards;
  const direction = Prisma.raw(descending ? 'DESC' : 'ASC');
  const keyset = cursor
    ? Prisma.sql`AND (${sort.expr}, c.id) ${Prisma.raw(descending ? '<' : '>')} (CAST(${
        params.sort === 'updatedAt' ? new Date(String(cursor[0])) : cursor[0]
      } AS ${Prisma.raw(sort.cast)}), ${cursor[1]})`
    : Prisma.empty;
  const where = criteriaFilters(params);

  const raw = await prisma.$queryRaw<RawRow[]>`
      SELECT c.id, c.title, left(c.description, 300) AS description, c.tier, c.points, c.status, c.red_line, c.tags,
             c.revision, ${inReauditSql()} AS in_reaudit, c.updated_at, q.id AS query_id, q.external_id AS query_external_id, c.key, c.position, c.category, q.department,
             c.dataset_id, d.name AS dataset_name
      FROM criteria c
      JOIN queries q ON q.id = c.query_id
      JOIN datasets d ON d.id = c.dataset_id
      WHERE ${where} ${keyset}
      ORDER BY ${sort.expr} ${direction}, c.id ${direction}
      LIMIT ${params.limit + 1}`;

  const hasMore = raw.length > params.limit;
  const pageRaw = raw.slice(0, params.limit);
  if (backwards) pageRaw.reverse();
  const rows: CriterionRow[] = pageRaw.map((row) => ({
    id: row.id,
    reference: criterionReference({ key: row.key, position: row.position, queryExternalId: row.query_external_id }),
    title: row.title,
    description: row.description,
    tier: row.tier,
    points: row.points,
    status: row.status,
    redLine: row.red_line,
    tags: row.tags,
    revision: row.revision,
    inReaudit: row.in_reaudit,
    updatedAt: row.updated_at.toISOString(),
    queryId: row.query_id,
    queryExternalId: row.query_external_id,
    category: row.category,
    department: row.department,
    datasetId: row.dataset_id,
    datasetName: row.dataset_name,
  }));
  const first = rows[0];
  const last = rows[rows.length - 1];
  const nextCursor = last && (backwards || hasMore) ? encodeCursor(cursorValueOf(last, params.sort), last.id) : null;
  const prevCursor = first && (backwards ? hasMore : !!cursor) ? encodeCursor(cursorValueOf(first, params.sort), first.id) : null;
  return { rows, nextCursor, prevCursor };
}
