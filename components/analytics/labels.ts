// How the dashboard's breakdowns and error rows read, shared by the server-rendered tables and the client charts.
import type { Breakdown, ErrorTableRow } from '@/lib/analytics/compute-dashboard';

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
  CORRECTNESS: 'Correctness',
  COMPREHENSIVENESS: 'Comprehensiveness',
  RELEVANCE: 'Relevance',
  WEIGHT: 'Weight',
  WEIGHT_OVER: 'Weight: over',
  WEIGHT_UNDER: 'Weight: under',
  WEIGHT_REDUNDANT: 'Weight: redundant',
};
