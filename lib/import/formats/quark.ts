// QuarkMedBench-style rubric JSON: { Query, essential: [...], important: [...], highlight: [...],
// pitfall: [...] } with items { Title, Weight, Tag, Description } where Description holds the level
// descriptors ({ "Not Met", "Partially Met", "Fully Met" }; for pitfalls { "No Error", "Minor Error",
// "Major Error" }). The spellings "pitful"/"Pitful" and any capitalisation of the tier keys are accepted.
// One object per line, or one JSON array; a record may come wrapped in the generation output's outer object
// ({"Evaluation_System": {...}}). Pitfall weights become negative points (−|Weight|); the top level
// descriptor ("Fully Met", or "Major Error" for pitfalls) doubles as the criterion description. An empty
// "Tag" means no tag. Without an id field (id, ID, query_id) the query id is a hash of its text. Every problem
// names the field as written in the file (essential[0].Tag), whatever the native field it maps to.
import { CATEGORIES, type Tier } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';
import { QUARK_WRAPPER } from '@/lib/import/formats/detect';
import { MESSAGE_ROLES, type NativeQuery, nativeQuerySchema } from '@/lib/import/native-schema';
import {
  type FieldPath,
  type FieldProblem,
  type FormatResult,
  type NormalizedQuery,
  type ToFileField,
  fieldName,
  guessLanguage,
  hashOf,
  normalizeQuery,
  zodProblems,
} from '@/lib/import/normalized';

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
  Tag: z.union([z.string(), z.array(z.string())], 'must be text or a list of text').nullish(),
  Description: z.union([z.record(z.string(), z.string()), z.string()], 'must be text or an object of level descriptions').optional(),
});

const querySchema = z.union(
  [z.string().min(1, 'must not be empty'), z.array(z.object({ role: z.enum(MESSAGE_ROLES), content: z.string().min(1) })).min(1)],
  'must be text or a list of messages',
);

/** Where a criterion came from in the file, to name its fields as the file does. */
interface CriterionOrigin {
  item: FieldPath;
  tagIsList: boolean;
  /** Description as text, as level descriptions (with the label used as the description), or absent. */
  descriptionField: FieldPath;
  levelLabels: string[];
}

