// One HTTP byte range (RFC 9110 §14.1.2): "bytes=a-b", "bytes=a-" or "bytes=-n". Several ranges are served
// as the whole file (allowed: a server may ignore Range); an unsatisfiable one is reported for a 416.
export type RangeResult = { kind: 'full' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseRange(header: string | null, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.includes(',') || !header.startsWith('bytes=') ? { kind: 'full' } : { kind: 'unsatisfiable' };
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return { kind: 'unsatisfiable' };
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}
