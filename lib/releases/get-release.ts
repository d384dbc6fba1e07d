// What the release pages read: the list, and one release with its files (and, for a draft, the preview).
import { prisma } from '@/lib/db';
import type { ReleaseManifest } from '@/lib/releases/freeze-release';
import { rulesSchema } from '@/lib/releases/schemas';

export async function listReleases() {
  const releases = await prisma.release.findMany({
    orderBy: [{ name: 'asc' }, { version: 'desc' }],
    select: {
      id: true,
      name: true,
      version: true,
      status: true,
      frozenAt: true,
      createdAt: true,
      manifest: true,
      createdBy: { select: { name: true } },
      _count: { select: { items: true, files: { where: { status: 'SUCCEEDED' } } } },
    },
  });
  return releases.map(({ manifest, _count, ...release }) => ({
    ...release,
    criteria: _count.items,
    files: _count.files,
    queries: (manifest as ReleaseManifest | null)?.figures.queries ?? null,
  }));
}

export async function getRelease(releaseId: number) {
  const release = await prisma.release.findUnique({
    where: { id: releaseId },
    include: {
      createdBy: { select: { name: true, email: true } },
      freeze: { select: { stage: true, progress: true, error: true, updatedAt: true } },
      files: { orderBy: { id: 'asc' }, include: { storedFile: { select: { size: true, sha256: true } } } },
    },
  });
  if (!release) return null;
  const manifest = release.manifest as ReleaseManifest | null;
  // Names, not ids: the draft's datasets as they are named now (a frozen release names them in its manifest),
  // and the campaigns the manifest records.
  const datasetIds = rulesSchema.safeParse(release.rules).data?.datasetIds ?? [];
  const [datasets, campaigns] = await Promise.all([
    prisma.dataset.findMany({ where: { id: { in: datasetIds } }, select: { id: true, name: true }, orderBy: { id: 'asc' } }),
    prisma.auditCampaign.findMany({
      where: { id: { in: manifest?.campaignIds ?? [] } },
      select: { id: true, name: true },
      orderBy: { id: 'asc' },
    }),
  ]);
  return {
    ...release,
    datasets: manifest?.datasets ?? datasets,
    campaigns,
    manifest,
    checksums: (release.checksums ?? {}) as Record<string, string>,
  };
}
