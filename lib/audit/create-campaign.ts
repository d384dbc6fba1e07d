// Creates an audit campaign: which criteria are under audit (by filters, or a seeded stratified sample of
// queries), who audits them, how many independent verdicts each criterion gets (k) and on which dimensions.
// The unit of work is a query with all of its selected criteria (comprehensiveness is judged on the set),
// so sampling draws queries: stratified by category in proportion to the population, ordered within each
// category by a hash of (seed, query id), which makes the sample reproducible. The preview reports the
// criteria it yields per category × tier next to the population. Which criteria are eligible (never audited,
// revised since their last audit, or all) is lib/audit/audit-eligibility.ts; a criterion is audited by one
// campaign at a time until its decision there is settled, and records the revision the campaign audits.
import { AUDIT_MODES, type AuditMode, type Category, type Tier } from '@/lib/vocabulary/enums';
import { busySql, eligibilitySql } from '@/lib/audit/audit-eligibility';
import type { SessionUser } from '@/lib/auth/roles';
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { CreateCampaignInput, Selection } from '@/lib/audit/schemas';
import { criteriaFilters, criteriaParamsSchema } from '@/lib/criteria/list-criteria';
import { prisma } from '@/lib/db';
import { bulkTransaction } from '@/lib/db/bulk-transaction';
import { conflict, invalid } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';

type Db = Prisma.TransactionClient | typeof prisma;

export interface SelectionPreview {
  queries: number;
  criteria: number;
  /** Criteria per category × tier: selected, and in the population they were drawn from. */
  strata: { category: Category; tier: Tier; selected: number; population: number }[];
  /** Criteria of the dataset each audit mode could take (whatever the other filters). */
  available: Record<AuditMode, number>;
}

/** Largest-remainder allocation of `total` draws across strata in proportion to their sizes. */
export function allocate(total: number, sizes: Record<string, number>): Record<string, number> {
  const population = Object.values(sizes).reduce((sum, n) => sum + n, 0);
  const wanted = Math.min(total, population);
  if (population === 0) return Object.fromEntries(Object.keys(sizes).map((key) => [key, 0]));
  const exact = Object.entries(sizes).map(([key, n]) => ({ key, n, share: (wanted * n) / population }));
  const result = Object.fromEntries(exact.map(({ key, share, n }) => [key, Math.min(n, Math.floor(share))]));
  let left = wanted - Object.values(result).reduce((sum, n) => sum + n, 0);
  for (const { key, n } of [...exact].sort(
    (a, b) => b.share - Math.floor(b.share) - (a.share - Math.floor(a.share)) || a.key.localeCompare(b.key),
  )) {
    if (left <= 0) break;
    if ((result[key] ?? 0) < n) {
      result[key] = (result[key] ?? 0) + 1;
      left -= 1;
    }
  }
  return result;
}

/** The criterion ids a selection picks, as a SQL subquery (id, query_id), among those its audit mode allows. */
async function selectionSql(db: Db, selection: Selection): Promise<Prisma.Sql> {
  const eligible = eligibilitySql(selection.audit ?? 'new');
  if (selection.mode === 'filter') {
    const { audit: _audit, ...filters } = selection;
    const params = criteriaParamsSchema.parse({ ...filters, dataset: selection.datasetId });
    const where = criteriaFilters(params);
    const base = Prisma.sql`SELECT c.id, c.query_id FROM criteria c JOIN queries q ON q.id = c.query_id WHERE ${where} AND ${eligible}`;
    if (!selection.maxQueries) return base;
    return Prisma.sql`SELECT s.id, s.query_id FROM (${base}) s WHERE s.query_id IN (
      SELECT DISTINCT query_id FROM (${base}) picked ORDER BY query_id LIMIT ${selection.maxQueries})`;
  }
  const tiers = selection.tiers;
  const populations = await db.$queryRaw<{ category: Category; n: number }[]>`
    SELECT q.category, count(*)::int AS n FROM queries q
    WHERE q.dataset_id = ${selection.datasetId}
      AND EXISTS (SELECT 1 FROM criteria c WHERE c.query_id = q.id AND ${eligible} AND c.tier::text = ANY(${tiers}::text[]))
    GROUP BY q.category`;
  const take = allocate(selection.queries, Object.fromEntries(populations.map((row) => [row.category, row.n])));
  const perCategory = Object.entries(take).map(
    ([category, n]) => Prisma.sql`(SELECT q.id FROM queries q
      WHERE q.dataset_id = ${selection.datasetId} AND q.category = ${category}::"QueryCategory"
        AND EXISTS (SELECT 1 FROM criteria c WHERE c.query_id = q.id AND ${eligible} AND c.tier::text = ANY(${tiers}::text[]))
      ORDER BY md5(${String(selection.seed)} || ':' || q.id::text) LIMIT ${n})`,
  );
  const sampled = perCategory.length ? Prisma.join(perCategory, ' UNION ALL ') : Prisma.sql`SELECT NULL::int AS id WHERE FALSE`;
  return Prisma.sql`SELECT c.id, c.query_id FROM criteria c
    WHERE c.query_id IN (${sampled}) AND ${eligible} AND c.tier::text = ANY(${tiers}::text[])`;
}

