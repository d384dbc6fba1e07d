import { describe, expect, it } from 'vitest';
import { criterionReference } from '@/lib/criteria/criterion-reference';
import { criterionKey } from '@/lib/import/normalized';

describe('a criterion’s reference', () => {
  it('is the id its file gave it', () => {
    expect(criterionReference({ key: criterionKey('crit-7', 'ESSENTIAL', 'T', 'D'), position: 6, queryExternalId: 'q-1' })).toBe('crit-7');
  });

  it('is its query’s id and its place there (1-based) when the file gave it none', () => {
    expect(criterionReference({ key: criterionKey(undefined, 'ESSENTIAL', 'T', 'D'), position: 2, queryExternalId: 'walk-hb-1' })).toBe(
      'walk-hb-1/3',
    );
  });
});
