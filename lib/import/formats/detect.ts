// Which format a file's first record is in; the user can always override it. Pure, so the upload form can
// list the formats; reading the first record of a file is lib/import/sniff-format.ts.
export const FORMATS = ['native', 'healthbench', 'healthbench-meta', 'quark', 'csv'] as const;
export type ImportFormat = (typeof FORMATS)[number];

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  native: 'Native JSON Lines',
  healthbench: 'HealthBench-style JSON Lines',
  'healthbench-meta': 'HealthBench meta-evaluation (physician labels)',
  quark: 'QuarkMedBench-style rubric JSON',
  csv: 'CSV of criteria',
};

/** The generation output's outer object around a QuarkMedBench record: {"Evaluation_System": {...}}. */
export const QUARK_WRAPPER = /^evaluation_system$/i;

const QUARK_KEY = /^(query|essential|important|highlight|pitfall|pitful)$/i;

/** The format a parsed first record is in, from its keys. */
export function formatOfRecord(record: unknown): ImportFormat | null {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return null;
  const keys = Object.keys(record);
  // Before HealthBench: a meta-evaluation line has a prompt_id too.
  if (keys.includes('binary_labels') || keys.includes('anonymized_physician_ids')) return 'healthbench-meta';
  if (keys.includes('prompt_id') || keys.includes('rubrics')) return 'healthbench';
  if (keys.includes('conversation') || keys.includes('criteria')) return 'native';
  if (keys.some((key) => QUARK_KEY.test(key))) return 'quark';
  const wrapper = keys.find((key) => QUARK_WRAPPER.test(key));
  if (wrapper && formatOfRecord((record as Record<string, unknown>)[wrapper]) === 'quark') return 'quark';
  return null;
}

/**
 * The format of a first line that is not valid JSON (a syntax error further on in it): guessed from the keys
 * in its text, so that the user gets that format's line-numbered errors rather than "unrecognised".
 */
export function formatOfText(text: string): ImportFormat | null {
  if (/"(binary_labels|anonymized_physician_ids)"\s*:/.test(text)) return 'healthbench-meta';
  if (/"(prompt_id|rubrics)"\s*:/.test(text)) return 'healthbench';
  if (/"(conversation|criteria)"\s*:/.test(text)) return 'native';
  if (/"(Query|essential|pitfall|pitful|Evaluation_System)"\s*:/i.test(text)) return 'quark';
  return null;
}

/** A CSV file: named .csv, or its first line is a header starting with query_id. */
export function isCsv(firstLine: string, fileName: string): boolean {
  return /\.csv$/i.test(fileName) || /^"?query_id"?\s*,/i.test(firstLine.trimStart());
}
