// Real objects behind every dynamic route of lib/auth/route-policy.ts, made once per e2e run through the domain
// functions (Pediatrics only, so no other spec's figures move): a k = 2 campaign two experts audited with one
// disagreement (an assignment, an adjudication item), an expert's proposal with evidence, a pairwise run with a
// pair claimed by a reviewer and by the admin, a judge endpoint and call, and a draft and a frozen release.
// e2e/every-page.spec.ts walks every page with them; the URLs per role come from pageWalkUrls().
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { prisma } from '@/lib/db';
import { createRelease } from '@/lib/releases/create-release';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { createReleaseSchema } from '@/lib/releases/schemas';
import { ROUTE_POLICY } from '@/lib/auth/route-policy';
import type { Role } from '@/lib/auth/roles';
import { createProposal } from '@/lib/meta-rubrics/save-proposal';
import { createProposalSchema } from '@/lib/meta-rubrics/schemas';
import { claimNextPair } from '@/lib/pairwise/claim-next';
import { seedPairwiseRun } from '@/tools/fixtures/seed-pairwise-run';
import { savePreference } from '@/lib/pairwise/judgments';
import { saveEndpoint, endpointSchema } from '@/lib/judge/endpoints';
import { createUser } from '@/lib/users/create-user';
import { claimGradingResponse } from '@/lib/grading/claim-grading-response';
import { createGradingCampaign } from '@/lib/grading/create-grading-campaign';
import { createGradingCampaignSchema } from '@/lib/grading/schemas';
import { completeNextQuery, createTestCampaign, demoDatasetId, userByEmail } from './campaign-fixtures';
import { signIn, storageStateFor } from './fixtures';

const DEPARTMENT = 'Pediatrics';
export const WALK_PASSWORD = 'page-walk-pass-1';
export const WALK_USERS = {
  EXPERT: { email: 'walk-expert-a@rubric-audit.local', name: 'Dr. Walk Expert With A Rather Long Name' },
  EXPERT_B: { email: 'walk-expert-b@rubric-audit.local', name: 'Dr. Second Walk Expert' },
  REVIEWER: { email: 'walk-reviewer@rubric-audit.local', name: 'Walk Reviewer' },
} as const;

export interface PageWalkIds {
  campaignId: number;
  assignmentId: number;
  adjudication: { campaignId: number; criterionId: number };
  criterionId: number;
  metaRubricId: number;
  versionNumber: number;
  proposalId: number;
  pairwiseRunId: number;
  /** The walk expert's grading assignment (one response of the demo dataset, reserved, not submitted). */
  gradingAssignmentId: number;
  /** The walk's grading campaign (its admin page). */
  gradingCampaignId: number;
  /** A grading run (with no clinician-graded item: the agreement page's empty state). */
  gradeRunId: number;
  reviewerJudgmentId: number;
  adminJudgmentId: number;
  endpointId: number;
  callId: number;
  draftReleaseId: number;
  frozenReleaseId: number;
}

async function ensureUser(key: keyof typeof WALK_USERS, role: Role) {
  const { email, name } = WALK_USERS[key];
  if (!(await prisma.user.findUnique({ where: { email } }))) {
    await createUser({ actorId: null, input: { email, name, role, password: WALK_PASSWORD, specialties: [DEPARTMENT] } });
  }
  return await userByEmail(email);
}

