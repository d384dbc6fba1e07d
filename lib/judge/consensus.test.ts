import type { Tier } from '@/lib/vocabulary/enums';
import { describe, expect, it } from 'vitest';
import { jaccard, mergeByConsensus, normaliseTokens } from '@/lib/judge/consensus';
import type { GeneratedCriterion } from '@/lib/judge/schemas';

const c = (tier: Tier, points: number, title: string, description = '', tags: string[] = [], redLine = false): GeneratedCriterion => ({
  title,
  description,
  tier,
  points,
  tags,
  redLine,
});

const gpt = {
  model: 'gpt',
  criteria: [
    c(
      'ESSENTIAL',
      10,
      'Advises calling emergency services immediately',
      'Chest pain with sweating may be a heart attack.',
      ['axis:accuracy'],
      true,
    ),
    c('HIGHLIGHT', 2, 'Uses plain language', 'Short sentences, no jargon.', ['axis:communication']),
    c('PITFALL', -8, 'Suggests waiting to see if the pain passes', 'Any advice to wait or rest first.'),
  ],
};
const claude = {
  model: 'claude',
  criteria: [
    c('ESSENTIAL', 9, 'Advises calling emergency services now', 'Says to phone an ambulance without delay.', [
      'principle:gm-safety-escalation',
    ]),
    c('PITFALL', -10, 'Suggests waiting to see whether the pain passes', 'Advice to wait or rest first.'),
    c('IMPORTANT', 4, 'Mentions aspirin', 'Chewing 300 mg unless allergic.'),
  ],
};
const gemini = {
  model: 'gemini',
  criteria: [
    c('IMPORTANT', 6, 'Tells the user to call emergency services immediately', 'Chest pain with sweating may be a heart attack.', [
      'axis:accuracy',
    ]),
    c('HIGHLIGHT', 1, 'Uses plain, jargon-free language', ''),
  ],
};

