import { describe, expect, it } from 'vitest';
import { majorityConfusion } from '@/lib/stats';

describe('majorityConfusion', () => {
  it('counts the judge against the clinicians’ strict majority, ties apart, with Cohen’s κ', () => {
    const result = majorityConfusion([
      { judge: true, clinicians: [true, true, false] }, // met / met
      { judge: true, clinicians: [false, false] }, // met / not met
      { judge: false, clinicians: [false, true, false] }, // not met / not met
      { judge: false, clinicians: [true] }, // not met / met
      { judge: true, clinicians: [true, false] }, // tie
    ]);
    expect(result.table).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(result.ties).toBe(1);
    expect(result.agreement).toBe(0.5);
    // p_o = 1/2, p_e = (2·2 + 2·2)/16 = 1/2 → κ = 0.
    expect(result.kappa).toBe(0);
  });

  it('a judge that always says met against mixed clinicians has κ 0; agreement on one class only is undefined', () => {
    const always = majorityConfusion([
      { judge: true, clinicians: [true] },
      { judge: true, clinicians: [false] },
    ]);
    expect(always.kappa).toBe(0);
    expect(majorityConfusion([{ judge: true, clinicians: [true] }]).kappa).toBeNaN();
    expect(majorityConfusion([]).agreement).toBeNaN();
  });
});
