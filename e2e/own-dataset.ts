// A small dataset of a spec's own, imported through the real importer, so that the spec's campaigns and
// figures touch no other spec's (the demo dataset is shared by all of them).
import { expect } from '@playwright/test';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';

export interface OwnQuery {
  id: string;
  department: string;
  /** Criterion ids; each becomes "Criterion <id>" (IMPORTANT, 1 point). */
  criteria: string[];
}

/** Imports the queries as dataset `name`; returns its id. */
export async function importOwnDataset(name: string, queries: OwnQuery[]): Promise<number> {
  const lines = queries.map((query) =>
    JSON.stringify({
      id: query.id,
      category: 'CLINICAL_CARE',
      department: query.department,
      language: 'en',
      conversation: [{ role: 'user', content: `Question ${query.id}: my child has a rash, what should I do?` }],
      criteria: query.criteria.map((id) => ({ id, title: `Criterion ${id}`, description: `Checks ${id}.`, tier: 'IMPORTANT', points: 1 })),
    }),
  );
  const summary = await importFile({ source: bufferSource(`${name}.jsonl`, `${lines.join('\n')}\n`), datasetName: name, format: 'native' });
  expect(summary.ok, JSON.stringify(summary.issues)).toBe(true);
  return summary.datasetId ?? 0;
}
