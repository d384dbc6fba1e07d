// Missing-criterion proposals decided on a real PostgreSQL (docs/criterion-lifecycle.md "Missing criteria"):
// accepting creates exactly one criterion with origin EXPERT_PROPOSAL and a revision 0 that records who, when,
// from which campaign and proposal, and why; rejecting needs a note; two reviewers deciding at once never both
// win; an expert reads only their own proposals' decisions; and an accepted criterion is not released before an
// audit decides it, then is released like any other.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign, previewSelection } from '@/lib/audit/create-campaign';
import { getExpertAssignment, listExpertHistory } from '@/lib/audit/expert-view';
import { createCampaignSchema, selectionSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { DECIDED_PROPOSAL_MESSAGE, deleteProposal, saveProposal, saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import type { SessionUser } from '@/lib/auth/roles';
import { pgPool, prisma } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { acceptProposal } from '@/lib/missing-criteria/accept-proposal';
import { rejectProposalAction } from '@/lib/missing-criteria/actions';
import { countProposalDecisions } from '@/lib/missing-criteria/count-proposal-decisions';
import { listProposalQueue } from '@/lib/missing-criteria/list-proposal-queue';
import { rejectProposal } from '@/lib/missing-criteria/reject-proposal';
import { acceptProposalSchema } from '@/lib/missing-criteria/schemas';
import { rulesSchema } from '@/lib/releases/schemas';
import { stageCandidates } from '@/lib/releases/stage-candidates';
import { seedDemo } from '@/lib/seed/seed-demo';
import { sessionUser } from '@/tools/fixtures/two-experts';
import { runAsUser } from '@/tools/testing/request-user';
import { waitForLockWaiters } from '@/tools/testing/wait-for-lock-waiters';

let db: pg.Pool;
let datasetId: number;
let admin: SessionUser;
let reviewers: [SessionUser, SessionUser];

const newUser = async (role: 'EXPERT' | 'REVIEWER', label: string) =>
  sessionUser(
    await prisma.user.create({
      data: { id: randomUUID(), email: `${label}-${randomUUID()}@test.local`, name: `${label} ${randomUUID().slice(0, 4)}`, role },
    }),
  );

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  db = pgPool();
  datasetId = (await prisma.dataset.findFirstOrThrow()).id;
  admin = sessionUser(await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } }));
  reviewers = [await newUser('REVIEWER', 'Reviewer A'), await newUser('REVIEWER', 'Reviewer B')];
}, 120_000);

/** A campaign of k experts over one query, each expert holding a claim on it. */
async function campaignOnOneQuery(experts: SessionUser[], extra: Record<string, unknown> = {}) {
  const campaign = await createCampaign({
    actor: admin,
    input: createCampaignSchema.parse({
      name: `Missing ${randomUUID().slice(0, 8)}`,
      overlapK: experts.length,
      expertIds: experts.map((expert) => expert.id),
      selection: { mode: 'filter', datasetId, maxQueries: 1, ...extra },
    }),
  });
  const assignments: number[] = [];
  for (const expert of experts) {
    const claim = await claimNext({ campaignId: campaign.id, expertId: expert.id });
    if (claim.kind === 'none') throw new Error(`nothing to claim: ${claim.reason}`);
    assignments.push(claim.assignmentId);
  }
  return { campaignId: campaign.id, assignments };
}

const proposalText = (title: string) => ({
  rowVersion: 0,
  title,
  description: `${title}: the answer should say so.`,
  tier: 'ESSENTIAL' as const,
  points: 6,
  redLine: false,
  tags: ['axis:completeness'],
  rationale: `Without “${title}” the set misses a safety point.`,
});

/** Accepts every criterion of the assignment and submits it. */
async function submit(expert: SessionUser, assignmentId: number) {
  const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
  for (const criterionId of assignment.criterionOrder) {
    await saveVerdict({
      expertId: expert.id,
      draft: verdictDraftSchema.parse({ assignmentId, criterionId, rowVersion: 0, decision: 'ACCEPT', secondsDelta: 10 }),
    });
  }
  const current = await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
  await submitAssignment({ expertId: expert.id, input: { assignmentId, rowVersion: current.rowVersion, comprehensiveness: 3 } });
}

