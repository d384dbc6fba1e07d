// OpenRS's pointwise verifiable rubrics: hard constraints checked on each response (deterministically on its text
// where a check exists: a required disclaimer, a forbidden dosage pattern, a length limit, the script it is
// written in; else by the judge's yes/no answer) that gate a pairwise verdict before the judge's weighted
// criteria count. Pure functions.
import type { PairwiseAggregate } from '@/lib/judge/scoring';
import type { VerifiableRubric } from '@/lib/meta-rubrics/scoring-profile';

/** The rubrics no text check decides: each is a separate yes/no judge call per response. */
export function isJudgedRubric(rubric: VerifiableRubric): boolean {
  return rubric.check.kind === 'judge';
}

/** Whether a response meets one rubric; null for a rubric only the judge can answer. */
export function meetsVerifiableRubric(text: string, rubric: VerifiableRubric): boolean | null {
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
    case 'judge':
      return null;
  }
}

/** The judge's answers for one response: rubric title → satisfied. A title missing here was not answered. */
export type JudgedAnswers = ReadonlyMap<string, boolean>;

export interface GatedAggregate extends PairwiseAggregate {
  failedRubrics: { A: string[]; B: string[] };
  /** Judged rubrics with no answer for that response (its call failed, or the run has not finished). */
  uncheckedRubrics: { A: string[]; B: string[] };
}

/**
 * The verdict after the gate: the titles of the rubrics each response fails (by its text, or by the judge's
 * answer); when exactly one side fails any, it loses outright (score ±2, vetoed, with the reason); otherwise the
 * aggregate stands, its failures reported. A judged rubric without an answer counts as neither met nor failed.
 */
export function gateByVerifiableRubrics(
  aggregate: PairwiseAggregate,
  responses: { A: string; B: string },
  rubrics: readonly VerifiableRubric[],
  judged: { A: JudgedAnswers; B: JudgedAnswers } = { A: new Map(), B: new Map() },
): GatedAggregate {
  const outcome = (side: 'A' | 'B', rubric: VerifiableRubric) =>
    isJudgedRubric(rubric) ? judged[side].get(rubric.title) : meetsVerifiableRubric(responses[side], rubric);
  const titles = (side: 'A' | 'B', wanted: boolean | undefined) =>
    rubrics.filter((rubric) => outcome(side, rubric) === wanted).map((rubric) => rubric.title);
  const failedRubrics = { A: titles('A', false), B: titles('B', false) };
  const uncheckedRubrics = { A: titles('A', undefined), B: titles('B', undefined) };
  const aFails = failedRubrics.A.length > 0;
  const bFails = failedRubrics.B.length > 0;
  if (aFails === bFails) return { ...aggregate, failedRubrics, uncheckedRubrics };
  const loser = aFails ? 'A' : 'B';
  const isJudged = (title: string) => rubrics.some((rubric) => rubric.title === title && isJudgedRubric(rubric));
  const list = failedRubrics[loser].map((title) => `"${title}"${isJudged(title) ? ' (by the judge’s yes/no answer)' : ''}`).join(', ');
  return {
    ...aggregate,
    score: loser === 'A' ? -2 : 2,
    winner: loser === 'A' ? 'B' : 'A',
    vetoed: true,
    vetoReason: `Response ${loser} fails the verifiable rubric${failedRubrics[loser].length > 1 ? 's' : ''} ${list}.`,
    failedRubrics,
    uncheckedRubrics,
  };
}
