// Campaign data for e2e tests, made through the domain functions in the Playwright process (DATABASE_URL is
// the e2e database): campaigns, and expert work without the expert screens (claim, verdicts, submit).
import { randomUUID } from 'node:crypto';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import type { Role, SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { DEMO_DATASET } from '@/lib/seed/seed-demo';
import { demoUser } from './fixtures';

export const ROLE_MATRIX_CAMPAIGN = 'Role-matrix sample campaign';

export async function userByEmail(email: string): Promise<SessionUser> {
  const user = await prisma.user.findUniqueOrThrow({
    where: { email },
    select: { id: true, email: true, name: true, role: true, specialties: true, active: true },
  });
  return { ...user, role: user.role as Role };
}

export async function demoDatasetId(): Promise<number> {
  return (await prisma.dataset.findUniqueOrThrow({ where: { name: DEMO_DATASET }, select: { id: true } })).id;
}

/** A campaign over the demo dataset's pending criteria of one department (departments keep tests apart). */
export async function createTestCampaign({
  name,
  department,
  expertEmails,
  overlapK = 1,
  maxQueries = 1,
  datasetId,
}: {
  name: string;
  department: string;
  expertEmails: string[];
  overlapK?: number;
  maxQueries?: number;
  /** The demo dataset unless a spec brings its own. */
  datasetId?: number;
}): Promise<{ id: number; queries: number; criteria: number }> {
  const admin = await userByEmail('admin@rubric-audit.local');
  const experts = await Promise.all(expertEmails.map(userByEmail));
  const input = createCampaignSchema.parse({
    name,
    overlapK,
    expertIds: experts.map((expert) => expert.id),
    selection: { mode: 'filter', datasetId: datasetId ?? (await demoDatasetId()), department, maxQueries },
  });
  return await createCampaign({ actor: admin, input });
}

/**
 * A one-query campaign of `department` for one demo expert, its query already reserved for them: the assignment
 * and the first criterion in the expert's order, for specs that start on the audit screen.
 */
export async function reservedDemoQuery({ name, department, expertIndex }: { name: string; department: string; expertIndex: number }) {
  const expert = await userByEmail(demoUser('EXPERT', expertIndex).email);
  const campaign = await createTestCampaign({ name: `${name} ${Date.now()}`, department, expertEmails: [expert.email] });
  const claim = await claimNext({ campaignId: campaign.id, expertId: expert.id });
  if (claim.kind === 'none') throw new Error(`nothing to claim: ${claim.reason}`);
  const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: claim.assignmentId } });
  return { expert, campaign, assignmentId: claim.assignmentId, criterionId: assignment.criterionOrder[0] as number };
}

/** An expert no demo page shows: campaigns made for a spec's own purposes name them. */
export const SAMPLE_EXPERT = 'sample-expert@rubric-audit.local';

/**
 * The role matrix needs a campaign page that exists: campaign 1, made here once before any test runs. Its
 * expert is not a demo account, so the demo experts' own campaign lists stay as the seed left them.
 */
export async function ensureRoleMatrixCampaign(): Promise<void> {
  if (await prisma.auditCampaign.findFirst({ where: { name: ROLE_MATRIX_CAMPAIGN } })) return;
  const email = SAMPLE_EXPERT;
  await prisma.user.upsert({
    where: { email },
    create: { id: randomUUID(), email, name: 'Sample Expert (e2e)', role: 'EXPERT', specialties: ['Pharmacology'] },
    update: {},
  });
  const created = await createTestCampaign({ name: ROLE_MATRIX_CAMPAIGN, department: 'Pharmacology', expertEmails: [email] });
  if (created.id !== 1) {
    throw new Error(`the role-matrix campaign got id ${created.id}; lib/auth/route-policy.ts samples /audit/campaigns/1`);
  }
}

/**
 * An expert claims the next query of a campaign, decides every criterion (accept, unless `decide` says
 * otherwise for a criterion id) spending `seconds(i)` on the i-th, and submits. Returns what was judged.
 */
export async function completeNextQuery(
  campaignId: number,
  email: string,
  seconds: (index: number) => number,
  decide: (criterionId: number) => Record<string, unknown> = () => ({ decision: 'ACCEPT' }),
) {
  const expert = await userByEmail(email);
  const claim = await claimNext({ campaignId, expertId: expert.id });
  if (claim.kind === 'none') throw new Error(`${email} found nothing to claim (${claim.reason})`);
  const assignment = await prisma.assignment.findUniqueOrThrow({
    where: { id: claim.assignmentId },
    select: { criterionOrder: true, rowVersion: true },
  });
  for (const [index, criterionId] of assignment.criterionOrder.entries()) {
    const draft = verdictDraftSchema.parse({
      assignmentId: claim.assignmentId,
      criterionId,
      rowVersion: 0,
      secondsDelta: seconds(index),
      ...decide(criterionId),
    });
    const saved = await saveVerdict({ expertId: expert.id, draft });
    if (saved.status !== 'saved') throw new Error('verdict conflict');
  }
  await submitAssignment({
    expertId: expert.id,
    input: { assignmentId: claim.assignmentId, rowVersion: assignment.rowVersion, comprehensiveness: 4 },
  });
  const criteria = await prisma.criterion.findMany({
    where: { id: { in: assignment.criterionOrder } },
    select: { id: true, title: true },
  });
  const titles = new Map(criteria.map((criterion) => [criterion.id, criterion.title]));
  return { criterionIds: assignment.criterionOrder, criterionTitles: assignment.criterionOrder.map((id) => titles.get(id) ?? '') };
}
