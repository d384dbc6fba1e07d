// How figures read on screen. A statistic with nothing to compute from is NaN in lib/stats and null in some
// summaries: everywhere in the UI it reads "—" (never NaN, Infinity, null or 0), and in CSV it is an empty
// cell (lib/export/csv.ts). Charts, their screen-reader tables, tooltips and the pages all format through here,
// and so do dates: one form everywhere, in UTC so that the server render and the browser agree.
import type { Rate } from '@/lib/analytics/compute-dashboard';

export const UNDEFINED_FIGURE = '—';

type Figure = number | null | undefined;

const defined = (value: Figure): value is number => typeof value === 'number' && Number.isFinite(value);

/** 0.912 → "91.2%". */
export function pct(value: Figure, digits = 1): string {
  return defined(value) ? `${(value * 100).toFixed(digits)}%` : UNDEFINED_FIGURE;
}

/** A value already in percent (a chart's axis unit): 91.25 → "91.3%". */
export function percentValue(value: unknown, digits = 1): string {
  return typeof value === 'number' || typeof value === 'string' ? pct(Number(value) / 100, digits) : UNDEFINED_FIGURE;
}

export function fixed(value: Figure, digits = 3): string {
  return defined(value) ? value.toFixed(digits) : UNDEFINED_FIGURE;
}

export function interval(rate: Pick<Rate, 'low' | 'high'>): string {
  return defined(rate.low) && defined(rate.high) ? `${pct(rate.low)}–${pct(rate.high)}` : UNDEFINED_FIGURE;
}

/** Design effect over its clusters: what the query clustering did to the interval. */
export function designEffect(rate: Pick<Rate, 'designEffect' | 'clusters'>): string {
  return defined(rate.designEffect)
    ? `design effect ${fixed(rate.designEffect, 2)} over ${rate.clusters} ${rate.clusters === 1 ? 'query' : 'queries'}`
    : UNDEFINED_FIGURE;
}

/** Secondary: the Wilson interval as if every unit were independent, labelled so. */
export function plainInterval(rate: Pick<Rate, 'plain'>): string {
  return defined(rate.plain[0]) && defined(rate.plain[1]) ? `plain Wilson ${pct(rate.plain[0])}–${pct(rate.plain[1])}` : UNDEFINED_FIGURE;
}

/** The headline interval with its design effect beside it and the plain Wilson interval after it. */
export function intervalDetail(rate: Rate): string {
  return defined(rate.low) && defined(rate.high)
    ? `95% CI ${interval(rate)} (${designEffect(rate)}; ${plainInterval(rate)})`
    : UNDEFINED_FIGURE;
}

/** For a chart: the rate in percent and its asymmetric error bar [below, above]. NaN rates are null (no bar). */
export function chartRate(rate: Rate): { value: number | null; error: [number, number] } {
  if (!defined(rate.rate) || !defined(rate.low) || !defined(rate.high)) return { value: null, error: [0, 0] };
  return { value: rate.rate * 100, error: [(rate.rate - rate.low) * 100, (rate.high - rate.rate) * 100] };
}

const tableNumber = new Intl.NumberFormat('en', { maximumFractionDigits: 3 });

/** One cell of a chart's screen-reader table: text as is, numbers to three decimals, undefined as "—". */
export function tableCell(value: string | number | boolean | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? tableNumber.format(value) : UNDEFINED_FIGURE;
  if (value === null || value === undefined) return UNDEFINED_FIGURE;
  return String(value);
}

const utc = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value).toISOString();

/** "2026-11-24", or with the time "2026-11-24 17:25 UTC"; a missing date reads "—". */
export function formatDate(value: string | Date | null | undefined, withTime = false): string {
  if (value === null || value === undefined || Number.isNaN(new Date(value).getTime())) return UNDEFINED_FIGURE;
  const text = utc(value);
  return withTime ? `${text.slice(0, 10)} ${text.slice(11, 16)} UTC` : text.slice(0, 10);
}

/** The time of day alone, for what happens today ("reserved until 17:25 UTC"). */
export function formatTime(value: string | Date): string {
  return `${utc(value).slice(11, 16)} UTC`;
}

/**
 * A datetime-local input's value (the user's local time, no zone) as an unambiguous instant for the server;
 * text that is not a date goes through unchanged, so the server's schema names the field.
 */
export function localDateTimeToIso(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}
