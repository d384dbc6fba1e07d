// The criterion lifecycle on a real PostgreSQL (docs/criterion-lifecycle.md): statuses and texts follow the
// latest final decision in the writer's transaction, revisions are appended with who/why, final decisions
// refuse amendments (also when an amendment and an adjudication race), re-audit campaigns take what their mode
// says, and after a randomized sequence of writes every stored status equals a fresh computation from the
// outcomes, computed here independently of the trigger.
import type { AuditMode } from '@/lib/vocabulary/enums';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveAdjudication } from '@/lib/adjudication/save-adjudication';
import { claimNext } from '@/lib/audit/claim-next';
import { closeCampaign } from '@/lib/audit/close-campaign';
import { createCampaign, previewSelection } from '@/lib/audit/create-campaign';
import { findAuditedTexts } from '@/lib/audit/find-audited-texts';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { FINAL_DECISION_MESSAGE, saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import type { SessionUser } from '@/lib/auth/roles';
import { criteriaParamsSchema, listCriteria } from '@/lib/criteria/list-criteria';
import { listDatasetStats } from '@/lib/datasets/dataset-stats';
import { pgPool, prisma } from '@/lib/db';
import { rulesSchema } from '@/lib/releases/schemas';
import { stageCandidates } from '@/lib/releases/stage-candidates';
import { DomainError } from '@/lib/errors';
import { seedDemo } from '@/lib/seed/seed-demo';
import { mulberry32 } from '@/lib/stats/mulberry32';
import { waitForLockWaiters } from '@/tools/testing/wait-for-lock-waiters';

type Decision = 'ACCEPT' | 'REVISE_MINOR' | 'REVISE_MAJOR' | 'REJECT';

let db: pg.Pool;
let datasetId: number;
let admin: SessionUser;
let reviewer: SessionUser;
let experts: SessionUser[];

const asUser = (row: { id: string; email: string; name: string; role: string }): SessionUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as SessionUser['role'],
  specialties: [],
  active: true,
});

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  db = pgPool();
  datasetId = (await prisma.dataset.findFirstOrThrow()).id;
  admin = asUser(await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } }));
  reviewer = asUser(await prisma.user.findFirstOrThrow({ where: { role: 'REVIEWER' } }));
  experts = await Promise.all(
    ['A', 'B', 'C'].map(async (label) =>
      asUser(
        await prisma.user.create({
          data: { id: randomUUID(), email: `lifecycle-${label}-${randomUUID()}@test.local`, name: `Expert ${label}`, role: 'EXPERT' },
        }),
      ),
    ),
  );
}, 120_000);

async function newCampaign(audit: AuditMode, maxQueries?: number) {
  return await createCampaign({
    actor: admin,
    input: createCampaignSchema.parse({
      name: `Lifecycle ${randomUUID().slice(0, 8)}`,
      overlapK: 2,
      expertIds: experts.map((expert) => expert.id),
      selection: { mode: 'filter', datasetId, audit, ...(maxQueries ? { maxQueries } : {}) },
    }),
  });
}

/** A complete verdict with this decision on the audited text (a revision proposes a new title). */
function draft(
  assignmentId: number,
  criterion: { criterionId: number; title: string; description: string; tier: string; points: number },
  decision: Decision,
  rowVersion: number,
  tag: string,
) {
  const revise = decision === 'REVISE_MINOR' || decision === 'REVISE_MAJOR';
  return verdictDraftSchema.parse({
    assignmentId,
    criterionId: criterion.criterionId,
    rowVersion,
    decision,
    dimensions: decision === 'ACCEPT' ? [] : revise ? ['RELEVANCE'] : ['CORRECTNESS'],
    comment: revise ? `Reword (${tag})` : null,
    proposedRevision: revise
      ? {
          title: `${tag}: ${criterion.title}`.slice(0, 1900),
          description: criterion.description,
          tier: criterion.tier,
          points: criterion.points,
        }
      : null,
    secondsDelta: 10,
  });
}