const acceptInput = (proposalId: number, expectedRowVersion: number, overrides: Record<string, unknown> = {}) =>
  acceptProposalSchema.parse({
    proposalId,
    expectedRowVersion,
    title: 'Asks about allergies before any drug',
    description: 'Asks whether the patient has drug allergies.',
    tier: 'ESSENTIAL',
    points: 7,
    redLine: true,
    tags: 'axis:completeness, edited',
    note: 'Good catch; tier kept, points raised.',
    ...overrides,
  });

const rejectedMessage = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof DomainError ? error.message : Promise.reject(error)),
  );

describe('accepting a proposal', () => {
  it('creates exactly one criterion with origin EXPERT_PROPOSAL, status PENDING and a revision 0 with its provenance', async () => {
    const expert = await newUser('EXPERT', 'Proposer');
    const { campaignId, assignments } = await campaignOnOneQuery([expert]);
    const assignmentId = assignments[0] as number;
    const saved = await saveProposal({ expertId: expert.id, input: { assignmentId, ...proposalText('Allergy check') } });

    // A draft (the query not yet submitted) is not in the queue, not counted, and cannot be decided.
    expect((await listProposalQueue({ campaignId, decision: 'PENDING' })).items).toEqual([]);
    expect(await countProposalDecisions({ campaignId })).toEqual({ PENDING: 0, ACCEPTED: 0, REJECTED: 0 });
    expect(await rejectedMessage(acceptProposal({ reviewerId: reviewers[0].id, input: acceptInput(saved.id, saved.rowVersion) }))).toMatch(
      /still a draft/,
    );

    await submit(expert, assignmentId);
    const queue = await listProposalQueue({ campaignId, decision: 'PENDING' });
    expect(queue.items.map((item) => [item.id, item.expert.name, item.rationale])).toEqual([
      [saved.id, expert.name, 'Without “Allergy check” the set misses a safety point.'],
    ]);
    const queryId = (await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } })).queryId;
    const before = await prisma.criterion.count({ where: { queryId } });
    expect(queue.items[0]?.query.criteria).toHaveLength(before);
    expect(await countProposalDecisions({ campaignId })).toEqual({ PENDING: 1, ACCEPTED: 0, REJECTED: 0 });

    const accepted = await acceptProposal({ reviewerId: reviewers[0].id, input: acceptInput(saved.id, saved.rowVersion) });
    expect(await prisma.criterion.count({ where: { queryId } })).toBe(before + 1);
    const created = await prisma.criterion.findUniqueOrThrow({
      where: { id: accepted.criterionId },
      include: { provenance: true, revisions: true },
    });
    expect(created).toMatchObject({
      queryId,
      datasetId,
      title: 'Asks about allergies before any drug',
      description: 'Asks whether the patient has drug allergies.',
      tier: 'ESSENTIAL',
      points: 7,
      redLine: true,
      tags: ['axis:completeness', 'edited'],
      status: 'PENDING',
      finalCampaignId: null,
      revision: 0,
      key: `missing-proposal-${saved.id}`,
    });
    expect(created.provenance?.origin).toBe('EXPERT_PROPOSAL');
    expect(created.revisions).toEqual([
      expect.objectContaining({
        revision: 0,
        source: 'MISSING_PROPOSAL',
        title: 'Asks about allergies before any drug',
        points: 7,
        campaignId,
        proposalId: saved.id,
        authorId: reviewers[0].id,
        reason: 'Good catch; tier kept, points raised.',
      }),
    ]);
    const proposal = await prisma.missingCriterionProposal.findUniqueOrThrow({ where: { id: saved.id } });
    expect(proposal).toMatchObject({
      decision: 'ACCEPTED',
      resultingCriterionId: accepted.criterionId,
      decidedById: reviewers[0].id,
      decisionNote: 'Good catch; tier kept, points raised.',
      // The expert's own words stay on the proposal; the criterion has the reviewer's edit.
      title: 'Allergy check',
      points: 6,
    });
    expect(proposal.decidedAt).toBeInstanceOf(Date);
    expect(await countProposalDecisions({ campaignId })).toEqual({ PENDING: 0, ACCEPTED: 1, REJECTED: 0 });

    // A "never audited" campaign would take it (and only it, filtered by its title).
    const preview = await previewSelection(
      selectionSchema.parse({ mode: 'filter', datasetId, audit: 'new', q: 'allergies before any drug' }),
    );
    expect(preview.criteria).toBe(1);

    // The decision is final: the expert can no longer change or remove the proposal, nor can a reviewer decide again.
    expect(
      await rejectedMessage(
        saveProposal({
          expertId: expert.id,
          input: { assignmentId, proposalId: saved.id, ...proposalText('Changed'), rowVersion: proposal.rowVersion },
        }),
      ),
    ).toBe(DECIDED_PROPOSAL_MESSAGE);
    expect(await rejectedMessage(deleteProposal({ expertId: expert.id, assignmentId, proposalId: saved.id }))).toBe(
      DECIDED_PROPOSAL_MESSAGE,
    );
    expect(
      await rejectedMessage(
        rejectProposal({
          reviewerId: reviewers[1].id,
          input: { proposalId: saved.id, expectedRowVersion: proposal.rowVersion, note: 'no' },
        }),
      ),
    ).toMatch(new RegExp(`${reviewers[0].name} already accepted this proposal`));
    expect(await prisma.criterion.count({ where: { queryId } })).toBe(before + 1);
  });

  it('refuses a decision based on a proposal the expert has edited since', async () => {
    const expert = await newUser('EXPERT', 'Editor');
    const { assignments } = await campaignOnOneQuery([expert]);
    const assignmentId = assignments[0] as number;
    const saved = await saveProposal({ expertId: expert.id, input: { assignmentId, ...proposalText('First wording') } });
    await submit(expert, assignmentId);
    // The reviewer read version 1; the expert amends the submitted proposal to version 2.
    await saveProposal({
      expertId: expert.id,
      input: { assignmentId, proposalId: saved.id, ...proposalText('Second wording'), rowVersion: 1 },
    });
    expect(await rejectedMessage(acceptProposal({ reviewerId: reviewers[0].id, input: acceptInput(saved.id, 1) }))).toMatch(
      /expert changed this proposal/,
    );
    expect(await prisma.criterion.count({ where: { key: `missing-proposal-${saved.id}` } })).toBe(0);
    expect((await prisma.missingCriterionProposal.findUniqueOrThrow({ where: { id: saved.id } })).decision).toBe('PENDING');
  });
});

