// How people name a criterion: by the id its file gave it, or, when the file gave none (HealthBench, the demo),
// by its query's id and its place in that query ("walk-hb-1/3"), which is how it can be found in the file.
// Database ids are never shown for this: nobody outside the database knows them.
import { CONTENT_KEY_PREFIX } from '@/lib/import/normalized';

export function criterionReference({ key, position, queryExternalId }: { key: string; position: number; queryExternalId: string }): string {
  return key.startsWith(CONTENT_KEY_PREFIX) ? `${queryExternalId}/${position + 1}` : key;
}
