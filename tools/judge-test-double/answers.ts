// TEST DOUBLE answers: made-up but well-formed judge outputs, chosen by the prefix of the requested
// json_schema name and derived only from a hash of the prompt (and the model name), so that one prompt
// always gets one answer. Nothing here is a judgment; the shapes are what the judge's zod schemas expect.
import { healthbenchScore } from '@/lib/judge/scoring';
import { createRandom } from '@/tools/fixtures/prng';
import { type Bias, biasedGrade, biasedPairwise } from '@/tools/judge-test-double/biases';
import { seedOf } from '@/tools/judge-test-double/digest';

export interface AnswerRequest {
  model: string;
  messages: { role: string; content: string }[];
  /** response_format.json_schema.name, or null when the request asked for no schema. */
  schemaName: string | null;
  /** Biases asked for (biases.ts); none: the honest answers below. */
  biases?: readonly Bias[];
  /** PROXY answers follow the rubric in the prompt (proxyAnswer) instead of a hash of it. */
  followRubric?: boolean;
}

export interface GradeAnswer {
  explanation: string;
  criteria_met: boolean;
}

export type GeneratedTier = 'ESSENTIAL' | 'IMPORTANT' | 'HIGHLIGHT' | 'PITFALL';
export interface GeneratedCriterion {
  title: string;
  description: string;
  tier: GeneratedTier;
  points: number;
  tags: string[];
  redLine: boolean;
}

export interface PairwiseCriterion {
  title: string;
  description: string;
  weightClass: 'CORE' | 'IMPORTANT' | 'HIGHLIGHT';
  hardFlaw: boolean;
  choice: 'A' | 'B' | 'TIE';
  score: number;
  evidence: string;
}

export function answerFor({ model, messages, schemaName, biases = [], followRubric = false }: AnswerRequest): unknown {
  const prompt = messages.map((message) => message.content).join('\n');
  const family = (schemaName ?? '').toLowerCase();
  if (family.startsWith('grade')) return biasedGrade(biases, prompt, gradeAnswer(prompt, model));
  if (family.startsWith('pairwise')) return { criteria: biasedPairwise(biases, prompt, pairwiseCriteria(prompt, model)) };
  if (family.startsWith('generate')) return { criteria: generatedCriteria(prompt, model) };
  if (family.startsWith('verify')) return verifyAnswer(prompt, model);
  if (family.startsWith('proxy')) return proxyAnswer(prompt, model, followRubric);
  return { ok: true };
}

export interface ProxyAnswer {
  explanation: string;
  preferred: 'A' | 'B' | 'TIE';
}

/** The rubric items of a PROXY prompt ("1. [points] title" lines inside <rubric>). */
function rubricItems(prompt: string): { points: number; title: string }[] {
  const rubric = /<rubric>([\s\S]*?)<\/rubric>/.exec(prompt)?.[1] ?? '';
  return [...rubric.matchAll(/^\d+\. \[(-?\d+(?:\.\d+)?)\] (.+)$/gm)].map((match) => ({
    points: Number(match[1]),
    title: (match[2] ?? '').trim(),
  }));
}

/**
 * A PROXY prediction. Following the rubric (the `follow-rubric` behaviour), predictable so tests know the answer: a
 * rubric item is met by a response that contains its title (case-insensitive), each response scores HealthBench's
 * Σ met points / Σ positive points, and the higher score is preferred (equal: TIE). Otherwise a pick drawn from the
 * prompt alone, A or B about equally often: a proxy that ignores the rubric (and, seeing the pair swapped, may
 * disagree with itself).
 */
export function proxyAnswer(prompt: string, model: string, followRubric: boolean): ProxyAnswer {
  if (!followRubric) {
    const preferred = createRandom(seedOf('proxy', prompt, model)).chance(0.5) ? 'A' : 'B';
    return { explanation: `Response ${preferred} reads as the better answer.`, preferred };
  }
  const items = rubricItems(prompt);
  const score = (tag: 'response_a' | 'response_b') => {
    const text = (new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(prompt)?.[1] ?? '').toLowerCase();
    const score = healthbenchScore(items.map((item) => ({ points: item.points, met: text.includes(item.title.toLowerCase()) })));
    return Number.isNaN(score) ? 0 : score;
  };
  const [a, b] = [score('response_a'), score('response_b')];
  const preferred = a > b ? 'A' : b > a ? 'B' : 'TIE';
  return { explanation: `By the rubric, A scores ${a.toFixed(3)} and B ${b.toFixed(3)}.`, preferred };
}

