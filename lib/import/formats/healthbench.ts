// HealthBench-style JSON Lines: { prompt_id, prompt: [messages], rubrics: [{ criterion, points, tags }],
// example_tags, ideal_completions_data? }. Points are kept as given; the tier is derived from them
// (negative: PITFALL; 7 and up: ESSENTIAL; 4 to 6: IMPORTANT; below 4: HIGHLIGHT). Example tags become
// query tags; `theme:health_data_tasks` marks a PROFESSIONAL_INQUIRY, everything else is CLINICAL_CARE
// unless the record carries its own `category`. Ideal and reference completions become responses.
import { z } from 'zod';
import '@/lib/zod-config';
import { CATEGORIES, MESSAGE_ROLES, type NativeQuery, type Tier, nativeQuerySchema } from '@/lib/import/native-schema';
import { type FormatResult, type NormalizedQuery, guessLanguage, normalizeQuery, zodProblems } from '@/lib/import/normalized';

const KNOWN = new Set(['prompt_id', 'prompt', 'rubrics', 'example_tags', 'ideal_completions_data', 'category', 'department']);

const healthBenchSchema = z.object({
  prompt_id: z.string().min(1),
  prompt: z.array(z.object({ role: z.enum(MESSAGE_ROLES), content: z.string() })).min(1),
  rubrics: z.array(z.object({ criterion: z.string().min(1), points: z.number().finite(), tags: z.array(z.string()).default([]) })),
  example_tags: z.array(z.string()).default([]),
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

function titleFrom(text: string): string {
  const firstSentence = text.split(/(?<=[.!?。！？])\s/)[0] ?? text;
  return firstSentence.length > 160 ? `${firstSentence.slice(0, 157)}…` : firstSentence;
}

export function parseHealthBench(value: unknown): FormatResult<NormalizedQuery> {
  const parsed = healthBenchSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) };
  const record = parsed.data;
  const ideal = record.ideal_completions_data;
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
    category: record.category ?? (record.example_tags.includes('theme:health_data_tasks') ? 'PROFESSIONAL_INQUIRY' : 'CLINICAL_CARE'),
    ...(record.department ? { department: record.department } : {}),
    language: guessLanguage(record.prompt.map((message) => message.content).join(' ')),
    tags: record.example_tags,
    conversation: record.prompt,
    criteria: record.rubrics.map((rubric) => ({
      title: titleFrom(rubric.criterion),
      description: rubric.criterion,
      tier: tierFromPoints(rubric.points),
      points: rubric.points,
      levels: [],
      tags: rubric.tags,
      redLine: false,
      evidence: [],
    })),
    responses,
  };
  const checked = nativeQuerySchema.safeParse(native);
  if (!checked.success) {
    return {
      ok: false,
      problems: zodProblems(checked.error).map((p) => ({
        ...p,
        field: p.field.replace(/^criteria/, 'rubrics').replace(/^conversation/, 'prompt'),
      })),
    };
  }
  const result = normalizeQuery(checked.data);
  const unknown = Object.keys(value as object).filter((key) => !KNOWN.has(key));
  if (result.ok && unknown.length) return { ...result, warnings: unknown.map((key) => `ignored field "${key}"`) };
  return result;
}