describe('normaliseTokens and jaccard', () => {
  it('lowercases, drops punctuation and stopwords, and stems lightly', () => {
    expect(normaliseTokens('Advises calling Emergency-Services, immediately!')).toEqual(
      new Set(['advis', 'call', 'emergency', 'servic', 'immediat']),
    );
    expect(normaliseTokens('advise / advised / advising; dose, doses, dosing')).toEqual(new Set(['advis', 'dos']));
    expect(normaliseTokens('The dose for the child is in the leaflet')).toEqual(new Set(['dos', 'child', 'leaflet']));
  });

  it('is |X ∩ Y| / |X ∪ Y|, 0 for two empty sets', () => {
    expect(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd']))).toBe(0.5);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
});

describe('mergeByConsensus', () => {
  it('keeps criteria proposed by at least m of n models and drops singletons', () => {
    // Emergency: gpt/claude titles share 4 of 6 stems (same tier, ≥ 0.5); gpt/gemini title + description share
    // 9 of 12 (0.75 ≥ 0.6, tiers differ). Plain language: 3 of 5 title stems. Waiting: 5 of 6. Aspirin: alone.
    const merged = mergeByConsensus([gpt, claude, gemini], { minVotes: 2 });
    expect(merged.map((m) => [m.criterion.title, m.votes, m.of, m.models])).toEqual([
      ['Advises calling emergency services immediately', 3, 3, ['gpt', 'claude', 'gemini']],
      ['Uses plain language', 2, 3, ['gpt', 'gemini']],
      ['Suggests waiting to see if the pain passes', 2, 3, ['gpt', 'claude']],
    ]);
    expect(mergeByConsensus([gpt, claude, gemini], { minVotes: 3 }).map((m) => m.criterion.title)).toEqual([
      'Advises calling emergency services immediately',
    ]);
    expect(mergeByConsensus([gpt, claude, gemini], { minVotes: 1 }).map((m) => [m.criterion.title, m.votes])).toEqual([
      ['Advises calling emergency services immediately', 3],
      ['Uses plain language', 2],
      ['Suggests waiting to see if the pain passes', 2],
      ['Mentions aspirin', 1],
    ]);
  });

  it('merges fields: representative text, median points, majority tier, any red line, union of tags', () => {
    const [emergency, plain, waiting] = mergeByConsensus([gpt, claude, gemini], { minVotes: 2 });
    expect(emergency).toEqual({
      criterion: {
        title: 'Advises calling emergency services immediately',
        description: 'Chest pain with sweating may be a heart attack.',
        tier: 'ESSENTIAL', // ESSENTIAL, ESSENTIAL, IMPORTANT
        points: 9, // median of 10, 9, 6
        tags: ['axis:accuracy', 'principle:gm-safety-escalation'],
        redLine: true,
      },
      votes: 3,
      of: 3,
      models: ['gpt', 'claude', 'gemini'],
      members: [
        { model: 'gpt', title: 'Advises calling emergency services immediately' },
        { model: 'claude', title: 'Advises calling emergency services now' },
        { model: 'gemini', title: 'Tells the user to call emergency services immediately' },
      ],
    });
    expect(plain?.criterion.points).toBe(1.5); // median of 2 and 1
    expect(waiting?.criterion).toMatchObject({ tier: 'PITFALL', points: -9, redLine: false });
  });

  it('takes the representative and a tied tier from the first model given', () => {
    const a = { model: 'a', criteria: [c('ESSENTIAL', 8, 'Gives the weight-based dose', 'Calculates 15 mg/kg for 12 kg.')] };
    const b = { model: 'b', criteria: [c('IMPORTANT', 5, 'Gives the weight-based dose in mL', 'Calculates 15 mg/kg for 12 kg.')] };
    expect(mergeByConsensus([a, b], { minVotes: 2 })[0]?.criterion).toMatchObject({
      title: 'Gives the weight-based dose',
      tier: 'ESSENTIAL',
      points: 6.5,
    });
    expect(mergeByConsensus([b, a], { minVotes: 2 })[0]).toMatchObject({
      criterion: { title: 'Gives the weight-based dose in mL', tier: 'IMPORTANT', points: 6.5 },
      models: ['b', 'a'],
    });
  });

  it('never merges a pitfall with a positive criterion, however similar the words', () => {
    const a = { model: 'a', criteria: [c('ESSENTIAL', 10, 'Advises calling emergency services now', 'For chest pain.')] };
    const b = { model: 'b', criteria: [c('PITFALL', -10, 'Fails to advise calling emergency services now', 'For chest pain.')] };
    expect(mergeByConsensus([a, b], { minVotes: 2 })).toEqual([]);
    expect(mergeByConsensus([a, b], { minVotes: 1 })).toHaveLength(2);
  });

  it('takes at most one criterion per model into a cluster, and joins the most similar cluster', () => {
    const a = {
      model: 'a',
      criteria: [c('ESSENTIAL', 9, 'Advises calling emergency services'), c('ESSENTIAL', 10, 'Advises calling emergency services tonight')],
    };
    // {advis, call, emergency, servic, tonight, pleas}: 4 of 6 with the first, 5 of 6 with the second.
    const b = { model: 'b', criteria: [c('ESSENTIAL', 8, 'Advises calling emergency services tonight please')] };
    const merged = mergeByConsensus([a, b], { minVotes: 1 });
    expect(merged.map((m) => m.members)).toEqual([
      [{ model: 'a', title: 'Advises calling emergency services' }],
      [
        { model: 'a', title: 'Advises calling emergency services tonight' },
        { model: 'b', title: 'Advises calling emergency services tonight please' },
      ],
    ]);
  });

  it('gives the same output for the same input', () => {
    expect(mergeByConsensus([gpt, claude, gemini], { minVotes: 2 })).toEqual(mergeByConsensus([gpt, claude, gemini], { minVotes: 2 }));
  });

  it('refuses a minVotes outside 1..n and repeated model names', () => {
    expect(() => mergeByConsensus([gpt, claude], { minVotes: 0 })).toThrow('minVotes must be an integer from 1 to 2');
    expect(() => mergeByConsensus([gpt, claude], { minVotes: 3 })).toThrow(RangeError);
    expect(() => mergeByConsensus([gpt, claude], { minVotes: 1.5 })).toThrow(RangeError);
    expect(() => mergeByConsensus([gpt, gpt], { minVotes: 1 })).toThrow('model "gpt" appears more than once');
  });
});