/** Makes the objects (first call of the run) or finds them again (the marker is the campaign's name). */
export async function ensurePageWalkData(): Promise<PageWalkIds> {
  const campaignName = 'Page walk (every page at 390 px)';
  const expert = await ensureUser('EXPERT', 'EXPERT');
  const expertB = await ensureUser('EXPERT_B', 'EXPERT');
  const reviewer = await ensureUser('REVIEWER', 'REVIEWER');
  const admin = await userByEmail('admin@rubric-audit.local');
  const existing = await prisma.auditCampaign.findFirst({ where: { name: campaignName }, select: { id: true } });
  if (!existing) {
    const campaign = await createTestCampaign({
      name: campaignName,
      department: DEPARTMENT,
      expertEmails: [expert.email, expertB.email],
      overlapK: 2,
      maxQueries: 1,
    });
    const first = await completeNextQuery(campaign.id, expert.email, () => 6);
    const disputed = Math.min(...first.criterionIds);
    await completeNextQuery(
      campaign.id,
      expertB.email,
      () => 7,
      (criterionId) =>
        criterionId === disputed
          ? { decision: 'REJECT', dimensions: ['CORRECTNESS'], severity: 'HIGH', comment: 'Not what the guideline says' }
          : { decision: 'ACCEPT' },
    );
    const rubric = await prisma.metaRubric.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { id: true } });
    const active = await prisma.metaRubricVersion.findFirstOrThrow({ where: { metaRubricId: rubric.id, status: 'ACTIVE' } });
    const principle = (active.principles as { id: string }[])[0];
    const verdict = await prisma.verdict.findFirstOrThrow({ where: { criterionId: disputed, expertId: expert.id } });
    await createProposal({
      user: expert,
      input: createProposalSchema.parse({
        metaRubricId: rubric.id,
        title: 'Page walk: drop the first principle',
        rationale: 'A proposal so that every proposal page has something to show.',
        changes: [{ op: 'remove', principleId: principle?.id }],
        evidence: [{ criterionId: disputed, verdictId: verdict.id, note: 'The experts disagreed here.' }],
      }),
    });
    const query = await prisma.query.findFirstOrThrow({
      where: { department: DEPARTMENT, responses: { some: { isIdeal: false } } },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    const seeded = await seedPairwiseRun({
      pairs: [
        {
          queryId: query.id,
          criteria: [
            { title: 'Weight-based paracetamol dose', score: 2 },
            { title: 'Safety-net advice', score: -1 },
          ],
        },
      ],
    });
    for (const holder of [reviewer, admin]) {
      const claim = await claimNextPair({ runId: seeded.runId, reviewerId: holder.id });
      if (claim.kind === 'none') throw new Error('the page walk pair could not be claimed');
      // The reviewer's pair is past its blind step, so its page shows the judge's criteria too.
      if (holder === reviewer) {
        const { rowVersion } = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: claim.judgmentId } });
        await savePreference({
          reviewerId: holder.id,
          input: { judgmentId: claim.judgmentId, rowVersion, preference: 1, keyDifferences: { aspects: [], note: null }, secondsDelta: 5 },
        });
      }
    }
    const endpoint = await saveEndpoint({
      actor: admin,
      input: endpointSchema.parse({
        name: `Page walk endpoint ${randomUUID().slice(0, 6)}`,
        baseUrl: 'http://127.0.0.1:9/v1',
        model: 'walk-model',
      }),
    });
    await prisma.judgeCall.create({
      data: {
        requestHash: randomUUID(),
        endpointId: endpoint.id,
        model: 'walk-model',
        promptTemplate: 'grade',
        promptVersion: 'v1',
        request: { messages: [{ role: 'user', content: 'A page walk call.' }] },
        rawOutput: '{"explanation":"ok","criteria_met":true}',
        parsed: { explanation: 'ok', criteria_met: true },
        status: 'SUCCEEDED',
        attempts: 1,
        promptTokens: 120,
        completionTokens: 20,
        latencyMs: 840,
      },
    });
    const rules = { datasetIds: [await demoDatasetId()], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] };
    const frozen = await createRelease({ actor: admin, input: createReleaseSchema.parse({ name: 'Page walk frozen', rules }) });
    await freezeRelease({ actor: admin, releaseId: frozen.id });
    await createRelease({ actor: admin, input: createReleaseSchema.parse({ name: 'Page walk draft', rules }) });
  }
  const campaign = await prisma.auditCampaign.findFirstOrThrow({ where: { name: campaignName }, select: { id: true } });
  const assignment = await prisma.assignment.findFirstOrThrow({ where: { campaignId: campaign.id, expertId: expert.id } });
  const verdicts = await prisma.verdict.findMany({
    where: { assignment: { campaignId: campaign.id }, decision: 'REJECT' },
    select: { criterionId: true },
  });
  const disputed = verdicts[0]?.criterionId ?? 0;
  const proposal = await prisma.metaRubricProposal.findFirstOrThrow({ where: { authorId: expert.id }, orderBy: { id: 'asc' } });
  const version = await prisma.metaRubricVersion.findFirstOrThrow({
    where: { metaRubricId: proposal.metaRubricId },
    orderBy: { number: 'asc' },
  });
  const reviewerJudgment = await prisma.reviewerJudgment.findFirstOrThrow({
    where: { reviewerId: reviewer.id },
    select: { id: true, comparison: { select: { runId: true } } },
  });
  const runId = reviewerJudgment.comparison.runId ?? 0;
  const adminJudgment = await prisma.reviewerJudgment.findFirstOrThrow({ where: { reviewerId: admin.id, comparison: { runId } } });
  const endpoint = await prisma.judgeEndpoint.findFirstOrThrow({ where: { model: 'walk-model' }, select: { id: true } });
  const call = await prisma.judgeCall.findFirstOrThrow({ where: { model: 'walk-model' }, select: { id: true } });
  const gradeRun =
    (await prisma.judgeRun.findFirst({ where: { kind: 'GRADE', promptTemplate: 'walk' }, select: { id: true } })) ??
    (await prisma.judgeRun.create({
      data: { kind: 'GRADE', status: 'SUCCEEDED', params: {}, scope: {}, promptTemplate: 'walk', promptVersion: 'v1' },
      select: { id: true },
    }));
  const gradingName = 'Page walk grading';
  const grading =
    (await prisma.auditCampaign.findFirst({ where: { name: gradingName }, select: { id: true } })) ??
    (await createGradingCampaign({
      actor: admin,
      input: createGradingCampaignSchema.parse({
        name: gradingName,
        overlapK: 1,
        expertIds: [expert.id],
        selection: { datasetId: await demoDatasetId(), responses: 1 },
      }),
    }));
  const gradingClaim = await claimGradingResponse({ campaignId: grading.id, expertId: expert.id });
  if (gradingClaim.kind === 'none') throw new Error('the page walk response could not be claimed');
  const release = async (name: string) => (await prisma.release.findFirstOrThrow({ where: { name }, select: { id: true } })).id;
  return {
    gradingAssignmentId: gradingClaim.assignmentId,
    gradingCampaignId: grading.id,
    campaignId: campaign.id,
    assignmentId: assignment.id,
    adjudication: { campaignId: campaign.id, criterionId: disputed },
    criterionId: disputed,
    metaRubricId: proposal.metaRubricId,
    versionNumber: version.number,
    proposalId: proposal.id,
    pairwiseRunId: runId,
    gradeRunId: gradeRun.id,
    reviewerJudgmentId: reviewerJudgment.id,
    adminJudgmentId: adminJudgment.id,
    endpointId: endpoint.id,
    callId: call.id,
    draftReleaseId: await release('Page walk draft'),
    frozenReleaseId: await release('Page walk frozen'),
  };
}

