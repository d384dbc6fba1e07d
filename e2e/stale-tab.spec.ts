// Two tabs of one expert (issue 18.5): the verdict changed in the other tab wins when the expert chooses
// "Use that version", whole: the next autosave must store that version's every field, not a mix of both.
import { expect, test } from '@playwright/test';
import { verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict } from '@/lib/audit/verdicts';
import { prisma } from '@/lib/db';
import { reservedDemoQuery } from './campaign-fixtures';
import { storageStateFor } from './fixtures';

test('"Use that version" takes every field of the other tab’s verdict, and the next save keeps them', async ({ browser }) => {
  // Emergency Medicine: a department no other spec's figures depend on.
  const { expert, assignmentId, criterionId } = await reservedDemoQuery({
    name: 'Stale tab',
    department: 'Emergency Medicine',
    expertIndex: 2,
  });
  const context = await browser.newContext({ storageState: storageStateFor('EXPERT', 2) });
  const page = await context.newPage();
  await page.goto(`/audit/work/${assignmentId}`);
  const card = page.locator('article[data-active]');
  await expect(card).toBeVisible();

  // The other tab stores a full verdict after this one loaded.
  const theirs = verdictDraftSchema.parse({
    assignmentId: assignmentId,
    criterionId,
    rowVersion: 0,
    decision: 'REJECT',
    dimensions: ['CORRECTNESS'],
    severity: 'HIGH',
    comment: 'from the other tab',
  });
  expect((await saveVerdict({ expertId: expert.id, draft: theirs })).status).toBe('saved');

  await card.getByRole('button', { name: /Accept/ }).click();
  await expect(card.getByText('Changed elsewhere')).toBeVisible();
  await card.getByRole('button', { name: 'Use that version' }).click();
  await expect(card.getByRole('button', { name: /Reject/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByLabel('Severity')).toHaveValue('HIGH');

  // The next autosave (a comment edit) stores that version with the new comment, nothing of the stale one.
  await card.getByLabel('Comment').fill('from the other tab, then edited here');
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
  const stored = await prisma.verdict.findUniqueOrThrow({
    where: { assignmentId_criterionId: { assignmentId: assignmentId, criterionId } },
  });
  expect(stored).toMatchObject({
    decision: 'REJECT',
    dimensions: ['CORRECTNESS'],
    severity: 'HIGH',
    comment: 'from the other tab, then edited here',
  });
  await context.close();
});
