import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { listExpertEvidenceOptions } from '@/lib/audit/expert-view';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import type { Role, SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import { prisma } from '@/lib/db';
import { DEFAULT_GENERATION_RULES } from '@/lib/meta-rubrics/generation-rules';
import {
  approveProposalAction,
  commentOnProposalAction,
  createProposalAction,
  rejectProposalAction,
  requestChangesAction,
  updateProposalAction,
  withdrawProposalAction,
} from '@/lib/meta-rubrics/actions';
import { getMetaRubric, getProposal, getVersion, listMetaRubrics, listProposals } from '@/lib/meta-rubrics/read-meta-rubrics';
import { type Principle, principleSchema } from '@/lib/meta-rubrics/schemas';
import { DEFAULT_SCORING_PROFILE } from '@/lib/meta-rubrics/scoring-profile';
import { seedDemo } from '@/lib/seed/seed-demo';

let admin: SessionUser;
let reviewer: SessionUser;
let datasetId: number;

const asUser = (row: { id: string; email: string; name: string }, role: Role): SessionUser => ({
  ...row,
  role,
  specialties: [],
  active: true,
});

async function sessionUser(role: Role): Promise<SessionUser> {
  return asUser(await prisma.user.findFirstOrThrow({ where: { role } }), role);
}

async function newExpert(): Promise<SessionUser> {
  const id = randomUUID();
  const row = await prisma.user.create({
    data: { id, email: `expert-${id}@test.local`, name: `Expert ${id.slice(0, 4)}`, role: 'EXPERT' },
  });
  return asUser(row, 'EXPERT');
}

const principle = (id: string, text = `Text of ${id}.`): Principle =>
  principleSchema.parse({ id, title: `Principle ${id}`, text, tiers: ['ESSENTIAL'] });

async function newMetaRubric() {
  const suffix = randomUUID().slice(0, 8);
  return await prisma.metaRubric.create({
    data: {
      domain: `test-${suffix}`,
      name: `Test rubric ${suffix}`,
      versions: {
        create: {
          number: 1,
          status: 'ACTIVE',
          activatedAt: new Date(),
          principles: [principle('p-a', 'Escalate red flags early.'), principle('p-b')],
          generationRules: DEFAULT_GENERATION_RULES,
        },
      },
    },
  });
}

/** An expert who has submitted verdicts on one query; returns their verdict ids by criterion. */
async function expertWithVerdicts(department: string) {
  const expert = await newExpert();
  const campaign = await createCampaign({
    actor: admin,
    input: createCampaignSchema.parse({
      name: `Meta ${randomUUID().slice(0, 8)}`,
      overlapK: 1,
      expertIds: [expert.id],
      selection: { mode: 'filter', datasetId, department, maxQueries: 1 },
    }),
  });
  const claim = await claimNext({ campaignId: campaign.id, expertId: expert.id });
  if (claim.kind === 'none') throw new Error('nothing to claim');
  const criteria = await prisma.criterion.findMany({
    where: { campaignCriteria: { some: { campaignId: campaign.id } } },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  for (const criterion of criteria) {
    const draft = verdictDraftSchema.parse({
      assignmentId: claim.assignmentId,
      criterionId: criterion.id,
      rowVersion: 0,
      secondsDelta: 20,
      decision: 'REJECT',
      dimensions: ['CORRECTNESS'],
      comment: 'Escalation comes too late',
    });
    expect((await saveVerdict({ expertId: expert.id, draft })).status).toBe('saved');
  }
  const { rowVersion } = await prisma.assignment.findUniqueOrThrow({ where: { id: claim.assignmentId } });
  await submitAssignment({ expertId: expert.id, input: { assignmentId: claim.assignmentId, rowVersion, comprehensiveness: 4 } });
  const verdicts = await prisma.verdict.findMany({ where: { expertId: expert.id }, orderBy: { criterionId: 'asc' } });
  return { expert, verdicts };
}

const as = <T>(user: SessionUser, fn: () => Promise<T>) => runAsUser(user, fn);

const editP1 = {
  op: 'edit',
  principleId: 'p-a',
  principle: { ...principle('p-a'), text: 'Escalate red flags immediately, in the first sentence.' },
} as const;

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  admin = await sessionUser('ADMIN');
  reviewer = await sessionUser('REVIEWER');
  datasetId = (await prisma.dataset.findFirstOrThrow()).id;
});

describe('proposing a change', () => {
  it('an expert proposes with evidence from their own submitted verdicts only', async () => {
    const rubric = await newMetaRubric();
    const mine = await expertWithVerdicts('Cardiology');
    const theirs = await expertWithVerdicts('Endocrinology');
    const [own] = mine.verdicts;
    const [other] = theirs.verdicts;
    if (!own || !other) throw new Error('verdicts');

    // The expert's picker lists their own verdicts and nothing else.
    const options = await listExpertEvidenceOptions(mine.expert.id);
    expect(options.map((option) => option.verdictId).sort()).toEqual(mine.verdicts.map((v) => v.id).sort());
    expect(JSON.stringify(options)).not.toMatch(/generatorModel|metaRubricVersion|consensus/);

    const input = {
      metaRubricId: rubric.id,
      title: 'Escalate in the first sentence',
      rationale: 'Criteria accepted late escalation.',
      changes: [editP1],
    };
    // Another expert's verdict, or a criterion without a verdict, is refused on the server.
    expect(
      await as(mine.expert, () =>
        createProposalAction({
          ...input,
          evidence: [{ criterionId: other.criterionId, verdictId: other.id }, { criterionId: own.criterionId }],
        }),
      ),
    ).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: {
        'evidence.0': ['Evidence must be one of your own submitted verdicts'],
        'evidence.1': ['Evidence must be one of your own submitted verdicts'],
      },
    });
    // Changes that do not apply say which one and why.
    expect(
      await as(mine.expert, () => createProposalAction({ ...input, changes: [{ op: 'remove', principleId: 'nope' }], evidence: [] })),
    ).toMatchObject({ ok: false, fieldErrors: { 'changes.0': ['There is no principle “nope” to remove'] } });

    const created = await as(mine.expert, () =>
      createProposalAction({ ...input, evidence: [{ criterionId: own.criterionId, verdictId: own.id, note: 'Accepted too easily' }] }),
    );
    if (!created.ok) throw new Error(created.error);
    const event = await prisma.auditEvent.findFirst({
      where: { action: 'meta_rubric_proposal.create', entityId: String(created.data.id) },
      select: { actorId: true },
    });
    expect(event).toEqual({ actorId: mine.expert.id });

    // The expert sees their proposal with its evidence and a preview of the diff; the other expert does not.
    const view = await getProposal({ proposalId: created.data.id, user: mine.expert });
    expect(view).toMatchObject({ status: 'OPEN', baseNumber: 1, mine: true, rowVersion: 1 });
    expect(view?.evidence).toEqual([
      expect.objectContaining({
        criterionId: own.criterionId,
        verdictId: own.id,
        note: 'Accepted too easily',
        verdict: expect.objectContaining({ decision: 'REJECT' }),
      }),
    ]);
    expect(view?.preview).toMatchObject({ ok: true, diff: { changeLog: ['Edited principle “Principle p-a”: text'] } });
    expect(JSON.stringify(view)).not.toContain('metaRubricVersion');
    expect(await getProposal({ proposalId: created.data.id, user: theirs.expert })).toBeNull();
    expect(await listProposals({ metaRubricId: rubric.id, user: theirs.expert })).toEqual([]);
    expect((await listProposals({ metaRubricId: rubric.id, user: reviewer })).map((p) => p.id)).toEqual([created.data.id]);
    expect((await listMetaRubrics(reviewer)).find((r) => r.id === rubric.id)).toMatchObject({
      activeNumber: 1,
      versions: 1,
      openProposals: 1,
    });
    expect((await listMetaRubrics(theirs.expert)).find((r) => r.id === rubric.id)).toMatchObject({ openProposals: 0 });

    // A reviewer may cite any criterion, with or without a verdict.
    const byReviewer = await as(reviewer, () =>
      createProposalAction({
        ...input,
        evidence: [{ criterionId: other.criterionId }, { criterionId: other.criterionId, verdictId: other.id }],
      }),
    );
    expect(byReviewer).toMatchObject({ ok: true });
    expect(await as(reviewer, () => createProposalAction({ ...input, evidence: [{ criterionId: 999_999_999 }] }))).toMatchObject({
      ok: false,
      fieldErrors: { 'evidence.0': ['There is no criterion 999999999'] },
    });
  });
});

