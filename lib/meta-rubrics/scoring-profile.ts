// A meta-rubric version's scoring profile: every constant the judge's scores depend on that is this app's
// choice, not QuarkMedBench's or OpenRS's published method (docs/statistics.md "Scoring"). Stored with the
// version, changed through a proposal like any principle, and recorded on every judge run that scores.
import { z } from '@/lib/zod';

const weight = z.number().min(0, 'at least 0').max(100, 'at most 100');

export const PITFALL_MODES = ['subtract', 'avoidedShare'] as const;

/** A pattern a reviewer writes: it must compile, and stay short (it runs on every response of a pairwise run). */
const pattern = z
  .string()
  .min(1)
  .max(200, 'at most 200 characters')
  .refine((value) => {
    try {
      new RegExp(value, 'iu');
      return true;
    } catch {
      return false;
    }
  }, 'not a valid regular expression');

/**
 * A hard constraint a response must meet (OpenRS's pointwise verifiable rubrics): checked deterministically on
 * its text where a check exists (a required phrase such as a disclaimer, a forbidden pattern such as a dosage
 * form, a length limit, a script; patterns are case-insensitive regular expressions), else by a separate yes/no
 * judge call per response ("does the response satisfy this constraint?", lib/judge/prompts/verify.v1.md).
 */
export const verifiableRubricSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  check: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('requires'), pattern }),
    z.strictObject({ kind: z.literal('forbids'), pattern }),
    z.strictObject({ kind: z.literal('maxChars'), chars: z.number().int().min(1).max(1_000_000) }),
    /** Most letters in the Han script (cjk) or the Latin one (latin). */
    z.strictObject({ kind: z.literal('script'), script: z.enum(['cjk', 'latin']) }),
    /** No deterministic check: the judge answers whether the response satisfies the constraint, as written. */
    z.strictObject({ kind: z.literal('judge'), constraint: z.string().trim().min(1).max(1_000, 'at most 1000 characters') }),
  ]),
});
export type VerifiableRubric = z.output<typeof verifiableRubricSchema>;
export const VETO_MODES = ['byWeightClass', 'anyHardFlaw'] as const;

export const scoringProfileSchema = z.strictObject({
  /** Multiplies a criterion's points by its tier (tiered score). */
  tierWeights: z
    .strictObject({ ESSENTIAL: weight, IMPORTANT: weight, HIGHLIGHT: weight, PITFALL: weight })
    .default({ ESSENTIAL: 2, IMPORTANT: 1, HIGHLIGHT: 1, PITFALL: 2 }),
  /**
   * subtract: HealthBench-style, a met pitfall subtracts its weighted points and an avoided one adds nothing;
   * avoidedShare: the app's first rule, the pitfall tier scores the share of pitfall weight avoided.
   */
  pitfalls: z.enum(PITFALL_MODES).default('subtract'),
  /** A violated red-line item sets the tiered score to 0. */
  redLineVeto: z.boolean().default(true),
  pairwise: z
    .strictObject({
      /** Weight of a criterion's score in the pairwise aggregate, by weight class. */
      weights: z.strictObject({ CORE: weight, IMPORTANT: weight, HIGHLIGHT: weight }).default({ CORE: 5, IMPORTANT: 2, HIGHLIGHT: 1 }),
      /** |aggregate| below this is a tie (the aggregate runs −2..+2). */
      tieBand: z.number().min(0, 'at least 0').max(2, 'at most 2').default(0.25),
      /**
       * byWeightClass: a hard flaw decides the pair only against criteria of its own weight class or lighter;
       * anyHardFlaw: the app's first rule, any hard flaw decides it.
       */
      veto: z.enum(VETO_MODES).default('byWeightClass'),
      /**
       * Checked on both responses before the judge's criteria count: a response that fails one the other meets
       * loses outright; when both or neither fail, the aggregate decides.
       */
      verifiable: z.array(verifiableRubricSchema).max(50).default([]),
    })
    .default({ weights: { CORE: 5, IMPORTANT: 2, HIGHLIGHT: 1 }, tieBand: 0.25, veto: 'byWeightClass', verifiable: [] }),
});

export type ScoringProfile = z.output<typeof scoringProfileSchema>;

export const DEFAULT_SCORING_PROFILE: ScoringProfile = scoringProfileSchema.parse({});

/**
 * The profile GRADE runs used before profiles existed (their params held only tier weights): pitfalls as the
 * share avoided, any hard flaw vetoing. Their results keep being computed the way they were.
 */
export function legacyScoringProfile(tierWeights: Partial<ScoringProfile['tierWeights']> | undefined): ScoringProfile {
  return {
    ...DEFAULT_SCORING_PROFILE,
    tierWeights: { ...DEFAULT_SCORING_PROFILE.tierWeights, ...tierWeights },
    pitfalls: 'avoidedShare',
    pairwise: { ...DEFAULT_SCORING_PROFILE.pairwise, veto: 'anyHardFlaw' },
  };
}

/** A stored profile (a version's column, a run's params), validated; defaults fill what older rows lack. */
export function parseScoringProfile(value: unknown): ScoringProfile {
  return scoringProfileSchema.parse(value ?? {});
}

/** Every choice of a profile in words, each labelled as the app's assumption (version page, run page, docs). */
export function describeScoringProfile(profile: ScoringProfile): { label: string; value: string }[] {
  const w = profile.tierWeights;
  const p = profile.pairwise;
  return [
    {
      label: 'Tier weights',
      value: `Essential ${w.ESSENTIAL} : Important ${w.IMPORTANT} : Highlight ${w.HIGHLIGHT} : Pitfall ${w.PITFALL}`,
    },
    {
      label: 'Pitfalls',
      value:
        profile.pitfalls === 'subtract'
          ? 'subtract their weighted points when met; an avoided pitfall adds nothing (HealthBench-style)'
          : 'score the share of pitfall weight avoided (an avoided pitfall raises the score)',
    },
    { label: 'Red lines', value: profile.redLineVeto ? 'a violated red-line item sets the tiered score to 0' : 'no veto' },
    { label: 'Pairwise weights', value: `Core ${p.weights.CORE} / Important ${p.weights.IMPORTANT} / Highlight ${p.weights.HIGHLIGHT}` },
    { label: 'Pairwise tie band', value: `|aggregate| < ${p.tieBand} is a tie` },
    {
      label: 'Verifiable rubrics',
      value: p.verifiable.length
        ? `${p.verifiable
            .map((rubric) => `“${rubric.title}”${rubric.check.kind === 'judge' ? ' (a yes/no judge call)' : ''}`)
            .join(', ')}: a response failing one the other meets loses the pair`
        : 'none',
    },
    {
      label: 'Pairwise veto',
      value:
        p.veto === 'byWeightClass'
          ? 'a hard flaw decides the pair unless the flawed side wins a criterion of a heavier weight class; equal flaws cancel'
          : 'any hard flaw decides the pair; flaws on both sides make a tie',
    },
  ];
}
