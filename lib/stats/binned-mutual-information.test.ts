import { describe, expect, it } from 'vitest';
import { binnedMutualInformation } from '@/lib/stats/binned-mutual-information';

describe('binnedMutualInformation', () => {
  it('is one bit for two perfectly dependent fair binary variables, and zero for independent ones', () => {
    expect(
      binnedMutualInformation([
        [10, 0],
        [0, 10],
      ]).bits,
    ).toBeCloseTo(1, 12);
    expect(
      binnedMutualInformation([
        [10, 0],
        [0, 10],
      ]).bias,
    ).toBeCloseTo(1 / (40 * Math.LN2), 12);
    expect(
      binnedMutualInformation([
        [5, 5],
        [5, 5],
      ]).bits,
    ).toBeCloseTo(0, 12);
  });

  it('matches a hand computation on an uneven table', () => {
    // p = [[.3, .1], [.2, .4]]; rows .4/.6, columns .5/.5.
    const expected = 0.3 * Math.log2(0.3 / 0.2) + 0.1 * Math.log2(0.1 / 0.2) + 0.2 * Math.log2(0.2 / 0.3) + 0.4 * Math.log2(0.4 / 0.3);
    expect(
      binnedMutualInformation([
        [3, 1],
        [2, 4],
      ]).bits,
    ).toBeCloseTo(expected, 12);
  });

  it('is NaN without counts and ignores empty rows and columns in the bias', () => {
    expect(binnedMutualInformation([[0, 0]]).bits).toBeNaN();
    expect(
      binnedMutualInformation([
        [4, 0, 0],
        [0, 0, 0],
        [0, 0, 4],
      ]).bias,
    ).toBeCloseTo(1 / (16 * Math.LN2), 12);
  });
});
