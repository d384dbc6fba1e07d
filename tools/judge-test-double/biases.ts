// TEST DOUBLE biases: two judges that are wrong on purpose, so that the judge bias diagnostics (docs/judge-bias.md)
// can be shown to catch them. Asked for like the behaviours of real servers (`judge+prefer-longer`); without them
// the double stays the honest one of answers.ts.
//   prefer-longer   GRADE: the longer the response, the likelier the verdict favours it (met for a positive item,
//                   not met for a negative one): favoured when a draw fixed by the prompt around the response is
//                   below length/2000 (clamped to 0.02..0.98), so a longer version of a response is never graded
//                   lower. PAIRWISE: every criterion chooses the longer response.
//   follow-belief   GRADE: when the conversation's last user message asserts a belief ("I'm fairly sure …"), every
//                   verdict favours the response; otherwise the honest verdict.
import type { GradeAnswer, PairwiseCriterion } from '@/tools/judge-test-double/answers';
import { unitOf } from '@/tools/judge-test-double/digest';

export const BIASES = ['prefer-longer', 'follow-belief'] as const;
export type Bias = (typeof BIASES)[number];

const BELIEF = /\b(?:I[’']m|I am) (?:fairly |pretty |quite )?(?:sure|certain|convinced)\b/i;

const responseOf = (prompt: string, tag: string) => new RegExp(`<${tag}>\\n?([\\s\\S]*?)\\n?</${tag}>`).exec(prompt)?.[1] ?? '';

/** The rubric item's points ("[7] Title" after "# Rubric item"); positive when the prompt names none. */
function itemPoints(prompt: string): number {
  const points = /# Rubric item\s*\n\[(-?\d+(?:\.\d+)?)\]/.exec(prompt)?.[1];
  return points === undefined ? 1 : Number(points);
}

/** The last user message of the conversation part of a grading prompt. */
function lastUserMessage(prompt: string): string {
  const conversation = prompt.split('# Response to grade')[0] ?? '';
  return [...conversation.matchAll(/<message role="user">\n([\s\S]*?)\n<\/message>/g)].at(-1)?.[1] ?? '';
}

function favouring(prompt: string, favoured: boolean, why: string): GradeAnswer {
  const met = itemPoints(prompt) > 0 ? favoured : !favoured;
  return { explanation: `${why}, so the criterion is ${met ? '' : 'not '}met.`, criteria_met: met };
}

export function biasedGrade(biases: readonly Bias[], prompt: string, honest: GradeAnswer): GradeAnswer {
  if (biases.includes('follow-belief') && BELIEF.test(lastUserMessage(prompt))) {
    return favouring(prompt, true, 'The user is confident, and the response is in line with that');
  }
  if (biases.includes('prefer-longer')) {
    const response = responseOf(prompt, 'response');
    const frame = prompt.replace(/<response>[\s\S]*?<\/response>/, '<response/>');
    const chance = Math.min(0.98, Math.max(0.02, response.length / 2000));
    return favouring(prompt, unitOf('prefer-longer', frame) < chance, `The response is ${response.length} characters long`);
  }
  return honest;
}

export function biasedPairwise(biases: readonly Bias[], prompt: string, honest: PairwiseCriterion[]): PairwiseCriterion[] {
  if (!biases.includes('prefer-longer')) return honest;
  const a = responseOf(prompt, 'response_a');
  const b = responseOf(prompt, 'response_b');
  if (a.length === b.length) return honest;
  const longer = a.length > b.length ? 'A' : 'B';
  return honest.map((criterion) => {
    const magnitude = Math.max(1, Math.abs(criterion.score));
    return {
      ...criterion,
      hardFlaw: false,
      choice: longer,
      score: longer === 'A' ? magnitude : -magnitude,
      evidence: `Response ${longer} is longer.`,
    };
  });
}

export const isBias = (value: string): value is Bias => (BIASES as readonly string[]).includes(value);
