// Free-form JSON (metadata, provenance extras) with its object keys sorted at every depth, so the bytes do
// not depend on how PostgreSQL's jsonb or the producer happened to order them. With stripNulls, object
// fields that are null are dropped at every depth (array elements are kept), as jsonb_strip_nulls does
// when the importer stores provenance extras, so what is exported is what a re-import keeps.
export function canonical(value: unknown, { stripNulls = false }: { stripNulls?: boolean } = {}): unknown {
  if (Array.isArray(value)) return value.map((item) => canonical(item, { stripNulls }));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || (stripNulls && item === null)) continue;
    out[key] = canonical(item, { stripNulls });
  }
  return out;
}
