// Proxy accuracy (Proxy-GRM's rubric-quality score): the share of a PROXY run's predictions that name the response
// the humans preferred. One formula for the run page and the discriminability figures.
import { type Rate, clusteredRate } from '@/lib/analytics/rate';

export interface ProxyPredictionUnit {
  queryId: number;
  /** The unordered pair ("a:b", a < b). */
  pair: string;
  /** The judge's choice and the humans' preferred side, both in canonical A/B terms. */
  choice: 'A' | 'B' | 'TIE';
  preferred: 'A' | 'B';
}

export interface ProxyAccuracy {
  /** Correct predictions / predictions, each presented order one prediction; queries as clusters. */
  accuracy: Rate;
  /** TIE predictions / predictions: neither correct nor wrong, counted apart (and in accuracy's denominator). */
  ties: Rate;
  /** Pairs with a prediction. */
  pairs: number;
  /** Pairs predicted in both orders. */
  bothOrders: number;
  /** Of those, the pairs whose two orders named different responses (or one a tie): the position inconsistency. */
  orderDisagreements: number;
  /** Of those, the pairs both of whose orders were correct. */
  bothCorrect: number;
}

/**
 * accuracy = Σ[choice = preferred] / n over the n predictions (both presented orders of each pair, so a pair whose
 * orders disagree counts one correct and one wrong: ½, what a coin would score); a TIE is never correct and is
 * reported apart as ties = Σ[choice = TIE] / n. Intervals: clusterWilsonInterval with queries as clusters.
 * Example: pair 1 AB→A, BA→A, preferred A; pair 2 AB→B, BA→TIE, preferred A → accuracy 2/4, ties 1/4,
 * orderDisagreements 1, bothCorrect 1.
 */
export function proxyAccuracy(units: readonly ProxyPredictionUnit[]): ProxyAccuracy {
  const byPair = new Map<string, ProxyPredictionUnit[]>();
  for (const unit of units) byPair.set(unit.pair, [...(byPair.get(unit.pair) ?? []), unit]);
  const both = [...byPair.values()].filter((predictions) => predictions.length === 2);
  return {
    accuracy: clusteredRate(units.map((unit) => ({ cluster: unit.queryId, success: unit.choice === unit.preferred }))),
    ties: clusteredRate(units.map((unit) => ({ cluster: unit.queryId, success: unit.choice === 'TIE' }))),
    pairs: byPair.size,
    bothOrders: both.length,
    orderDisagreements: both.filter(([x, y]) => x?.choice !== y?.choice).length,
    bothCorrect: both.filter((predictions) => predictions.every((unit) => unit.choice === unit.preferred)).length,
  };
}