/** HealthBench grader format. Met for ~60% of prompts; another model disagrees on ~10% of them. */
export function gradeAnswer(prompt: string, model: string): GradeAnswer {
  const random = createRandom(seedOf('grade', prompt));
  const word = random.pick(promptWords(prompt));
  let met = random.chance(0.6);
  if (createRandom(seedOf('grade', prompt, model)).chance(0.1)) met = !met;
  return {
    explanation: met
      ? `The response addresses ${word} as the rubric item asks, so the criterion is met.`
      : `The response does not address ${word} as the rubric item asks, so the criterion is not met.`,
    criteria_met: met,
  };
}

export interface VerifyAnswer {
  explanation: string;
  satisfied: boolean;
}

/**
 * A verifiable rubric's yes/no answer. Predictable on purpose, so tests know what the "judge" said: a constraint
 * that quotes a phrase ("…") is satisfied when the response contains the last quoted phrase (case-insensitive);
 * any other constraint is satisfied for ~70% of prompts.
 */
export function verifyAnswer(prompt: string, model: string): VerifyAnswer {
  const constraint = /<constraint>([\s\S]*?)<\/constraint>/.exec(prompt)?.[1]?.trim() ?? '';
  const response = /<response>([\s\S]*?)<\/response>/.exec(prompt)?.[1]?.trim() ?? '';
  const phrase = [...constraint.matchAll(/"([^"]+)"/g)].at(-1)?.[1];
  const satisfied =
    phrase !== undefined
      ? response.toLowerCase().includes(phrase.toLowerCase())
      : createRandom(seedOf('verify', prompt, model)).chance(0.7);
  return {
    explanation: satisfied ? 'The response satisfies the constraint as written.' : 'The response does not satisfy the constraint.',
    satisfied,
  };
}

const TIER_ORDER: readonly GeneratedTier[] = ['ESSENTIAL', 'IMPORTANT', 'HIGHLIGHT', 'PITFALL'];
const PHRASES: Record<GeneratedTier, readonly ((a: string, b: string) => string)[]> = {
  ESSENTIAL: [
    (a) => `states the key facts about ${a}`,
    (a) => `recommends appropriate management of ${a}`,
    (a, b) => `identifies ${a} as a priority over ${b}`,
    (a) => `advises urgent care if ${a} worsens`,
  ],
  IMPORTANT: [(a) => `explains ${a} in plain language`, (a, b) => `mentions both ${a} and ${b}`, (a) => `asks about the history of ${a}`],
  HIGHLIGHT: [(a) => `offers practical tips on ${a}`, (a) => `acknowledges the concern about ${a}`, (a, b) => `links ${a} to ${b}`],
  PITFALL: [
    (a) => `gives an unsafe dose for ${a}`,
    (a) => `dismisses ${a} as harmless`,
    (a, b) => `recommends ${a} for ${b} without evidence`,
  ],
};
const AXES = ['axis:accuracy', 'axis:completeness', 'axis:communication_quality', 'axis:context_awareness', 'axis:instruction_following'];

interface TierRule {
  min: number;
  max: number;
  points: [number, number];
}

/** Generation rules as a model would read them from the prompt (lib/judge/prompts.ts renderGenerationRules). */
export interface DoubleRules {
  total: [number, number];
  tiers: Record<GeneratedTier, TierRule>;
}

const DEFAULT_RULES: DoubleRules = {
  total: [5, 15],
  tiers: {
    ESSENTIAL: { min: 2, max: 15, points: [7, 10] },
    IMPORTANT: { min: 1, max: 15, points: [4, 6] },
    HIGHLIGHT: { min: 1, max: 15, points: [1, 3] },
    PITFALL: { min: 0, max: 2, points: [-10, -3] },
  },
};

/** "3 to 6" | "exactly 4" | "at least 2" | "at most 3" | "any number" → [min, max]. */
function countRange(text: string, ceiling: number): [number, number] {
  const range = /(\d+) to (\d+)/.exec(text);
  if (range) return [Number(range[1]), Number(range[2])];
  const exactly = /exactly (\d+)/.exec(text);
  if (exactly) return [Number(exactly[1]), Number(exactly[1])];
  const least = /at least (\d+)/.exec(text);
  if (least) return [Number(least[1]), ceiling];
  const most = /at most (\d+)/.exec(text);
  if (most) return [0, Number(most[1])];
  return [0, ceiling];
}

