// An expert's own quick edits never read as "changed in another tab". An edit made while the criterion's
// previous save is in flight is saved as soon as that save answers, before the screen re-renders; it must carry
// the row version that answer returned. It carried the one before, and the expert's own second save was refused
// as a conflict (seen in e2e once the server answered faster, issue 21). The first save is held back here so
// the second edit always lands while it is in flight.
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db';
import { reservedDemoQuery } from './campaign-fixtures';
import { storageStateFor } from './fixtures';

test('an edit made while the previous save is in flight is saved after it, with its row version', async ({ browser }) => {
  const { assignmentId, criterionId } = await reservedDemoQuery({
    name: 'Autosave race',
    department: 'Cardiology',
    expertIndex: 2,
  });
  const context = await browser.newContext({ storageState: storageStateFor('EXPERT', 2) });
  const page = await context.newPage();
  let held = 0;
  let released: () => void = () => {};
  const release = new Promise<void>((resolve) => {
    released = resolve;
  });
  // The first server action from the screen (the first save) answers only once the second edit was made.
  await page.route(`**/audit/work/${assignmentId}`, async (route) => {
    const request = route.request();
    if (request.method() !== 'POST' || !request.headers()['next-action'] || held > 0) return route.fallback();
    held += 1;
    const response = await route.fetch();
    await release;
    await route.fulfill({ response });
  });
  await page.goto(`/audit/work/${assignmentId}`);
  const card = page.locator('article[data-active]');
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: /Accept/ }).click();
  await expect.poll(() => held).toBe(1);
  await card.getByLabel('Comment').fill('added while the first save was in flight');
  // Past the autosave's 700 ms: the second save is queued behind the first.
  await page.waitForTimeout(1_000);
  released();

  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
  await expect(card.getByText('Changed elsewhere')).toHaveCount(0);
  await expect
    .poll(async () =>
      prisma.verdict.findUnique({
        where: { assignmentId_criterionId: { assignmentId: assignmentId, criterionId } },
        select: { decision: true, comment: true, rowVersion: true },
      }),
    )
    .toEqual({ decision: 'ACCEPT', comment: 'added while the first save was in flight', rowVersion: 2 });
  await context.close();
});