function categoryFrom(value: unknown): (typeof CATEGORIES)[number] {
  const squashed = String(value ?? '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return CATEGORIES.find((category) => category.toLowerCase().replace(/_/g, '') === squashed) ?? 'CLINICAL_CARE';
}

const keyOf = (record: Record<string, unknown>, names: string[]) => names.find((name) => record[name] !== undefined);

function quarkFields(
  at: FieldPath,
  keys: { query: string; id?: string; department?: string },
  queryIsText: boolean,
  origins: CriterionOrigin[],
): ToFileField {
  return (path) => {
    const [head, index, field, sub, ...rest] = path;
    if (head === 'id') return [...at, keys.id ?? keys.query];
    if (head === 'department') return [...at, keys.department ?? 'Department'];
    if (head === 'language') return [...at, 'language'];
    if (head === 'conversation')
      return queryIsText || typeof index !== 'number' ? [...at, keys.query] : [...at, keys.query, ...path.slice(1)];
    if (head !== 'criteria') return [...at, ...path];
    const origin = typeof index === 'number' ? origins[index] : undefined;
    if (!origin) return at;
    if (field === 'title') return [...origin.item, 'Title'];
    if (field === 'points') return [...origin.item, 'Weight'];
    if (field === 'description') return origin.descriptionField;
    if (field === 'tags') return origin.tagIsList && typeof sub === 'number' ? [...origin.item, 'Tag', sub] : [...origin.item, 'Tag'];
    if (field === 'levels') {
      const label = typeof sub === 'number' ? origin.levelLabels[sub] : undefined;
      return label === undefined ? [...origin.item, 'Description'] : [...origin.item, 'Description', label, ...rest.slice(1)];
    }
    return origin.item;
  };
}

/** `at`: where the record is in the file, [3] for the 4th element of a JSON array; every field is named from it. */
export function parseQuark(value: unknown, at: FieldPath = []): FormatResult<NormalizedQuery> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ field: fieldName(at), reason: 'must be a JSON object with a "Query"' }] };
  }
  let record = value as Record<string, unknown>;
  const warnings: string[] = [];
  // The generation pipeline's output wraps each record: {"Evaluation_System": {"Query": …, "essential": […]}}.
  const wrapper = keyOf(record, ['Query', 'query']) === undefined ? Object.keys(record).find((key) => QUARK_WRAPPER.test(key)) : undefined;
  const inner = wrapper === undefined ? undefined : record[wrapper];
  if (wrapper !== undefined && typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
    for (const key of Object.keys(record)) if (key !== wrapper) warnings.push(`ignored field "${key}"`);
    record = inner as Record<string, unknown>;
    at = [...at, wrapper];
  }

  const queryKey = keyOf(record, ['Query', 'query']) ?? 'Query';
  const base = querySchema.safeParse(record[queryKey]);
  if (!base.success) return { ok: false, problems: zodProblems(base.error, (path) => [...at, queryKey, ...path]) };

  const criteria: NativeQuery['criteria'] = [];
  const origins: CriterionOrigin[] = [];
  const problems: FieldProblem[] = [];
  for (const [key, raw] of Object.entries(record)) {
    const tier = TIER_KEYS[key.toLowerCase()];
    if (!tier) continue;
    if (raw === null) continue;
    if (!Array.isArray(raw)) {
      problems.push({ field: fieldName([...at, key]), reason: 'must be a list of criteria' });
      continue;
    }
    raw.forEach((item, index) => {
      const itemPath: FieldPath = [...at, key, index];
      const parsed = itemSchema.safeParse(item);
      if (!parsed.success) {
        problems.push(...zodProblems(parsed.error, (path) => [...itemPath, ...path]));
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
        // Blank tags ("Tag": "") mean none; normalizing drops them.
        tags: Tag === undefined || Tag === null ? [] : Array.isArray(Tag) ? Tag : [Tag],
        redLine: false,
        evidence: [],
      });
      origins.push({
        item: itemPath,
        tagIsList: Array.isArray(Tag),
        descriptionField: top ? [...itemPath, 'Description', top.label] : [...itemPath, 'Description'],
        levelLabels: levels.map((level) => level.label),
      });
    });
  }
  if (problems.length) return { ok: false, problems };

  const conversation = typeof base.data === 'string' ? [{ role: 'user' as const, content: base.data }] : base.data;
  const idKey = ID_KEYS.find((key) => typeof record[key] === 'string' || typeof record[key] === 'number');
  const departmentKey = keyOf(record, ['Department', 'department']);
  const native: NativeQuery = {
    id: idKey !== undefined ? String(record[idKey]) : `q:${hashOf(conversation).slice(0, 20)}`,
    category: categoryFrom(record.Category ?? record.category),
    ...(departmentKey !== undefined && typeof record[departmentKey] === 'string' ? { department: String(record[departmentKey]) } : {}),
    language: typeof record.language === 'string' ? record.language : guessLanguage(conversation.map((m) => m.content).join(' ')),
    tags: [],
    conversation,
    criteria,
    responses: [],
  };
  const toFile = quarkFields(
    at,
    { query: queryKey, ...(idKey ? { id: idKey } : {}), ...(departmentKey ? { department: departmentKey } : {}) },
    typeof base.data === 'string',
    origins,
  );
  const checked = nativeQuerySchema.safeParse(native);
  if (!checked.success) return { ok: false, problems: zodProblems(checked.error, toFile) };
  const result = normalizeQuery(checked.data, toFile);
  if (!result.ok) return result;
  for (const key of Object.keys(record)) if (!KNOWN.has(key.toLowerCase())) warnings.push(`ignored field "${key}"`);
  return {
    ...result,
    ...(warnings.length ? { warnings } : {}),
    idField: [...at, idKey ?? queryKey],
    idDerived: idKey === undefined,
  };
}