describe('revising and reviewing', () => {
  it('revisions use optimistic concurrency; reviewers comment, request changes and reject; authors withdraw', async () => {
    const rubric = await newMetaRubric();
    const expert = await newExpert();
    const created = await as(expert, () =>
      createProposalAction({ metaRubricId: rubric.id, title: 'T', rationale: 'R', changes: [editP1], evidence: [] }),
    );
    if (!created.ok) throw new Error(created.error);
    const proposalId = created.data.id;
    const revise = (rowVersion: number, title: string) =>
      as(expert, () => updateProposalAction({ proposalId, rowVersion, title, rationale: 'R', changes: [editP1], evidence: [] }));

    expect(await revise(1, 'T2')).toMatchObject({ ok: true, data: { status: 'saved', proposal: { title: 'T2', rowVersion: 2 } } });
    // A stale revision is refused and handed the stored proposal; nothing is overwritten.
    expect(await revise(1, 'T-stale')).toMatchObject({ ok: true, data: { status: 'conflict', current: { title: 'T2', rowVersion: 2 } } });
    // Only the author revises; other experts do not even see it.
    const stranger = await newExpert();
    expect(
      await as(stranger, () =>
        updateProposalAction({ proposalId, rowVersion: 2, title: 'X', rationale: 'R', changes: [editP1], evidence: [] }),
      ),
    ).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await as(stranger, () => commentOnProposalAction({ proposalId, body: 'Hi' }))).toMatchObject({ ok: false, code: 'NOT_FOUND' });

    expect(await as(reviewer, () => commentOnProposalAction({ proposalId, body: 'Which guideline?' }))).toMatchObject({ ok: true });
    expect(await as(reviewer, () => requestChangesAction({ proposalId, rowVersion: 2 }))).toMatchObject({
      ok: false,
      fieldErrors: { body: ['Say what should change'] },
    });
    expect(await as(reviewer, () => requestChangesAction({ proposalId, rowVersion: 1, body: 'Cite NICE' }))).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
    expect(await as(reviewer, () => requestChangesAction({ proposalId, rowVersion: 2, body: 'Cite NICE' }))).toMatchObject({
      ok: true,
      data: { status: 'CHANGES_REQUESTED' },
    });
    // Experts cannot decide.
    expect(await as(expert, () => approveProposalAction({ proposalId, rowVersion: 3 }))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    // Revising reopens it.
    expect(await revise(3, 'T3')).toMatchObject({ ok: true, data: { proposal: { status: 'OPEN', rowVersion: 4 } } });
    expect(
      await as(reviewer, () => rejectProposalAction({ proposalId, rowVersion: 4, body: 'Not supported by the evidence' })),
    ).toMatchObject({
      ok: true,
      data: { status: 'REJECTED' },
    });
    expect(await revise(5, 'T4')).toMatchObject({ ok: false, code: 'CONFLICT' });
    const view = await getProposal({ proposalId, user: expert });
    expect(view?.events.map((event) => event.kind)).toEqual(['REVISE', 'COMMENT', 'REQUEST_CHANGES', 'REVISE', 'REJECT']);
    const actions = await prisma.auditEvent.findMany({
      where: { entityType: 'meta_rubric_proposal', entityId: String(proposalId) },
      orderBy: { id: 'asc' },
      select: { action: true },
    });
    expect(actions.map((a) => a.action)).toEqual([
      'meta_rubric_proposal.create',
      'meta_rubric_proposal.update',
      'meta_rubric_proposal.comment',
      'meta_rubric_proposal.requestChanges',
      'meta_rubric_proposal.update',
      'meta_rubric_proposal.reject',
    ]);

    const other = await as(expert, () =>
      createProposalAction({ metaRubricId: rubric.id, title: 'W', rationale: 'R', changes: [editP1], evidence: [] }),
    );
    if (!other.ok) throw new Error(other.error);
    expect(await as(reviewer, () => withdrawProposalAction({ proposalId: other.data.id, rowVersion: 1 }))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(await as(expert, () => withdrawProposalAction({ proposalId: other.data.id, rowVersion: 1 }))).toMatchObject({
      ok: true,
      data: { status: 'WITHDRAWN' },
    });
  });
});

describe('approving', () => {
  it('creates the next active version with a change log, retires the base, and refuses proposals on a stale base until rebased', async () => {
    const rubric = await newMetaRubric();
    const expert = await newExpert();
    const propose = (changes: unknown[]) =>
      as(expert, () =>
        createProposalAction({
          metaRubricId: rubric.id,
          title: 'Sharper escalation',
          rationale: 'R',
          changes: changes as never,
          evidence: [],
        }),
      );
    const first = await propose([editP1]);
    const second = await propose([{ op: 'add', principle: principle('p-c') }]);
    if (!first.ok || !second.ok) throw new Error('create');

    const approved = await as(reviewer, () => approveProposalAction({ proposalId: first.data.id, rowVersion: 1, body: 'Agreed' }));
    expect(approved).toMatchObject({ ok: true, data: { number: 2, changeLog: ['Edited principle “Principle p-a”: text'] } });

    const detail = await getMetaRubric(rubric.id);
    expect(detail?.versions.map((v) => [v.number, v.status])).toEqual([
      [2, 'ACTIVE'],
      [1, 'RETIRED'],
    ]);
    expect(detail?.active?.changeNote).toBe(`Sharper escalation (proposal #${first.data.id})\n- Edited principle “Principle p-a”: text`);
    expect(detail?.active?.principles[0]?.text).toBe('Escalate red flags immediately, in the first sentence.');
    const v2 = await prisma.metaRubricVersion.findUniqueOrThrow({ where: { metaRubricId_number: { metaRubricId: rubric.id, number: 2 } } });
    const v1 = await prisma.metaRubricVersion.findUniqueOrThrow({ where: { metaRubricId_number: { metaRubricId: rubric.id, number: 1 } } });
    expect(v2.parentVersionId).toBe(v1.id);
    expect(await prisma.metaRubricProposal.findUnique({ where: { id: first.data.id } })).toMatchObject({
      status: 'APPROVED',
      resultingVersionId: v2.id,
      decidedById: reviewer.id,
    });
    expect((await getVersion({ metaRubricId: rubric.id, number: 1 }))?.principles[0]?.text).toBe('Escalate red flags early.');
    // The retired version stays immutable (the trigger), and so does the new active one.
    await expect(prisma.metaRubricVersion.update({ where: { id: v2.id }, data: { changeNote: 'edited' } })).rejects.toThrow();
    const audit = await prisma.auditEvent.findMany({
      where: { OR: [{ entityType: 'meta_rubric_version', entityId: { in: [String(v1.id), String(v2.id)] } }] },
      select: { action: true },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((a) => a.action)).toEqual(['meta_rubric_version.retire', 'meta_rubric_version.create']);

    // The second proposal was written against v1: approving it is a conflict until its author rebases.
    const stale = await as(reviewer, () => approveProposalAction({ proposalId: second.data.id, rowVersion: 1, body: 'Fine' }));
    expect(stale).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      error: expect.stringMatching(/based on v1, the active version is v2.*Rebase/),
    });
    const rebased = await as(expert, () =>
      updateProposalAction({
        proposalId: second.data.id,
        rowVersion: 1,
        rebase: true,
        title: 'Add p-c',
        rationale: 'R',
        changes: [{ op: 'add', principle: principle('p-c') }],
        evidence: [],
      }),
    );
    expect(rebased).toMatchObject({ ok: true, data: { status: 'saved', proposal: { baseNumber: 2 } } });
    expect(await as(admin, () => approveProposalAction({ proposalId: second.data.id, rowVersion: 2, body: 'Fine' }))).toMatchObject({
      ok: true,
      data: { number: 3 },
    });
    const v3 = await getVersion({ metaRubricId: rubric.id, number: 3 });
    expect(v3?.principles.map((p) => p.id)).toEqual(['p-a', 'p-b', 'p-c']);
    expect(v3?.principles[0]?.text).toBe('Escalate red flags immediately, in the first sentence.');
    expect(await prisma.metaRubricVersion.count({ where: { metaRubricId: rubric.id, status: 'ACTIVE' } })).toBe(1);
  });

  it('changes the scoring profile through a proposal like any principle, and keeps it immutable once active (issue 20 §4)', async () => {
    const rubric = await newMetaRubric();
    const expert = await newExpert();
    const v1 = await getVersion({ metaRubricId: rubric.id, number: 1 });
    expect(v1?.scoringProfile).toEqual(DEFAULT_SCORING_PROFILE);
    const profile = {
      ...DEFAULT_SCORING_PROFILE,
      pitfalls: 'avoidedShare' as const,
      pairwise: { ...DEFAULT_SCORING_PROFILE.pairwise, tieBand: 0.5 },
    };
    const invalid = await as(expert, () =>
      createProposalAction({
        metaRubricId: rubric.id,
        title: 'T',
        rationale: 'R',
        changes: [{ op: 'scoring', profile: { ...profile, pitfalls: 'sometimes' } } as never],
        evidence: [],
      }),
    );
    expect(invalid).toMatchObject({ ok: false });
    const created = await as(expert, () =>
      createProposalAction({
        metaRubricId: rubric.id,
        title: 'Count avoided pitfalls, wider ties',
        rationale: 'R',
        changes: [{ op: 'scoring', profile }],
        evidence: [],
      }),
    );
    if (!created.ok) throw new Error(created.error);
    const approved = await as(reviewer, () => approveProposalAction({ proposalId: created.data.id, rowVersion: 1, body: 'Agreed' }));
    expect(approved).toMatchObject({
      ok: true,
      data: {
        number: 2,
        changeLog: [
          expect.stringMatching(/^Changed the scoring assumption pitfalls: subtract .* → score the share of pitfall weight avoided/),
          'Changed the scoring assumption pairwise tie band: |aggregate| < 0.25 is a tie → |aggregate| < 0.5 is a tie',
        ],
      },
    });
    expect((await getVersion({ metaRubricId: rubric.id, number: 2 }))?.scoringProfile).toEqual(profile);
    const v2 = await prisma.metaRubricVersion.findUniqueOrThrow({ where: { metaRubricId_number: { metaRubricId: rubric.id, number: 2 } } });
    await expect(
      prisma.metaRubricVersion.update({ where: { id: v2.id }, data: { scoringProfile: DEFAULT_SCORING_PROFILE } }),
    ).rejects.toThrow(/cannot be changed/);
  });
});

