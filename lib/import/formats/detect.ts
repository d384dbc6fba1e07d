// Guesses a file's format from its first bytes; the user can always override it.
export const FORMATS = ['native', 'healthbench', 'quark', 'csv'] as const;
export type ImportFormat = (typeof FORMATS)[number];

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  native: 'Native JSON Lines',
  healthbench: 'HealthBench-style JSON Lines',
  quark: 'QuarkMedBench-style rubric JSON',
  csv: 'CSV of criteria',
};

function firstRecord(text: string): unknown {
  if (text.startsWith('[')) {
    const array = JSON.parse(text) as unknown[]; // throws when the head is only part of a large array
    return array[0];
  }
  return JSON.parse(text.split('\n', 1)[0] ?? '');
}

export function detectFormat(head: string, fileName = ''): ImportFormat | null {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (/\.csv$/i.test(fileName) || /^"?query_id"?\s*,/i.test(text)) return 'csv';
  let first: unknown;
  try {
    first = firstRecord(text);
  } catch {
    // A large pretty-printed array or a very long first line: look at the keys in the text instead.
    if (/"(prompt_id|rubrics)"\s*:/.test(text)) return 'healthbench';
    if (/"Query"\s*:/.test(text) || /"(essential|pitful|pitfall)"\s*:/i.test(text)) return 'quark';
    if (/"conversation"\s*:/.test(text) && /"category"\s*:/.test(text)) return 'native';
    return null;
  }
  if (typeof first !== 'object' || first === null) return null;
  const keys = Object.keys(first);
  if (keys.includes('prompt_id') || keys.includes('rubrics')) return 'healthbench';
  if (keys.includes('Query') || keys.some((key) => /^(essential|important|highlight|pitfall|pitful)$/i.test(key))) return 'quark';
  if (keys.includes('conversation') || keys.includes('criteria')) return 'native';
  return null;
}