describe('rejecting a proposal', () => {
  it('needs a note (form, action and database), and may name the query criterion it duplicates', async () => {
    const expert = await newUser('EXPERT', 'Rejected');
    const { campaignId, assignments } = await campaignOnOneQuery([expert]);
    const assignmentId = assignments[0] as number;
    const saved = await saveProposal({ expertId: expert.id, input: { assignmentId, ...proposalText('Already covered') } });
    await submit(expert, assignmentId);

    for (const note of [undefined, '', '   ']) {
      const result = await runAsUser(reviewers[0], () =>
        rejectProposalAction({ proposalId: saved.id, expectedRowVersion: 1, note: note as string }),
      );
      expect(result).toMatchObject({ ok: false, code: 'INVALID', fieldErrors: { note: ['Say why the proposal is rejected'] } });
    }
    // The database refuses a rejection without a note too, whatever writes it.
    await expect(
      prisma.missingCriterionProposal.update({ where: { id: saved.id }, data: { decision: 'REJECTED', decidedAt: new Date() } }),
    ).rejects.toThrow(/manual_missing_criterion_proposals_decision_complete/);

    // A "duplicate" of another query's criterion is refused and nothing is stored.
    const queryId = (await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } })).queryId;
    const elsewhere = await prisma.criterion.findFirstOrThrow({ where: { queryId: { not: queryId } } });
    const wrong = await runAsUser(reviewers[0], () =>
      rejectProposalAction({ proposalId: saved.id, expectedRowVersion: 1, note: 'dup', duplicateOfCriterionId: elsewhere.id }),
    );
    expect(wrong).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { duplicateOfCriterionId: ['Choose one of this query’s criteria'] },
    });
    expect((await prisma.missingCriterionProposal.findUniqueOrThrow({ where: { id: saved.id } })).decision).toBe('PENDING');

    const same = await prisma.criterion.findFirstOrThrow({ where: { queryId } });
    const result = await runAsUser(reviewers[0], () =>
      rejectProposalAction({
        proposalId: saved.id,
        expectedRowVersion: 1,
        note: 'Criterion 1 says this.',
        duplicateOfCriterionId: same.id,
      }),
    );
    expect(result).toMatchObject({ ok: true, message: 'Rejected. The expert sees your note.' });
    expect(await prisma.missingCriterionProposal.findUniqueOrThrow({ where: { id: saved.id } })).toMatchObject({
      decision: 'REJECTED',
      decisionNote: 'Criterion 1 says this.',
      duplicateOfCriterionId: same.id,
      decidedById: reviewers[0].id,
      resultingCriterionId: null,
    });
    expect(await countProposalDecisions({ campaignId })).toEqual({ PENDING: 0, ACCEPTED: 0, REJECTED: 1 });
    expect(await prisma.criterion.count({ where: { key: `missing-proposal-${saved.id}` } })).toBe(0);
  });
});

