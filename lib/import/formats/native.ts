// Native JSON Lines: one query per line in exactly the shape of lib/import/native-schema.ts.
import { nativeQuerySchema } from '@/lib/import/native-schema';
import { type FormatResult, type NormalizedQuery, normalizeQuery, zodProblems } from '@/lib/import/normalized';

export function parseNative(value: unknown): FormatResult<NormalizedQuery> {
  const parsed = nativeQuerySchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) };
  return normalizeQuery(parsed.data);
}
