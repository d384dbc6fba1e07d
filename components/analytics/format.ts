// Number formatting for analytics: an undefined statistic (NaN) is "—", never 0.
import type { Rate } from '@/lib/analytics/compute-dashboard';

export function pct(value: number, digits = 1): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(digits)}%` : '—';
}

export function fixed(value: number, digits = 3): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}

export function interval(rate: Rate): string {
  return Number.isFinite(rate.low) ? `${pct(rate.low)}–${pct(rate.high)}` : '—';
}

/** Design effect, effective n: what the query clustering did to the interval. */
export function designEffect(rate: Rate): string {
  return Number.isFinite(rate.designEffect)
    ? `design effect ${fixed(rate.designEffect, 2)} over ${rate.clusters} ${rate.clusters === 1 ? 'query' : 'queries'}`
    : '—';
}

/** Secondary: the Wilson interval as if every unit were independent, labelled so. */
export function plainInterval(rate: Rate): string {
  return Number.isFinite(rate.plain[0]) ? `plain Wilson ${pct(rate.plain[0])}–${pct(rate.plain[1])}` : '—';
}

/** The headline interval with its design effect beside it and the plain Wilson interval after it. */
export function intervalDetail(rate: Rate): string {
  return Number.isFinite(rate.low) ? `95% CI ${interval(rate)} (${designEffect(rate)}; ${plainInterval(rate)})` : '—';
}

/** For a chart: the rate in percent and its asymmetric error bar [below, above]. NaN rates are null (no bar). */
export function chartRate(rate: Rate): { value: number | null; error: [number, number] } {
  if (!Number.isFinite(rate.rate)) return { value: null, error: [0, 0] };
  return { value: rate.rate * 100, error: [(rate.rate - rate.low) * 100, (rate.high - rate.rate) * 100] };
}
