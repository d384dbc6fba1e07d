import { describe, expect, it } from 'vitest';
import { SEVERITIES } from '@/lib/vocabulary/enums';
import { parseTerm } from '@/lib/vocabulary/parse-term';

describe('parseTerm', () => {
  it('keeps a term of the vocabulary and turns anything else into null', () => {
    expect(parseTerm(SEVERITIES, 'HIGH')).toBe('HIGH');
    expect(parseTerm(SEVERITIES, 'high')).toBeNull();
    expect(parseTerm(SEVERITIES, '')).toBeNull();
    expect(parseTerm(SEVERITIES, null)).toBeNull();
  });
});