export async function previewSelection(selection: Selection, db: Db = prisma): Promise<SelectionPreview> {
  const picked = await selectionSql(db, selection);
  const [selected, population, available] = await Promise.all([
    db.$queryRaw<{ category: Category; tier: Tier; n: number; queries: number }[]>`
      SELECT c.category, c.tier, count(*)::int AS n, count(DISTINCT c.query_id)::int AS queries
      FROM criteria c JOIN (${picked}) s ON s.id = c.id GROUP BY c.category, c.tier`,
    db.$queryRaw<{ category: Category; tier: Tier; n: number }[]>`
      SELECT c.category, c.tier, count(*)::int AS n FROM criteria c
      WHERE c.dataset_id = ${selection.datasetId} AND ${eligibilitySql(selection.audit ?? 'new')} GROUP BY c.category, c.tier`,
    db.$queryRaw<Record<AuditMode, number>[]>`
      SELECT ${Prisma.join(
        AUDIT_MODES.map((mode) => Prisma.sql`count(*) FILTER (WHERE ${eligibilitySql(mode)})::int AS ${Prisma.raw(`"${mode}"`)}`),
      )}
      FROM criteria c WHERE c.dataset_id = ${selection.datasetId}`,
  ]);
  const queries = await db.$queryRaw<{ n: number }[]>`SELECT count(DISTINCT query_id)::int AS n FROM (${picked}) s`;
  const key = (category: string, tier: string) => `${category}|${tier}`;
  const selectedBy = new Map(selected.map((row) => [key(row.category, row.tier), row.n]));
  return {
    queries: queries[0]?.n ?? 0,
    criteria: selected.reduce((sum, row) => sum + row.n, 0),
    available: available[0] ?? { new: 0, revised: 0, all: 0 },
    strata: population
      .map((row) => ({
        category: row.category,
        tier: row.tier,
        selected: selectedBy.get(key(row.category, row.tier)) ?? 0,
        population: row.n,
      }))
      .sort((a, b) => a.category.localeCompare(b.category) || a.tier.localeCompare(b.tier)),
  };
}

export async function createCampaign({
  actor,
  input,
  timeoutSeconds,
}: {
  actor: SessionUser;
  input: CreateCampaignInput;
  /** How long the one transaction may take before it is undone (BULK_CHANGE_TIMEOUT_SECONDS). */
  timeoutSeconds?: number;
}) {
  const expertIds = [...new Set(input.expertIds)];
  return await bulkTransaction(
    {
      doing: 'Creating this campaign',
      undone: 'no campaign was created and no criterion changed',
      advice: 'Choose fewer criteria (a sample, or a maximum number of queries)',
      timeoutSeconds,
    },
    async (tx) => {
      const experts = await tx.user.findMany({ where: { id: { in: expertIds }, role: 'EXPERT', active: true }, select: { id: true } });
      if (experts.length !== expertIds.length)
        throw invalid('Some chosen experts are not active experts.', { expertIds: ['Choose active experts only'] });

      const campaign = await tx.auditCampaign.create({
        data: {
          name: input.name,
          description: input.description ?? null,
          instructions: input.instructions ?? null,
          overlapK: input.overlapK,
          dimensions: input.dimensions,
          matchSpecialty: input.matchSpecialty,
          deadline: input.deadline ?? null,
          reservationMinutes: input.reservationMinutes,
          fastThresholdSeconds: input.fastThresholdSeconds,
          selection: input.selection,
          createdById: actor.id,
          experts: { create: expertIds.map((userId) => ({ userId })) },
        },
        select: { id: true },
      });
      const picked = await selectionSql(tx, input.selection);
      // The picked criteria are locked in id order with the revision each one is at, so two campaigns created at
      // the same moment queue up here; the second one then sees the first one's criteria as busy (below).
      const criteria = await tx.$executeRaw`
        INSERT INTO campaign_criteria (campaign_id, criterion_id, query_id, revision)
        SELECT ${campaign.id}, c.id, c.query_id, c.revision FROM criteria c
         WHERE c.id IN (SELECT s.id FROM (${picked}) s) ORDER BY c.id FOR UPDATE OF c`;
      if (criteria === 0)
        throw invalid('No criteria match this selection.', {
          selection: ['Nothing to audit: widen the selection or choose another audit mode'],
        });
      // The order queries are offered in: a hash of the campaign and query, fixed once created.
      const queries = await tx.$executeRaw`
        INSERT INTO campaign_queries (campaign_id, query_id, overlap_k, sort_key, department)
        SELECT ${campaign.id}, q.id, ${input.overlapK}, hashint4(q.id * 31 + ${campaign.id}), q.department
        FROM queries q WHERE q.id IN (SELECT query_id FROM campaign_criteria WHERE campaign_id = ${campaign.id})`;
      // A new statement sees what committed while it waited for the locks: a criterion another campaign took
      // meanwhile is busy there, and a criterion is never audited by two campaigns at once.
      const [busy] = await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM campaign_criteria cc
         WHERE cc.campaign_id = ${campaign.id} AND ${busySql(Prisma.sql`cc.criterion_id`, campaign.id)}`;
      if (busy && busy.n > 0) {
        throw conflict(`${busy.n} of these criteria were just put into another campaign. Preview again and retry.`);
      }
      await recordEvent(tx, {
        actorId: actor.id,
        action: 'campaign.create',
        entityType: 'campaign',
        entityId: campaign.id,
        after: { name: input.name, overlapK: input.overlapK, experts: expertIds, criteria, queries, selection: input.selection },
      });
      return { id: campaign.id, criteria, queries };
    },
  );
}
