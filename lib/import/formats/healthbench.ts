// HealthBench-style JSON Lines: { prompt_id, prompt: [messages], rubrics: [{ criterion, points, tags }],
// example_tags, ideal_completions_data? }. Points are kept as given; the tier is derived from them
// (negative: PITFALL; 7 and up: ESSENTIAL; 4 to 6: IMPORTANT; below 4: HIGHLIGHT). Example tags become
// query tags; `theme:health_data_tasks` marks a PROFESSIONAL_INQUIRY, everything else is CLINICAL_CARE
// unless the record carries its own `category`. Ideal and reference completions become responses.
import { CATEGORIES, type Tier } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';
import { MESSAGE_ROLES, type NativeQuery, nativeQuerySchema } from '@/lib/import/native-schema';
import {
  type FieldPath,
  type FormatResult,
  type NormalizedQuery,
  type ToFileField,
  guessLanguage,
  normalizeQuery,
  titleFrom,
  zodProblems,
} from '@/lib/import/normalized';

const KNOWN = new Set(['prompt_id', 'prompt', 'rubrics', 'example_tags', 'ideal_completions_data', 'category', 'department']);

const healthBenchSchema = z.object({
  prompt_id: z.string().min(1, 'must not be empty'),
  prompt: z.array(z.object({ role: z.enum(MESSAGE_ROLES), content: z.string() })).min(1, 'needs at least one message'),
  rubrics: z.array(
    z.object({
      criterion: z.string().min(1, 'must not be empty'),
      points: z.number().finite('must be a finite number'),
      tags: z.array(z.string()).nullish(),
    }),
  ),
  example_tags: z.array(z.string()).nullish(),
  ideal_completions_data: z
    .object({
      ideal_completion: z.string().optional(),
      ideal_completions_group: z.string().optional(),
      ideal_completions_ref_completions: z.array(z.string()).optional(),
    })
    .nullish(),
  category: z.enum(CATEGORIES).optional(),
  department: z.string().min(1).optional(),
});

export function tierFromPoints(points: number): Tier {
  if (points < 0) return 'PITFALL';
  if (points >= 7) return 'ESSENTIAL';
  if (points >= 4) return 'IMPORTANT';
  return 'HIGHLIGHT';
}

/** Native paths back to the HealthBench file's fields (responses come from ideal_completions_data). */
function healthBenchFields(responseFields: FieldPath[]): ToFileField {
  return (path) => {
    const [head, index, field, ...rest] = path;
    if (head === 'id') return ['prompt_id'];
    if (head === 'conversation') return ['prompt', ...path.slice(1)];
    if (head === 'tags') return ['example_tags', ...path.slice(1)];
    if (head === 'language') return ['prompt'];
    if (head === 'responses')
      return typeof index === 'number' ? (responseFields[index] ?? ['ideal_completions_data']) : ['ideal_completions_data'];
    if (head !== 'criteria') return path;
    if (typeof index !== 'number') return ['rubrics'];
    if (field === 'title' || field === 'description') return ['rubrics', index, 'criterion'];
    if (field === 'points' || field === 'tags') return ['rubrics', index, field, ...rest];
    return ['rubrics', index];
  };
}

export function parseHealthBench(value: unknown): FormatResult<NormalizedQuery> {
  const parsed = healthBenchSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) };
  const record = parsed.data;
  const ideal = record.ideal_completions_data;
  const responseFields: FieldPath[] = [
    ...(ideal?.ideal_completion ? [['ideal_completions_data', 'ideal_completion']] : []),
    ...(ideal?.ideal_completions_ref_completions ?? []).map((_, index) => [
      'ideal_completions_data',
      'ideal_completions_ref_completions',
      index,
    ]),
  ];
  const responses = [
    ...(ideal?.ideal_completion ? [{ id: 'ideal', source: 'ideal_completion', content: ideal.ideal_completion, ideal: true }] : []),
    ...(ideal?.ideal_completions_ref_completions ?? []).map((content, index) => ({
      id: `ref-${index + 1}`,
      source: 'reference_completion',
      content,
      ideal: false,
    })),
  ];
  const native: NativeQuery = {
    id: record.prompt_id,
    category: record.category ?? (record.example_tags?.includes('theme:health_data_tasks') ? 'PROFESSIONAL_INQUIRY' : 'CLINICAL_CARE'),
    ...(record.department ? { department: record.department } : {}),
    language: guessLanguage(record.prompt.map((message) => message.content).join(' ')),
    tags: record.example_tags ?? [],
    conversation: record.prompt,
    criteria: record.rubrics.map((rubric) => ({
      title: titleFrom(rubric.criterion),
      description: rubric.criterion,
      tier: tierFromPoints(rubric.points),
      points: rubric.points,
      levels: [],
      tags: rubric.tags ?? [],
      redLine: false,
      evidence: [],
    })),
    responses,
  };
  const toFile = healthBenchFields(responseFields);
  const checked = nativeQuerySchema.safeParse(native);
  if (!checked.success) return { ok: false, problems: zodProblems(checked.error, toFile) };
  const result = normalizeQuery(checked.data, toFile);
  if (result.ok) result.idField = ['prompt_id'];
  const unknown = Object.keys(value as object).filter((key) => !KNOWN.has(key));
  if (result.ok && unknown.length) return { ...result, warnings: unknown.map((key) => `ignored field "${key}"`) };
  return result;
}
