// One disagreement as the reviewer sees it: the query, the criterion, every submitted verdict and the
// adjudication so far. Experts are "Expert 1", "Expert 2", … in verdict order; their names are read and
// returned only when the reviewer asks for them (revealNamesTo), and that request is itself recorded in the
// audit trail. For admin and reviewer pages only: experts never read any of this.
import { outcomesCte } from '@/lib/analytics/criterion-outcomes';
import { findAuditedTexts } from '@/lib/audit/find-audited-texts';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Tier } from '@/lib/vocabulary/enums';

type Db = typeof prisma | Prisma.TransactionClient;

export interface GoldText {
  title: string;
  description: string;
  tier: Tier;
  points: number;
}

export interface Disagreement {
  verdicts: number;
  counts: { accept: number; minor: number; major: number; reject: number };
  /** Verdicts that flagged each error dimension. */
  flagged: Record<string, number>;
  agreement: number;
  provenance: 'UNRESOLVED' | 'ADJUDICATED';
}

export interface AdjudicationVerdict {
  /** "Expert 1", "Expert 2", … by verdict id: stable across visits, and the same for every reviewer. */
  label: string;
  /** Only when the reviewer asked to see names. */
  expertName: string | null;
  decision: string;
  dimensions: string[];
  weightDirection: string | null;
  severity: string | null;
  comment: string | null;
  proposedRevision: GoldText | null;
  submittedAt: string;
}

export interface AdjudicationView {
  goldDecision: string;
  dimensions: string[];
  weightDirection: string | null;
  goldText: GoldText | null;
  rationale: string;
  rowVersion: number;
  reviewerName: string;
  updatedAt: string;
}

export interface AdjudicationItem {
  campaign: { id: number; name: string; open: boolean; overlapK: number; dimensions: string[] };
  query: { externalId: string; category: string; department: string | null; language: string; conversation: unknown };
  criterion: {
    id: number;
    title: string;
    description: string;
    levels: unknown;
    tier: Tier;
    points: number;
    tags: string[];
    redLine: boolean;
    evidence: unknown;
  };
  disagreement: Disagreement;
  verdicts: AdjudicationVerdict[];
  adjudication: AdjudicationView | null;
  namesRevealed: boolean;
}

/** The item's outcome if its verdicts are all in and disagree (adjudicated or not); null otherwise. */
export async function findDisagreement(db: Db, campaignId: number, criterionId: number): Promise<Disagreement | null> {
  const rows = await db.$queryRaw<
    {
      verdicts: number;
      n_accept: number;
      n_minor: number;
      n_major: number;
      n_reject: number;
      d_correctness: number;
      d_comprehensiveness: number;
      d_relevance: number;
      d_weight: number;
      agreement: number;
      provenance: 'UNRESOLVED' | 'ADJUDICATED';
    }[]
  >(Prisma.sql`
    ${outcomesCte({ campaignId })}
    SELECT verdicts, n_accept, n_minor, n_major, n_reject, d_correctness, d_comprehensiveness, d_relevance, d_weight,
           agreement, provenance
      FROM outcomes
     WHERE criterion_id = ${criterionId} AND complete AND NOT unanimous AND provenance IN ('UNRESOLVED', 'ADJUDICATED')`);
  const row = rows[0];
  if (!row) return null;
  return {
    verdicts: row.verdicts,
    counts: { accept: row.n_accept, minor: row.n_minor, major: row.n_major, reject: row.n_reject },
    flagged: {
      CORRECTNESS: row.d_correctness,
      COMPREHENSIVENESS: row.d_comprehensiveness,
      RELEVANCE: row.d_relevance,
      WEIGHT: row.d_weight,
    },
    agreement: row.agreement,
    provenance: row.provenance,
  };
}

export const ADJUDICATION_FIELDS = {
  goldDecision: true,
  dimensions: true,
  weightDirection: true,
  goldText: true,
  rationale: true,
  rowVersion: true,
  updatedAt: true,
  reviewer: { select: { name: true } },
} as const;

