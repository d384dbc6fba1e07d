// How the dashboard's breakdowns and error rows read, shared by the server-rendered tables and the client charts.
import type { Breakdown, ErrorTableRow } from '@/lib/analytics/compute-dashboard';
import { DIMENSION_NAMES } from '@/lib/vocabulary/labels';

export const BREAKDOWN_LABELS: Record<Breakdown, string> = {
  dataset: 'Dataset',
  category: 'Category',
  department: 'Department',
  tier: 'Tier',
  tag: 'Tag',
  redLine: 'Red line',
  generatorModel: 'Generator model',
  metaRubricVersion: 'Meta-rubric version',
  campaign: 'Campaign',
  expert: 'Expert',
};

export const ERROR_LABELS: Record<ErrorTableRow['row'], string> = {
  ...DIMENSION_NAMES,
  WEIGHT_OVER: `${DIMENSION_NAMES.WEIGHT}: over`,
  WEIGHT_UNDER: `${DIMENSION_NAMES.WEIGHT}: under`,
  WEIGHT_REDUNDANT: `${DIMENSION_NAMES.WEIGHT}: redundant`,
};
