// Meta-rubrics end to end, on a meta-rubric of its own (judge specs use the demo's active version): an expert
// audits a General Medicine query, then proposes an edit of a principle with a rationale and one of their own
// verdicts as evidence; a reviewer approves it; version 2 becomes active with its change note; the comparison
// shows the word-level diff and both versions' concordance ("—" with the reason while nothing generated under
// them has been audited).
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { disconnectDb, prisma } from '@/lib/db';
import { DEFAULT_GENERATION_RULES } from '@/lib/meta-rubrics/generation-rules';
import { completeNextQuery, createTestCampaign } from './campaign-fixtures';
import { demoUser, storageStateFor } from './fixtures';

test.afterAll(async () => {
  await disconnectDb();
});

const PRINCIPLE = {
  id: 'e2e-escalation',
  title: 'Escalate red flags',
  text: 'Criteria must require escalation to emergency care when red flags are present.',
  tiers: ['ESSENTIAL', 'PITFALL'],
  weightGuidance: 'Top of the scale.',
  hard: true,
  positiveExamples: ['Tells the user to call emergency services now.'],
  negativeExamples: [],
};
const OTHER = { ...PRINCIPLE, id: 'e2e-doses', title: 'Exact doses', text: 'Doses must be exact, with units.', hard: false };

test('an expert proposes a principle change with evidence; a reviewer approves it into version 2', async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 8);
  const rubric = await prisma.metaRubric.create({
    data: {
      domain: `e2e-${suffix}`,
      name: `E2E constitution ${suffix}`,
      versions: {
        create: {
          number: 1,
          status: 'ACTIVE',
          activatedAt: new Date(),
          principles: [PRINCIPLE, OTHER],
          generationRules: DEFAULT_GENERATION_RULES,
        },
      },
    },
  });
  // The expert's own audit history: one General Medicine query, the first criterion rejected.
  const expertEmail = demoUser('EXPERT', 2).email;
  const campaign = await createTestCampaign({
    name: `Meta-rubric e2e ${suffix}`,
    department: 'General Medicine',
    expertEmails: [expertEmail],
  });
  const comment = `Escalation comes too late ${suffix}`;
  let rejected: number | undefined;
  const judged = await completeNextQuery(
    campaign.id,
    expertEmail,
    () => 10,
    (criterionId) => {
      if (rejected !== undefined) return { decision: 'ACCEPT' };
      rejected = criterionId;
      return { decision: 'REJECT', dimensions: ['CORRECTNESS'], severity: 'HIGH', comment };
    },
  );
  const evidenceTitle = judged.criterionTitles[judged.criterionIds.indexOf(rejected ?? -1)] ?? '';

  // The expert proposes.
  const expertContext = await browser.newContext({ storageState: storageStateFor('EXPERT', 2) });
  const expert = await expertContext.newPage();
  await expert.goto(`/meta-rubrics/${rubric.id}`);
  await expect(expert.getByRole('heading', { name: /Version 1/ })).toBeVisible();
  // The scoring constants are shown as the app's assumptions, not as the benchmark's method.
  const scoring = expert.getByTestId('scoring-profile');
  await expect(scoring).toContainText('These are this app’s assumptions');
  await expect(scoring).toContainText('Tier weights (assumption)');
  await expect(scoring).toContainText('Essential 2 : Important 1 : Highlight 1 : Pitfall 2');
  await expect(expert.getByText(PRINCIPLE.text)).toBeVisible();
  await expert.getByRole('link', { name: 'Propose a change' }).click();
  await expect(expert).toHaveURL(new RegExp(`/meta-rubrics/${rubric.id}/proposals/new$`));
  await expert.getByLabel('Title', { exact: true }).fill('Escalate in the first sentence');
  await expert.getByLabel('Rationale').fill('Audited criteria accepted responses that escalated only at the end.');
  await expert.getByRole('button', { name: 'Add change' }).click();
  const change = expert.getByRole('group', { name: 'Change 1: Edit a principle' });
  await change.getByLabel('Principle', { exact: true }).selectOption({ label: PRINCIPLE.title });
  // The edit starts from the principle's current fields.
  await expect(change.getByLabel('Principle text')).toHaveValue(PRINCIPLE.text);
  await change
    .getByLabel('Principle text')
    .fill('Criteria must require immediate escalation to emergency care, in the first sentence, when red flags are present.');
  await expect(change.locator('ins').first()).toBeVisible();
  const evidence = expert.getByRole('region', { name: 'Evidence' });
  // The picker is searchable: the comment's words narrow the verdicts to the one rejected.
  const verdicts = evidence.getByRole('list', { name: 'Verdicts to cite' }).getByRole('checkbox');
  const offered = await verdicts.count();
  expect(offered).toBeGreaterThan(1);
  await evidence.getByLabel('Search the verdicts').fill(`too late ${suffix}`);
  await expect(verdicts).toHaveCount(1);
  await expect(evidence.getByTestId('evidence-shown')).toHaveText(`1 of ${offered} verdicts match`);
  await evidence.getByRole('checkbox', { name: new RegExp(comment) }).check();
  await evidence.getByLabel(`Note on ${evidenceTitle}`).fill('Accepted a late escalation');
  await expert.getByRole('button', { name: 'Submit proposal' }).click();
  await expect(expert).toHaveURL(new RegExp(`/meta-rubrics/${rubric.id}/proposals/\\d+$`));
  const proposalUrl = expert.url();
  await expect(expert.getByText('Open', { exact: true })).toBeVisible();
  await expect(expert.getByRole('list', { name: 'Change log' })).toContainText(`Edited principle “${PRINCIPLE.title}”: text`);
  const evidenceList = expert.getByRole('list', { name: 'Evidence' });
  await expect(evidenceList).toContainText(evidenceTitle);
  await expect(evidenceList).toContainText(comment);
  // Experts have no review buttons.
  await expect(expert.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expertContext.close();

  // A reviewer approves it.
  const reviewerContext = await browser.newContext({ storageState: storageStateFor('REVIEWER') });
  const reviewer = await reviewerContext.newPage();
  await reviewer.goto(proposalUrl);
  await expect(reviewer.getByRole('list', { name: 'Evidence' })).toContainText(evidenceTitle);
  // Approving needs a note, then a confirmation: nothing changes before both.
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByText('Write an approval note: why this change should become the next version')).toBeVisible();
  await expect(reviewer.getByRole('region', { name: 'Confirm the approval' })).toHaveCount(0);
  await reviewer.getByLabel('Review note').fill('Agreed: escalation must come first.');
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  const confirmation = reviewer.getByRole('region', { name: 'Confirm the approval' });
  await expect(confirmation).toContainText('Approve this proposal as v2?');
  expect(await prisma.metaRubricVersion.count({ where: { metaRubricId: rubric.id } })).toBe(1);
  await confirmation.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(reviewer.getByRole('status').filter({ hasText: 'Approved: version 2 is now active.' })).toBeVisible();
  await expect(reviewer.getByRole('link', { name: 'v2' })).toBeVisible();
  // The note is stored with the decision and shown on the proposal.
  await expect(reviewer.getByTestId('approval-note')).toHaveText(' Approval note: “Agreed: escalation must come first.”');
  await expect(reviewer.getByRole('list', { name: 'Activity' })).toContainText('Agreed: escalation must come first.');
  const approval = await prisma.proposalEvent.findFirstOrThrow({
    where: { proposal: { metaRubricId: rubric.id }, kind: 'APPROVE' },
  });
  expect(approval.body).toBe('Agreed: escalation must come first.');

  // Version 2 is active, with its change note; version 1 is retired and unchanged.
  await reviewer.goto(`/meta-rubrics/${rubric.id}`);
  await expect(reviewer.getByRole('heading', { name: /Version 2/ })).toBeVisible();
  await expect(reviewer.getByText(/immediate escalation to emergency care, in the first sentence/)).toBeVisible();
  const history = reviewer.getByRole('list', { name: 'Version history' });
  await expect(history.getByRole('listitem').first()).toContainText('v2');
  await expect(history.getByRole('listitem').first()).toContainText('Active');
  await expect(history.getByRole('listitem').first()).toContainText(`Edited principle “${PRINCIPLE.title}”: text`);
  await expect(history.getByRole('listitem').nth(1)).toContainText('Retired');
  const versions = await prisma.metaRubricVersion.findMany({ where: { metaRubricId: rubric.id }, orderBy: { number: 'asc' } });
  expect(versions.map((version) => [version.number, version.status])).toEqual([
    [1, 'RETIRED'],
    [2, 'ACTIVE'],
  ]);

  // The comparison: the diff with word-level marks, and both versions' concordance side by side.
  await reviewer.getByRole('link', { name: 'Compare v1 and v2' }).click();
  await expect(reviewer).toHaveURL(new RegExp(`/meta-rubrics/${rubric.id}/compare\\?a=1&b=2$`));
  const changed = reviewer.getByRole('article', { name: `Principle ${PRINCIPLE.title}` });
  await expect(changed).toHaveAttribute('data-status', 'changed');
  await expect(changed.locator('ins').filter({ hasText: 'immediate' })).toBeVisible();
  await expect(reviewer.getByRole('article', { name: `Principle ${OTHER.title}` })).toHaveAttribute('data-status', 'unchanged');
  for (const number of [1, 2]) {
    const column = reviewer.getByRole('region', { name: `Concordance v${number}` });
    await expect(column.getByTestId(`strict-v${number}`)).toHaveText('—');
    await expect(column).toContainText(`No criterion has been generated under v${number} yet.`);
  }
  await reviewerContext.close();
});

