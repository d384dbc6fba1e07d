// (b) A filtered, sorted criteria page of 50: the app's listCriteria (zod params, Prisma raw query, row
// mapping, cursor encoding) versus the same statement hand-written with pg (page with a keyset cursor). The
// same sequence of requests runs on both sides: rotating filter combinations, each followed a few pages deep
// through its next cursor. Both sides must return the same ids. The total is counted separately (the page
// streams it in after the rows); see criteria-count.ts.
import pg from 'pg';
import { type BenchContext, defineOperation } from '@/tools/bench/operation';
import { ensureSyntheticDataset } from '@/tools/bench/operations/import';
import { percentile } from '@/tools/bench/percentile';
import { COUNT_CAP, type CriteriaParams, cjkBigrams, criteriaParamsSchema, listCriteria } from '@/lib/criteria/list-criteria';

export const PAGE_SIZE = 50;
const REQUESTS = 200;
const WARMUP = 30;

type Sort = 'id' | 'points' | 'updatedAt';

export interface PageRequest {
  combo: string;
  /** 0 for the first page; otherwise the request follows the previous page's next cursor. */
  page: number;
  params: {
    dataset?: number;
    category?: CriteriaParams['category'];
    department?: string;
    tier?: CriteriaParams['tier'];
    status?: CriteriaParams['status'];
    q?: string;
    sort: Sort;
    dir: 'asc' | 'desc';
  };
}

const TIERS = ['ESSENTIAL', 'IMPORTANT', 'PITFALL', 'HIGHLIGHT'] as const;
// Mostly English, one in four Chinese: a two-character term, as Chinese medical terms often are (血压 is
// "blood pressure"), which trigrams cannot index.
const SEARCHES = [
  { category: 'CLINICAL_CARE', q: 'warfarin', combo: 'category + English text search' },
  { category: 'WELLNESS_HEALTH', q: 'stroke', combo: 'category + English text search' },
  { category: 'CLINICAL_CARE', q: 'insulin', combo: 'category + English text search' },
  { category: 'PROFESSIONAL_INQUIRY', q: '血压', combo: 'category + Chinese text search (2 chars)' },
] as const;
const DEPARTMENT_STATUS = [
  { department: 'Cardiology', status: 'VERIFIED' },
  { department: 'Pediatrics', status: 'IN_AUDIT' },
  { department: 'Neurology', status: 'PENDING' },
  { department: 'Endocrinology', status: 'REJECTED' },
] as const;

/** Labels of the filter combinations, for the per-combination breakdown. */
export const COMBOS = [
  'dataset + tier, by points desc',
  'category + English text search',
  'category + Chinese text search (2 chars)',
  'department + status, by updated desc',
] as const;

/**
 * The request sequence: walks that rotate through the filter combinations and their variants, each walk
 * one to four pages deep, until `count` requests.
 */
export function buildRequestPlan(datasetId: number, count = REQUESTS): PageRequest[] {
  const plan: PageRequest[] = [];
  for (let walk = 0; plan.length < count; walk++) {
    const kind = walk % 3;
    const variant = Math.floor(walk / 3) % 4;
    // Every combination and variant gets each depth in turn (a cycle is 12 walks).
    const depth = 1 + ((variant + Math.floor(walk / 12)) % 4);
    let combo: string;
    let params: PageRequest['params'];
    if (kind === 0) {
      combo = 'dataset + tier, by points desc';
      params = { dataset: datasetId, tier: TIERS[variant], sort: 'points', dir: 'desc' };
    } else if (kind === 1) {
      const { combo: label, ...search } = SEARCHES[variant] ?? SEARCHES[0];
      combo = label;
      params = { ...search, sort: 'id', dir: 'asc' };
    } else {
      combo = 'department + status, by updated desc';
      params = { ...(DEPARTMENT_STATUS[variant] ?? DEPARTMENT_STATUS[0]), sort: 'updatedAt', dir: 'desc' };
    }
    for (let page = 0; page < depth && plan.length < count; page++) plan.push({ combo, page, params });
  }
  return plan;
}

// ───────────── the raw side: the same SQL, hand-written ─────────────

const SORT_SQL: Record<Sort, { expr: string; cast: string }> = {
  id: { expr: 'c.id', cast: 'int' },
  points: { expr: 'c.points', cast: 'float8' },
  updatedAt: { expr: 'c.updated_at', cast: 'timestamp' },
};

