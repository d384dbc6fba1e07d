// What the meta-rubric pages read. Experts may read every version's text (they propose changes to it) but
// only their own proposals; the payloads never carry provenance, and name versions by number, never by id.
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { type VersionContent, applyChanges, versionContent } from '@/lib/meta-rubrics/apply-changes';
import { type VersionDiff, diffVersions } from '@/lib/meta-rubrics/diff-versions';
import type { ProposalChange } from '@/lib/meta-rubrics/schemas';
import type { Prisma } from '@/lib/generated/prisma/client';

const isReviewer = (user: SessionUser) => user.role === 'ADMIN' || user.role === 'REVIEWER';

/** The proposals a user may see: all for reviewers and admins, their own for experts. */
export function visibleProposals(user: SessionUser): Prisma.MetaRubricProposalWhereInput {
  return isReviewer(user) ? {} : { authorId: user.id };
}

export interface MetaRubricSummary {
  id: number;
  domain: string;
  name: string;
  description: string | null;
  activeNumber: number | null;
  versions: number;
  openProposals: number;
}

export async function listMetaRubrics(user: SessionUser): Promise<MetaRubricSummary[]> {
  const rows = await prisma.metaRubric.findMany({
    orderBy: { name: 'asc' },
    select: {
      id: true,
      domain: true,
      name: true,
      description: true,
      versions: { where: { status: 'ACTIVE' }, select: { number: true } },
      _count: {
        select: {
          versions: true,
          proposals: { where: { ...visibleProposals(user), status: { in: ['OPEN', 'CHANGES_REQUESTED'] } } },
        },
      },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    domain: row.domain,
    name: row.name,
    description: row.description,
    activeNumber: row.versions[0]?.number ?? null,
    versions: row._count.versions,
    openProposals: row._count.proposals,
  }));
}

export interface VersionSummary {
  number: number;
  status: 'DRAFT' | 'ACTIVE' | 'RETIRED';
  changeNote: string | null;
  authorName: string | null;
  createdAt: string;
  activatedAt: string | null;
  retiredAt: string | null;
}

export interface VersionView extends VersionSummary, VersionContent {}

const VERSION_FIELDS = {
  number: true,
  status: true,
  changeNote: true,
  createdAt: true,
  activatedAt: true,
  retiredAt: true,
  principles: true,
  generationRules: true,
  scoringProfile: true,
  author: { select: { name: true } },
} as const;

function toVersionView(row: Prisma.MetaRubricVersionGetPayload<{ select: typeof VERSION_FIELDS }>): VersionView {
  return {
    number: row.number,
    status: row.status,
    changeNote: row.changeNote,
    authorName: row.author?.name ?? null,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    ...versionContent(row),
  };
}

export interface MetaRubricDetail {
  id: number;
  domain: string;
  name: string;
  description: string | null;
  active: VersionView | null;
  versions: VersionSummary[];
}

export async function getMetaRubric(id: number): Promise<MetaRubricDetail | null> {
  const row = await prisma.metaRubric.findUnique({
    where: { id },
    select: { id: true, domain: true, name: true, description: true, versions: { orderBy: { number: 'desc' }, select: VERSION_FIELDS } },
  });
  if (!row) return null;
  const versions = row.versions.map(toVersionView);
  return {
    id: row.id,
    domain: row.domain,
    name: row.name,
    description: row.description,
    active: versions.find((version) => version.status === 'ACTIVE') ?? null,
    versions: versions.map(({ principles: _p, generationRules: _r, scoringProfile: _s, ...summary }) => summary),
  };
}

export async function getVersion({ metaRubricId, number }: { metaRubricId: number; number: number }): Promise<VersionView | null> {
  const row = await prisma.metaRubricVersion.findUnique({
    where: { metaRubricId_number: { metaRubricId, number } },
    select: VERSION_FIELDS,
  });
  return row ? toVersionView(row) : null;
}

export type ProposalStatus = 'OPEN' | 'CHANGES_REQUESTED' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';

export interface ProposalSummary {
  id: number;
  title: string;
  status: ProposalStatus;
  authorName: string;
  mine: boolean;
  baseNumber: number;
  resultingNumber: number | null;
  evidence: number;
  updatedAt: string;
}

