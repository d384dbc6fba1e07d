// Creates a proposal on a meta-rubric's active version, or revises one (its author only, while it is open
// or has changes requested) with optimistic concurrency: a revision that started from an older row version
// is refused and handed the stored proposal, so the author's draft stays on screen and nothing is lost.
// Evidence is checked here, on the server: an expert may only cite their own submitted verdicts.
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { conflict, forbidden, invalid, notFound } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { applyChanges, versionContent } from '@/lib/meta-rubrics/apply-changes';
import { type ProposalView, getProposal } from '@/lib/meta-rubrics/read-meta-rubrics';
import type { CreateProposalInput, EvidenceInput, UpdateProposalInput } from '@/lib/meta-rubrics/schemas';

type Tx = Prisma.TransactionClient;

async function activeVersion(tx: Tx, metaRubricId: number) {
  const active = await tx.metaRubricVersion.findFirst({
    where: { metaRubricId, status: 'ACTIVE' },
    select: { id: true, number: true, principles: true, generationRules: true, scoringProfile: true },
  });
  if (!active) throw conflict('This meta-rubric has no active version to propose changes to.');
  return active;
}

/** The evidence rows to store, or field errors per item (`evidence.1`). */
async function checkEvidence(tx: Tx, user: SessionUser, evidence: EvidenceInput[]) {
  const errors: Record<string, string[]> = {};
  const rows: { criterionId: number; verdictId: number | null; note: string | null }[] = [];
  const seen = new Set<string>();
  for (const [index, item] of evidence.entries()) {
    const key = `${item.criterionId}:${item.verdictId ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (user.role === 'EXPERT') {
      const own = item.verdictId
        ? await tx.verdict.findFirst({
            where: { id: item.verdictId, expertId: user.id, criterionId: item.criterionId, submittedAt: { not: null } },
            select: { id: true },
          })
        : null;
      if (!own) {
        errors[`evidence.${index}`] = ['Evidence must be one of your own submitted verdicts'];
        continue;
      }
    } else {
      const criterion = await tx.criterion.findUnique({ where: { id: item.criterionId }, select: { id: true } });
      if (!criterion) {
        errors[`evidence.${index}`] = [`There is no criterion ${item.criterionId}`];
        continue;
      }
      if (item.verdictId) {
        const verdict = await tx.verdict.findFirst({
          where: { id: item.verdictId, criterionId: item.criterionId, submittedAt: { not: null } },
          select: { id: true },
        });
        if (!verdict) {
          errors[`evidence.${index}`] = [`Verdict ${item.verdictId} is not a submitted verdict on criterion ${item.criterionId}`];
          continue;
        }
      }
    }
    rows.push({ criterionId: item.criterionId, verdictId: item.verdictId ?? null, note: item.note || null });
  }
  return { rows, errors };
}

function checkChanges(
  base: { principles: unknown; generationRules: unknown; scoringProfile: unknown },
  changes: CreateProposalInput['changes'],
) {
  const applied = applyChanges(versionContent(base), changes);
  return applied.ok ? {} : applied.errors;
}

function fail(errors: Record<string, string[]>): never {
  throw invalid('Please correct the highlighted fields.', errors);
}

export async function createProposal({ user, input }: { user: SessionUser; input: CreateProposalInput }): Promise<{ id: number }> {
  return await prisma.$transaction(async (tx) => {
    const rubric = await tx.metaRubric.findUnique({ where: { id: input.metaRubricId }, select: { id: true } });
    if (!rubric) throw notFound('The meta-rubric');
    const base = await activeVersion(tx, rubric.id);
    const { rows, errors: evidenceErrors } = await checkEvidence(tx, user, input.evidence);
    const errors = { ...checkChanges(base, input.changes), ...evidenceErrors };
    if (Object.keys(errors).length) fail(errors);
    const proposal = await tx.metaRubricProposal.create({
      data: {
        metaRubricId: rubric.id,
        baseVersionId: base.id,
        authorId: user.id,
        title: input.title,
        rationale: input.rationale,
        changes: input.changes,
        evidence: { create: rows },
      },
      select: { id: true },
    });
    await recordEvent(tx, {
      actorId: user.id,
      action: 'meta_rubric_proposal.create',
      entityType: 'meta_rubric_proposal',
      entityId: proposal.id,
      after: { metaRubricId: rubric.id, baseNumber: base.number, title: input.title, changes: input.changes, evidence: rows },
    });
    return proposal;
  });
}

export type UpdateProposalResult = { status: 'saved'; proposal: ProposalView } | { status: 'conflict'; current: ProposalView };

export async function updateProposal({ user, input }: { user: SessionUser; input: UpdateProposalInput }): Promise<UpdateProposalResult> {
  const outcome = await prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM meta_rubric_proposals WHERE id = ${input.proposalId} FOR UPDATE`;
    const stored = locked.length
      ? await tx.metaRubricProposal.findUnique({
          where: { id: input.proposalId },
          select: {
            authorId: true,
            status: true,
            rowVersion: true,
            metaRubricId: true,
            title: true,
            rationale: true,
            changes: true,
            baseVersion: { select: { id: true, number: true, principles: true, generationRules: true, scoringProfile: true } },
          },
        })
      : null;
    if (!stored || (user.role === 'EXPERT' && stored.authorId !== user.id)) throw notFound('The proposal');
    if (stored.authorId !== user.id) throw forbidden('Only the author can revise a proposal; comment or request changes instead.');
    if (stored.status !== 'OPEN' && stored.status !== 'CHANGES_REQUESTED') {
      throw conflict(`The proposal is ${stored.status.toLowerCase().replace('_', ' ')} and can no longer be revised.`);
    }
    if (stored.rowVersion !== input.rowVersion) return 'conflict' as const;

    const base = input.rebase ? await activeVersion(tx, stored.metaRubricId) : stored.baseVersion;
    const { rows, errors: evidenceErrors } = await checkEvidence(tx, user, input.evidence);
    const errors = { ...checkChanges(base, input.changes), ...evidenceErrors };
    if (Object.keys(errors).length) fail(errors);

    await tx.proposalEvidence.deleteMany({ where: { proposalId: input.proposalId } });
    await tx.metaRubricProposal.update({
      where: { id: input.proposalId },
      data: {
        title: input.title,
        rationale: input.rationale,
        changes: input.changes,
        baseVersionId: base.id,
        status: 'OPEN',
        rowVersion: { increment: 1 },
        evidence: { create: rows },
      },
    });
    const rebased = base.id !== stored.baseVersion.id;
    await tx.proposalEvent.create({
      data: {
        proposalId: input.proposalId,
        authorId: user.id,
        kind: 'REVISE',
        body: rebased ? `Revised and rebased from v${stored.baseVersion.number} onto v${base.number}.` : 'Revised the proposal.',
      },
    });
    await recordEvent(tx, {
      actorId: user.id,
      action: 'meta_rubric_proposal.update',
      entityType: 'meta_rubric_proposal',
      entityId: input.proposalId,
      before: { title: stored.title, rationale: stored.rationale, changes: stored.changes, baseNumber: stored.baseVersion.number },
      after: { title: input.title, rationale: input.rationale, changes: input.changes, baseNumber: base.number, evidence: rows },
    });
    return 'saved' as const;
  });
  const proposal = await getProposal({ proposalId: input.proposalId, user });
  if (!proposal) throw notFound('The proposal');
  return outcome === 'saved' ? { status: 'saved', proposal } : { status: 'conflict', current: proposal };
}