export function toAdjudicationView(row: Prisma.AdjudicationGetPayload<{ select: typeof ADJUDICATION_FIELDS }>): AdjudicationView {
  return {
    goldDecision: row.goldDecision,
    dimensions: row.dimensions,
    weightDirection: row.weightDirection,
    goldText: row.goldText as GoldText | null,
    rationale: row.rationale,
    rowVersion: row.rowVersion,
    reviewerName: row.reviewer.name,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getAdjudicationItem({
  campaignId,
  criterionId,
  revealNamesTo,
}: {
  campaignId: number;
  criterionId: number;
  /** The reviewer who asked to see the experts' names; without it, names are never read. */
  revealNamesTo?: string | undefined;
}): Promise<AdjudicationItem | null> {
  const disagreement = await findDisagreement(prisma, campaignId, criterionId);
  if (!disagreement) return null;
  const [subject, verdicts, adjudication, audited] = await Promise.all([
    prisma.campaignCriterion.findUniqueOrThrow({
      where: { campaignId_criterionId: { campaignId, criterionId } },
      select: {
        campaign: { select: { id: true, name: true, status: true, overlapK: true, dimensions: true } },
        criterion: {
          select: {
            id: true,
            title: true,
            description: true,
            levels: true,
            tier: true,
            points: true,
            tags: true,
            redLine: true,
            evidence: true,
            query: { select: { externalId: true, category: true, department: true, language: true, conversation: true } },
          },
        },
      },
    }),
    prisma.verdict.findMany({
      where: { campaignId, criterionId, submittedAt: { not: null }, decision: { not: null } },
      orderBy: { id: 'asc' },
      select: {
        expertId: true,
        decision: true,
        dimensions: true,
        weightDirection: true,
        severity: true,
        comment: true,
        proposedRevision: true,
        submittedAt: true,
      },
    }),
    prisma.adjudication.findUnique({ where: { campaignId_criterionId: { campaignId, criterionId } }, select: ADJUDICATION_FIELDS }),
    findAuditedTexts({ db: prisma, campaignId, criterionIds: [criterionId] }),
  ]);
  let names = new Map<string, string>();
  if (revealNamesTo) {
    const experts = await prisma.user.findMany({
      where: { id: { in: verdicts.map((v) => v.expertId) } },
      select: { id: true, name: true },
    });
    names = new Map(experts.map((expert) => [expert.id, expert.name]));
    await recordEvent(prisma, {
      actorId: revealNamesTo,
      action: 'adjudication.revealNames',
      entityType: 'adjudication',
      entityId: `${campaignId}:${criterionId}`,
    });
  }
  const { query, ...current } = subject.criterion;
  // The text the experts audited (the campaign's revision), which the gold text revises.
  const text = audited.get(criterionId);
  const criterion = text ? { ...current, title: text.title, description: text.description, tier: text.tier, points: text.points } : current;
  return {
    campaign: {
      id: subject.campaign.id,
      name: subject.campaign.name,
      open: subject.campaign.status === 'OPEN',
      overlapK: subject.campaign.overlapK,
      dimensions: subject.campaign.dimensions,
    },
    query,
    criterion,
    disagreement,
    verdicts: verdicts.map(({ expertId, submittedAt, proposedRevision, decision, ...verdict }, index) => ({
      label: `Expert ${index + 1}`,
      expertName: revealNamesTo ? (names.get(expertId) ?? null) : null,
      // Drafts and decision-less rows were filtered out above.
      decision: decision as string,
      ...verdict,
      proposedRevision: proposedRevision as GoldText | null,
      submittedAt: (submittedAt ?? new Date(0)).toISOString(),
    })),
    adjudication: adjudication ? toAdjudicationView(adjudication) : null,
    namesRevealed: revealNamesTo !== undefined,
  };
}
