import { describe, expect, it } from 'vitest';
import {
  chartRate,
  designEffect,
  fixed,
  interval,
  intervalDetail,
  pct,
  percentValue,
  plainInterval,
  tableCell,
} from '@/components/ui/format';

const empty = {
  rate: Number.NaN,
  low: Number.NaN,
  high: Number.NaN,
  count: 0,
  n: 0,
  clusters: 0,
  designEffect: Number.NaN,
  effectiveN: 0,
  plain: [Number.NaN, Number.NaN] as [number, number],
};

describe('figures', () => {
  it('reads "—" for every kind of undefined statistic, never NaN, Infinity, null or 0', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null, undefined]) {
      expect(pct(value)).toBe('—');
      expect(fixed(value)).toBe('—');
      expect(tableCell(value)).toBe('—');
      expect(percentValue(value)).toBe('—');
    }
    expect(interval(empty)).toBe('—');
    expect(chartRate(empty)).toEqual({ value: null, error: [0, 0] });
    expect(designEffect(empty)).toBe('—');
    expect(plainInterval(empty)).toBe('—');
    expect(intervalDetail(empty)).toBe('—');
  });

  it('formats defined figures', () => {
    expect(pct(0.9125)).toBe('91.3%');
    expect(pct(0)).toBe('0.0%');
    expect(fixed(-0.25, 2)).toBe('-0.25');
    expect(percentValue(91.25)).toBe('91.3%');
    expect(interval({ low: 0.5, high: 0.75 })).toBe('50.0%–75.0%');
    expect(tableCell(0.916666)).toBe('0.917');
    expect(tableCell(1200)).toBe('1,200');
    expect(tableCell('Wellness & health')).toBe('Wellness & health');
    const rate = {
      ...empty,
      rate: 0.6,
      low: 0.5,
      high: 0.75,
      count: 6,
      n: 10,
      clusters: 3,
      designEffect: 1.5,
      plain: [0.55, 0.7] as [number, number],
    };
    expect(intervalDetail(rate)).toBe('95% CI 50.0%–75.0% (design effect 1.50 over 3 queries; plain Wilson 55.0%–70.0%)');
  });
});
