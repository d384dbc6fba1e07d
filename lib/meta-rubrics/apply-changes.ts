// Applies a proposal's changes, in order, to a version's principles, generation rules and scoring profile. Pure: the same
// function previews a proposal on its page and builds the next version when it is approved. Problems are
// returned per change (`changes.2`), in words a proposer can act on, never thrown.
import { z } from '@/lib/zod';
import { parseGenerationRules } from '@/lib/meta-rubrics/generation-rules';
import { type GenerationRules, type Principle, type ProposalChange, principleSchema } from '@/lib/meta-rubrics/schemas';
import { parseScoringProfile, type ScoringProfile } from '@/lib/meta-rubrics/scoring-profile';

export interface VersionContent {
  principles: Principle[];
  generationRules: GenerationRules;
  scoringProfile: ScoringProfile;
}

export type ApplyResult = ({ ok: true } & VersionContent) | { ok: false; errors: Record<string, string[]> };

const principlesSchema = z.array(principleSchema).min(1, 'A meta-rubric needs at least one principle').max(100);

function quoted(principles: readonly Principle[], id: string): string {
  const found = principles.find((principle) => principle.id === id);
  return found ? `“${found.title}”` : `“${id}”`;
}

/** The one change applied to `principles`, or the reason it cannot be. */
function applyOne(
  principles: Principle[],
  rules: GenerationRules,
  change: Exclude<ProposalChange, { op: 'scoring' }>,
): { principles: Principle[]; rules: GenerationRules } | string {
  const index = (id: string) => principles.findIndex((principle) => principle.id === id);
  switch (change.op) {
    case 'add': {
      if (index(change.principle.id) >= 0) return `A principle with id “${change.principle.id}” already exists`;
      const at = change.index ?? principles.length;
      if (at > principles.length) return `Position ${at + 1} is past the end (there are ${principles.length} principles)`;
      return { principles: [...principles.slice(0, at), change.principle, ...principles.slice(at)], rules };
    }
    case 'edit': {
      const at = index(change.principleId);
      if (at < 0) return `There is no principle “${change.principleId}” to edit (it may have been removed)`;
      if (change.principle.id !== change.principleId && index(change.principle.id) >= 0) {
        return `Another principle already has the id “${change.principle.id}”`;
      }
      return { principles: principles.map((principle, i) => (i === at ? change.principle : principle)), rules };
    }
    case 'remove': {
      const at = index(change.principleId);
      if (at < 0) return `There is no principle “${change.principleId}” to remove`;
      if (principles.length === 1) return `Removing ${quoted(principles, change.principleId)} would leave no principle`;
      return { principles: principles.filter((_, i) => i !== at), rules };
    }
    case 'reorder': {
      const current = principles.map((principle) => principle.id);
      const unknown = change.order.filter((id) => !current.includes(id));
      if (unknown.length) return `The new order names principles that do not exist: ${unknown.join(', ')}`;
      const missing = current.filter((id) => !change.order.includes(id));
      if (missing.length) return `The new order leaves out ${missing.map((id) => quoted(principles, id)).join(', ')}`;
      if (new Set(change.order).size !== change.order.length) return 'The new order names a principle twice';
      return { principles: change.order.map((id) => principles[index(id)] as Principle), rules };
    }
    case 'rule': {
      try {
        return { principles, rules: parseGenerationRules(change.rules) };
      } catch (error) {
        return (error as Error).message;
      }
    }
  }
}

export function applyChanges(base: VersionContent, changes: readonly ProposalChange[]): ApplyResult {
  const errors: Record<string, string[]> = {};
  let principles = [...base.principles];
  let rules = base.generationRules;
  let scoringProfile = base.scoringProfile;
  changes.forEach((change, position) => {
    if (change.op === 'scoring') {
      scoringProfile = change.profile;
      return;
    }
    const result = applyOne(principles, rules, change);
    if (typeof result === 'string') errors[`changes.${position}`] = [result];
    else ({ principles, rules } = result);
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  const parsed = principlesSchema.safeParse(principles);
  if (!parsed.success) {
    return {
      ok: false,
      errors: { changes: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'principles'}: ${issue.message}`) },
    };
  }
  return { ok: true, principles: parsed.data, generationRules: rules, scoringProfile };
}

/** A stored version's JSON as typed content (stored versions were validated when written). */
export function versionContent(version: { principles: unknown; generationRules: unknown; scoringProfile: unknown }): VersionContent {
  return {
    principles: principlesSchema.parse(version.principles),
    generationRules: parseGenerationRules(version.generationRules),
    scoringProfile: parseScoringProfile(version.scoringProfile),
  };
}
