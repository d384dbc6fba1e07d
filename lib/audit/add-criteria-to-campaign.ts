// Adds criteria picked in the criteria browser to a campaign that no expert has started yet (open, with no
// query ever claimed): the one kind of campaign whose set can grow without changing what an expert already
// saw, since an assignment fixes its criteria when the query is claimed. The campaign rules apply as when it was
// created (lib/audit/audit-eligibility.ts): a criterion busy in another campaign is refused, and the audit mode
// says which of the rest it takes. Rows are refused, never the whole request: what is added and what is not,
// and why, is counted per reason (and per campaign for busy ones) so the admin sees each row's fate.
import 'server-only';
import { busyCampaignsSql, busySql, eligibilitySql } from '@/lib/audit/audit-eligibility';
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import type { AddToCampaignInput } from '@/lib/criteria/schemas';
import { bulkTransaction } from '@/lib/db/bulk-transaction';
import { conflict, notFound } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';

export interface AddToCampaignResult {
  added: number;
  /** Queries the campaign gained (criteria of queries it already had join them). */
  newQueries: number;
  refused: {
    alreadyIn: number[];
    otherDataset: number[];
    /** Being audited in another campaign, grouped by that campaign. */
    busy: { campaignId: number; name: string; criterionIds: number[] }[];
    /** Not taken by the audit mode (e.g. already audited, for "never audited"). */
    notEligible: number[];
    /** Selected ids that are no criterion (deleted meanwhile). */
    missing: number[];
  };
}

export async function addCriteriaToCampaign({
  actor,
  input,
}: {
  actor: SessionUser;
  input: AddToCampaignInput;
}): Promise<AddToCampaignResult> {
  return await bulkTransaction(
    {
      doing: 'Adding these criteria to the campaign',
      undone: 'no criterion was added',
      advice: 'Select fewer criteria at a time',
    },
    async (tx) => {
      const [campaign] = await tx.$queryRaw<{ id: number; name: string; status: string; overlap_k: number; dataset_id: number | null }[]>`
        SELECT id, name, status::text, overlap_k, (selection->>'datasetId')::int AS dataset_id
          FROM audit_campaigns WHERE id = ${input.campaignId} FOR UPDATE`;
      if (!campaign) throw notFound('The campaign');
      if (campaign.status !== 'OPEN') throw conflict(`“${campaign.name}” is closed: it takes no more criteria.`);
      // Claims lock a campaign query (FOR UPDATE SKIP LOCKED) before writing the assignment: holding every one of
      // them, no claim can start until this commits, and one that finished before is seen below.
      await tx.$queryRaw`SELECT 1 FROM campaign_queries WHERE campaign_id = ${campaign.id} FOR UPDATE`;
      const [{ claimed = 0 } = {}] = await tx.$queryRaw<{ claimed: number }[]>`
        SELECT count(*)::int AS claimed FROM assignments WHERE campaign_id = ${campaign.id}`;
      if (claimed > 0) {
        throw conflict(
          `Experts have started “${campaign.name}” (${claimed} ${claimed === 1 ? 'query' : 'queries'} claimed): criteria can only be added before the first claim. Create a new campaign for these.`,
        );
      }
      // Locked in id order with their current revision, as campaign creation does, so both queue up.
      const rows = await tx.$queryRaw<
        {
          id: number;
          query_id: number;
          revision: number;
          dataset_id: number;
          already_in: boolean;
          busy_in: number | null;
          eligible: boolean;
        }[]
      >`
        SELECT c.id, c.query_id, c.revision, c.dataset_id,
               EXISTS (SELECT 1 FROM campaign_criteria cc WHERE cc.campaign_id = ${campaign.id} AND cc.criterion_id = c.id) AS already_in,
               (SELECT min(busy.campaign_id) FROM (${busyCampaignsSql(Prisma.sql`c.id`, campaign.id)}) busy) AS busy_in,
               ${eligibilitySql(input.audit)} AS eligible
          FROM criteria c WHERE c.id = ANY(${input.criterionIds}::int[]) ORDER BY c.id FOR UPDATE OF c`;
      const found = new Set(rows.map((row) => row.id));
      const refused: AddToCampaignResult['refused'] = {
        alreadyIn: [],
        otherDataset: [],
        busy: [],
        notEligible: [],
        missing: input.criterionIds.filter((id) => !found.has(id)).sort((a, b) => a - b),
      };
      const busy = new Map<number, number[]>();
      const take: typeof rows = [];
      for (const row of rows) {
        if (row.already_in) refused.alreadyIn.push(row.id);
        else if (row.dataset_id !== campaign.dataset_id) refused.otherDataset.push(row.id);
        else if (row.busy_in !== null) busy.set(row.busy_in, [...(busy.get(row.busy_in) ?? []), row.id]);
        else if (!row.eligible) refused.notEligible.push(row.id);
        else take.push(row);
      }
      if (busy.size) {
        const names = await tx.auditCampaign.findMany({ where: { id: { in: [...busy.keys()] } }, select: { id: true, name: true } });
        refused.busy = names
          .map(({ id, name }) => ({ campaignId: id, name, criterionIds: busy.get(id) ?? [] }))
          .sort((a, b) => a.campaignId - b.campaignId);
      }
      if (take.length === 0) return { added: 0, newQueries: 0, refused };

      const ids = take.map((row) => row.id);
      await tx.$executeRaw`
        INSERT INTO campaign_criteria (campaign_id, criterion_id, query_id, revision)
        SELECT ${campaign.id}, c.id, c.query_id, c.revision FROM criteria c WHERE c.id = ANY(${ids}::int[]) ORDER BY c.id`;
      const newQueries = await tx.$executeRaw`
        INSERT INTO campaign_queries (campaign_id, query_id, overlap_k, sort_key, department)
        SELECT ${campaign.id}, q.id, ${campaign.overlap_k}, hashint4(q.id * 31 + ${campaign.id}), q.department
          FROM queries q
         WHERE q.id IN (SELECT query_id FROM campaign_criteria WHERE campaign_id = ${campaign.id})
           AND NOT EXISTS (SELECT 1 FROM campaign_queries cq WHERE cq.campaign_id = ${campaign.id} AND cq.query_id = q.id)`;
      // The campaign page describes how its criteria were chosen: the rule it was created with, and these.
      await tx.$executeRaw`
        UPDATE audit_campaigns SET selection = jsonb_set(selection, '{added}', to_jsonb(coalesce((selection->>'added')::int, 0) + ${ids.length}))
         WHERE id = ${campaign.id}`;
      // As at creation: a criterion another campaign took while this waited for the locks is refused by failing.
      const [late] = await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM campaign_criteria cc
         WHERE cc.campaign_id = ${campaign.id} AND cc.criterion_id = ANY(${ids}::int[]) AND ${busySql(Prisma.sql`cc.criterion_id`, campaign.id)}`;
      if (late && late.n > 0) throw conflict(`${late.n} of these criteria were just put into another campaign. Try again.`);
      await recordEvent(tx, {
        actorId: actor.id,
        action: 'campaign.addCriteria',
        entityType: 'campaign',
        entityId: campaign.id,
        after: { criterionIds: ids, newQueries, audit: input.audit, refused },
      });
      return { added: ids.length, newQueries, refused };
    },
  );
}
