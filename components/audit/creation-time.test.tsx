// What the "New campaign" form says about time: nothing for a small selection, the app's estimate and the time
// limit for a large one. Rendered to static markup (not submitting), no DOM needed.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CreationTime } from '@/components/audit/creation-time';
import { estimatedCreationSeconds } from '@/lib/audit/creation-estimate';

const text = (criteria: number | null, limit = '15 minutes') =>
  renderToStaticMarkup(<CreationTime criteria={criteria} submitting={false} limit={limit} />).replace(/<[^>]+>/g, '');

describe('the creation time on the campaign form', () => {
  it('estimates from the criteria selected', () => {
    expect(estimatedCreationSeconds(220_617)).toBe(122);
    expect(estimatedCreationSeconds(1_000)).toBe(1);
  });

  it('says nothing for a small selection or before a preview', () => {
    expect(text(424)).toBe('');
    expect(text(null)).toBe('');
  });

  it('gives a large selection the estimate, labelled as the app’s, and the time limit', () => {
    expect(text(220_617)).toBe(
      'Creating takes about 2 min 02 s for 220,617 criteria (the app’s estimate, 0.55 ms per criterion on a 2-core server). ' +
        'If it takes longer than 15 minutes, it is undone and nothing is created.',
    );
    expect(text(220_617, '2 minutes')).toContain('longer than 2 minutes, it is undone');
  });
});
