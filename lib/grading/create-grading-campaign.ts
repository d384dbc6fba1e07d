// Creates a grading campaign: a campaign of kind GRADING whose units are the sampled responses (grading_units),
// who grades them and how many clinicians grade each response (k). Responses are offered in a fixed order (a
// hash of campaign and response) so the claim's fullest-first tie-break is stable.
import 'server-only';
import type { SessionUser } from '@/lib/auth/roles';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { invalid } from '@/lib/errors';
import { sampleResponses } from '@/lib/grading/sample-responses';
import type { CreateGradingCampaignInput } from '@/lib/grading/schemas';

export async function createGradingCampaign({ actor, input }: { actor: SessionUser; input: CreateGradingCampaignInput }) {
  const expertIds = [...new Set(input.expertIds)];
  return await prisma.$transaction(
    async (tx) => {
      const experts = await tx.user.findMany({ where: { id: { in: expertIds }, role: 'EXPERT', active: true }, select: { id: true } });
      if (experts.length !== expertIds.length)
        throw invalid('Some chosen clinicians are not active experts.', { expertIds: ['Choose active experts only'] });
      const campaign = await tx.auditCampaign.create({
        data: {
          kind: 'GRADING',
          name: input.name,
          description: input.description ?? null,
          instructions: input.instructions ?? null,
          overlapK: input.overlapK,
          dimensions: [],
          deadline: input.deadline ?? null,
          reservationMinutes: input.reservationMinutes,
          selection: input.selection,
          createdById: actor.id,
          experts: { create: expertIds.map((userId) => ({ userId })) },
        },
        select: { id: true },
      });
      const { sql } = await sampleResponses(tx, input.selection);
      const responses = await tx.$executeRaw`
        INSERT INTO grading_units (campaign_id, response_id, query_id, overlap_k, sort_key)
        SELECT ${campaign.id}, s.response_id, s.query_id, ${input.overlapK}, hashint4(s.response_id * 31 + ${campaign.id})
        FROM (${sql}) s`;
      if (responses === 0) throw invalid('No responses match this selection.', { selection: ['Nothing to grade: widen the selection'] });
      await recordEvent(tx, {
        actorId: actor.id,
        action: 'grading.createCampaign',
        entityType: 'campaign',
        entityId: campaign.id,
        after: { name: input.name, overlapK: input.overlapK, experts: expertIds, responses, selection: input.selection },
      });
      return { id: campaign.id, responses };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
