// First-start demo content, on an empty database only: users, the two demo meta-rubrics, and the demo
// dataset, which goes through the real import path (the same code as an upload or `npm run import`).
import path from 'node:path';
import { prisma } from '@/lib/db';
import { diskSource } from '@/lib/import/read-lines';
import { runImportJob } from '@/lib/import/run-import-job';
import { loadMetaRubrics } from '@/lib/meta-rubrics/load-meta-rubrics';
import { DEMO_USERS, seedDemoUsers } from '@/lib/seed/demo-users';

export const DEMO_DIR = path.join(process.cwd(), 'prisma', 'seed', 'demo');
export const DEMO_DATASET = 'Demo: clinical rubrics';

export async function seedDemo({ log }: { log: (line: string) => void }): Promise<boolean> {
  const users = await seedDemoUsers();
  if (users.length === 0) return false;
  log('Created demo users (local-only passwords, shown once; also listed in README.md):');
  for (const user of DEMO_USERS) log(`  ${user.role.padEnd(8)} ${user.email.padEnd(30)} ${user.password}`);

  const admin = await prisma.user.findFirst({ where: { role: 'ADMIN' }, select: { id: true } });
  const versions = await loadMetaRubrics({ file: path.join(DEMO_DIR, 'meta-rubrics.json'), actorId: admin?.id ?? null });
  log(`Loaded ${versions} demo meta-rubric versions.`);

  const source = await diskSource(path.join(DEMO_DIR, 'queries.jsonl'));
  const job = await prisma.importJob.create({
    data: { datasetName: DEMO_DATASET, fileName: source.name, format: 'native', totalBytes: source.size, createdById: admin?.id ?? null },
  });
  // Through the job runner, so the job row's final state commits with the data, as for any import.
  const summary = await runImportJob({ importJobId: job.id, source });
  if (!summary?.ok) {
    const first = (summary?.issues ?? [])
      .slice(0, 5)
      .map((issue) => `line ${issue.line} ${issue.field}: ${issue.reason}`)
      .join('; ');
    throw new Error(`the demo dataset did not import: ${first}`);
  }
  log(
    `Imported the demo dataset "${DEMO_DATASET}": ${summary.queries.added} queries, ${summary.criteria.added} criteria, ${summary.responses.added} responses.`,
  );
  return true;
}