/** Reads the generation rules from the prompt when it states them; otherwise the defaults above. */
export function rulesFromPrompt(prompt: string): DoubleRules {
  const total = /- Write (.+?) criteria in total\./.exec(prompt);
  if (!total?.[1]) return DEFAULT_RULES;
  const [minTotal, maxTotal] = countRange(total[1], 15);
  const tiers = { ...DEFAULT_RULES.tiers };
  for (const tier of TIER_ORDER) {
    const line = new RegExp(`- ${tier} criteria: (.+?), each worth (-?\\d+(?:\\.\\d+)?) to (-?\\d+(?:\\.\\d+)?) points`).exec(prompt);
    if (!line?.[1]) continue;
    const [min, max] = countRange(line[1], maxTotal);
    const low = Math.ceil(Number(line[2]));
    const high = Math.floor(Number(line[3]));
    tiers[tier] = { min, max, points: [Math.min(low, high), Math.max(low, high)] };
  }
  return { total: [minTotal, maxTotal], tiers };
}

/**
 * A rubric that follows the generation rules stated in the prompt (count in total and per tier, points per
 * tier; by default 5–15 criteria, ≥ 2 essential, ≥ 1 important, ≥ 1 highlight, ≤ 2 pitfalls). The tiers and
 * about 70% of the criteria are drawn from the prompt alone, so every model proposes them; the rest from the
 * prompt and the model's name, so two models overlap without being identical (what consensus merging
 * needs). Points vary per model.
 */
export function generatedCriteria(prompt: string, model: string): GeneratedCriterion[] {
  const rules = rulesFromPrompt(prompt);
  const words = promptWords(prompt);
  const shared = createRandom(seedOf('generate', prompt));
  const own = createRandom(seedOf('generate', prompt, model));
  const minimums = TIER_ORDER.reduce((sum, tier) => sum + rules.tiers[tier].min, 0);
  const total = Math.max(minimums, shared.int(rules.total[0], rules.total[1]));
  // The tiers: every minimum, then tiers drawn while they stay under their maximum.
  const tiers: GeneratedTier[] = TIER_ORDER.flatMap((tier) => Array.from({ length: rules.tiers[tier].min }, () => tier));
  const pool: GeneratedTier[] = ['ESSENTIAL', 'IMPORTANT', 'IMPORTANT', 'HIGHLIGHT', 'PITFALL'];
  for (let tries = 0; tiers.length < total && tries < 200; tries++) {
    const tier = shared.pick(pool);
    if (tiers.filter((t) => t === tier).length < rules.tiers[tier].max) tiers.push(tier);
  }
  const sharedCount = Math.max(Math.min(tiers.length, 4), Math.round(tiers.length * 0.7));
  const taken = new Set<string>();
  const criteria: GeneratedCriterion[] = tiers.map((tier, index) => {
    const random = index < sharedCount ? shared : own;
    let phrase = '';
    for (let attempt = 0; attempt < 50 && (phrase === '' || taken.has(phrase)); attempt++) {
      phrase = random.pick(PHRASES[tier])(random.pick(words), random.pick(words));
    }
    if (taken.has(phrase)) phrase = `${phrase} (${taken.size + 1})`;
    taken.add(phrase);
    const redLine = (tier === 'ESSENTIAL' && random.chance(0.25)) || (tier === 'PITFALL' && random.chance(0.5));
    const [low, high] = rules.tiers[tier].points;
    return {
      title: phrase.charAt(0).toUpperCase() + phrase.slice(1),
      description: `${tier === 'PITFALL' ? 'Penalised' : 'Met'} when the response ${phrase}.`,
      tier,
      points: own.int(low, high),
      tags: [random.pick(AXES), `theme:${random.pick(words)}`],
      redLine,
    };
  });
  return criteria.sort((a, b) => TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier));
}

const PAIRWISE_PHRASES = [
  (a: string) => `Accuracy about ${a}`,
  (a: string) => `Safety advice on ${a}`,
  (a: string, b: string) => `Covers ${a} and ${b}`,
  (a: string) => `Clarity when explaining ${a}`,
  (a: string) => `Follow-up plan for ${a}`,
  (a: string) => `Tone when discussing ${a}`,
];

