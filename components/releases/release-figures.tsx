// A release's figures (the preview, or the frozen manifest): the concordance of the audited criteria before
// the rules, what is in and what it is made of, what is left out and why, and how far the experts agreed, with
// every number downloadable as CSV. Manifests frozen before issue 20 keep their own labels.
import { DECISION_LABELS } from '@/components/audit/campaign-labels';
import { CATEGORY_LABELS } from '@/components/criteria/labels';
import { type DistributionEntry, DistributionChart } from '@/components/datasets/distribution-chart';
import { CsvDownloadLink } from '@/components/ui/csv-download-link';
import { Facts } from '@/components/ui/facts';
import { fixed, pct } from '@/components/ui/format';
import { isLegacyFigures, type Proportion, type StoredReleaseFigures as Figures } from '@/lib/releases/figures';
import { TIER_NAMES } from '@/lib/vocabulary/labels';

const COLORS = ['#2f6fde', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#475569', '#0891b2', '#65a30d', '#c2410c', '#4f46e5'];
const DECISION_NAMES = Object.fromEntries(Object.entries(DECISION_LABELS).map(([key, value]) => [key, value.label]));
const PROVENANCE_LABELS: Record<string, string> = { UNANIMOUS: 'Unanimous', ADJUDICATED: 'Adjudicated' };

const span = (interval: [number, number] | null) => (interval ? ` (95% CI ${pct(interval[0])}–${pct(interval[1])})` : '');
/** The clustered interval with its design effect, then the plain Wilson interval, labelled as secondary. */
const clustered = (p: Proportion) =>
  p.interval
    ? ` (95% CI ${pct(p.interval[0])}–${pct(p.interval[1])}, design effect ${fixed(p.designEffect, 2)} over ${p.clusters} queries; plain Wilson ${p.plainInterval ? `${pct(p.plainInterval[0])}–${pct(p.plainInterval[1])}` : '—'})`
    : '';
const bounds = (range: [number, number] | null) => (range ? `${pct(range[0])}–${pct(range[1])}` : '—');

/** The agreement lines of the facts and the CSV, for the current manifest shape or the legacy one. */
function agreementFacts(figures: Figures): { facts: [string, string][]; rows: (string | number | null)[][] } {
  if (isLegacyFigures(figures)) {
    return {
      facts: [
        [
          'Unanimous share (released set; called “concordance” when frozen)',
          `${pct(figures.concordance.rate)}${span(figures.concordance.interval)}`,
        ],
        ['Accepted as written (released set)', `${pct(figures.accepted.rate)}${span(figures.accepted.interval)}`],
      ],
      rows: [
        ['released set', 'unanimous share', figures.concordance.rate],
        ['released set', 'accepted as written', figures.accepted.rate],
      ],
    };
  }
  const { concordance: c, releasedComposition: r } = figures;
  const undecided = c.unresolved + c.awaiting;
  return {
    facts: [
      [
        'Strict concordance (audited, before the rules)',
        `${pct(c.strict.rate)} of ${c.finalized} with a final decision${clustered(c.strict)}`,
      ],
      ['Lenient concordance (audited, before the rules)', `${pct(c.lenient.rate)}${clustered(c.lenient)}`],
      [
        'Concordance bounds',
        undecided === 0
          ? 'no audited criterion undecided'
          : `strict ${bounds(c.bounds.strict)}, lenient ${bounds(c.bounds.lenient)} if the ${c.unresolved} unresolved and ${c.awaiting} awaiting all fail / all pass`,
      ],
      ['Unanimous share (released set)', `${pct(r.unanimous.rate)}${clustered(r.unanimous)}`],
      ['Accepted as written (released set)', `${pct(r.accepted.rate)}${clustered(r.accepted)}`],
    ],
    rows: [
      ['concordance', 'strict', c.strict.rate],
      ['concordance', 'strict design effect', c.strict.designEffect],
      ['concordance', 'lenient', c.lenient.rate],
      ['concordance', 'finalized', c.finalized],
      ['concordance', 'unresolved', c.unresolved],
      ['concordance', 'awaiting', c.awaiting],
      ['released set', 'unanimous share', r.unanimous.rate],
      ['released set', 'accepted as written', r.accepted.rate],
    ],
  };
}

function entries(record: Record<string, number>, labels: Record<string, string> = {}): DistributionEntry[] {
  return Object.entries(record)
    .sort(([, a], [, b]) => b - a)
    .map(([key, value], index) => ({ key, label: labels[key] ?? key, value, color: COLORS[index % COLORS.length] ?? '#64748b' }));
}

export function ReleaseFigures({ figures, filename }: { figures: Figures; filename: string }) {
  const excluded = figures.excluded.map((e, index) => ({
    key: e.reason,
    label: e.label,
    value: e.count,
    color: COLORS[index % COLORS.length] ?? '#64748b',
  }));
  const agreement = agreementFacts(figures);
  const rows: (string | number | null)[][] = [
    ['total', 'criteria', figures.criteria],
    ['total', 'queries', figures.queries],
    ['total', 'candidates', figures.candidates],
    ...Object.entries(figures.byCategory).map(([k, n]) => ['category', k, n]),
    ...Object.entries(figures.byTier).map(([k, n]) => ['tier', k, n]),
    ...Object.entries(figures.byDepartment).map(([k, n]) => ['department', k, n]),
    ...Object.entries(figures.byDecision).map(([k, n]) => ['final decision', k, n]),
    ...Object.entries(figures.byProvenance).map(([k, n]) => ['provenance', k, n]),
    ...figures.excluded.map((e) => ['excluded', e.label, e.count]),
    ...agreement.rows,
    ['agreement', 'mean per-criterion agreement', figures.meanAgreement.mean],
    ['agreement', "Fleiss' kappa", figures.fleissKappa.kappa],
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <Facts
          items={[
            ['Criteria included', <strong key="c">{figures.criteria.toLocaleString('en')}</strong>],
            ['Queries', figures.queries.toLocaleString('en')],
            ['Left out', (figures.candidates - figures.criteria).toLocaleString('en')],
            ...agreement.facts,
            [
              'Mean agreement',
              `${pct(figures.meanAgreement.mean)}${span(figures.meanAgreement.interval)} over ${figures.meanAgreement.n} criteria`,
            ],
            [
              "Fleiss' kappa",
              figures.fleissKappa.kappa === null || !Number.isFinite(figures.fleissKappa.kappa)
                ? fixed(figures.fleissKappa.kappa)
                : `${fixed(figures.fleissKappa.kappa)} (only the ${figures.fleissKappa.subjects} of ${figures.meanAgreement.n} included criteria with exactly ${figures.fleissKappa.raters} verdicts)`,
            ],
          ]}
        />
        <CsvDownloadLink
          filename={`${filename}-figures.csv`}
          header={['group', 'key', 'value']}
          rows={rows}
          description="the release figures"
        />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <DistributionChart title="Included by tier" unit="criteria" entries={entries(figures.byTier, TIER_NAMES)} />
        <DistributionChart title="Included by category" unit="criteria" entries={entries(figures.byCategory, CATEGORY_LABELS)} />
        <DistributionChart title="Included by final decision" unit="criteria" entries={entries(figures.byDecision, DECISION_NAMES)} />
        <DistributionChart
          title="How the decision was reached"
          unit="criteria"
          entries={entries(figures.byProvenance, PROVENANCE_LABELS)}
        />
        <DistributionChart title="Left out, and why" unit="excluded criteria" entries={excluded} />
        <DistributionChart title="Included by department" unit="criteria" entries={entries(figures.byDepartment).slice(0, 12)} />
      </div>
      {figures.excludedExamples.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600">Examples of excluded criteria</summary>
          <ul className="mt-2 space-y-1">
            {figures.excludedExamples.map((e) => (
              <li key={`${e.reason}-${e.criterionId}`}>
                <span className="text-slate-500">{figures.excluded.find((x) => x.reason === e.reason)?.label}:</span> #{e.criterionId}{' '}
                {e.title}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
