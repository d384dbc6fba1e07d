import { describe, expect, it } from 'vitest';
import { matchEvidenceOptions } from '@/components/meta-rubrics/match-evidence-options';

const option = (criterionTitle: string, detail: string) => ({ verdictId: 1, criterionId: 1, criterionTitle, detail });
const OPTIONS = [
  option('Advises paracetamol by weight', 'Your verdict: Reject — “Dose is per kilo” · Pediatrics pilot · walk-hb-1'),
  option('Mentions fever red flags', 'Your verdict: Accept · Pediatrics pilot · walk-hb-2'),
  option('Évite les antibiotiques', 'Your verdict: Minor revision · Campagne générale · quark-7'),
];

describe('the evidence search', () => {
  it('keeps every option for an empty search', () => {
    expect(matchEvidenceOptions(OPTIONS, '  ')).toHaveLength(3);
  });

  it('needs every word, in the title or the detail, ignoring case and accents', () => {
    expect(matchEvidenceOptions(OPTIONS, 'REJECT kilo').map((o) => o.criterionTitle)).toEqual(['Advises paracetamol by weight']);
    expect(matchEvidenceOptions(OPTIONS, 'pediatrics')).toHaveLength(2);
    expect(matchEvidenceOptions(OPTIONS, 'evite generale').map((o) => o.criterionTitle)).toEqual(['Évite les antibiotiques']);
    expect(matchEvidenceOptions(OPTIONS, 'walk-hb-2 reject')).toEqual([]);
  });
});
