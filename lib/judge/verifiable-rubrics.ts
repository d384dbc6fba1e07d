// OpenRS's pointwise verifiable rubrics, deterministic kind: hard constraints checked on each response's text
// (a required disclaimer, a forbidden dosage pattern, a length limit, the script it is written in) that gate a
// pairwise verdict before the judge's weighted criteria count. Pure functions.
import type { PairwiseAggregate } from '@/lib/judge/scoring';
import type { VerifiableRubric } from '@/lib/meta-rubrics/scoring-profile';

/** Whether a response meets one rubric. */
export function meetsVerifiableRubric(text: string, rubric: VerifiableRubric): boolean {
  const { check } = rubric;
  switch (check.kind) {
    case 'requires':
      return new RegExp(check.pattern, 'iu').test(text);
    case 'forbids':
      return !new RegExp(check.pattern, 'iu').test(text);
    case 'maxChars':
      return [...text].length <= check.chars;
    case 'script': {
      const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
      const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
      return check.script === 'cjk' ? han > latin : latin > han;
    }
  }
}

/**
 * The verdict after the gate: the titles of the rubrics each response fails; when exactly one side fails any,
 * it loses outright (score ±2, vetoed, with the reason); otherwise the aggregate stands, its failures reported.
 */
export function gateByVerifiableRubrics(
  aggregate: PairwiseAggregate,
  responses: { A: string; B: string },
  rubrics: readonly VerifiableRubric[],
): PairwiseAggregate & { failedRubrics: { A: string[]; B: string[] } } {
  const failed = (text: string) => rubrics.filter((rubric) => !meetsVerifiableRubric(text, rubric)).map((rubric) => rubric.title);
  const failedRubrics = { A: failed(responses.A), B: failed(responses.B) };
  const aFails = failedRubrics.A.length > 0;
  const bFails = failedRubrics.B.length > 0;
  if (aFails === bFails) return { ...aggregate, failedRubrics };
  const loser = aFails ? 'A' : 'B';
  const list = failedRubrics[loser].map((title) => `"${title}"`).join(', ');
  return {
    ...aggregate,
    score: loser === 'A' ? -2 : 2,
    winner: loser === 'A' ? 'B' : 'A',
    vetoed: true,
    vetoReason: `Response ${loser} fails the verifiable rubric${failedRubrics[loser].length > 1 ? 's' : ''} ${list}.`,
    failedRubrics,
  };
}
