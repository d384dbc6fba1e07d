// Two tabs of one clinician marking the same criterion of a grading assignment: the second tab's save is refused
// with both versions shown (nothing overwritten), and the version the clinician chooses is the one stored.
import { expect, test } from '@playwright/test';
import { disconnectDb, prisma } from '@/lib/db';
import { claimGradingResponse } from '@/lib/grading/claim-grading-response';
import { createGradingCampaign } from '@/lib/grading/create-grading-campaign';
import { createGradingCampaignSchema } from '@/lib/grading/schemas';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { demoUser, storageStateFor } from './fixtures';

const token = `conflict${Date.now()}`;

test.afterAll(async () => {
  await disconnectDb();
});

test('the second tab’s save is refused with both versions, and “Keep mine” / “Take the other” store the chosen one', async ({
  browser,
}) => {
  const line = {
    id: `${token}-q`,
    category: 'CLINICAL_CARE',
    conversation: [{ role: 'user', content: 'I have had a cough for three weeks.' }],
    criteria: [0, 1].map((c) => ({
      id: `c${c}`,
      title: `Conflict criterion ${c}`,
      description: `Mentions ${c === 0 ? 'a chest X-ray' : 'smoking history'}.`,
      tier: 'IMPORTANT',
      points: 3,
    })),
    responses: [{ id: `${token}-r`, source: `model-${token}`, content: 'See a doctor about a chest X-ray.' }],
  };
  const imported = await importFile({
    source: bufferSource('conflict.jsonl', `${JSON.stringify(line)}\n`),
    datasetName: `E2E conflict ${token}`,
    format: 'native',
  });
  expect(imported.ok, JSON.stringify(imported.issues)).toBe(true);
  const dataset = await prisma.dataset.findUniqueOrThrow({ where: { name: `E2E conflict ${token}` } });
  const admin = await prisma.user.findUniqueOrThrow({ where: { email: demoUser('ADMIN').email } });
  const expert = await prisma.user.findUniqueOrThrow({ where: { email: demoUser('EXPERT', 2).email } });
  const campaign = await createGradingCampaign({
    actor: { id: admin.id, email: admin.email, name: admin.name, role: 'ADMIN', specialties: [], active: true },
    input: createGradingCampaignSchema.parse({
      name: `Conflict ${token}`,
      overlapK: 1,
      expertIds: [expert.id],
      selection: { datasetId: dataset.id, responses: 1 },
    }),
  });
  const claim = await claimGradingResponse({ campaignId: campaign.id, expertId: expert.id });
  if (claim.kind === 'none') throw new Error(`nothing to claim: ${claim.reason}`);
  const url = `/audit/grading/work/${claim.assignmentId}`;

  const context = await browser.newContext({ storageState: storageStateFor('EXPERT', 2) });
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto(url);
  await second.goto(url);
  const card = (page: typeof first, title: string) => page.getByRole('article', { name: new RegExp(`: ${title}$`) });
  // Focusing a card first: a click on an inactive card makes it active, which resizes the cards, and the same
  // click's release can then land off the radio (a layout shift reported to the accessibility work).
  const mark = async (page: typeof first, title: string, label: 'Met (m)' | 'Not met (n)') => {
    await card(page, title).getByRole('heading').click();
    await card(page, title).getByLabel(label, { exact: true }).check();
  };
  const stored = async (title: string) => {
    const criterion = await prisma.criterion.findFirstOrThrow({ where: { title, query: { datasetId: dataset.id } } });
    return {
      criterion,
      mark: await prisma.gradingMark.findUnique({
        where: { assignmentId_criterionId: { assignmentId: claim.assignmentId, criterionId: criterion.id } },
      }),
    };
  };

  // Criterion 0: the first tab saves "met"; the second, loaded before that, says "not met" and keeps it.
  const title0 = 'Conflict criterion 0';
  await mark(first, title0, 'Met (m)');
  const { criterion: c0 } = await stored(title0);
  await expect(first.getByTestId(`save-state-${c0.id}`)).toHaveText('Saved');
  await mark(second, title0, 'Not met (n)');
  const alert0 = card(second, title0).getByRole('alert');
  await expect(alert0).toContainText('there it is “met”, here “not met”');
  await expect(alert0).toContainText('Nothing was overwritten');
  expect((await stored(title0)).mark).toMatchObject({ met: true, rowVersion: 1 });
  await alert0.getByRole('button', { name: 'Keep mine' }).click();
  await expect(second.getByTestId(`save-state-${c0.id}`)).toHaveText('Saved');
  await expect(alert0).toHaveCount(0);
  expect((await stored(title0)).mark).toMatchObject({ met: false, rowVersion: 2 });

  // Criterion 1: the first tab saves "not met"; the second says "met" and takes the other version.
  const title1 = 'Conflict criterion 1';
  await mark(first, title1, 'Not met (n)');
  const { criterion: c1 } = await stored(title1);
  await expect(first.getByTestId(`save-state-${c1.id}`)).toHaveText('Saved');
  await mark(second, title1, 'Met (m)');
  const alert1 = card(second, title1).getByRole('alert');
  await expect(alert1).toContainText('there it is “not met”, here “met”');
  await alert1.getByRole('button', { name: 'Take the other' }).click();
  await expect(alert1).toHaveCount(0);
  await expect(card(second, title1).getByLabel('Not met (n)', { exact: true })).toBeChecked();
  expect((await stored(title1)).mark).toMatchObject({ met: false, rowVersion: 1 });
  // The taken version is the tab's base now: its next change saves over it, not into a new conflict.
  await mark(second, title1, 'Met (m)');
  await expect.poll(async () => (await stored(title1)).mark?.rowVersion).toBe(2);
  expect((await stored(title1)).mark).toMatchObject({ met: true });
  await expect(card(second, title1).getByRole('alert')).toHaveCount(0);
  await context.close();
});
