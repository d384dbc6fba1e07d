import { describe, expect, it } from 'vitest';
import { composeCriterionText } from '@/lib/export/compose-criterion-text';

describe('composeCriterionText', () => {
  it('keeps a text once when the title is the description or its first sentence', () => {
    expect(composeCriterionText('Advises rest.', 'Advises rest.')).toBe('Advises rest.');
    expect(composeCriterionText('Advises rest.', 'Advises rest. Mentions fluids.')).toBe('Advises rest. Mentions fluids.');
    expect(composeCriterionText('Advises rest.', '  ')).toBe('Advises rest.');
  });

  it('carries a changed title beside the description, so neither edit is lost', () => {
    expect(composeCriterionText('Advises bed rest for 48 hours.', 'Advises rest. Mentions fluids.')).toBe(
      'Advises bed rest for 48 hours.\n\nAdvises rest. Mentions fluids.',
    );
  });
});
