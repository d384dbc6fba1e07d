// Two experts, each holding one claimed assignment in the same campaign over the demo dataset, for tests that
// check one expert can never act on the other's work (ownership matrix, hostile form input).
import { randomUUID } from 'node:crypto';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { createCampaignSchema } from '@/lib/audit/schemas';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { seedDemo } from '@/lib/seed/seed-demo';

export interface TwoExperts {
  admin: SessionUser;
  campaignId: number;
  a: { user: SessionUser; assignmentId: number };
  b: { user: SessionUser; assignmentId: number };
}

export const sessionUser = (row: { id: string; email: string; name: string; role: string }): SessionUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as SessionUser['role'],
  specialties: [],
  active: true,
});

export async function setUpTwoExperts(): Promise<TwoExperts> {
  await seedDemo({ log: () => {} });
  const admin = sessionUser(await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } }));
  const datasetId = (await prisma.dataset.findFirstOrThrow()).id;
  const experts = await Promise.all(
    ['A', 'B'].map((label) =>
      prisma.user.create({
        data: { id: randomUUID(), email: `expert-${label}-${randomUUID()}@test.local`, name: `Expert ${label}`, role: 'EXPERT' },
      }),
    ),
  );
  const input = createCampaignSchema.parse({
    name: `Two experts ${randomUUID().slice(0, 8)}`,
    overlapK: 1,
    expertIds: experts.map((expert) => expert.id),
    selection: { mode: 'filter', datasetId, maxQueries: 4 },
  });
  const campaign = await createCampaign({ actor: admin, input });
  const claim = async (expertId: string) => {
    const result = await claimNext({ campaignId: campaign.id, expertId });
    if (!('assignmentId' in result)) throw new Error(`nothing to claim: ${JSON.stringify(result)}`);
    return result.assignmentId;
  };
  const [ea, eb] = experts.map(sessionUser) as [SessionUser, SessionUser];
  return {
    admin,
    campaignId: campaign.id,
    a: { user: ea, assignmentId: await claim(ea.id) },
    b: { user: eb, assignmentId: await claim(eb.id) },
  };
}
