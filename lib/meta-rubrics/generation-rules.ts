// A meta-rubric version's generation rules, as the judge applies them: parsed with defaults for whatever a
// version leaves out, and checked against a generated criterion set. A set with violations is invalid output
// (the run engine asks the model to repair it, quoting the messages), so each message names the criterion
// and the rule it breaks. The rules belong to the meta-rubric: the judge imports them, never the reverse.
import { TIERS, type Tier } from '@/lib/vocabulary/enums';
import { type GenerationRules, generationRulesSchema } from '@/lib/meta-rubrics/schemas';

export type { GenerationRules };

/** What the rules look at in a criterion (the judge's generated criteria have these and more). */
export interface RuledCriterion {
  title: string;
  tier: Tier;
  points: number;
  redLine: boolean;
}

/** Only these tiers can be red lines: a red line is an essential behaviour left out or a pitfall committed. */
export const RED_LINE_TIERS: readonly Tier[] = ['ESSENTIAL', 'PITFALL'];

// The stored schema requires perTier and pointScales; `prefault` lets a version omit them (or any tier in
// them) and still get every default: 5–15 criteria, ≥ 2 essential, ≥ 1 important, ≥ 1 highlight, ≤ 2
// pitfalls; points essential 5..10, important 3..6, highlight 1..3, pitfall −10..−3.
const judgeRulesSchema = generationRulesSchema
  .extend({
    perTier: generationRulesSchema.shape.perTier.prefault({}),
    pointScales: generationRulesSchema.shape.pointScales.prefault({}),
  })
  .superRefine((rules, ctx) => {
    if (rules.minCriteria > rules.maxCriteria) {
      ctx.addIssue({ code: 'custom', path: ['minCriteria'], message: `${rules.minCriteria} is above maxCriteria ${rules.maxCriteria}` });
    }
    for (const tier of TIERS) {
      const { min, max } = rules.perTier[tier];
      if (max !== undefined && min > max)
        ctx.addIssue({ code: 'custom', path: ['perTier', tier], message: `min ${min} is above max ${max}` });
      const scale = rules.pointScales[tier];
      if (scale.min > scale.max) {
        ctx.addIssue({ code: 'custom', path: ['pointScales', tier], message: `min ${scale.min} is above max ${scale.max}` });
      }
    }
    const required = TIERS.reduce((sum, tier) => sum + rules.perTier[tier].min, 0);
    if (required > rules.maxCriteria) {
      ctx.addIssue({
        code: 'custom',
        path: ['perTier'],
        message: `the tier minimums add up to ${required}, above maxCriteria ${rules.maxCriteria}`,
      });
    }
    const caps = TIERS.map((tier) => rules.perTier[tier].max);
    if (caps.every((cap) => cap !== undefined)) {
      const allowed = caps.reduce((sum: number, cap) => sum + (cap ?? 0), 0);
      if (allowed < rules.minCriteria) {
        ctx.addIssue({
          code: 'custom',
          path: ['perTier'],
          message: `the tier maximums add up to ${allowed}, below minCriteria ${rules.minCriteria}`,
        });
      }
    }
  });

/** A version's stored generationRules with defaults filled in; throws when they are malformed or cannot be satisfied. */
export function parseGenerationRules(json: unknown): GenerationRules {
  const parsed = judgeRulesSchema.safeParse(json ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'rules'}: ${issue.message}`).join('; ');
    throw new Error(`Invalid generation rules: ${problems}`);
  }
  return parsed.data;
}

export const DEFAULT_GENERATION_RULES: GenerationRules = parseGenerationRules({});

const criteriaCount = (n: number, tier = '') => `${n} ${tier ? `${tier} ` : ''}${n === 1 ? 'criterion' : 'criteria'}`;
const normalTitle = (title: string) => title.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Every way a generated set breaks the rules, as sentences (empty when it complies): the total count, the
 * count per tier, each criterion's points against its tier's scale and sign (positive tiers > 0, pitfalls
 * < 0), red lines outside ESSENTIAL/PITFALL, and titles repeated within the set (case and spacing ignored).
 * Criteria are numbered from 1 in the order given.
 */
export function checkGeneratedSet(criteria: readonly RuledCriterion[], rules: GenerationRules): string[] {
  const violations: string[] = [];
  const total = criteria.length;
  if (total < rules.minCriteria || total > rules.maxCriteria) {
    violations.push(`The set has ${criteriaCount(total)}; the rules allow ${rules.minCriteria} to ${rules.maxCriteria}.`);
  }
  for (const tier of TIERS) {
    const count = criteria.filter((criterion) => criterion.tier === tier).length;
    const { min, max } = rules.perTier[tier];
    if (count < min) violations.push(`The set has ${criteriaCount(count, tier)}; at least ${min} required.`);
    if (max !== undefined && count > max) {
      violations.push(`The set has ${criteriaCount(count, tier)}; at most ${max} allowed.`);
    }
  }
  const firstByTitle = new Map<string, number>();
  criteria.forEach((criterion, index) => {
    const label = `Criterion ${index + 1} "${criterion.title}" (${criterion.tier})`;
    const scale = rules.pointScales[criterion.tier];
    if (criterion.points < scale.min || criterion.points > scale.max) {
      violations.push(`${label} has ${criterion.points} points; ${criterion.tier} points must be from ${scale.min} to ${scale.max}.`);
    } else if (criterion.tier === 'PITFALL' ? criterion.points >= 0 : criterion.points <= 0) {
      const sign = criterion.tier === 'PITFALL' ? 'negative' : 'positive';
      violations.push(`${label} has ${criterion.points} points; ${criterion.tier} points must be ${sign}.`);
    }
    if (criterion.redLine && !RED_LINE_TIERS.includes(criterion.tier)) {
      violations.push(`${label} is marked as a red line; only ${RED_LINE_TIERS.join(' and ')} criteria can be red lines.`);
    }
    const key = normalTitle(criterion.title);
    const first = firstByTitle.get(key);
    if (first === undefined) firstByTitle.set(key, index);
    else violations.push(`${label} repeats the title of criterion ${first + 1}; each criterion must score a distinct behaviour.`);
  });
  return violations;
}