describe('who approves, and with what', () => {
  it('refuses an approval by the proposal’s author and one without a note; keeps the note of the approval', async () => {
    const rubric = await newMetaRubric();
    const create = (user: SessionUser) =>
      as(user, () =>
        createProposalAction({ metaRubricId: rubric.id, title: 'Own', rationale: 'R', changes: [editP1] as never, evidence: [] }),
      );
    const own = await create(reviewer);
    if (!own.ok) throw new Error('create');
    // The author, a reviewer, may not approve it, even with a note.
    expect(
      await as(reviewer, () => approveProposalAction({ proposalId: own.data.id, rowVersion: 1, body: 'Mine, approved' })),
    ).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      error: 'You wrote this proposal, so another reviewer or admin approves it.',
    });
    // Another reviewer (the admin) may, but only with a note.
    expect(await as(admin, () => approveProposalAction({ proposalId: own.data.id, rowVersion: 1 }))).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { body: ['Write an approval note: why this change should become the next version'] },
    });
    expect(await as(admin, () => approveProposalAction({ proposalId: own.data.id, rowVersion: 1, body: '   ' }))).toMatchObject({
      ok: false,
      code: 'INVALID',
    });
    expect(await prisma.metaRubricVersion.count({ where: { metaRubricId: rubric.id } })).toBe(1);
    expect(
      await as(admin, () => approveProposalAction({ proposalId: own.data.id, rowVersion: 1, body: 'Checked against the audits' })),
    ).toMatchObject({
      ok: true,
      data: { number: 2 },
    });
    const view = await getProposal({ proposalId: own.data.id, user: admin });
    expect(view?.approvalNote).toBe('Checked against the audits');
    expect(view?.events.at(-1)).toMatchObject({ kind: 'APPROVE', body: 'Checked against the audits', authorName: admin.name });
  });
});