describe('two reviewers deciding at once', () => {
  it('exactly one decision wins; the other is told who decided, and one criterion exists', async () => {
    const expert = await newUser('EXPERT', 'Raced');
    const { assignments } = await campaignOnOneQuery([expert]);
    const assignmentId = assignments[0] as number;
    const saved = await saveProposal({ expertId: expert.id, input: { assignmentId, ...proposalText('Raced point') } });
    await submit(expert, assignmentId);

    // A third connection holds the proposal's row; both decisions queue behind it (proved from pg_locks).
    const holder = await db.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM missing_criterion_proposals WHERE id = $1 FOR UPDATE', [saved.id]);
      const accept = rejectedMessage(acceptProposal({ reviewerId: reviewers[0].id, input: acceptInput(saved.id, 1) }));
      const reject = rejectedMessage(
        rejectProposal({ reviewerId: reviewers[1].id, input: { proposalId: saved.id, expectedRowVersion: 1, note: 'Not needed.' } }),
      );
      await waitForLockWaiters(db, { count: 2 });
      await holder.query('COMMIT');
      const [accepted, rejected] = await Promise.all([accept, reject]);
      const stored = await prisma.missingCriterionProposal.findUniqueOrThrow({ where: { id: saved.id } });
      const criteria = await prisma.criterion.count({ where: { key: `missing-proposal-${saved.id}` } });
      if (accepted === null) {
        expect(rejected).toMatch(new RegExp(`^${reviewers[0].name} already accepted this proposal at .* Your decision was not saved`));
        expect(stored).toMatchObject({ decision: 'ACCEPTED', decidedById: reviewers[0].id, rowVersion: 2 });
        expect(criteria).toBe(1);
      } else {
        expect(rejected).toBeNull();
        expect(accepted).toMatch(new RegExp(`^${reviewers[1].name} already rejected this proposal at .* Your decision was not saved`));
        expect(stored).toMatchObject({ decision: 'REJECTED', decidedById: reviewers[1].id, rowVersion: 2, resultingCriterionId: null });
        expect(criteria).toBe(0);
      }
    } finally {
      holder.release();
    }
  });
});

