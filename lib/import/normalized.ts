// The shape every import format is mapped to before it is written, and the helpers the formats share:
// stable keys and content hashes (so a re-import reports unchanged rows), and zod issues as field errors.
import type { Category, Tier } from '@/lib/vocabulary/enums';
import { createHash } from 'node:crypto';
import type { z } from '@/lib/zod';
import type { NativeCriterion, NativeQuery } from '@/lib/import/native-schema';

export interface NormalizedCriterion {
  key: string;
  position: number;
  title: string;
  description: string;
  levels: { label: string; description: string }[];
  tier: Tier;
  points: number;
  tags: string[];
  redLine: boolean;
  evidence: { source: string; citation?: string | undefined; url?: string | undefined }[];
  provenance: {
    generatorModels: string[];
    consensusVotes: { votes: number; of: number; models?: string[] | undefined } | null;
    metaRubric: { domain: string; version: number } | null;
    raw: Record<string, unknown> | null;
  } | null;
  contentHash: string;
}

export interface NormalizedResponse {
  externalId: string;
  source: string;
  content: string;
  ideal: boolean;
  contentHash: string;
}

export interface NormalizedQuery {
  externalId: string;
  category: Category;
  department: string | null;
  language: string;
  tags: string[];
  conversation: { role: 'system' | 'user' | 'assistant'; content: string }[];
  metadata: Record<string, unknown> | null;
  contentHash: string;
  criteria: NormalizedCriterion[];
  responses: NormalizedResponse[];
}

/** A CSV row: one criterion for a query that already exists in the dataset. */
export interface NormalizedCriterionRow {
  queryExternalId: string;
  criterion: NormalizedCriterion;
}

export interface FieldProblem {
  field: string;
  reason: string;
}

/**
 * `idField`: where the record's id is in the file (a duplicate id is reported there); `idDerived` when there is
 * none and the id is a hash of the record's text.
 */
export type FormatResult<T> =
  | { ok: true; value: T; warnings?: string[]; idField?: FieldPath; idDerived?: boolean }
  | { ok: false; problems: FieldProblem[] };

export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
}

/** A path into a record: object keys and array indexes. */
export type FieldPath = (string | number)[];

/**
 * Maps a path in the normalized (native) shape to the same field as written in the user's file, so that every
 * message names what the user can find in the file (`essential[0].Tag`, not `criteria[0].tags[0]`).
 */
export type ToFileField = (path: FieldPath) => FieldPath;

const sameField: ToFileField = (path) => path;

/** criteria[3].points; a key that is not a plain name is quoted: Description["Fully Met"]. */
export function fieldName(path: FieldPath): string {
  const name = path.reduce<string>((out, part) => {
    if (typeof part === 'number') return `${out}[${part}]`;
    if (!/^[A-Za-z_$][\w$]*$/.test(part)) return `${out}[${JSON.stringify(part)}]`;
    return out ? `${out}.${part}` : part;
  }, '');
  return name || '(record)';
}

/** zod issues as problems on fields named as in the file; unknown keys name the key itself. */
export function zodProblems(
  error: z.ZodError,
  toFile: ToFileField = sameField,
  name: (path: FieldPath) => string = fieldName,
): FieldProblem[] {
  // Two native fields can come from one field of the file (a QuarkMedBench "Fully Met" text is both the
  // description and a level): its problem is listed once.
  const seen = new Set<string>();
  return error.issues.flatMap((issue) => {
    const path = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: name([...toFile(path), key]), reason: 'unknown field' }));
    }
    const field = name(toFile(path));
    if (seen.has(`${field}\u0001${issue.message}`)) return [];
    seen.add(`${field}\u0001${issue.message}`);
    return [{ field, reason: issue.message }];
  });
}

/** A tag that is empty or only whitespace means "no tag" (QuarkMedBench writes "Tag": ""). */
export function isBlankTag(tag: string): boolean {
  return tag.trim() === '';
}

/** Marks a key made from the content, for criteria whose file gave them no id. */
export const CONTENT_KEY_PREFIX = 'h:';

export function criterionKey(explicitId: string | undefined, tier: Tier, title: string, description: string): string {
  return explicitId ?? `${CONTENT_KEY_PREFIX}${hashOf([tier, title, description]).slice(0, 20)}`;
}

export function normalizeCriterion(criterion: NativeCriterion, position: number): NormalizedCriterion {
  const provenance = criterion.provenance
    ? {
        generatorModels: criterion.provenance.generatorModels,
        consensusVotes: criterion.provenance.consensusVotes ?? null,
        metaRubric: criterion.provenance.metaRubric ?? null,
        raw: criterion.provenance.extra ?? null,
      }
    : null;
  const body = {
    title: criterion.title,
    description: criterion.description,
    levels: criterion.levels,
    tier: criterion.tier,
    points: criterion.points,
    tags: criterion.tags.filter((tag) => !isBlankTag(tag)),
    redLine: criterion.redLine,
    evidence: criterion.evidence,
  };
  return {
    key: criterionKey(criterion.id, criterion.tier, criterion.title, criterion.description),
    position,
    ...body,
    provenance,
    contentHash: hashOf([body, provenance]),
  };
}

export function normalizeQuery(query: NativeQuery, toFile: ToFileField = sameField): FormatResult<NormalizedQuery> {
  const criteria = query.criteria.map(normalizeCriterion);
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  criteria.forEach((criterion, index) => {
    const first = seen.get(criterion.key);
    if (first !== undefined) {
      const explicit = query.criteria[index]?.id !== undefined;
      problems.push({
        field: fieldName(toFile(explicit ? ['criteria', index, 'id'] : ['criteria', index])),
        reason: `duplicate criterion ${explicit ? `id "${criterion.key}"` : 'text'} (same as ${fieldName(toFile(['criteria', first]))})`,
      });
    } else seen.set(criterion.key, index);
  });
  const responseIds = new Set<string>();
  query.responses.forEach((response, index) => {
    if (responseIds.has(response.id))
      problems.push({ field: fieldName(toFile(['responses', index, 'id'])), reason: `duplicate response id "${response.id}"` });
    responseIds.add(response.id);
  });
  if (problems.length) return { ok: false, problems };
  const body = {
    category: query.category,
    department: query.department ?? null,
    language: query.language,
    tags: query.tags.filter((tag) => !isBlankTag(tag)),
    conversation: query.conversation,
    metadata: query.metadata ?? null,
  };
  return {
    ok: true,
    value: {
      externalId: query.id,
      ...body,
      contentHash: hashOf(body),
      criteria,
      responses: query.responses.map((response) => ({
        externalId: response.id,
        source: response.source,
        content: response.content,
        ideal: response.ideal,
        contentHash: hashOf([response.source, response.content, response.ideal]),
      })),
    },
  };
}

/** A criterion title from a text-only rubric item: its first sentence, at most 160 characters. */
export function titleFrom(text: string): string {
  const firstSentence = text.split(/(?<=[.!?。！？])\s/)[0] ?? text;
  return firstSentence.length > 160 ? `${firstSentence.slice(0, 157)}…` : firstSentence;
}

/** A rough language guess for formats without a language field: mostly-CJK text is Chinese. */
export function guessLanguage(text: string): string {
  const sample = text.slice(0, 2000);
  const cjk = sample.match(/[\u3400-\u9fff]/g)?.length ?? 0;
  const letters = sample.match(/[\p{L}]/gu)?.length ?? 1;
  return cjk / letters > 0.3 ? 'zh' : 'en';
}
