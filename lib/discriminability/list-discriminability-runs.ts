// The GRADE and PROXY runs the discriminability page can measure, newest first, for its run pickers.
import 'server-only';
import { prisma } from '@/lib/db';

export interface RunChoice {
  id: number;
  name: string;
}

export async function listDiscriminabilityRuns({
  datasetId,
}: {
  datasetId?: number;
} = {}): Promise<{ grade: RunChoice[]; proxy: RunChoice[] }> {
  const rows = await prisma.$queryRaw<{ id: number; kind: 'GRADE' | 'PROXY'; status: string; version: string | null }[]>`
    SELECT r.id, r.kind::text AS kind, r.status::text AS status, m.name || ' v' || v.number AS version
      FROM judge_runs r LEFT JOIN meta_rubric_versions v ON v.id = r.meta_rubric_version_id LEFT JOIN meta_rubrics m ON m.id = v.meta_rubric_id
     WHERE r.kind IN ('GRADE', 'PROXY') AND (${datasetId ?? null}::int IS NULL OR (r.scope->>'datasetId')::int = ${datasetId ?? null}::int)
     ORDER BY r.id DESC LIMIT 200`;
  const choice = (row: (typeof rows)[number]) => ({
    id: row.id,
    name: `Run #${row.id}${row.version ? ` (${row.version})` : ''} · ${row.status.toLowerCase()}`,
  });
  return {
    grade: rows.filter((row) => row.kind === 'GRADE').map(choice),
    proxy: rows.filter((row) => row.kind === 'PROXY').map(choice),
  };
}