describe('what the proposing expert sees', () => {
  it('their own proposals with the decision and note; nothing of another expert’s proposal or of who decided', async () => {
    const [a, b] = [await newUser('EXPERT', 'Own A'), await newUser('EXPERT', 'Own B')];
    const { assignments } = await campaignOnOneQuery([a, b]);
    const [assignmentA, assignmentB] = assignments as [number, number];
    const mine = await saveProposal({ expertId: a.id, input: { assignmentId: assignmentA, ...proposalText('Mine to accept') } });
    const theirs = await saveProposal({ expertId: b.id, input: { assignmentId: assignmentB, ...proposalText('THEIRS-SECRET') } });
    await submit(a, assignmentA);
    await submit(b, assignmentB);
    await acceptProposal({ reviewerId: reviewers[0].id, input: acceptInput(mine.id, 1, { note: 'NOTE-FOR-A' }) });
    await rejectProposal({ reviewerId: reviewers[1].id, input: { proposalId: theirs.id, expectedRowVersion: 1, note: 'NOTE-FOR-B' } });

    const viewA = await getExpertAssignment({ assignmentId: assignmentA, expertId: a.id });
    expect(viewA?.proposals).toEqual([
      expect.objectContaining({ id: mine.id, title: 'Mine to accept', decision: 'ACCEPTED', decisionNote: 'NOTE-FOR-A' }),
    ]);
    const viewB = await getExpertAssignment({ assignmentId: assignmentB, expertId: b.id });
    expect(viewB?.proposals).toEqual([expect.objectContaining({ id: theirs.id, decision: 'REJECTED', decisionNote: 'NOTE-FOR-B' })]);
    const sentToA = JSON.stringify([viewA, await listExpertHistory(a.id)]);
    for (const leak of ['THEIRS-SECRET', 'NOTE-FOR-B', reviewers[0].name, reviewers[1].name, 'decidedBy', 'resultingCriterion'])
      expect(sentToA).not.toContain(leak);
    // The accepted criterion joins the query, not the set this campaign audits (the expert's view is unchanged).
    const order = (await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentA } })).criterionOrder;
    expect(viewA?.criteria.map((criterion) => criterion.id)).toEqual(order);
    // Another expert's assignment id is simply not found.
    expect(await getExpertAssignment({ assignmentId: assignmentB, expertId: a.id })).toBeNull();
    expect((await listExpertHistory(a.id)).find((row) => row.assignmentId === assignmentA)?.proposals).toEqual({
      PENDING: 0,
      ACCEPTED: 1,
      REJECTED: 0,
    });
  });
});

describe('releases', () => {
  it('leave an accepted criterion out as never audited until an audit decides it, then release it like any other', async () => {
    const expert = await newUser('EXPERT', 'Released');
    const { assignments } = await campaignOnOneQuery([expert]);
    const assignmentId = assignments[0] as number;
    const saved = await saveProposal({ expertId: expert.id, input: { assignmentId, ...proposalText('Release point') } });
    await submit(expert, assignmentId);
    const { criterionId } = await acceptProposal({
      reviewerId: reviewers[0].id,
      input: acceptInput(saved.id, 1, { title: 'Names the release-gate warning signs' }),
    });

    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] });
    const candidate = async () => {
      const client = await db.connect();
      try {
        await client.query('BEGIN');
        await stageCandidates(client, rules);
        const { rows } = await client.query<{ excluded: string | null; final_decision: string | null }>(
          'SELECT excluded, final_decision FROM release_candidates WHERE criterion_id = $1',
          [criterionId],
        );
        return rows;
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };
    expect(await candidate()).toEqual([{ excluded: 'not_audited', final_decision: null }]);

    // A "never audited" campaign takes it; one expert accepts it (k = 1): final, verified, released.
    const { campaignId, assignments: reaudit } = await campaignOnOneQuery([expert], { audit: 'new', q: 'release-gate warning signs' });
    expect(await prisma.campaignCriterion.findMany({ where: { campaignId }, select: { criterionId: true } })).toEqual([{ criterionId }]);
    await submit(expert, reaudit[0] as number);
    expect(await prisma.criterion.findUniqueOrThrow({ where: { id: criterionId } })).toMatchObject({
      status: 'VERIFIED',
      finalCampaignId: campaignId,
    });
    expect(await candidate()).toEqual([{ excluded: null, final_decision: 'ACCEPT' }]);
  });
});
