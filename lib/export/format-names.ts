// The export formats by name: what a release can be exported as. Here, not with the generators
// (export-formats.ts), so forms and schemas can name a format without bundling the writers.
export const EXPORT_FORMATS = ['native', 'healthbench', 'quark', 'csv', 'parquet', 'hf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