/** The expert claims their next query in the campaign and submits a verdict on each criterion. */
async function auditNext(campaignId: number, expert: SessionUser, decide: (criterionId: number) => Decision): Promise<number | null> {
  const claim = await claimNext({ campaignId, expertId: expert.id });
  if (claim.kind === 'none') return null;
  const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: claim.assignmentId } });
  const texts = await findAuditedTexts({ db: prisma, campaignId, criterionIds: assignment.criterionOrder });
  for (const text of texts.values()) {
    const current = await prisma.verdict.findUnique({
      where: { assignmentId_criterionId: { assignmentId: assignment.id, criterionId: text.criterionId } },
    });
    const saved = await saveVerdict({
      expertId: expert.id,
      draft: draft(assignment.id, text, decide(text.criterionId), current?.rowVersion ?? 0, expert.name),
    });
    if (saved.status !== 'saved') throw new Error('draft not saved');
  }
  await submitAssignment({
    expertId: expert.id,
    input: { assignmentId: assignment.id, rowVersion: assignment.rowVersion, comprehensiveness: 4 },
  });
  return assignment.id;
}

/** The expert changes a submitted verdict; returns the refusal message, or null when it was saved. */
async function amend(expert: SessionUser, campaignId: number, criterionId: number, decision: Decision): Promise<string | null> {
  const verdict = await prisma.verdict.findUniqueOrThrow({
    where: { campaignId_expertId_criterionId: { campaignId, expertId: expert.id, criterionId } },
  });
  const text = (await findAuditedTexts({ db: prisma, campaignId, criterionIds: [criterionId] })).get(criterionId);
  if (!text) throw new Error('no audited text');
  try {
    const saved = await saveVerdict({
      expertId: expert.id,
      draft: draft(verdict.assignmentId, text, decision, verdict.rowVersion, `${expert.name} amended`),
    });
    return saved.status === 'saved' ? null : 'conflict';
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

async function adjudicate(campaignId: number, criterionId: number, goldDecision: Decision, goldTitle?: string) {
  const stored = await prisma.adjudication.findUnique({ where: { campaignId_criterionId: { campaignId, criterionId } } });
  const text = (await findAuditedTexts({ db: prisma, campaignId, criterionIds: [criterionId] })).get(criterionId);
  if (!text) throw new Error('no audited text');
  const revise = goldDecision === 'REVISE_MINOR' || goldDecision === 'REVISE_MAJOR';
  return await saveAdjudication({
    reviewerId: reviewer.id,
    input: {
      campaignId,
      criterionId,
      expectedRowVersion: stored?.rowVersion ?? 0,
      goldDecision,
      dimensions: goldDecision === 'ACCEPT' ? [] : ['CORRECTNESS'],
      weightDirection: null,
      goldText: revise
        ? { title: goldTitle ?? `Gold: ${text.title}`, description: text.description, tier: text.tier as 'ESSENTIAL', points: text.points }
        : null,
      rationale: `Reviewer decided ${goldDecision}`,
    },
  });
}

interface OutcomeRow {
  campaign_id: number;
  criterion_id: number;
  final_decision: string | null;
  verdicts: number;
  campaign_open: boolean;
}

/**
 * Criteria whose stored status, final campaign, text or revision rows disagree with what the outcomes say,
 * computed here in TypeScript from the rules (not with the trigger's function).
 */
async function lifecycleMismatches(): Promise<string[]> {
  const [criteria, outcomes, revisions, campaignCriteria] = await Promise.all([
    db.query<{
      id: number;
      status: string;
      final_campaign_id: number | null;
      revision: number;
      title: string;
      description: string;
      tier: string;
      points: number;
    }>('SELECT id, status, final_campaign_id, revision, title, description, tier::text, points FROM criteria WHERE dataset_id = $1', [
      datasetId,
    ]),
    db.query<OutcomeRow>(
      `SELECT o.campaign_id, o.criterion_id, o.final_decision, o.verdicts, ac.status = 'OPEN' AS campaign_open
         FROM criterion_outcomes o JOIN audit_campaigns ac ON ac.id = o.campaign_id WHERE o.dataset_id = $1`,
      [datasetId],
    ),
    db.query<{ criterion_id: number; revision: number; title: string; description: string; tier: string; points: number }>(
      `SELECT r.criterion_id, r.revision, r.title, r.description, r.tier::text, r.points
         FROM criterion_revisions r JOIN criteria c ON c.id = r.criterion_id WHERE c.dataset_id = $1`,
      [datasetId],
    ),
    db.query<{ campaign_id: number; criterion_id: number; revision: number }>(
      'SELECT campaign_id, criterion_id, revision FROM campaign_criteria',
    ),
  ]);
  const byCriterion = new Map<number, OutcomeRow[]>();
  for (const row of outcomes.rows) byCriterion.set(row.criterion_id, [...(byCriterion.get(row.criterion_id) ?? []), row]);
  const revs = new Map<number, Map<number, (typeof revisions.rows)[number]>>();
  for (const row of revisions.rows) revs.set(row.criterion_id, (revs.get(row.criterion_id) ?? new Map()).set(row.revision, row));
  const audited = new Map(campaignCriteria.rows.map((row) => [`${row.campaign_id}:${row.criterion_id}`, row.revision]));
  const problems: string[] = [];
  for (const c of criteria.rows) {
    const mine = byCriterion.get(c.id) ?? [];
    const decided = mine.filter((o) => o.final_decision !== null).sort((a, b) => b.campaign_id - a.campaign_id)[0];
    const live = mine.some((o) => o.final_decision === null && (o.campaign_open || o.verdicts > 0));
    const status = decided
      ? { ACCEPT: 'VERIFIED', REJECT: 'REJECTED', REVISE_MINOR: 'REVISED', REVISE_MAJOR: 'REVISED' }[decided.final_decision as Decision]
      : live
        ? 'IN_AUDIT'
        : 'PENDING';
    if (c.status !== status) problems.push(`criterion ${c.id}: status ${c.status}, outcomes say ${status}`);
    if ((c.final_campaign_id ?? null) !== (decided?.campaign_id ?? null))
      problems.push(`criterion ${c.id}: final campaign ${c.final_campaign_id}, outcomes say ${decided?.campaign_id ?? null}`);
    const history = revs.get(c.id) ?? new Map();
    for (let r = 0; r <= c.revision; r++) if (!history.has(r)) problems.push(`criterion ${c.id}: revision ${r} missing`);
    if (history.size !== c.revision + 1) problems.push(`criterion ${c.id}: ${history.size} revisions for revision ${c.revision}`);
    const current = history.get(c.revision);
    if (
      !current ||
      current.title !== c.title ||
      current.description !== c.description ||
      current.tier !== c.tier ||
      current.points !== c.points
    )
      problems.push(`criterion ${c.id}: text differs from its revision ${c.revision}`);
    // Decided without a produced text: the text is the one the deciding campaign audited.
    if (decided && (decided.final_decision === 'ACCEPT' || decided.final_decision === 'REJECT')) {
      const base = history.get(audited.get(`${decided.campaign_id}:${c.id}`) ?? -1);
      if (!base || base.title !== c.title) problems.push(`criterion ${c.id}: ${decided.final_decision} but not the audited text`);
    }
  }
  // The Datasets page counts the same statuses.
  const stats = (await listDatasetStats()).find((dataset) => dataset.id === datasetId);
  const counted: Record<string, number> = {};
  for (const c of criteria.rows) counted[c.status] = (counted[c.status] ?? 0) + 1;
  for (const [status, n] of Object.entries(stats?.byStatus ?? {}))
    if ((counted[status] ?? 0) !== n) problems.push(`datasets page: ${n} ${status}, criteria say ${counted[status] ?? 0}`);
  return problems;
}

describe('criterion lifecycle', () => {
  let campaignId: number;
  const decisionOf = (id: number): Decision => (['ACCEPT', 'REVISE_MINOR', 'REJECT', 'ACCEPT'] as const)[id % 4] ?? 'ACCEPT';

  it('follows unanimous and adjudicated decisions, with revision rows saying who and why', async () => {
    expect(await lifecycleMismatches()).toEqual([]);
    campaignId = (await newCampaign('new', 1)).id;
    const [a, b] = experts as [SessionUser, SessionUser];
    const statuses = async () =>
      new Map(
        (
          await prisma.criterion.findMany({ where: { campaignCriteria: { some: { campaignId } } }, select: { id: true, status: true } })
        ).map((c) => [c.id, c.status]),
      );
    expect([...(await statuses()).values()].every((status) => status === 'IN_AUDIT')).toBe(true);

    await auditNext(campaignId, a, decisionOf);
    // One verdict of k = 2: still in audit.
    expect([...(await statuses()).values()].every((status) => status === 'IN_AUDIT')).toBe(true);
    // The second expert agrees except on criteria ≡ 3 (mod 4), where they reject: a disagreement.
    await auditNext(campaignId, b, (id) => (id % 4 === 3 ? 'REJECT' : decisionOf(id)));
    const after = await statuses();
    for (const [id, status] of after) {
      const expected =
        id % 4 === 3 ? 'IN_AUDIT' : { ACCEPT: 'VERIFIED', REVISE_MINOR: 'REVISED', REJECT: 'REJECTED' }[decisionOf(id) as 'ACCEPT'];
      expect(status, `criterion ${id}`).toBe(expected);
    }
    // A unanimous revision takes the earliest submitted proposal (expert A's).
    const revisedId = [...after.keys()].find((id) => id % 4 === 1);
    if (revisedId === undefined) throw new Error('no revised criterion in the sample');
    const revised = await prisma.criterion.findUniqueOrThrow({
      where: { id: revisedId },
      include: { revisions: { orderBy: { revision: 'asc' } } },
    });
    expect(revised.revision).toBe(1);
    expect(revised.title.startsWith('Expert A: ')).toBe(true);
    expect(revised.revisions[1]).toMatchObject({ source: 'EXPERT_PROPOSAL', campaignId, authorId: a.id, reason: 'Reword (Expert A)' });

    // The reviewer settles a disagreement with gold text: REVISED, revision by the reviewer with the rationale.
    const disputed = [...after.keys()].find((id) => id % 4 === 3);
    if (disputed === undefined) throw new Error('no disagreement in the sample');
    expect(await adjudicate(campaignId, disputed, 'REVISE_MAJOR', 'Gold title')).toMatchObject({ status: 'saved' });
    const gold = await prisma.criterion.findUniqueOrThrow({
      where: { id: disputed },
      include: { revisions: { orderBy: { revision: 'desc' }, take: 1 } },
    });
    expect(gold).toMatchObject({ status: 'REVISED', title: 'Gold title', revision: 1, finalCampaignId: campaignId });
    expect(gold.revisions[0]).toMatchObject({ source: 'ADJUDICATION', authorId: reviewer.id, reason: 'Reviewer decided REVISE_MAJOR' });

    // Now final: the expert's amendment is refused with the message, and nothing changes.
    expect(await amend(a, campaignId, disputed, 'ACCEPT')).toBe(FINAL_DECISION_MESSAGE);
    expect(await prisma.criterion.findUniqueOrThrow({ where: { id: disputed } })).toMatchObject({ status: 'REVISED', title: 'Gold title' });
    expect(await prisma.adjudication.count({ where: { campaignId, criterionId: disputed } })).toBe(1);

    // A unanimous decision in an open campaign can still be amended: the revision goes, its text reverts.
    expect(await amend(b, campaignId, revisedId, 'ACCEPT')).toBeNull();
    const reverted = await prisma.criterion.findUniqueOrThrow({
      where: { id: revisedId },
      include: { revisions: { orderBy: { revision: 'desc' }, take: 1 } },
    });
    expect(reverted).toMatchObject({ status: 'IN_AUDIT', revision: 2, title: revised.revisions[0]?.title });
    expect(reverted.revisions[0]?.source).toBe('REVERTED');
    expect(await lifecycleMismatches()).toEqual([]);
  });

  it('re-audits what its mode says, keeps each campaign’s figures its own, and counts each criterion once', async () => {
    // The first campaign still holds unsettled criteria (open, not adjudicated): only the adjudicated one is free.
    const revisedMode = await previewSelection({ mode: 'filter', datasetId, audit: 'revised' });
    expect(revisedMode.criteria).toBe(1);
    await closeCampaign({ actorId: admin.id, campaignId });
    const [a, b] = experts as [SessionUser, SessionUser];
    expect(
      await amend(a, campaignId, (await prisma.campaignCriterion.findFirstOrThrow({ where: { campaignId } })).criterionId, 'REJECT'),
    ).toMatch(/campaign is closed/);
    const preview = await previewSelection({ mode: 'filter', datasetId, audit: 'revised' });
    expect(preview.available.revised).toBe(preview.criteria);
    const revisedIds = (
      await db.query<{ id: number }>(`SELECT id FROM criteria WHERE dataset_id = $1 AND revision > 0 AND status = 'REVISED'`, [datasetId])
    ).rows.map((row) => row.id);
    expect(preview.criteria).toBe(revisedIds.length);

    const second = await newCampaign('revised');
    const taken = await prisma.campaignCriterion.findMany({ where: { campaignId: second.id } });
    expect(taken.map((row) => row.criterionId).sort()).toEqual(revisedIds.sort());
    // The browser finds them as in re-audit (and only them).
    const reauditing = await listCriteria(criteriaParamsSchema.parse({ dataset: String(datasetId), reaudit: 'yes', limit: '200' }));
    expect(reauditing.rows.map((row) => row.id).sort()).toEqual([...revisedIds].sort());
    expect(reauditing.rows.every((row) => row.inReaudit && row.status === 'REVISED')).toBe(true);
    // The re-audit audits the revised text, and the criterion keeps its status while the re-audit runs.
    expect(taken.every((row) => row.revision > 0)).toBe(true);
    expect(await prisma.criterion.count({ where: { id: { in: revisedIds }, status: 'REVISED' } })).toBe(revisedIds.length);
    // Nothing is busy twice: a second campaign now finds none of them, nor the disagreements awaiting a reviewer.
    const unresolved = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM criterion_outcomes WHERE provenance = 'UNRESOLVED'`);
    expect((await previewSelection({ mode: 'filter', datasetId, audit: 'all' })).criteria).toBe(
      (await prisma.criterion.count({ where: { datasetId } })) - revisedIds.length - (unresolved.rows[0]?.n ?? 0),
    );
    // An adjudication of the first campaign can no longer change once a later campaign audits the criterion.
    const disputed = revisedIds.find((id) => id % 4 === 3);
    if (disputed !== undefined) await expect(adjudicate(campaignId, disputed, 'ACCEPT')).rejects.toThrow(/audited again/);

    while ((await auditNext(second.id, a, () => 'ACCEPT')) !== null);
    while ((await auditNext(second.id, b, () => 'ACCEPT')) !== null);
    const verified = await prisma.criterion.findMany({ where: { id: { in: revisedIds } } });
    expect((await listCriteria(criteriaParamsSchema.parse({ dataset: String(datasetId), reaudit: 'yes' }))).rows).toEqual([]);
    expect(verified.every((c) => c.status === 'VERIFIED' && c.finalCampaignId === second.id && c.revision === 1)).toBe(true);
    // The first campaign's outcomes still say what that campaign decided.
    const firstOutcomes = await db.query<{ final_decision: string }>(
      'SELECT final_decision FROM criterion_outcomes WHERE campaign_id = $1 AND criterion_id = ANY($2::int[])',
      [campaignId, revisedIds],
    );
    expect(firstOutcomes.rows.every((row) => row.final_decision === 'REVISE_MAJOR' || row.final_decision === 'REVISE_MINOR')).toBe(true);
    expect(await lifecycleMismatches()).toEqual([]);

    // A release counts each of them once, with the decision of the campaign its status follows (the second's).
    const client = await pgPool().connect();
    try {
      await client.query('BEGIN');
      await stageCandidates(client, rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT'] }));
      const staged = await client.query<{ criterion_id: number; campaign_id: number; final_decision: string; excluded: string | null }>(
        'SELECT criterion_id, campaign_id, final_decision, excluded FROM release_candidates WHERE criterion_id = ANY($1::int[])',
        [revisedIds],
      );
      expect(staged.rows.map((row) => row.criterion_id).sort()).toEqual([...revisedIds].sort());
      expect(staged.rows.every((row) => row.campaign_id === second.id && row.final_decision === 'ACCEPT' && row.excluded === null)).toBe(
        true,
      );
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('lets an amendment and an adjudication arriving together take turns: the second sees the first', async () => {
    const campaign = await newCampaign('new', 1);
    const [a, b] = experts as [SessionUser, SessionUser];
    await auditNext(campaign.id, a, () => 'ACCEPT');
    await auditNext(campaign.id, b, () => 'REJECT');
    const target = (
      await prisma.campaignCriterion.findFirstOrThrow({ where: { campaignId: campaign.id }, orderBy: { criterionId: 'asc' } })
    ).criterionId;
    // A third connection holds the row both lock first; both writers queue behind it (proved from pg_locks).
    const holder = await db.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM campaign_criteria WHERE campaign_id = $1 AND criterion_id = $2 FOR UPDATE', [campaign.id, target]);
      const amendment = amend(a, campaign.id, target, 'REJECT');
      const adjudication = adjudicate(campaign.id, target, 'ACCEPT').then(
        (result) => result.status,
        (error: unknown) => (error instanceof DomainError ? error.message : Promise.reject(error)),
      );
      await waitForLockWaiters(db, { count: 2 });
      await holder.query('COMMIT');
      const [amended, adjudicated] = await Promise.all([amendment, adjudication]);
      // Exactly one of them won, and the stored state is the winner's.
      const stored = await prisma.criterion.findUniqueOrThrow({ where: { id: target } });
      if (adjudicated === 'saved') {
        expect(amended).toBe(FINAL_DECISION_MESSAGE);
        expect(stored.status).toBe('VERIFIED');
      } else {
        expect(amended).toBeNull();
        expect(adjudicated).toMatch(/not a disagreement/);
        expect(stored.status).toBe('REJECTED');
      }
    } finally {
      holder.release();
    }
    expect(await lifecycleMismatches()).toEqual([]);
  });

  it('after a randomized sequence of submissions, amendments, adjudications, closes, reopens and re-audits, every status equals the outcomes', async () => {
    const random = mulberry32(20261124);
    const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
    const decisions: Decision[] = ['ACCEPT', 'ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR', 'REJECT'];
    let open = [(await newCampaign('new', 2)).id];
    const log: string[] = [];
    for (let step = 0; step < 40; step++) {
      const op = pick(['submit', 'submit', 'amend', 'adjudicate', 'adjudicate', 'close', 'reopen', 'reaudit'] as const);
      const campaign = pick(open);
      try {
        if (op === 'submit' && campaign) {
          const expert = pick(experts) as SessionUser;
          await auditNext(campaign, expert, () => pick(decisions) as Decision);
        } else if (op === 'amend' && campaign) {
          const verdict = pick(await prisma.verdict.findMany({ where: { campaignId: campaign, submittedAt: { not: null } } }));
          const expert = experts.find((e) => e.id === verdict?.expertId);
          if (verdict && expert) await amend(expert, campaign, verdict.criterionId, pick(decisions) as Decision);
        } else if (op === 'adjudicate') {
          const item = pick(
            (
              await db.query<{ campaign_id: number; criterion_id: number }>(
                `SELECT campaign_id, criterion_id FROM criterion_outcomes WHERE provenance IN ('UNRESOLVED', 'ADJUDICATED') ORDER BY 1, 2`,
              )
            ).rows,
          );
          if (item) await adjudicate(item.campaign_id, item.criterion_id, pick(decisions) as Decision, `Gold ${step}`);
        } else if (op === 'close' && campaign) {
          await closeCampaign({ actorId: admin.id, campaignId: campaign });
        } else if (op === 'reopen') {
          // Not an action of the app, but the triggers must follow it too (as the maintained counts do).
          const closed = (await prisma.auditCampaign.findMany({ where: { status: 'CLOSED' }, select: { id: true } })).map((c) => c.id);
          const target = pick(closed);
          if (target !== undefined) await db.query(`UPDATE audit_campaigns SET status = 'OPEN', closed_at = NULL WHERE id = $1`, [target]);
        } else if (op === 'reaudit') {
          await newCampaign(pick(['revised', 'all'] as const) ?? 'all', 2);
        }
        log.push(`${step} ${op} ok`);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        log.push(`${step} ${op} refused: ${error.message}`);
      }
      open = (await prisma.auditCampaign.findMany({ where: { status: 'OPEN' }, select: { id: true } })).map((c) => c.id);
      expect(await lifecycleMismatches(), log.join('\n')).toEqual([]);
    }
    // The sequence did reach every kind of state.
    const statuses = await prisma.criterion.groupBy({ by: ['status'], where: { datasetId }, _count: true });
    expect(statuses.length).toBeGreaterThanOrEqual(4);
    expect(await prisma.criterionRevision.count({ where: { source: { not: 'IMPORTED' } } })).toBeGreaterThan(0);
  }, 120_000);
});
