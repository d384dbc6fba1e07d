import { prisma } from '@/lib/db';

/** The latest imports, newest first, for the import page and GET /api/imports. */
export async function listImportJobs(take = 20) {
  return await prisma.importJob.findMany({
    orderBy: { createdAt: 'desc' },
    take,
    select: {
      id: true,
      datasetName: true,
      fileName: true,
      format: true,
      status: true,
      errorCount: true,
      createdAt: true,
      finishedAt: true,
      createdBy: { select: { name: true } },
    },
  });
}
