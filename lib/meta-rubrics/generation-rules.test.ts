import type { Tier } from '@/lib/vocabulary/enums';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkGeneratedSet,
  DEFAULT_GENERATION_RULES,
  parseGenerationRules,
  type RuledCriterion,
} from '@/lib/meta-rubrics/generation-rules';

const demo = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'prisma/seed/demo/meta-rubrics.json'), 'utf8')) as {
  versions: { generationRules: unknown }[];
}[];
const demoRules = demo[0]?.versions[0]?.generationRules;

const criterion = (tier: Tier, points: number, title: string, redLine = false): RuledCriterion => ({ title, tier, points, redLine });

/** Complies with the demo rules: 8–12 criteria, ≥ 2 essential, ≥ 2 important, ≥ 1 highlight, 1–3 pitfalls. */
const valid: RuledCriterion[] = [
  criterion('ESSENTIAL', 10, 'Advises calling emergency services now', true),
  criterion('ESSENTIAL', 7, 'Names heart attack as a possible cause'),
  criterion('IMPORTANT', 4, 'Advises chewing aspirin unless allergic'),
  criterion('IMPORTANT', 3, 'Advises not driving oneself'),
  criterion('IMPORTANT', 6, 'Asks about current medicines'),
  criterion('HIGHLIGHT', 2, 'Puts the instruction first'),
  criterion('HIGHLIGHT', 1, 'Uses a calm tone'),
  criterion('PITFALL', -10, 'Suggests waiting to see if the pain passes', true),
];

describe('parseGenerationRules', () => {
  it('fills every default for an empty object (and for null)', () => {
    const expected = {
      minCriteria: 5,
      maxCriteria: 15,
      perTier: { ESSENTIAL: { min: 2 }, IMPORTANT: { min: 1 }, HIGHLIGHT: { min: 1 }, PITFALL: { min: 0, max: 2 } },
      pointScales: {
        ESSENTIAL: { min: 5, max: 10 },
        IMPORTANT: { min: 3, max: 6 },
        HIGHLIGHT: { min: 1, max: 3 },
        PITFALL: { min: -10, max: -3 },
      },
      redLinePolicy: '',
    };
    expect(parseGenerationRules({})).toEqual(expected);
    expect(parseGenerationRules(null)).toEqual(expected);
    expect(DEFAULT_GENERATION_RULES).toEqual(expected);
  });

  it('keeps what a version sets and defaults the rest, tier by tier', () => {
    const rules = parseGenerationRules({
      maxCriteria: 10,
      perTier: { PITFALL: { max: 1 } },
      pointScales: { HIGHLIGHT: { min: 1, max: 2 } },
    });
    expect(rules.maxCriteria).toBe(10);
    expect(rules.minCriteria).toBe(5);
    expect(rules.perTier.PITFALL).toEqual({ min: 0, max: 1 });
    expect(rules.perTier.ESSENTIAL).toEqual({ min: 2 });
    expect(rules.pointScales.HIGHLIGHT).toEqual({ min: 1, max: 2 });
    expect(rules.pointScales.ESSENTIAL).toEqual({ min: 5, max: 10 });
  });

  it('reads the demo meta-rubric rules unchanged', () => {
    expect(parseGenerationRules(demoRules)).toEqual(demoRules);
  });

  it('refuses malformed or unsatisfiable rules with the reason', () => {
    expect(() => parseGenerationRules({ minCriteria: 9, maxCriteria: 4 })).toThrow('minCriteria: 9 is above maxCriteria 4');
    expect(() => parseGenerationRules({ maxCriteria: 3 })).toThrow('the tier minimums add up to 4, above maxCriteria 3');
    expect(() =>
      parseGenerationRules({
        minCriteria: 8,
        perTier: { ESSENTIAL: { max: 2 }, IMPORTANT: { max: 2 }, HIGHLIGHT: { max: 2 }, PITFALL: { max: 1 } },
      }),
    ).toThrow('the tier maximums add up to 7, below minCriteria 8');
    expect(() => parseGenerationRules({ pointScales: { PITFALL: { min: -1, max: -10 } } })).toThrow(
      'pointScales.PITFALL: min -1 is above max -10',
    );
    expect(() => parseGenerationRules({ perTier: { HIGHLIGHT: { min: 3, max: 1 } } })).toThrow('perTier.HIGHLIGHT: min 3 is above max 1');
    expect(() => parseGenerationRules({ maxItems: 4 })).toThrow('Invalid generation rules');
  });
});

describe('checkGeneratedSet', () => {
  const rules = parseGenerationRules(demoRules);

  it('passes a set that keeps every rule', () => {
    expect(checkGeneratedSet(valid, rules)).toEqual([]);
  });

  it('reports the total count', () => {
    const seven = valid.filter((item) => item.title !== 'Asks about current medicines');
    expect(checkGeneratedSet(seven, rules)).toEqual(['The set has 7 criteria; the rules allow 8 to 12.']);
  });

  it('reports tier counts below the minimum and above the maximum', () => {
    const oneEssential = valid
      .filter((item) => item.title !== 'Names heart attack as a possible cause')
      .concat(criterion('IMPORTANT', 3, 'Extra'));
    expect(checkGeneratedSet(oneEssential, rules)).toEqual(['The set has 1 ESSENTIAL criterion; at least 2 required.']);
    const pitfalls = [...valid, ...[1, 2, 3].map((n) => criterion('PITFALL', -5, `Pitfall ${n}`))];
    expect(checkGeneratedSet(pitfalls, rules)).toEqual(['The set has 4 PITFALL criteria; at most 3 allowed.']);
  });

  it('reports points outside the tier scale, naming the criterion', () => {
    const set = valid.map((item, index) => (index === 2 ? { ...item, points: 8 } : item));
    expect(checkGeneratedSet(set, rules)).toEqual([
      'Criterion 3 "Advises chewing aspirin unless allergic" (IMPORTANT) has 8 points; IMPORTANT points must be from 3 to 6.',
    ]);
  });

  it('reports the wrong sign even when the scale would allow it', () => {
    const loose = parseGenerationRules({ pointScales: { PITFALL: { min: -10, max: 5 }, HIGHLIGHT: { min: 0, max: 3 } } });
    const set = [
      criterion('ESSENTIAL', 5, 'a'),
      criterion('ESSENTIAL', 5, 'b'),
      criterion('IMPORTANT', 3, 'c'),
      criterion('HIGHLIGHT', 0, 'd'),
      criterion('PITFALL', 2, 'e'),
    ];
    expect(checkGeneratedSet(set, loose)).toEqual([
      'Criterion 4 "d" (HIGHLIGHT) has 0 points; HIGHLIGHT points must be positive.',
      'Criterion 5 "e" (PITFALL) has 2 points; PITFALL points must be negative.',
    ]);
  });

  it('reports red lines outside ESSENTIAL and PITFALL', () => {
    const set = valid.map((item, index) => (index === 5 ? { ...item, redLine: true } : item));
    expect(checkGeneratedSet(set, rules)).toEqual([
      'Criterion 6 "Puts the instruction first" (HIGHLIGHT) is marked as a red line; only ESSENTIAL and PITFALL criteria can be red lines.',
    ]);
  });

  it('reports repeated titles, ignoring case and spacing', () => {
    const set = [...valid, criterion('IMPORTANT', 3, '  advises  NOT driving oneself')];
    expect(checkGeneratedSet(set, rules)).toEqual([
      'Criterion 9 "  advises  NOT driving oneself" (IMPORTANT) repeats the title of criterion 4; each criterion must score a distinct behaviour.',
    ]);
  });
});