export async function listProposals({ metaRubricId, user }: { metaRubricId: number; user: SessionUser }): Promise<ProposalSummary[]> {
  const rows = await prisma.metaRubricProposal.findMany({
    where: { metaRubricId, ...visibleProposals(user) },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    select: {
      id: true,
      title: true,
      status: true,
      authorId: true,
      updatedAt: true,
      author: { select: { name: true } },
      baseVersion: { select: { number: true } },
      resultingVersion: { select: { number: true } },
      _count: { select: { evidence: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    authorName: row.author.name,
    mine: row.authorId === user.id,
    baseNumber: row.baseVersion.number,
    resultingNumber: row.resultingVersion?.number ?? null,
    evidence: row._count.evidence,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export interface EvidenceView {
  criterionId: number;
  criterionTitle: string;
  criterionDescription: string;
  tier: string;
  points: number;
  verdictId: number | null;
  verdict: { decision: string | null; dimensions: string[]; comment: string | null } | null;
  note: string | null;
}

export interface ProposalView {
  id: number;
  metaRubricId: number;
  metaRubricName: string;
  title: string;
  rationale: string;
  status: ProposalStatus;
  rowVersion: number;
  changes: ProposalChange[];
  authorName: string;
  mine: boolean;
  baseNumber: number;
  /** The number of the meta-rubric's active version now (a proposal on an older base must be rebased). */
  activeNumber: number | null;
  resultingNumber: number | null;
  decidedByName: string | null;
  decidedAt: string | null;
  /** What the approver wrote when approving (the APPROVE event's body); null until approved. */
  approvalNote: string | null;
  createdAt: string;
  updatedAt: string;
  evidence: EvidenceView[];
  events: { id: number; kind: string; body: string | null; authorName: string; createdAt: string }[];
  /** The base version's content and what the changes make of it (or why they cannot be applied). */
  base: VersionContent;
  preview: { ok: true; after: VersionContent; diff: VersionDiff } | { ok: false; errors: Record<string, string[]> };
}

/** A proposal as its page shows it, or null when it does not exist or the user may not see it. */
export async function getProposal({ proposalId, user }: { proposalId: number; user: SessionUser }): Promise<ProposalView | null> {
  const row = await prisma.metaRubricProposal.findFirst({
    where: { id: proposalId, ...visibleProposals(user) },
    select: {
      id: true,
      metaRubricId: true,
      title: true,
      rationale: true,
      status: true,
      rowVersion: true,
      changes: true,
      authorId: true,
      createdAt: true,
      updatedAt: true,
      decidedAt: true,
      author: { select: { name: true } },
      decidedBy: { select: { name: true } },
      metaRubric: { select: { name: true, versions: { where: { status: 'ACTIVE' }, select: { number: true } } } },
      baseVersion: { select: { number: true, principles: true, generationRules: true, scoringProfile: true } },
      resultingVersion: { select: { number: true } },
      evidence: {
        orderBy: { id: 'asc' },
        select: {
          note: true,
          criterion: { select: { id: true, title: true, description: true, tier: true, points: true } },
          verdict: { select: { id: true, decision: true, dimensions: true, comment: true } },
        },
      },
      events: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true, kind: true, body: true, createdAt: true, author: { select: { name: true } } },
      },
    },
  });
  if (!row) return null;
  const base = versionContent(row.baseVersion);
  const changes = row.changes as ProposalChange[];
  const applied = applyChanges(base, changes);
  return {
    id: row.id,
    metaRubricId: row.metaRubricId,
    metaRubricName: row.metaRubric.name,
    title: row.title,
    rationale: row.rationale,
    status: row.status,
    rowVersion: row.rowVersion,
    changes,
    authorName: row.author.name,
    mine: row.authorId === user.id,
    baseNumber: row.baseVersion.number,
    activeNumber: row.metaRubric.versions[0]?.number ?? null,
    resultingNumber: row.resultingVersion?.number ?? null,
    decidedByName: row.decidedBy?.name ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    approvalNote: row.events.findLast((event) => event.kind === 'APPROVE')?.body ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    evidence: row.evidence.map((item) => ({
      criterionId: item.criterion.id,
      criterionTitle: item.criterion.title,
      criterionDescription: item.criterion.description,
      tier: item.criterion.tier,
      points: item.criterion.points,
      verdictId: item.verdict?.id ?? null,
      verdict: item.verdict
        ? { decision: item.verdict.decision, dimensions: item.verdict.dimensions, comment: item.verdict.comment }
        : null,
      note: item.note,
    })),
    events: row.events.map((event) => ({
      id: event.id,
      kind: event.kind,
      body: event.body,
      authorName: event.author.name,
      createdAt: event.createdAt.toISOString(),
    })),
    base,
    preview: applied.ok
      ? {
          ok: true,
          after: { principles: applied.principles, generationRules: applied.generationRules, scoringProfile: applied.scoringProfile },
          diff: diffVersions(base, applied),
        }
      : { ok: false, errors: applied.errors },
  };
}

export interface ReviewerEvidenceOption {
  verdictId: number;
  criterionId: number;
  criterionTitle: string;
  tier: string;
  points: number;
  decision: string | null;
  dimensions: string[];
  comment: string | null;
  campaignName: string;
}

/** Recent submitted verdicts (anonymous) for reviewers and admins to pick as evidence; any criterion id also works. */
export async function listReviewerEvidenceOptions(take = 100): Promise<ReviewerEvidenceOption[]> {
  const rows = await prisma.verdict.findMany({
    where: { submittedAt: { not: null } },
    orderBy: [{ submittedAt: 'desc' }, { id: 'desc' }],
    take,
    select: {
      id: true,
      decision: true,
      dimensions: true,
      comment: true,
      campaign: { select: { name: true } },
      criterion: { select: { id: true, title: true, tier: true, points: true } },
    },
  });
  return rows.map((row) => ({
    verdictId: row.id,
    criterionId: row.criterion.id,
    criterionTitle: row.criterion.title,
    tier: row.criterion.tier,
    points: row.criterion.points,
    decision: row.decision,
    dimensions: row.dimensions,
    comment: row.comment,
    campaignName: row.campaign.name,
  }));
}