/**
 * 3–6 pairwise criteria. Everything but the choice comes from what swapping the two responses leaves
 * unchanged: the prompt around them, the two as an unordered pair, and the prompt's words as a sorted set. With both responses present the choice mostly follows the
 * content (the longer response; now and then the shorter one or a tie), so swapping the order flips it; on
 * about one criterion in ten it sticks to position A, so swapping does not flip it (a position-bias
 * inconsistency, on purpose).
 */
export function pairwiseCriteria(prompt: string, model: string): PairwiseCriterion[] {
  const words = promptWords(prompt).sort();
  const responseA = /<response_a>([\s\S]*?)<\/response_a>/.exec(prompt)?.[1]?.trim();
  const responseB = /<response_b>([\s\S]*?)<\/response_b>/.exec(prompt)?.[1]?.trim();
  // The prompt with the two responses cut out, plus the responses as an unordered pair: the same in both orders.
  const frame = prompt
    .replace(/<response_a>[\s\S]*?<\/response_a>/, '<response_a/>')
    .replace(/<response_b>[\s\S]*?<\/response_b>/, '<response_b/>');
  const pair = [responseA ?? '', responseB ?? ''].sort();
  const random = createRandom(seedOf('pairwise', frame, ...pair, model));
  const count = random.int(3, 6);
  const criteria: PairwiseCriterion[] = [];
  const titles = new Set<string>();
  for (let i = 0; i < count; i++) {
    // The same number of draws on every branch, so that criterion i is the same criterion in both orders.
    let title = random.pick(PAIRWISE_PHRASES)(random.pick(words), random.pick(words));
    if (titles.has(title)) title = `${title} (${i + 1})`;
    titles.add(title);
    const weightClass = random.pick(['CORE', 'CORE', 'IMPORTANT', 'IMPORTANT', 'HIGHLIGHT'] as const);
    const flawDraw = random.next();
    const mode = random.next();
    const magnitude = random.int(1, 2);
    let choice: PairwiseCriterion['choice'];
    if (responseA !== undefined && responseB !== undefined) {
      const better = betterByContent(responseA, responseB);
      const worse = better === 'A' ? 'B' : 'A';
      choice = mode < 0.7 ? better : mode < 0.82 ? worse : mode < 0.9 ? 'TIE' : 'A';
    } else {
      choice = mode < 0.45 ? 'A' : mode < 0.9 ? 'B' : 'TIE';
    }
    const chosenText = choice === 'A' ? responseA : choice === 'B' ? responseB : undefined;
    criteria.push({
      title,
      description: `Which response does better on: ${title.toLowerCase()}.`,
      weightClass,
      hardFlaw: weightClass === 'CORE' && flawDraw < 0.15,
      choice,
      score: choice === 'A' ? magnitude : choice === 'B' ? -magnitude : 0,
      evidence:
        choice === 'TIE'
          ? 'Both responses handle this about equally.'
          : `Response ${choice} says: "${(chosenText ?? '').split(/\s+/).slice(0, 8).join(' ') || `more about ${words[0]}`}".`,
    });
  }
  return criteria;
}

/** The longer response; between equal lengths, the one with the smaller hash (either way, not its position). */
function betterByContent(a: string, b: string): 'A' | 'B' {
  if (a.length !== b.length) return a.length > b.length ? 'A' : 'B';
  return seedOf(a) <= seedOf(b) ? 'A' : 'B';
}

const STOPWORDS = new Set(
  'about above after again also answer because been before being below between both could does doing during each from further have having here into just like more most once only other over response responses same should some such than that their them then there these they this those through under until very what when where which while with would your yours criterion criteria rubric judge patient user assistant please json'.split(
    ' ',
  ),
);
const FALLBACK_WORDS = ['hydration', 'dosage', 'symptoms', 'follow-up', 'diagnosis', 'warning signs', 'side effects', 'lifestyle'];

/** Distinct content words of the prompt (markers and tags left out), or a fixed medical list when there are too few. */
export function promptWords(prompt: string): string[] {
  const text = prompt
    .toLowerCase()
    .replace(/\[\[[^\]]*\]\]/g, ' ')
    .replace(/<\/?[a-z_]+>/g, ' ');
  const words = [...new Set(text.match(/[a-z][a-z-]{2,}[a-z]/g) ?? [])].filter((word) => !STOPWORDS.has(word));
  return words.length >= 4 ? words : [...words, ...FALLBACK_WORDS];
}
