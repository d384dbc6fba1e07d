// The dataset card renders the figures of the manifest it is given, in the shape the freezing version wrote:
// releases frozen before issue 20 keep their "concordance" (the released set's unanimous share) under an
// honest label, and current ones show concordance before the rules apart from the released set's composition.
import { describe, expect, it } from 'vitest';
import { datasetCard } from '@/lib/releases/dataset-card';
import type { ReleaseManifest } from '@/lib/releases/freeze-release';
import type { LegacyReleaseFigures, Proportion, ReleaseFigures } from '@/lib/releases/figures';

const common = {
  candidates: 10,
  criteria: 6,
  queries: 2,
  byCategory: {},
  byTier: {},
  byDepartment: {},
  byDecision: { ACCEPT: 5, REVISE_MINOR: 1 },
  byProvenance: { UNANIMOUS: 5, ADJUDICATED: 1 },
  excluded: [],
  excludedExamples: [],
  meanAgreement: { mean: 0.9, n: 6, interval: null },
  fleissKappa: { kappa: 0.5, subjects: 6, raters: 3 },
};

function manifest(figures: ReleaseFigures | LegacyReleaseFigures): ReleaseManifest {
  return {
    release: { id: 1, name: 'R', version: 1, description: null },
    createdBy: null,
    frozenAt: '2026-11-01T00:00:00.000Z',
    rules: {} as ReleaseManifest['rules'],
    datasets: [{ id: 1, name: 'D' }],
    campaignIds: [1],
    figures,
    metaRubricVersions: [],
  };
}

const share = (count: number, n: number): Proportion => ({
  count,
  n,
  rate: count / n,
  interval: [0.5, 0.95],
  designEffect: 1.4,
  clusters: 2,
  plainInterval: [0.55, 0.93],
});

describe('datasetCard', () => {
  it('labels a legacy manifest’s unanimous share as what it is', () => {
    const legacy: LegacyReleaseFigures = {
      ...common,
      concordance: { count: 5, n: 6, rate: 5 / 6, interval: [0.4, 0.97] },
      accepted: { count: 5, n: 6, rate: 5 / 6, interval: [0.4, 0.97] },
    };
    const card = datasetCard({ ...manifest(legacy), rules: { ...manifest(legacy).rules, decisions: ['ACCEPT'] } }, {});
    expect(card).toContain('| Unanimous share of the released set (called concordance when frozen) | 83.3% (5/6) |');
  });

  it('shows concordance before the rules apart from the released set, with design effects', () => {
    const figures: ReleaseFigures = {
      ...common,
      concordance: {
        strict: share(7, 9),
        lenient: share(8, 9),
        finalized: 9,
        unresolved: 1,
        awaiting: 0,
        bounds: { strict: [0.7, 0.8], lenient: [0.8, 0.9] },
      },
      releasedComposition: { unanimous: share(5, 6), accepted: share(5, 6) },
    };
    const card = datasetCard({ ...manifest(figures), rules: { ...manifest(figures).rules, decisions: ['ACCEPT'] } }, {});
    expect(card).toContain(
      '| Strict concordance: accepted, of the 9 audited criteria with a final decision (before the release rules) | 77.8% (7/9) | 50.0%–95.0% | 1.40 (2 queries) |',
    );
    expect(card).toContain('| Unanimous share of the released set | 83.3% (5/6) |');
  });
});
