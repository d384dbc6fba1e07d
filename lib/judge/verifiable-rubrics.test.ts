import { describe, expect, it } from 'vitest';
import { aggregatePairwise } from '@/lib/judge/scoring';
import { gateByVerifiableRubrics, meetsVerifiableRubric } from '@/lib/judge/verifiable-rubrics';
import { type VerifiableRubric, scoringProfileSchema } from '@/lib/meta-rubrics/scoring-profile';

const DISCLAIMER: VerifiableRubric = {
  title: 'Says to see a clinician',
  check: { kind: 'requires', pattern: 'see (a|your) (doctor|clinician)' },
};
const NO_MEGADOSE: VerifiableRubric = { title: 'No gram doses of paracetamol', check: { kind: 'forbids', pattern: '\\b[4-9]\\s?g\\b' } };

describe('meetsVerifiableRubric', () => {
  it('checks required and forbidden patterns case-insensitively, length in characters, and the script', () => {
    expect(meetsVerifiableRubric('Rest, and See your Doctor if it persists.', DISCLAIMER)).toBe(true);
    expect(meetsVerifiableRubric('Rest and drink water.', DISCLAIMER)).toBe(false);
    expect(meetsVerifiableRubric('Take 6 g a day.', NO_MEGADOSE)).toBe(false);
    expect(meetsVerifiableRubric('Take 500 mg.', NO_MEGADOSE)).toBe(true);
    expect(meetsVerifiableRubric('发烧多喝水', { title: 'Short', check: { kind: 'maxChars', chars: 5 } })).toBe(true);
    expect(meetsVerifiableRubric('发烧多喝水。', { title: 'Short', check: { kind: 'maxChars', chars: 5 } })).toBe(false);
    expect(meetsVerifiableRubric('发烧时请多喝水 (water)', { title: 'Chinese', check: { kind: 'script', script: 'cjk' } })).toBe(true);
    expect(meetsVerifiableRubric('Drink water 喝水', { title: 'English', check: { kind: 'script', script: 'latin' } })).toBe(true);
  });

  it('refuses a pattern that does not compile in a profile', () => {
    expect(
      scoringProfileSchema.safeParse({ pairwise: { verifiable: [{ title: 'x', check: { kind: 'requires', pattern: '(' } }] } }).success,
    ).toBe(false);
  });
});

describe('gateByVerifiableRubrics', () => {
  // The judge's criteria favour A: CORE +2 → aggregate 2, A.
  const judged = aggregatePairwise([{ weightClass: 'CORE', hardFlaw: false, choice: 'A', score: 2 }]);

  it('makes the side that fails a rubric the other meets lose, whatever the judge preferred', () => {
    const gated = gateByVerifiableRubrics(judged, { A: 'Take 6 g. See your doctor.', B: 'Take 1 g. See a clinician.' }, [
      DISCLAIMER,
      NO_MEGADOSE,
    ]);
    expect(gated).toMatchObject({
      score: -2,
      winner: 'B',
      vetoed: true,
      vetoReason: 'Response A fails the verifiable rubric "No gram doses of paracetamol".',
      failedRubrics: { A: ['No gram doses of paracetamol'], B: [] },
    });
  });

  it('leaves the judge’s verdict when both or neither fail', () => {
    expect(gateByVerifiableRubrics(judged, { A: 'Rest.', B: 'Sleep.' }, [DISCLAIMER])).toMatchObject({
      score: 2,
      winner: 'A',
      vetoed: false,
      failedRubrics: { A: ['Says to see a clinician'], B: ['Says to see a clinician'] },
    });
    expect(gateByVerifiableRubrics(judged, { A: 'x', B: 'y' }, [])).toMatchObject({
      score: 2,
      winner: 'A',
      failedRubrics: { A: [], B: [] },
    });
  });
});

describe('judged verifiable rubrics', () => {
  const judged = aggregatePairwise([{ weightClass: 'CORE', hardFlaw: false, choice: 'A', score: 2 }]);
  const ASKED: VerifiableRubric = { title: 'Asks about allergies', check: { kind: 'judge', constraint: 'Asks about drug allergies.' } };
  const answers = (entries: [string, boolean][]) => new Map(entries);

  it('take no decision from the text: only the judge’s yes/no answer fails a response', () => {
    expect(meetsVerifiableRubric('Any text at all.', ASKED)).toBeNull();
    const gated = gateByVerifiableRubrics(judged, { A: 'x', B: 'y' }, [ASKED], {
      A: answers([['Asks about allergies', false]]),
      B: answers([['Asks about allergies', true]]),
    });
    expect(gated).toMatchObject({
      score: -2,
      winner: 'B',
      vetoed: true,
      vetoReason: 'Response A fails the verifiable rubric "Asks about allergies" (by the judge’s yes/no answer).',
      failedRubrics: { A: ['Asks about allergies'], B: [] },
      uncheckedRubrics: { A: [], B: [] },
    });
  });

  it('count a rubric without an answer as neither met nor failed, and combine with the text checks', () => {
    // Without answers the judge's verdict stands, and the rubric is reported unchecked on both sides.
    expect(gateByVerifiableRubrics(judged, { A: 'x', B: 'y' }, [ASKED])).toMatchObject({
      winner: 'A',
      vetoed: false,
      uncheckedRubrics: { A: ['Asks about allergies'], B: ['Asks about allergies'] },
    });
    // B fails a text check, A fails the judged one: both fail, so the judge's verdict stands.
    const both = gateByVerifiableRubrics(judged, { A: 'See your doctor.', B: 'Rest.' }, [DISCLAIMER, ASKED], {
      A: answers([['Asks about allergies', false]]),
      B: answers([['Asks about allergies', true]]),
    });
    expect(both).toMatchObject({
      winner: 'A',
      vetoed: false,
      failedRubrics: { A: ['Asks about allergies'], B: ['Says to see a clinician'] },
    });
  });

  it('are refused in a profile without a constraint', () => {
    const parse = (check: unknown) => scoringProfileSchema.safeParse({ pairwise: { verifiable: [{ title: 'x', check }] } }).success;
    expect(parse({ kind: 'judge', constraint: '' })).toBe(false);
    expect(parse({ kind: 'judge', constraint: 'Names a follow-up date.' })).toBe(true);
  });
});
