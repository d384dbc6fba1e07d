// The shape every import format is mapped to before it is written, and the helpers the formats share:
// stable keys and content hashes (so a re-import reports unchanged rows), and zod issues as field errors.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Category, NativeCriterion, NativeQuery, Tier } from '@/lib/import/native-schema';

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

export type FormatResult<T> = { ok: true; value: T; warnings?: string[] } | { ok: false; problems: FieldProblem[] };

export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
}

/** "criteria.3.points" -> "criteria[3].points"; unknown keys name the key itself. */
export function zodProblems(error: z.ZodError, prefix = ''): FieldProblem[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.reduce<string>(
      (path, part) => (typeof part === 'number' ? `${path}[${part}]` : path ? `${path}.${String(part)}` : String(part)),
      prefix,
    );
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, reason: 'unknown field' }));
    }
    return [{ field: base || '(record)', reason: issue.message }];
  });
}

export function criterionKey(explicitId: string | undefined, tier: Tier, title: string, description: string): string {
  return explicitId ?? `h:${hashOf([tier, title, description]).slice(0, 20)}`;
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
    tags: criterion.tags,
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

export function normalizeQuery(query: NativeQuery): FormatResult<NormalizedQuery> {
  const criteria = query.criteria.map(normalizeCriterion);
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  criteria.forEach((criterion, index) => {
    const first = seen.get(criterion.key);
    if (first !== undefined) {
      problems.push({
        field: `criteria[${index}]${query.criteria[index]?.id ? '.id' : ''}`,
        reason: `duplicate criterion ${query.criteria[index]?.id ? `id "${criterion.key}"` : 'text'} (same as criteria[${first}])`,
      });
    } else seen.set(criterion.key, index);
  });
  const responseIds = new Set<string>();
  query.responses.forEach((response, index) => {
    if (responseIds.has(response.id)) problems.push({ field: `responses[${index}].id`, reason: `duplicate response id "${response.id}"` });
    responseIds.add(response.id);
  });
  if (problems.length) return { ok: false, problems };
  const body = {
    category: query.category,
    department: query.department ?? null,
    language: query.language,
    tags: query.tags,
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

/** A rough language guess for formats without a language field: mostly-CJK text is Chinese. */
export function guessLanguage(text: string): string {
  const sample = text.slice(0, 2000);
  const cjk = sample.match(/[\u3400-\u9fff]/g)?.length ?? 0;
  const letters = sample.match(/[\p{L}]/gu)?.length ?? 1;
  return cjk / letters > 0.3 ? 'zh' : 'en';
}
