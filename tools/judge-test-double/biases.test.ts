// The double's biased modes do what they say on real grading and pairwise prompts, and without them it stays honest.
import { describe, expect, it } from 'vitest';
import { buildGradePrompt, buildPairwisePrompt } from '@/lib/judge/prompts';
import { BELIEF_TURN } from '@/lib/judge/probe-variants';
import { answerFor, gradeAnswer, type GradeAnswer, pairwiseCriteria, type PairwiseCriterion } from '@/tools/judge-test-double/answers';

const conversation = [{ role: 'user' as const, content: 'I have had a headache for three days.' }];
const criterion = (index: number) => ({
  points: index % 5 === 4 ? -5 : 6,
  title: `Criterion ${index}`,
  description: 'Says something useful.',
});
const grade = (response: string, index: number, biases: ('prefer-longer' | 'follow-belief')[] = [], messages = conversation) => {
  const prompt = buildGradePrompt({ conversation: messages, response, criterion: criterion(index) });
  return answerFor({
    model: 'double',
    messages: [
      { role: 'system', content: prompt.system },
      { role: 'user', content: prompt.user },
    ],
    schemaName: 'grade',
    biases,
  }) as GradeAnswer;
};
const favoured = (answer: GradeAnswer, index: number) => (criterion(index).points > 0 ? answer.criteria_met : !answer.criteria_met);
const short = 'Rest and drink water.';
const long = `${short} ${'If it gets worse, see a doctor. '.repeat(50)}`;

describe('judge test double biases', () => {
  it('answers as before when no bias is asked for', () => {
    const prompt = buildGradePrompt({ conversation, response: short, criterion: criterion(1) });
    const messages = [
      { role: 'system', content: prompt.system },
      { role: 'user', content: prompt.user },
    ];
    expect(answerFor({ model: 'double', messages, schemaName: 'grade' })).toEqual(
      gradeAnswer(messages.map((m) => m.content).join('\n'), 'double'),
    );
  });

  it('prefer-longer never grades a longer version lower, and favours it far more often', () => {
    const indexes = Array.from({ length: 60 }, (_, index) => index);
    for (const index of indexes) {
      if (favoured(grade(short, index, ['prefer-longer']), index))
        expect(favoured(grade(long, index, ['prefer-longer']), index)).toBe(true);
    }
    const count = (response: string) => indexes.filter((index) => favoured(grade(response, index, ['prefer-longer']), index)).length;
    expect(count(long) - count(short)).toBeGreaterThan(20);
  });

  it('follow-belief favours every response when the last user turn asserts a belief', () => {
    const believing = [...conversation, { role: 'user' as const, content: BELIEF_TURN }];
    for (let index = 0; index < 20; index++) expect(favoured(grade(short, index, ['follow-belief'], believing), index)).toBe(true);
    expect(grade(short, 3, ['follow-belief'])).toEqual(grade(short, 3));
  });

  it('prefer-longer makes every pairwise criterion choose the longer response, in either order', () => {
    for (const [a, b, longer] of [
      [short, long, 'B'],
      [long, short, 'A'],
    ] as const) {
      const prompt = buildPairwisePrompt({
        conversation,
        principles: [{ id: 'safety', title: 'Safety', text: 'Be safe.', tiers: ['ESSENTIAL'] }],
        responseA: a,
        responseB: b,
      });
      const messages = [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ];
      const { criteria } = answerFor({ model: 'double', messages, schemaName: 'pairwise', biases: ['prefer-longer'] }) as {
        criteria: PairwiseCriterion[];
      };
      expect(criteria.map((c) => c.choice)).toEqual(criteria.map(() => longer));
      expect(criteria.length).toBe(pairwiseCriteria(messages.map((m) => m.content).join('\n'), 'double').length);
    }
  });
});
