// The two halves of the Next.js server-action wire format the stress client needs, written against what
// Chromium sends to and gets from `next start` (captured once with Playwright):
//  - a request's arguments are React's encodeReply of a JSON array: plain JSON in which a string starting
//    with "$" is escaped as "$$" (our arguments hold no Dates, Maps or files);
//  - a response is a React Flight stream: rows "<hex id>:<payload>\n", where row 0 is {"a": <the action's
//    return value>, ...}, usually "$@1", a reference to row 1. Text rows "<id>:T<hex byte length>,<text>"
//    carry long strings without a newline; other tagged rows (I imports, H hints, E errors) are kept raw.
// A page's RSC payload (GET with `RSC: 1`) uses the same rows; findProp() digs a component's prop out of it.

/** encodeReply for JSON-only arguments: strings starting with "$" get one more "$". */
export function encodeReplyJson(args: readonly unknown[]): string {
  return JSON.stringify(args, (_key, value: unknown) => (typeof value === 'string' && value.startsWith('$') ? `$${value}` : value));
}

export interface FlightRow {
  /** The payload's tag: '' for JSON, else the letter (T, I, E, H, ...). */
  tag: string;
  /** The payload after the tag (for T rows, the text itself). */
  text: string;
}

const LENGTH_TAGS = new Set(['T', 'A', 'O', 'o', 'U', 'S', 's', 'L', 'l', 'G', 'g', 'M', 'm', 'V', 'b']);
const NEWLINE = 0x0a;
const COLON = 0x3a;
const COMMA = 0x2c;

/** Splits a Flight stream into rows by id. Rows without an id (":HL[...]" hints) are skipped. */
export function parseFlightRows(body: Uint8Array | string): Map<string, FlightRow> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const rows = new Map<string, FlightRow>();
  let at = 0;
  while (at < bytes.length) {
    if (bytes[at] === NEWLINE) {
      at += 1;
      continue;
    }
    const colon = bytes.indexOf(COLON, at);
    if (colon < 0) throw new FlightError(`a row without ":" at byte ${at}`);
    const id = bytes.toString('latin1', at, colon);
    if (id !== '' && !/^[0-9a-f]+$/.test(id)) throw new FlightError(`a row id "${id.slice(0, 20)}" that is not hexadecimal`);
    let cursor = colon + 1;
    const first = String.fromCharCode(bytes[cursor] ?? 0);
    let tag = '';
    let text: string;
    if (LENGTH_TAGS.has(first)) {
      tag = first;
      const comma = bytes.indexOf(COMMA, cursor + 1);
      if (comma < 0) throw new FlightError(`row ${id}: a ${tag} row without its length`);
      const length = Number.parseInt(bytes.toString('latin1', cursor + 1, comma), 16);
      if (!Number.isInteger(length) || length < 0) throw new FlightError(`row ${id}: a bad length`);
      cursor = comma + 1;
      if (cursor + length > bytes.length) throw new FlightError(`row ${id}: cut short (${length} bytes announced)`);
      text = bytes.toString('utf8', cursor, cursor + length);
      at = cursor + length;
    } else {
      const end = bytes.indexOf(NEWLINE, cursor);
      const stop = end < 0 ? bytes.length : end;
      if (/[A-Za-z]/.test(first)) {
        tag = first;
        cursor += 1;
      }
      text = bytes.toString('utf8', cursor, stop);
      at = stop + 1;
    }
    if (id !== '') rows.set(id, { tag, text });
  }
  return rows;
}