interface RawCursor {
  value: number | Date;
  id: number;
}

interface PageResult {
  ids: number[];
}

export function rawPageSql(request: PageRequest, cursor: RawCursor | null): { page: [string, unknown[]]; count: [string, unknown[]] } {
  const { params } = request;
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const conditions = ['TRUE'];
  if (params.dataset) conditions.push(`c.dataset_id = ${bind(params.dataset)}`);
  const category = params.category ? bind(params.category) : null;
  if (category) conditions.push(`c.category = ${category}::"QueryCategory"`);
  if (params.department) conditions.push(`q.department = ${bind(params.department)}`);
  if (params.tier) conditions.push(`c.tier = ${bind(params.tier)}::"Tier"`);
  if (params.status) conditions.push(`c.status = ${bind(params.status)}::"CriterionStatus"`);
  if (params.q) {
    const pattern = bind(`%${params.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`);
    // The same work as the app: the text indexes are on the current revision's row (criterion_revisions).
    const search = [`(r.title ILIKE ${pattern} OR r.description ILIKE ${pattern})`];
    if (category) search.push(`r.category = ${category}::"QueryCategory"`);
    const pairs = [...params.q].length < 3 ? cjkBigrams(params.q) : [];
    if (pairs.length) search.push(`manual_cjk_bigrams(r.title || ' ' || r.description) @> ${bind(pairs)}::text[]`);
    conditions.push(`(c.id, c.revision) IN (SELECT r.criterion_id, r.revision FROM criterion_revisions r WHERE ${search.join(' AND ')})`);
  }
  const where = conditions.join(' AND ');
  const countValues = [...values];
  const sort = SORT_SQL[params.sort];
  const direction = params.dir === 'desc' ? 'DESC' : 'ASC';
  const keyset = cursor
    ? `AND (${sort.expr}, c.id) ${params.dir === 'desc' ? '<' : '>'} (${bind(cursor.value)}::${sort.cast}, ${bind(cursor.id)})`
    : '';
  const page = `SELECT c.id, c.title, left(c.description, 300) AS description, c.tier, c.points, c.status, c.red_line, c.tags,
         c.revision, c.updated_at, q.id AS query_id, q.external_id AS query_external_id, c.category, q.department,
         c.dataset_id, d.name AS dataset_name
    FROM criteria c
    JOIN queries q ON q.id = c.query_id
    JOIN datasets d ON d.id = c.dataset_id
    WHERE ${where} ${keyset}
    ORDER BY ${sort.expr} ${direction}, c.id ${direction}
    LIMIT ${PAGE_SIZE + 1}`;
  const joinQueries = params.department ? 'JOIN queries q ON q.id = c.query_id' : '';
  const count = `SELECT count(*) AS total FROM (SELECT 1 FROM criteria c ${joinQueries} WHERE ${where} LIMIT ${COUNT_CAP + 1}) matching`;
  return { page: [page, values], count: [count, countValues] };
}

// ───────────── the operation ─────────────

interface SideState {
  results: PageResult[];
  /** The cursor the next request of the current walk follows. */
  next: string | RawCursor | null;
}

interface PageState {
  ctx: BenchContext;
  plan: PageRequest[];
  pool: pg.Pool;
  app: SideState;
  raw: SideState;
}

/**
 * Untimed fixture: an audit in progress. About 40% of the criteria get a non-pending status and an
 * update time spread over 90 days, derived from a hash of the id so every run gets the same data.
 */
export async function simulateAuditProgress(client: pg.Client, datasetId: number): Promise<void> {
  await client.query(
    `UPDATE criteria c SET
       status = (CASE WHEN s.bucket < 75 THEN 'IN_AUDIT' WHEN s.bucket < 93 THEN 'VERIFIED'
                      WHEN s.bucket < 97 THEN 'REVISED' ELSE 'REJECTED' END)::"CriterionStatus",
       updated_at = timestamp '2026-11-01 12:00:00' - make_interval(secs => abs(hashint4(c.id + 7919)) % (90 * 86400))
     FROM (SELECT id, abs(hashint4(id)) % 100 AS bucket FROM criteria WHERE dataset_id = $1) s
     WHERE c.id = s.id AND s.bucket >= 60`,
    [datasetId],
  );
  await client.query('VACUUM ANALYZE criteria');
  await client.query('VACUUM ANALYZE queries');
  await client.query('ANALYZE datasets');
}

