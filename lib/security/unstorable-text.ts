// Input PostgreSQL cannot store faithfully, or that would exhaust the stack later: U+0000 (refused by text
// and jsonb), ill-formed UTF-16 (a lone surrogate half, which the driver silently turns into U+FFFD), and
// nesting deeper than any real record (JSON.stringify and hashing recurse). Found anywhere in a parsed value,
// with the path to it, so imports and forms refuse it with a clear message instead of crashing or corrupting.

export interface UnstorableText {
  /** Path segments to the offending string (object keys and array indexes). */
  path: (string | number)[];
  reason: string;
}

/** Deeper than any legitimate record or form (the native format needs about 6 levels). */
export const MAX_NESTING_DEPTH = 64;

const NUL_REASON = 'contains a NUL character (\\u0000), which cannot be stored';
const SURROGATE_REASON = 'contains a broken character (half of a UTF-16 surrogate pair, e.g. a cut emoji)';
const DEPTH_REASON = `is nested more than ${MAX_NESTING_DEPTH} levels deep`;

function problemIn(text: string): string | null {
  if (text.includes('\u0000')) return NUL_REASON;
  // With the u flag a well-formed pair is one astral code point; only a lone half matches \p{Surrogate}.
  if (/\p{Surrogate}/u.test(text)) return SURROGATE_REASON;
  return null;
}

interface Node {
  value: unknown;
  key: string | number | null;
  parent: Node | null;
  depth: number;
}

function pathOf(node: Node): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Node | null = node; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** The first unstorable string or too-deep value in `value` (keys included), or null. Iterative and linear. */
export function findUnstorableText(value: unknown): UnstorableText | null {
  const stack: Node[] = [{ value, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (typeof node.value === 'string') {
      const reason = problemIn(node.value);
      if (reason) return { path: pathOf(node), reason };
      continue;
    }
    if (!node.value || typeof node.value !== 'object' || node.value instanceof Blob) continue;
    if (node.depth >= MAX_NESTING_DEPTH) return { path: pathOf(node), reason: DEPTH_REASON };
    const entries: [string | number, unknown][] = Array.isArray(node.value)
      ? node.value.map((inner, index) => [index, inner])
      : Object.entries(node.value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, inner] = entries[index] as [string | number, unknown];
      const child: Node = { value: inner, key, parent: node, depth: node.depth + 1 };
      const reason = typeof key === 'string' ? problemIn(key) : null;
      if (reason) return { path: pathOf(child), reason };
      stack.push(child);
    }
  }
  return null;
}

/** criteria[0].title, as import issues name fields. */
export function formatFieldPath(path: (string | number)[]): string {
  return (
    path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part), '') || '(record)'
  );
}

/**
 * A message about bad input made storable in PostgreSQL text and jsonb, keeping what it says: U+0000 becomes
 * the visible escape `\u0000` and half a surrogate pair becomes U+FFFD. For text the app writes (error
 * messages quoting a file, field names), never for user data, which is refused instead.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\\u0000').replace(/\p{Surrogate}/gu, '\uFFFD');
}

/** A JSON value with every string in it, keys included, passed through storableText. */
export function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storableText(key), storableJson(inner)]));
  }
  return value;
}
