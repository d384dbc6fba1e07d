import { describe, expect, it } from 'vitest';
import { applyChanges, type VersionContent } from '@/lib/meta-rubrics/apply-changes';
import { diffVersions } from '@/lib/meta-rubrics/diff-versions';
import { DEFAULT_GENERATION_RULES } from '@/lib/meta-rubrics/generation-rules';
import { type Principle, principleSchema } from '@/lib/meta-rubrics/schemas';
import { DEFAULT_SCORING_PROFILE } from '@/lib/meta-rubrics/scoring-profile';

const principle = (id: string, text = `Text of ${id}.`): Principle =>
  principleSchema.parse({ id, title: `Principle ${id}`, text, tiers: ['ESSENTIAL'] });

const base: VersionContent = {
  principles: [principle('p-a'), principle('p-b'), principle('p-c')],
  generationRules: DEFAULT_GENERATION_RULES,
  scoringProfile: DEFAULT_SCORING_PROFILE,
};

describe('applying a proposal’s changes', () => {
  it('adds, edits, removes, reorders and changes rules, in order', () => {
    const result = applyChanges(base, [
      { op: 'add', principle: principle('p-d'), index: 1 },
      { op: 'edit', principleId: 'p-b', principle: { ...principle('p-b'), text: 'New text of p-b.', hard: true } },
      { op: 'remove', principleId: 'p-c' },
      { op: 'reorder', order: ['p-b', 'p-a', 'p-d'] },
      { op: 'rule', rules: { ...DEFAULT_GENERATION_RULES, minCriteria: 6 } },
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.principles.map((p) => p.id)).toEqual(['p-b', 'p-a', 'p-d']);
    expect(result.principles[0]).toMatchObject({ text: 'New text of p-b.', hard: true });
    expect(result.generationRules.minCriteria).toBe(6);
    // The base is untouched.
    expect(base.principles.map((p) => p.id)).toEqual(['p-a', 'p-b', 'p-c']);
  });

  it('says which change cannot be applied and why', () => {
    const result = applyChanges(base, [
      { op: 'add', principle: principle('p-a') },
      { op: 'edit', principleId: 'p-x', principle: principle('p-x') },
      { op: 'edit', principleId: 'p-a', principle: principle('p-b') },
      { op: 'remove', principleId: 'p-x' },
      { op: 'reorder', order: ['p-a', 'p-b'] },
      { op: 'reorder', order: ['p-a', 'p-b', 'p-c', 'p-z'] },
      { op: 'add', principle: principle('p-e'), index: 9 },
      { op: 'rule', rules: { ...DEFAULT_GENERATION_RULES, minCriteria: 20, maxCriteria: 10 } },
    ]);
    expect(result).toEqual({
      ok: false,
      errors: {
        'changes.0': ['A principle with id “p-a” already exists'],
        'changes.1': ['There is no principle “p-x” to edit (it may have been removed)'],
        'changes.2': ['Another principle already has the id “p-b”'],
        'changes.3': ['There is no principle “p-x” to remove'],
        'changes.4': ['The new order leaves out “Principle p-c”'],
        'changes.5': ['The new order names principles that do not exist: p-z'],
        'changes.6': ['Position 10 is past the end (there are 3 principles)'],
        'changes.7': [expect.stringContaining('minCriteria: 20 is above maxCriteria 10')],
      },
    });
  });

  it('refuses to remove the last principle', () => {
    const one = { ...base, principles: [principle('p-a')] };
    expect(applyChanges(one, [{ op: 'remove', principleId: 'p-a' }])).toEqual({
      ok: false,
      errors: { 'changes.0': ['Removing “Principle p-a” would leave no principle'] },
    });
  });
});

describe('the difference between two versions', () => {
  it('matches principles by id: added, removed, changed with word counts, moved, unchanged; rules; a change log', () => {
    const next = applyChanges(base, [
      { op: 'edit', principleId: 'p-b', principle: { ...principle('p-b'), text: 'Text about p-b and more.' } },
      { op: 'remove', principleId: 'p-a' },
      { op: 'add', principle: principle('p-d') },
      { op: 'reorder', order: ['p-c', 'p-b', 'p-d'] },
      { op: 'rule', rules: { ...DEFAULT_GENERATION_RULES, maxCriteria: 12, redLinePolicy: 'Flag every dose error.' } },
    ]);
    if (!next.ok) throw new Error(JSON.stringify(next.errors));
    const diff = diffVersions(base, next);
    expect(diff.principles.map((p) => [p.id, p.status, p.fromPosition, p.toPosition])).toEqual([
      ['p-a', 'removed', 1, null],
      ['p-c', 'moved', 3, 1],
      ['p-b', 'changed', 2, 2],
      ['p-d', 'added', null, 3],
    ]);
    const changed = diff.principles.find((p) => p.id === 'p-b');
    expect(changed?.changedFields).toEqual(['text']);
    expect(changed?.words).toEqual([{ field: 'text', added: 3, removed: 1 }]);
    expect(diff.rules).toEqual([
      { path: 'maxCriteria', before: 15, after: 12 },
      { path: 'redLinePolicy', before: '', after: 'Flag every dose error.' },
    ]);
    expect(diff.changeLog).toEqual([
      'Removed principle “Principle p-a”',
      'Moved principle “Principle p-c” from 3 to 1',
      'Edited principle “Principle p-b”: text',
      'Added principle “Principle p-d” at position 3',
      'Changed the generation rule maxCriteria: 15 → 12',
      'Changed the red-line policy',
    ]);
    expect(diff.unchanged).toBe(false);
  });

  it('reports a pure reorder as a move of the principle that changed place, and nothing for identical versions', () => {
    const next = applyChanges(base, [{ op: 'reorder', order: ['p-b', 'p-c', 'p-a'] }]);
    if (!next.ok) throw new Error('reorder');
    const diff = diffVersions(base, next);
    expect(diff.principles.map((p) => [p.id, p.status])).toEqual([
      ['p-b', 'unchanged'],
      ['p-c', 'unchanged'],
      ['p-a', 'moved'],
    ]);
    expect(diff.changeLog).toEqual(['Moved principle “Principle p-a” from 1 to 3']);
    expect(diffVersions(base, base)).toMatchObject({ unchanged: true, changeLog: [], rules: [] });
  });
});
