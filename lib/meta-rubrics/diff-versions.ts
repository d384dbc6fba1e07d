// The structured difference between two versions of a meta-rubric: principle by principle (matched by their
// stable id), word by word inside the text fields that changed, and rule by rule. Pure, so the proposal
// preview, the approval's change log and the comparison page all say the same thing.
import { diffWords } from 'diff';
import type { VersionContent } from '@/lib/meta-rubrics/apply-changes';
import { describeScoringProfile } from '@/lib/meta-rubrics/scoring-profile';
import type { GenerationRules, Principle } from '@/lib/meta-rubrics/schemas';

export const TEXT_FIELDS = ['title', 'text', 'weightGuidance'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type PrincipleField = Exclude<keyof Principle, 'id'>;

export const FIELD_LABELS: Record<PrincipleField, string> = {
  title: 'title',
  text: 'text',
  tiers: 'tiers',
  weightGuidance: 'weight guidance',
  hard: 'hard constraint',
  positiveExamples: 'positive examples',
  negativeExamples: 'negative examples',
};

export interface WordChange {
  field: TextField;
  added: number;
  removed: number;
}

export interface PrincipleDiff {
  id: string;
  status: 'added' | 'removed' | 'changed' | 'moved' | 'unchanged';
  before: Principle | null;
  after: Principle | null;
  /** 1-based positions in each version. */
  fromPosition: number | null;
  toPosition: number | null;
  /** Whether the principle changed place relative to the principles both versions share. */
  moved: boolean;
  changedFields: PrincipleField[];
  /** Words added and removed in each changed text field (the UI renders the word diff itself). */
  words: WordChange[];
}

export interface RuleDiff {
  /** e.g. "minCriteria", "perTier.PITFALL.max", "pointScales.ESSENTIAL.min", "redLinePolicy". */
  path: string;
  before: string | number | null;
  after: string | number | null;
}

export interface VersionDiff {
  principles: PrincipleDiff[];
  rules: RuleDiff[];
  changeLog: string[];
  unchanged: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function wordCounts(field: TextField, before: string, after: string): WordChange {
  let added = 0;
  let removed = 0;
  for (const part of diffWords(before, after)) {
    const words = part.value.split(/\s+/).filter(Boolean).length;
    if (part.added) added += words;
    else if (part.removed) removed += words;
  }
  return { field, added, removed };
}

/** Leaf values of the rules, keyed by path, so any two rule sets compare field by field. */
function flattenRules(rules: GenerationRules): Map<string, string | number | null> {
  const out = new Map<string, string | number | null>();
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
    } else out.set(path, (value as string | number | undefined) ?? null);
  };
  walk(rules, '');
  return out;
}

function diffRules(a: GenerationRules, b: GenerationRules): RuleDiff[] {
  const before = flattenRules(a);
  const after = flattenRules(b);
  const paths = [...new Set([...before.keys(), ...after.keys()])];
  return paths
    .map((path) => ({ path, before: before.get(path) ?? null, after: after.get(path) ?? null }))
    .filter((rule) => rule.before !== rule.after);
}

/** Ids whose place among the shared principles differs: outside a longest common subsequence of the two orders. */
function movedIds(a: string[], b: string[]): Set<string> {
  const shared = new Set(a.filter((id) => b.includes(id)));
  const x = a.filter((id) => shared.has(id));
  const y = b.filter((id) => shared.has(id));
  const lengths = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      const row = lengths[i] as number[];
      row[j] = x[i] === y[j] ? (lengths[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(lengths[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      kept.add(x[i] as string);
      i++;
      j++;
    } else if ((lengths[i + 1]?.[j] ?? 0) > (lengths[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return new Set(x.filter((id) => !kept.has(id)));
}

function ruleLine(rule: RuleDiff): string {
  if (rule.path === 'redLinePolicy') return 'Changed the red-line policy';
  const show = (value: string | number | null) => (value === null ? 'unset' : String(value));
  return `Changed the generation rule ${rule.path}: ${show(rule.before)} → ${show(rule.after)}`;
}

export function diffVersions(a: VersionContent, b: VersionContent): VersionDiff {
  const aIds = a.principles.map((principle) => principle.id);
  const bIds = b.principles.map((principle) => principle.id);
  const moved = movedIds(aIds, bIds);
  const principles: PrincipleDiff[] = [];
  const changeLog: string[] = [];

  // The new order first, with removed principles where they used to be.
  const order: string[] = [...bIds];
  aIds.forEach((id, index) => {
    if (bIds.includes(id)) return;
    const previous = aIds
      .slice(0, index)
      .reverse()
      .find((other) => order.includes(other));
    order.splice(previous === undefined ? 0 : order.indexOf(previous) + 1, 0, id);
  });

  for (const id of order) {
    const before = a.principles.find((principle) => principle.id === id) ?? null;
    const after = b.principles.find((principle) => principle.id === id) ?? null;
    const fromPosition = before ? aIds.indexOf(id) + 1 : null;
    const toPosition = after ? bIds.indexOf(id) + 1 : null;
    const changedFields =
      before && after ? (Object.keys(FIELD_LABELS) as PrincipleField[]).filter((field) => !same(before[field], after[field])) : [];
    const words =
      before && after
        ? TEXT_FIELDS.filter((field) => changedFields.includes(field)).map((field) => wordCounts(field, before[field], after[field]))
        : [];
    const isMoved = moved.has(id);
    const status = !before ? 'added' : !after ? 'removed' : changedFields.length ? 'changed' : isMoved ? 'moved' : 'unchanged';
    principles.push({ id, status, before, after, fromPosition, toPosition, moved: isMoved, changedFields, words });

    const title = `“${(after ?? before)?.title}”`;
    if (status === 'added') changeLog.push(`Added principle ${title} at position ${toPosition}`);
    else if (status === 'removed') changeLog.push(`Removed principle ${title}`);
    else if (status === 'changed') {
      const fields = changedFields.map((field) => FIELD_LABELS[field]).join(', ');
      changeLog.push(`Edited principle ${title}: ${fields}${isMoved ? `; moved from ${fromPosition} to ${toPosition}` : ''}`);
    } else if (status === 'moved') changeLog.push(`Moved principle ${title} from ${fromPosition} to ${toPosition}`);
  }

  const rules = diffRules(a.generationRules, b.generationRules);
  changeLog.push(...rules.map(ruleLine));
  const before = describeScoringProfile(a.scoringProfile);
  describeScoringProfile(b.scoringProfile).forEach((line, index) => {
    const old = before[index]?.value;
    if (old !== line.value) changeLog.push(`Changed the scoring assumption ${line.label.toLowerCase()}: ${old} → ${line.value}`);
  });
  return { principles, rules, changeLog, unchanged: changeLog.length === 0 };
}