/** Every page a role may open, as URLs with the walk's real ids (API routes and the sign-in page left out). */
export function pageWalkUrls(role: Role, ids: PageWalkIds): string[] {
  const judgment = role === 'ADMIN' ? ids.adminJudgmentId : ids.reviewerJudgmentId;
  const filled: Record<string, string[]> = {
    '/audit/work/[id]': [`/audit/work/${ids.assignmentId}`],
    '/audit/campaigns/[id]': [`/audit/campaigns/${ids.campaignId}`],
    '/audit/grading/work/[id]': [`/audit/grading/work/${ids.gradingAssignmentId}`],
    '/audit/grading/[id]': [`/audit/grading/${ids.gradingCampaignId}`],
    '/adjudication/[campaignId]/[criterionId]': [`/adjudication/${ids.adjudication.campaignId}/${ids.adjudication.criterionId}`],
    '/meta-rubrics/[id]': [`/meta-rubrics/${ids.metaRubricId}`],
    '/meta-rubrics/[id]/versions/[number]': [`/meta-rubrics/${ids.metaRubricId}/versions/${ids.versionNumber}`],
    '/meta-rubrics/[id]/compare': [`/meta-rubrics/${ids.metaRubricId}/compare?a=${ids.versionNumber}&b=${ids.versionNumber}`],
    '/meta-rubrics/[id]/proposals/new': [`/meta-rubrics/${ids.metaRubricId}/proposals/new`],
    '/meta-rubrics/[id]/proposals/[proposalId]': [`/meta-rubrics/${ids.metaRubricId}/proposals/${ids.proposalId}`],
    '/pairwise/review/[id]': [`/pairwise/review/${judgment}`],
    '/judge/endpoints/[id]': [`/judge/endpoints/${ids.endpointId}`],
    '/judge/endpoints/[id]/diagnostics': [`/judge/endpoints/${ids.endpointId}/diagnostics`],
    '/judge/runs/[id]': [`/judge/runs/${ids.pairwiseRunId}`],
    '/judge/runs/[id]/agreement': [`/judge/runs/${ids.gradeRunId}/agreement`],
    '/judge/calls/[id]': [`/judge/calls/${ids.callId}`],
    '/releases/[id]': [`/releases/${ids.draftReleaseId}`, `/releases/${ids.frozenReleaseId}`],
    // Views of a page that change its layout: the criterion drawer, a scoped dashboard, a run's analytics.
    '/criteria': ['/criteria', `/criteria?open=${ids.criterionId}`],
    '/analytics': ['/analytics', `/analytics?campaign=${ids.campaignId}&by=expert`],
    '/pairwise/analytics': ['/pairwise/analytics', `/pairwise/analytics?run=${ids.pairwiseRunId}`],
  };
  return ROUTE_POLICY.filter((policy) => policy.kind === 'page' && policy.roles !== 'public' && policy.roles.includes(role)).flatMap(
    (policy) => filled[policy.route] ?? [policy.route],
  );
}

/** A page signed in as the walk's own expert or reviewer (their objects are the walk's), or the demo admin. */
export async function openAs(browser: Browser, role: Role, options: Parameters<Browser['newContext']>[0]): Promise<Page> {
  const context = await browser.newContext({ ...options, ...(role === 'ADMIN' ? { storageState: storageStateFor('ADMIN') } : {}) });
  const page = await context.newPage();
  if (role !== 'ADMIN') await signIn(page, WALK_USERS[role].email, WALK_PASSWORD);
  return page;
}
