// Every figure of the discriminability page as CSV rows (one table: figure, group, score, counts, estimate, interval,
// design effect), so the download holds exactly what the page shows.
import type { Rate } from '@/lib/analytics/rate';
import type { Discriminability } from '@/lib/discriminability/compute-discriminability';

export const FIGURES_HEADER = ['Figure', 'Group', 'Score', 'n', 'Count', 'Estimate', 'Low', 'High', 'Design effect', 'Queries'];

type Cell = string | number | null;

const rateRow = (figure: string, group: string, source: string, rate: Rate): Cell[] => [
  figure,
  group,
  source,
  rate.n,
  rate.count,
  rate.rate,
  rate.low,
  rate.high,
  rate.designEffect,
  rate.clusters,
];

export function discriminabilityCsvRows(figures: Discriminability): Cell[][] {
  const rows: Cell[][] = [
    ['Verified pairs', 'all', '', figures.pairs.total, figures.pairs.total, null, null, null, null, null],
    ['Verified pairs', 'reviewers', '', figures.pairs.reviewers, figures.pairs.reviewers, null, null, null, null, null],
    ['Verified pairs', 'clinician-grades', '', figures.pairs.clinicianGrades, figures.pairs.clinicianGrades, null, null, null, null, null],
    ['Assumption: clear grade difference', '', '', null, null, figures.settings.minGradeDifference, null, null, null, null],
    ['Assumption: pairs to flag a criterion', '', '', null, null, figures.settings.minPairsToFlag, null, null, null, null],
  ];
  for (const summary of figures.criteriaSummary) {
    rows.push(['Criteria examined', '', summary.source, summary.examined, summary.examined, null, null, null, null, null]);
    rows.push([
      'Criteria non-discriminating',
      '',
      summary.source,
      summary.examined,
      summary.nonDiscriminating,
      null,
      null,
      null,
      null,
      null,
    ]);
    rows.push(['Criteria inverted', '', summary.source, summary.examined, summary.inverted, null, null, null, null, null]);
    summary.separation.forEach((criteria, bin) => {
      const from = -1 + (2 * bin) / summary.separation.length;
      const to = -1 + (2 * (bin + 1)) / summary.separation.length;
      rows.push([
        'Criteria by separation',
        `${from.toFixed(1)} to ${to.toFixed(1)}`,
        summary.source,
        summary.examined,
        criteria,
        null,
        null,
        null,
        null,
        null,
      ]);
    });
  }
  if (figures.proxy) {
    rows.push(rateRow('Proxy accuracy', `run ${figures.proxyRun?.id}`, 'proxy', figures.proxy.accuracy));
    rows.push(rateRow('Proxy ties', `run ${figures.proxyRun?.id}`, 'proxy', figures.proxy.ties));
    rows.push([
      'Proxy orders disagree',
      `run ${figures.proxyRun?.id}`,
      'proxy',
      figures.proxy.bothOrders,
      figures.proxy.orderDisagreements,
      null,
      null,
      null,
      null,
      null,
    ]);
  }
  for (const group of figures.groups) {
    for (const source of ['judge', 'clinicians'] as const) {
      rows.push(rateRow('Score separation: correct', group.label, source, group[source].correct));
      rows.push(rateRow('Score separation: ties', group.label, source, group[source].ties));
    }
  }
  return rows;
}

export const CRITERIA_HEADER = [
  'Criterion id',
  'Query',
  'Title',
  'Points',
  'Score',
  'Pairs',
  'Met by preferred',
  'Met by other',
  'Non-discriminating',
  'Inverted',
];

export function criteriaCsvRows(figures: Discriminability): Cell[][] {
  return figures.criteria.map((criterion) => [
    criterion.criterionId,
    criterion.queryExternalId,
    criterion.title,
    criterion.points,
    criterion.source,
    criterion.pairs,
    criterion.metByPreferred,
    criterion.metByOther,
    criterion.nonDiscriminating ? 'yes' : 'no',
    criterion.inverted ? 'yes' : 'no',
  ]);
}
