// QuarkMedBench-style JSON: one array of { id, Query, Category, Department?, essential, important,
// highlight, pitfall }, each tier an array of { Title, Weight, Tag, Description } where Weight is the
// magnitude of the points and Description maps level labels to their descriptors (the description text
// when a criterion has no levels; with levels, the Title carries the title and description composed, so no
// text is lost). lib/import/formats/quark.ts reads it back.
import { composeCriterionText } from '@/lib/export/compose-criterion-text';
import type { ExportRecord } from '@/lib/export/release-rows';

const TIER_KEYS = [
  ['ESSENTIAL', 'essential'],
  ['IMPORTANT', 'important'],
  ['HIGHLIGHT', 'highlight'],
  ['PITFALL', 'pitfall'],
] as const;

export function quarkObject({ query, criteria }: ExportRecord): string {
  const only = query.conversation.length === 1 && query.conversation[0]?.role === 'user' ? query.conversation[0].content : null;
  const object: Record<string, unknown> = {
    id: query.id,
    Query: only ?? query.conversation.map((message) => ({ role: message.role, content: message.content })),
    Category: query.category,
    ...(query.department !== null ? { Department: query.department } : {}),
  };
  for (const [tier, key] of TIER_KEYS) {
    object[key] = criteria
      .filter((c) => c.tier === tier)
      .map((c) => ({
        Title: c.levels.length ? composeCriterionText(c.title, c.description) : c.title,
        Weight: Math.abs(c.points),
        Tag: c.tags,
        Description: c.levels.length ? Object.fromEntries(c.levels.map((level) => [level.label, level.description])) : c.description,
      }));
  }
  return JSON.stringify(object);
}
