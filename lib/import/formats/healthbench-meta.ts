// HealthBench's meta-evaluation JSON Lines (simple-evals healthbench_meta_eval.py): one graded item per line,
// { prompt: [messages], completion, rubric, binary_labels: [bool], anonymized_physician_ids: [string], category,
// prompt_id?, completion_id? }. The prompt is a query, the completion a response, the rubric item a criterion of
// that query (matched by text when the import runs), and each physician's label a clinician grade.
import { z } from '@/lib/zod';
import { tierFromPoints } from '@/lib/import/formats/healthbench';
import { MESSAGE_ROLES, messageSchema } from '@/lib/import/native-schema';
import type { Tier } from '@/lib/vocabulary/enums';
import { type FormatResult, guessLanguage, hashOf, normalizeCriterion, titleFrom, zodProblems } from '@/lib/import/normalized';

/** Created criteria get these points: the format has none, and 0 moves no HealthBench score (the app's assumption). */
export const CREATED_CRITERION_POINTS = 0;
/** Every completion of the format becomes a response with this source: the file does not name the model. */
export const META_EVAL_SOURCE = 'meta-eval completion';

const KNOWN = new Set([
  'prompt_id',
  'prompt',
  'completion_id',
  'completion',
  'rubric',
  'binary_labels',
  'anonymized_physician_ids',
  'category',
]);

const id = z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters');
const metaSchema = z
  .object({
    prompt_id: id.optional(),
    prompt: z.array(z.object({ role: z.enum(MESSAGE_ROLES), content: messageSchema.shape.content })).min(1, 'needs at least one message'),
    completion_id: id.optional(),
    completion: z.string().min(1, 'must not be empty').max(4_000_000, 'at most 4,000,000 characters'),
    rubric: z.string().trim().min(1, 'must not be empty').max(20_000, 'at most 20,000 characters'),
    binary_labels: z.array(z.boolean()).min(1, 'needs at least one physician label'),
    anonymized_physician_ids: z.array(id),
    category: z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters').nullish(),
  })
  .superRefine((record, context) => {
    if (record.anonymized_physician_ids.length !== record.binary_labels.length)
      context.addIssue({
        code: 'custom',
        path: ['anonymized_physician_ids'],
        message: `needs one id per label: ${record.binary_labels.length} label(s), ${record.anonymized_physician_ids.length} id(s)`,
      });
    const seen = new Set<string>();
    record.anonymized_physician_ids.forEach((physician, index) => {
      if (seen.has(physician))
        context.addIssue({
          code: 'custom',
          path: ['anonymized_physician_ids', index],
          message: `physician "${physician}" labels the item twice`,
        });
      seen.add(physician);
    });
  });

export interface MetaEvalItem {
  queryExternalId: string;
  /** The query id is a hash of the prompt (the line has no prompt_id). */
  queryIdDerived: boolean;
  conversation: { role: (typeof MESSAGE_ROLES)[number]; content: string }[];
  language: string;
  /** hashOf(conversation): two lines with one prompt_id must carry one prompt. */
  conversationHash: string;
  responseExternalId: string;
  responseIdDerived: boolean;
  content: string;
  rubric: string;
  /** For a criterion this import creates: its key, title and content hash, derived as the HealthBench importer does. */
  created: { key: string; title: string; tier: Tier; contentHash: string };
  category: string | null;
  labels: { physicianId: string; met: boolean }[];
}

/** The criterion a rubric item becomes when its query has none with its text: text only, 0 points, no levels or tags. */
function createdCriterion(rubric: string): MetaEvalItem['created'] {
  const tier = tierFromPoints(CREATED_CRITERION_POINTS);
  const criterion = normalizeCriterion(
    {
      title: titleFrom(rubric),
      description: rubric,
      tier,
      points: CREATED_CRITERION_POINTS,
      levels: [],
      tags: [],
      redLine: false,
      evidence: [],
    },
    0,
  );
  return { key: criterion.key, title: criterion.title, tier, contentHash: criterion.contentHash };
}

export function parseHealthBenchMeta(value: unknown): FormatResult<MetaEvalItem> {
  const parsed = metaSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) };
  const record = parsed.data;
  const conversation = record.prompt.map(({ role, content }) => ({ role, content }));
  const conversationHash = hashOf(conversation);
  const unknown = Object.keys(value as object).filter((key) => !KNOWN.has(key));
  return {
    ok: true,
    value: {
      queryExternalId: record.prompt_id ?? `h:${conversationHash.slice(0, 20)}`,
      queryIdDerived: record.prompt_id === undefined,
      conversation,
      language: guessLanguage(conversation.map((message) => message.content).join(' ')),
      conversationHash,
      responseExternalId: record.completion_id ?? `h:${hashOf(record.completion).slice(0, 20)}`,
      responseIdDerived: record.completion_id === undefined,
      content: record.completion,
      rubric: record.rubric,
      created: createdCriterion(record.rubric),
      category: record.category ?? null,
      labels: record.binary_labels.map((met, index) => ({ physicianId: record.anonymized_physician_ids[index] as string, met })),
    },
    ...(unknown.length ? { warnings: unknown.map((key) => `ignored field "${key}"`) } : {}),
  };
}