export class FlightError extends Error {
  override name = 'FlightError';
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Resolves one Flight value: references to other rows ($1, $@1, $1:path), escaped strings ($$), and the
 * special values ($undefined, $D dates as ISO strings, $n bigints as strings, $NaN, $Infinity, $-0). With
 * `strict`, any other "$" form (lazy components, symbols, server references) is an error: an action's
 * return value never holds one. Without it, such strings are left as they are (page payloads).
 */
export function decodeFlightValue(rows: Map<string, FlightRow>, value: Json, strict: boolean, seen: Set<string> = new Set()): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith('$')) return value;
    if (value.startsWith('$$')) return value.slice(1);
    if (value === '$undefined') return undefined;
    if (value === '$NaN') return Number.NaN;
    if (value === '$Infinity') return Number.POSITIVE_INFINITY;
    if (value === '$-Infinity') return Number.NEGATIVE_INFINITY;
    if (value === '$-0') return -0;
    if (value.startsWith('$D')) return value.slice(2);
    if (value.startsWith('$n')) return value.slice(2);
    const reference = /^\$@?([0-9a-f]+)((?::[^:]+)*)$/.exec(value);
    if (reference) return resolveReference(rows, reference[1] as string, reference[2] ?? '', strict, seen);
    if (strict) throw new FlightError(`an unexpected value "${value.slice(0, 40)}" in an action result`);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => decodeFlightValue(rows, item, strict, seen));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = decodeFlightValue(rows, item, strict, seen);
    return out;
  }
  return value;
}

function resolveReference(rows: Map<string, FlightRow>, id: string, path: string, strict: boolean, seen: Set<string>): unknown {
  const row = rows.get(id);
  if (!row) throw new FlightError(`a reference to row ${id}, which the response does not have`);
  if (row.tag === 'E') throw new FlightError(`the server answered with an error row: ${row.text.slice(0, 200)}`);
  if (row.tag === 'T') return row.text;
  if (row.tag !== '') {
    if (strict) throw new FlightError(`a reference to a ${row.tag} row in an action result`);
    return `$${id}`;
  }
  if (seen.has(id)) throw new FlightError(`a reference cycle through row ${id}`);
  let value = parseRowJson(id, row) as Json;
  for (const key of path.split(':').filter(Boolean)) {
    if (value === null || typeof value !== 'object') throw new FlightError(`a path ${path} that leaves row ${id}`);
    value = (Array.isArray(value) ? value[Number(key)] : value[key]) as Json;
  }
  const next = new Set(seen).add(id);
  return decodeFlightValue(rows, value, strict, next);
}

function parseRowJson(id: string, row: FlightRow): unknown {
  try {
    return JSON.parse(row.text);
  } catch {
    throw new FlightError(`row ${id} is not JSON: ${row.text.slice(0, 80)}`);
  }
}

/** The return value of a server action from its Flight response (row 0's "a"). */
export function decodeActionResult(body: Uint8Array | string): unknown {
  const rows = parseFlightRows(body);
  const root = rows.get('0');
  if (root?.tag !== '') throw new FlightError('the response has no row 0');
  const parsed = parseRowJson('0', root);
  if (!parsed || typeof parsed !== 'object' || !('a' in parsed)) throw new FlightError('row 0 carries no action result ("a")');
  return decodeFlightValue(rows, (parsed as { a: Json }).a, true);
}

/**
 * The first value of a prop named `name` anywhere in a page's Flight payload (e.g. the `assignment` prop of
 * the audit screen), decoded; undefined when no row has it.
 */
export function findProp(body: Uint8Array | string, name: string): unknown {
  const rows = parseFlightRows(body);
  const needle = `"${name}":`;
  for (const [id, row] of rows) {
    if (row.tag !== '' || !row.text.includes(needle)) continue;
    const found = findKey(parseRowJson(id, row) as Json, name);
    if (found !== undefined) return decodeFlightValue(rows, found, false);
  }
  return undefined;
}

function findKey(value: Json, name: string): Json | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findKey(item, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    if (Object.hasOwn(value, name)) return value[name];
    for (const item of Object.values(value)) {
      const found = findKey(item, name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** A short description of a payload for an error message: its error rows if it has any, else its start. */
export function describeFlight(body: Uint8Array | string): string {
  try {
    const errors = [...parseFlightRows(body).values()].filter((row) => row.tag === 'E').map((row) => row.text.slice(0, 200));
    if (errors.length) return `error rows: ${errors.join(' | ')}`;
  } catch {
    // not even rows: show the start
  }
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  return text.slice(0, 200).replace(/\s+/g, ' ');
}
