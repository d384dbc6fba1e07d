// Saves the reviewer's gold decision on a disagreement: creates the adjudication or updates it, with
// optimistic concurrency (a save that started from an older version is refused and handed the stored one,
// so the reviewer decides what to keep and nothing is overwritten unseen), and logs the change with its
// before and after in the same transaction. The campaign criterion's row is locked first, as an expert's
// amendment locks it (lib/audit/verdicts.ts), so the two never interleave: whichever comes second sees the
// first. A decision is refused once a later campaign audits the criterion again (its text may have moved on).
import { findAuditedTexts } from '@/lib/audit/find-audited-texts';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { type AdjudicationInput, goldTextErrors } from '@/lib/adjudication/schemas';
import { ADJUDICATION_FIELDS, type AdjudicationView, findDisagreement, toAdjudicationView } from '@/lib/adjudication/get-adjudication-item';
import { prisma } from '@/lib/db';
import { DomainError, conflict, invalid, notFound } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';

export type SaveAdjudicationResult =
  | { status: 'saved'; created: boolean; adjudication: AdjudicationView }
  | { status: 'conflict'; current: AdjudicationView | null };

/** What the audit trail keeps of an adjudication. */
function snapshot(view: AdjudicationView) {
  const { reviewerName: _name, updatedAt: _at, ...fields } = view;
  return fields;
}

export async function saveAdjudication({
  reviewerId,
  input,
}: {
  reviewerId: string;
  input: AdjudicationInput;
}): Promise<SaveAdjudicationResult> {
  const { campaignId, criterionId } = input;
  return await prisma.$transaction(async (tx) => {
    // One save per item at a time, the first one included (there is no adjudication row to lock yet).
    const locked = await tx.$queryRaw<{ criterion_id: number }[]>`
      SELECT criterion_id FROM campaign_criteria WHERE campaign_id = ${campaignId} AND criterion_id = ${criterionId} FOR UPDATE`;
    if (locked.length === 0) throw notFound('A disagreement on this criterion');
    if (!(await findDisagreement(tx, campaignId, criterionId))) {
      // Also what a reviewer sees when an expert's amendment made the experts agree while they were deciding.
      throw new DomainError(
        'NOT_FOUND',
        'This criterion is not a disagreement (any more): the experts agree on it, perhaps since an amendment. Reload the queue.',
      );
    }
    const later = await tx.campaignCriterion.findFirst({
      where: { criterionId, campaignId: { gt: campaignId } },
      select: { campaign: { select: { name: true } } },
    });
    if (later) {
      throw conflict(
        `This criterion is audited again in the later campaign “${later.campaign.name}”; its decision here can no longer change.`,
      );
    }
    const where = { campaignId_criterionId: { campaignId, criterionId } };
    const stored = await tx.adjudication.findUnique({ where, select: ADJUDICATION_FIELDS });
    const current = stored ? toAdjudicationView(stored) : null;
    if ((current?.rowVersion ?? 0) !== input.expectedRowVersion) return { status: 'conflict', current };

    const [audited, campaign] = await Promise.all([
      findAuditedTexts({ db: tx, campaignId, criterionIds: [criterionId] }),
      tx.auditCampaign.findUniqueOrThrow({ where: { id: campaignId }, select: { dimensions: true } }),
    ]);
    const criterion = audited.get(criterionId);
    if (!criterion) throw notFound('A disagreement on this criterion');
    const fieldErrors = goldTextErrors(input, criterion);
    const outside = input.dimensions.filter((dimension) => !campaign.dimensions.includes(dimension));
    if (outside.length) fieldErrors.dimensions = [`This campaign does not audit ${outside.join(', ').toLowerCase()}`];
    if (Object.keys(fieldErrors).length) throw invalid('Please correct the highlighted fields.', fieldErrors);

    const fields = {
      reviewerId,
      goldDecision: input.goldDecision,
      dimensions: input.dimensions,
      weightDirection: input.weightDirection,
      goldText: input.goldText ?? Prisma.DbNull,
      rationale: input.rationale,
    };
    const saved = stored
      ? await tx.adjudication.update({ where, data: { ...fields, rowVersion: { increment: 1 } }, select: ADJUDICATION_FIELDS })
      : await tx.adjudication.create({ data: { ...fields, campaignId, criterionId }, select: ADJUDICATION_FIELDS });
    const adjudication = toAdjudicationView(saved);
    await recordEvent(tx, {
      actorId: reviewerId,
      action: stored ? 'adjudication.update' : 'adjudication.create',
      entityType: 'adjudication',
      entityId: `${campaignId}:${criterionId}`,
      before: current ? snapshot(current) : undefined,
      after: snapshot(adjudication),
    });
    return { status: 'saved', created: !stored, adjudication };
  });
}
