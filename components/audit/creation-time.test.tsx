// What the "New campaign" form says about time: nothing for a small selection, the app's estimate and the time
// limit for a large one. Rendered to static markup (not submitting), no DOM needed.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CreationTime } from '@/components/audit/creation-time';
import { estimatedCreationSeconds, formatMinutesSeconds } from '@/lib/audit/creation-estimate';

const text = (criteria: number | null, timeoutSeconds = 900) =>
  renderToStaticMarkup(<CreationTime criteria={criteria} submitting={false} timeoutSeconds={timeoutSeconds} />).replace(/<[^>]+>/g, '');

describe('the creation time on the campaign form', () => {
  it('estimates from the criteria selected and formats minutes and seconds', () => {
    expect(estimatedCreationSeconds(220_617)).toBe(287);
    expect(estimatedCreationSeconds(1_000)).toBe(2);
    expect(formatMinutesSeconds(287)).toBe('4 min 47 s');
    expect(formatMinutesSeconds(900)).toBe('15 min');
    expect(formatMinutesSeconds(50)).toBe('50 s');
  });

  it('says nothing for a small selection or before a preview', () => {
    expect(text(424)).toBe('');
    expect(text(null)).toBe('');
  });

  it('gives a large selection the estimate, labelled as the app’s, and the time limit', () => {
    expect(text(220_617)).toBe(
      'Creating takes about 4 min 47 s for 220,617 criteria (the app’s estimate, 1.3 ms per criterion on a 2-core server). ' +
        'If it takes longer than 15 min, it is undone and nothing is created.',
    );
    expect(text(220_617, 120)).toContain('longer than 2 min, it is undone');
  });
});
