// Grades a dataset's responses through the run launcher (/judge/runs/new) with a new endpoint on the judge test
// double, waits for the run to succeed and returns its id: the agreement specs' way to get a judge's grades.
import { type Page, expect } from '@playwright/test';
import { prisma } from '@/lib/db';

export async function gradeThroughLauncher(
  page: Page,
  { dataset, endpoint, model, baseUrl }: { dataset: string; endpoint: string; model: string; baseUrl: string },
): Promise<number> {
  const { id: datasetId } = await prisma.dataset.findUniqueOrThrow({ where: { name: dataset }, select: { id: true } });
  const created = await prisma.judgeEndpoint.create({ data: { name: endpoint, baseUrl, model } });
  await page.goto('/judge/runs/new');
  const form = page.getByRole('form', { name: 'New run' });
  await form.getByRole('radio', { name: 'Grade responses' }).check();
  await form.getByLabel('Endpoint', { exact: true }).selectOption(String(created.id));
  await form.getByLabel('Dataset').selectOption(String(datasetId));
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/\/judge\/runs\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  await expect(page.getByTestId('run-status')).toHaveText('Succeeded', { timeout: 90_000 });
  return id;
}