test('a reviewer is not offered Approve on their own proposal, and the server refuses it', async ({ browser }) => {
  const suffix = randomUUID().slice(0, 8);
  const rubric = await prisma.metaRubric.create({
    data: {
      domain: `e2e-own-${suffix}`,
      name: `E2E own proposal ${suffix}`,
      versions: {
        create: {
          number: 1,
          status: 'ACTIVE',
          activatedAt: new Date(),
          principles: [PRINCIPLE],
          generationRules: DEFAULT_GENERATION_RULES,
        },
      },
    },
  });
  const context = await browser.newContext({ storageState: storageStateFor('REVIEWER') });
  const page = await context.newPage();
  await page.goto(`/meta-rubrics/${rubric.id}/proposals/new`);
  await page.getByLabel('Title', { exact: true }).fill('Drop the escalation principle');
  await page.getByLabel('Rationale').fill('A reviewer proposing a change of their own.');
  await page.getByRole('button', { name: 'Add change' }).click();
  const change = page.getByRole('group', { name: 'Change 1: Edit a principle' });
  await change.getByLabel('Principle text').fill('Criteria must require escalation at once.');
  await page.getByRole('button', { name: 'Submit proposal' }).click();
  await expect(page).toHaveURL(new RegExp(`/meta-rubrics/${rubric.id}/proposals/\\d+$`));
  await expect(page.getByTestId('own-proposal')).toHaveText('You wrote this proposal, so another reviewer or admin approves it.');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request changes' })).toBeVisible();
  await context.close();
});
