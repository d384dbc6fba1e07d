// The criterion detail's JSON columns (levels, evidence, consensus votes, audit before/after) come from imported
// files and older code paths; these guards turn them into what the drawer renders and drop anything else.
export interface Level {
  label: string;
  description: string;
}

export interface Evidence {
  source: string;
  citation: string | null;
  url: string | null;
}

export interface Consensus {
  votes: number;
  of: number;
  models: string[];
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function toLevels(value: unknown): Level[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const level = record(item);
    const label = text(level?.label);
    return label === null ? [] : [{ label, description: text(level?.description) ?? '' }];
  });
}

/** Only http(s) links are clickable; anything else (javascript:, data:) is shown as text. */
export function safeHttpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function toEvidence(value: unknown): Evidence[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const evidence = record(item);
    const source = text(evidence?.source);
    return source === null ? [] : [{ source, citation: text(evidence?.citation), url: text(evidence?.url) }];
  });
}

export function toConsensus(value: unknown): Consensus | null {
  const consensus = record(value);
  if (!consensus || typeof consensus.votes !== 'number' || typeof consensus.of !== 'number') return null;
  const models = Array.isArray(consensus.models) ? consensus.models.filter((model): model is string => typeof model === 'string') : [];
  return { votes: consensus.votes, of: consensus.of, models };
}

/** Top-level fields whose value differs between an audit event's before and after snapshots. */
export function changedFields(before: unknown, after: unknown): string[] {
  const a = record(before) ?? {};
  const b = record(after) ?? {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).sort();
}
