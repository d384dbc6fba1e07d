// Consensus over the rubrics several generator models wrote for the same conversation: near-duplicate
// criteria are merged, and a merged criterion is kept only when enough distinct models proposed it.
import type { Tier } from '@/lib/vocabulary/enums';
import type { GeneratedCriterion } from '@/lib/judge/schemas';

export interface ConsensusCriterion {
  criterion: GeneratedCriterion;
  /** Distinct models with a member in the cluster. */
  votes: number;
  /** Models that took part (the number of sets given). */
  of: number;
  /** The voting models, in the order the sets were given (members are added in that order). */
  models: string[];
  /** Every merged criterion, representative first. */
  members: { model: string; title: string }[];
}

/** Similarity thresholds; see mergeByConsensus. */
export const TEXT_JACCARD_MIN = 0.6;
export const TITLE_JACCARD_MIN = 0.5;

const STOPWORDS = new Set(
  (
    'a an and are as at be been being but by can could do does for from has have if in into is it its may might must ' +
    'of on or should so such than that the their them then there these they this those to was were what when where ' +
    'which while who will with would you your'
  ).split(' '),
);

/**
 * Light stemming: one common suffix off (ies → y, ing, ed, es, s, ly) when at least three letters remain, then
 * a final e, so "advise", "advises", "advised" and "advising" all become "advis".
 */
function stem(word: string): string {
  let stemmed = word;
  if (stemmed.endsWith('ies') && stemmed.length > 4) stemmed = `${stemmed.slice(0, -3)}y`;
  else {
    const suffix = ['ing', 'ed', 'es', 's', 'ly'].find(
      (end) => stemmed.endsWith(end) && !stemmed.endsWith('ss') && stemmed.length - end.length >= 3,
    );
    if (suffix) stemmed = stemmed.slice(0, -suffix.length);
  }
  return stemmed.endsWith('e') && stemmed.length >= 4 ? stemmed.slice(0, -1) : stemmed;
}

/** Lowercased, accents and punctuation removed, stopwords dropped, lightly stemmed, as a set. */
export function normaliseTokens(text: string): Set<string> {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !STOPWORDS.has(word));
  return new Set(words.map(stem));
}

/** |X ∩ Y| / |X ∪ Y|; 0 when both are empty. */
export function jaccard(x: ReadonlySet<string>, y: ReadonlySet<string>): number {
  let shared = 0;
  for (const token of x) if (y.has(token)) shared++;
  const union = x.size + y.size - shared;
  return union === 0 ? 0 : shared / union;
}

interface Entry {
  model: string;
  modelIndex: number;
  criterion: GeneratedCriterion;
  text: Set<string>;
  title: Set<string>;
}

const negative = (tier: Tier) => tier === 'PITFALL';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function majorityTier(members: Entry[], fallback: Tier): Tier {
  const counts = new Map<Tier, number>();
  for (const member of members) counts.set(member.criterion.tier, (counts.get(member.criterion.tier) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const leaders = [...counts].filter(([, count]) => count === top).map(([tier]) => tier);
  return leaders.length === 1 ? (leaders[0] as Tier) : fallback;
}

/**
 * Merges the criteria of several models' rubrics by consensus.
 *
 * Matching. Each criterion is reduced to token sets (normaliseTokens: lowercase, no accents or punctuation,
 * stopwords dropped, light stemming) of its title and of title + description. Criterion x matches a cluster
 * whose representative is r when x and r have the same polarity (both PITFALL or both positive tiers: "advises
 * X" and "fails to advise X" share most words but are opposites) and either
 *   Jaccard(text x, text r) ≥ 0.6, or
 *   x.tier = r.tier and Jaccard(title x, title r) ≥ 0.5.
 * Clustering is greedy and deterministic: criteria are taken set by set in the order given, each in its list
 * order; each joins the matching cluster with the highest text Jaccard (then title Jaccard, then the older
 * cluster) that has no member from its model yet, or else starts a new cluster. So a cluster holds at most one
 * criterion per model, and its representative (its first member) is the member from the earliest model.
 *
 * Keeping. A cluster is kept when its votes (distinct models, = members) are ≥ minVotes.
 *
 * Merged criterion. Title and description of the representative; points = median of the members' points
 * (the mean of the two middle values for an even count); tier = the members' majority tier, the
 * representative's on a tie; redLine = any member's; tags = union in first-seen order.
 *
 * Output order: kept clusters in the order they were started, i.e. by the representative's model, then its
 * position in that model's list.
 *
 * Throws when minVotes is not an integer from 1 to the number of sets, or when model names repeat (give
 * repeated samples of one model distinct labels).
 */
export function mergeByConsensus(
  sets: readonly { model: string; criteria: readonly GeneratedCriterion[] }[],
  { minVotes }: { minVotes: number },
): ConsensusCriterion[] {
  if (!Number.isInteger(minVotes) || minVotes < 1 || minVotes > sets.length) {
    throw new RangeError(`mergeByConsensus: minVotes must be an integer from 1 to ${sets.length}, got ${minVotes}`);
  }
  const names = sets.map((set) => set.model);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) throw new Error(`mergeByConsensus: model "${repeated}" appears more than once`);

  const clusters: Entry[][] = [];
  sets.forEach((set, modelIndex) => {
    for (const criterion of set.criteria) {
      const entry: Entry = {
        model: set.model,
        modelIndex,
        criterion,
        text: normaliseTokens(`${criterion.title} ${criterion.description}`),
        title: normaliseTokens(criterion.title),
      };
      let best: { cluster: Entry[]; text: number; title: number } | null = null;
      for (const cluster of clusters) {
        const representative = cluster[0] as Entry;
        if (negative(representative.criterion.tier) !== negative(criterion.tier)) continue;
        if (cluster.some((member) => member.modelIndex === modelIndex)) continue;
        const text = jaccard(entry.text, representative.text);
        const title = jaccard(entry.title, representative.title);
        const matches = text >= TEXT_JACCARD_MIN || (criterion.tier === representative.criterion.tier && title >= TITLE_JACCARD_MIN);
        if (!matches) continue;
        if (best === null || text > best.text || (text === best.text && title > best.title)) best = { cluster, text, title };
      }
      if (best) best.cluster.push(entry);
      else clusters.push([entry]);
    }
  });

  return clusters
    .filter((cluster) => cluster.length >= minVotes)
    .map((cluster) => {
      const representative = (cluster[0] as Entry).criterion;
      const criterion: GeneratedCriterion = {
        title: representative.title,
        description: representative.description,
        tier: majorityTier(cluster, representative.tier),
        points: median(cluster.map((member) => member.criterion.points)),
        tags: [...new Set(cluster.flatMap((member) => member.criterion.tags))],
        redLine: cluster.some((member) => member.criterion.redLine),
      };
      return {
        criterion,
        votes: cluster.length,
        of: sets.length,
        models: cluster.map((member) => member.model),
        members: cluster.map((member) => ({ model: member.model, title: member.criterion.title })),
      };
    });
}