export const criteriaPageOperation = defineOperation<PageState>({
  id: 'criteria-page',
  title: 'Filtered, sorted criteria page of 50: listCriteria vs hand-written SQL',
  setup: async (ctx) => {
    const dataset = await ensureSyntheticDataset(ctx);
    const client = new pg.Client({ connectionString: ctx.appDatabaseUrl });
    await client.connect();
    try {
      ctx.log('criteria page: simulating audit progress (statuses, update times), VACUUM ANALYZE');
      await simulateAuditProgress(client, dataset.id);
    } finally {
      await client.end();
    }
    return {
      ctx,
      plan: buildRequestPlan(dataset.id),
      pool: new pg.Pool({ connectionString: ctx.appDatabaseUrl, max: 2 }),
      app: { results: [], next: null },
      raw: { results: [], next: null },
    };
  },
  warmup: WARMUP,
  iterations: REQUESTS,
  app: async (state, iteration) => {
    const request = state.plan[iteration % state.plan.length] as PageRequest;
    const after = request.page > 0 && typeof state.app.next === 'string' ? state.app.next : undefined;
    const page = await listCriteria(criteriaParamsSchema.parse({ ...request.params, after }));
    state.app.next = page.nextCursor;
    state.app.results[iteration] = { ids: page.rows.map((row) => row.id) };
  },
  raw: async (state, iteration) => {
    const request = state.plan[iteration % state.plan.length] as PageRequest;
    const cursor = request.page > 0 && state.raw.next && typeof state.raw.next !== 'string' ? state.raw.next : null;
    const sql = rawPageSql(request, cursor);
    const page = await state.pool.query<{ id: number; points: number; updated_at: Date }>(...sql.page);
    const rows = page.rows.slice(0, PAGE_SIZE);
    const last = rows[rows.length - 1];
    const sortValue = (row: { id: number; points: number; updated_at: Date }) =>
      request.params.sort === 'points' ? row.points : request.params.sort === 'updatedAt' ? row.updated_at : row.id;
    state.raw.next = last && page.rows.length > PAGE_SIZE ? { value: sortValue(last), id: last.id } : null;
    state.raw.results[iteration] = { ids: rows.map((row) => row.id) };
  },
  metrics: (timings, state) => {
    const rows = [
      { id: 'page-p50', label: `criteria page of ${PAGE_SIZE}: p50 of ${REQUESTS}`, unit: 'ms' as const, p: 50 },
      { id: 'page-p95', label: `criteria page of ${PAGE_SIZE}: p95 of ${REQUESTS}`, unit: 'ms' as const, p: 95 },
    ].map(({ p, ...metric }) => ({ ...metric, app: percentile(timings.app, p), raw: percentile(timings.raw, p) }));
    // Per filter combination, to show where the time goes (no targets of their own).
    const perCombo = COMBOS.map((combo) => {
      const indices = state.plan.flatMap((request, index) => (request.combo === combo ? [index] : []));
      const pick = (values: number[]) => indices.map((index) => values[index] ?? Number.NaN);
      return {
        id: `page-p95-${combo}`,
        label: `  p95 ${combo} (${indices.length} req.)`,
        unit: 'ms' as const,
        app: percentile(pick(timings.app), 95),
        raw: percentile(pick(timings.raw), 95),
      };
    });
    return [...rows, ...perCombo];
  },
  targets: () => [
    { metric: 'page-p95', maxRatio: 2 },
    { metric: 'page-p95', maxValue: 50 },
  ],
  verify: async (state) => {
    const problems: string[] = [];
    state.plan.forEach((request, index) => {
      const app = state.app.results[index];
      const raw = state.raw.results[index];
      if (!app || !raw) problems.push(`request ${index} did not run on both sides`);
      else if (app.ids.join() !== raw.ids.join()) {
        problems.push(`request ${index} (${request.combo}, page ${request.page + 1}): app and raw SQL returned different rows`);
      }
    });
    const empty = state.plan.filter((_, index) => state.app.results[index]?.ids.length === 0).length;
    if (empty > state.plan.length / 4)
      problems.push(`${empty} of ${state.plan.length} requests returned no rows; the plan does not fit the data`);
    return problems.slice(0, 10);
  },
  teardown: async (state) => {
    await state.pool.end();
  },
});
