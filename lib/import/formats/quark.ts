// QuarkMedBench-style rubric JSON: { Query, essential: [...], important: [...], highlight: [...],
// pitfall: [...] } with items { Title, Weight, Tag, Description } where Description holds the level
// descriptors ({ "Not Met", "Partially Met", "Fully Met" }; for pitfalls { "No Error", "Minor Error",
// "Major Error" }). The spellings "pitful"/"Pitful" and any capitalisation of the tier keys are accepted.
// One object per line, or one JSON array. Pitfall weights become negative points (−|Weight|); the top level
// descriptor ("Fully Met", or "Major Error" for pitfalls) doubles as the criterion description. Without an
// id field (id, ID, query_id) the query id is a hash of its text.
import { z } from 'zod';
import '@/lib/zod-config';
import { CATEGORIES, MESSAGE_ROLES, type NativeQuery, type Tier, nativeQuerySchema } from '@/lib/import/native-schema';
import { type FormatResult, type NormalizedQuery, guessLanguage, hashOf, normalizeQuery, zodProblems } from '@/lib/import/normalized';

const TIER_KEYS: Record<string, Tier> = {
  essential: 'ESSENTIAL',
  important: 'IMPORTANT',
  highlight: 'HIGHLIGHT',
  pitfall: 'PITFALL',
  pitful: 'PITFALL',
};
const ID_KEYS = ['id', 'ID', 'Id', 'query_id', 'QueryId', 'queryId'];
const KNOWN = new Set([
  'query',
  'category',
  'department',
  'language',
  ...ID_KEYS.map((key) => key.toLowerCase()),
  ...Object.keys(TIER_KEYS),
]);

const itemSchema = z.object({
  Title: z.string('must be text').min(1, 'must not be empty'),
  Weight: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
    z.number('must be a number').finite('must be a finite number'),
  ),
  Tag: z.union([z.string(), z.array(z.string())]).optional(),
  Description: z.union([z.record(z.string(), z.string()), z.string()]).optional(),
});

const quarkSchema = z.object({
  Query: z.union([z.string().min(1), z.array(z.object({ role: z.enum(MESSAGE_ROLES), content: z.string().min(1) })).min(1)]),
});

function categoryFrom(value: unknown): (typeof CATEGORIES)[number] {
  const squashed = String(value ?? '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return CATEGORIES.find((category) => category.toLowerCase().replace(/_/g, '') === squashed) ?? 'CLINICAL_CARE';
}

export function parseQuark(value: unknown): FormatResult<NormalizedQuery> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ field: '(record)', reason: 'must be a JSON object with a "Query"' }] };
  }
  const record = value as Record<string, unknown>;
  const base = quarkSchema.safeParse({ Query: record.Query ?? record.query });
  if (!base.success) return { ok: false, problems: zodProblems(base.error) };

  const criteria: NativeQuery['criteria'] = [];
  const problems: { field: string; reason: string }[] = [];
  for (const [key, raw] of Object.entries(record)) {
    const tier = TIER_KEYS[key.toLowerCase()];
    if (!tier) continue;
    if (!Array.isArray(raw)) {
      problems.push({ field: key, reason: 'must be an array of criteria' });
      continue;
    }
    raw.forEach((item, index) => {
      const parsed = itemSchema.safeParse(item);
      if (!parsed.success) {
        problems.push(...zodProblems(parsed.error, `${key}[${index}]`));
        return;
      }
      const { Title, Weight, Tag, Description } = parsed.data;
      const levels =
        typeof Description === 'string' ? [] : Object.entries(Description ?? {}).map(([label, description]) => ({ label, description }));
      const top = tier === 'PITFALL' ? levels.find((l) => /major/i.test(l.label)) : levels.find((l) => /fully/i.test(l.label));
      criteria.push({
        title: Title,
        description: typeof Description === 'string' ? Description : (top?.description ?? ''),
        tier,
        points: tier === 'PITFALL' ? -Math.abs(Weight) : Weight,
        levels,
        tags: Tag === undefined ? [] : Array.isArray(Tag) ? Tag : [Tag],
        redLine: false,
        evidence: [],
      });
    });
  }
  if (problems.length) return { ok: false, problems };

  const conversation = typeof base.data.Query === 'string' ? [{ role: 'user' as const, content: base.data.Query }] : base.data.Query;
  const explicitId = ID_KEYS.map((key) => record[key]).find((id) => typeof id === 'string' || typeof id === 'number');
  const native: NativeQuery = {
    id: explicitId !== undefined ? String(explicitId) : `q:${hashOf(conversation).slice(0, 20)}`,
    category: categoryFrom(record.Category ?? record.category),
    ...(typeof (record.Department ?? record.department) === 'string' ? { department: String(record.Department ?? record.department) } : {}),
    language: typeof record.language === 'string' ? record.language : guessLanguage(conversation.map((m) => m.content).join(' ')),
    tags: [],
    conversation,
    criteria,
    responses: [],
  };
  const checked = nativeQuerySchema.safeParse(native);
  if (!checked.success) return { ok: false, problems: zodProblems(checked.error) };
  const result = normalizeQuery(checked.data);
  const unknown = Object.keys(record).filter((key) => !KNOWN.has(key.toLowerCase()));
  if (result.ok && unknown.length) return { ...result, warnings: unknown.map((key) => `ignored field "${key}"`) };
  return result;
}
