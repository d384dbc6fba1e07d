// Everything the criteria browser's detail drawer shows: the criterion, its query's conversation, its
// revision history (every text it has had, who made it and why), its audits (one per campaign, with the final
// decision) and its change history. Provenance (who generated it) is included for admins only; the
// LLM judge's grades of the criterion for admins and reviewers.
import type { Role } from '@/lib/auth/roles';
import { inReauditSql } from '@/lib/criteria/in-reaudit-sql';
import { prisma } from '@/lib/db';
import { listCriterionGrades } from '@/lib/judge/list-criterion-grades';

export async function getCriterionDetail({ id, viewerRole }: { id: number; viewerRole: Role }) {
  const criterion = await prisma.criterion.findUnique({
    where: { id },
    select: {
      id: true,
      key: true,
      position: true,
      title: true,
      description: true,
      levels: true,
      tier: true,
      points: true,
      tags: true,
      redLine: true,
      evidence: true,
      status: true,
      finalCampaignId: true,
      revision: true,
      createdAt: true,
      updatedAt: true,
      query: {
        select: {
          id: true,
          externalId: true,
          category: true,
          department: true,
          language: true,
          conversation: true,
          tags: true,
          dataset: { select: { id: true, name: true } },
        },
      },
    },
  });
  if (!criterion) return null;

  const [revisions, audits] = await Promise.all([
    prisma.criterionRevision.findMany({
      where: { criterionId: id },
      orderBy: { revision: 'desc' },
      take: 100,
      select: {
        revision: true,
        title: true,
        description: true,
        tier: true,
        points: true,
        source: true,
        reason: true,
        createdAt: true,
        campaign: { select: { id: true, name: true } },
        author: { select: { name: true } },
        proposal: { select: { id: true, expert: { select: { name: true } } } },
      },
    }),
    prisma.$queryRaw<
      {
        campaign_id: number;
        name: string;
        campaign_open: boolean;
        revision: number;
        provenance: string;
        final_decision: string | null;
        verdicts: number;
        k: number;
      }[]
    >`
      SELECT cc.campaign_id, ac.name, ac.status = 'OPEN' AS campaign_open, cc.revision, o.provenance, o.final_decision,
             o.verdicts, o.k
        FROM campaign_criteria cc
        JOIN audit_campaigns ac ON ac.id = cc.campaign_id
        JOIN criterion_outcomes o ON o.campaign_id = cc.campaign_id AND o.criterion_id = cc.criterion_id
       WHERE cc.criterion_id = ${id}
       ORDER BY cc.campaign_id DESC`,
  ]);
  /** A later campaign is auditing the criterion again while its status keeps its latest final decision. */
  const [reaudit] = await prisma.$queryRaw<
    { in_reaudit: boolean }[]
  >`SELECT ${inReauditSql()} AS in_reaudit FROM criteria c WHERE c.id = ${id}`;
  const inReaudit = reaudit?.in_reaudit ?? false;

  const events = await prisma.auditEvent.findMany({
    where: { entityType: 'criterion', entityId: String(id) },
    orderBy: { createdAt: 'desc' },
    take: 50,
    select: { id: true, action: true, createdAt: true, before: true, after: true, actor: { select: { name: true } } },
  });

  const provenance =
    viewerRole === 'ADMIN'
      ? await prisma.criterionProvenance.findUnique({
          where: { criterionId: id },
          select: {
            origin: true,
            generatorModels: true,
            consensusVotes: true,
            sourceFormat: true,
            sourceRaw: true,
            judgeRunId: true,
            metaRubricVersion: { select: { number: true, metaRubric: { select: { domain: true, name: true } } } },
          },
        })
      : null;

  const judgeGrades = viewerRole === 'ADMIN' || viewerRole === 'REVIEWER' ? await listCriterionGrades(id) : null;

  return {
    criterion,
    inReaudit,
    revisions: revisions.map((row) => ({
      revision: row.revision,
      title: row.title,
      description: row.description,
      tier: row.tier,
      points: row.points,
      source: row.source,
      reason: row.reason,
      campaign: row.campaign,
      authorName: row.author?.name ?? null,
      /** An accepted missing-criterion proposal (revision 0 of source MISSING_PROPOSAL): which, and whose. */
      proposal: row.proposal ? { id: row.proposal.id, expertName: row.proposal.expert.name } : null,
      createdAt: row.createdAt.toISOString(),
    })),
    audits: audits.map((row) => ({
      campaignId: row.campaign_id,
      campaignName: row.name,
      campaignOpen: row.campaign_open,
      revision: row.revision,
      provenance: row.provenance,
      finalDecision: row.final_decision,
      verdicts: row.verdicts,
      k: row.k,
    })),
    events: events.map((event) => ({ ...event, id: String(event.id), createdAt: event.createdAt.toISOString() })),
    provenance,
    judgeGrades,
    /** Judge runs have pages for admins only; reviewers see a run's number. */
    linkJudgeRuns: viewerRole === 'ADMIN',
  };
}

export type CriterionDetail = NonNullable<Awaited<ReturnType<typeof getCriterionDetail>>>;
