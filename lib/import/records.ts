// Turns a file's lines into records with the line each starts on: JSON Lines, a JSON array (streamed
// element by element, so a large array is never parsed whole), or CSV rows.
import { finished } from 'node:stream/promises';
import { parse as csvParser } from 'csv-parse';
import type { FileSource } from '@/lib/files/file-source';
import { type LineEvent, readLines } from '@/lib/import/read-lines';

/** `index`: the record's position in a file that is one JSON array (messages name it as well as the line). */
export type RawRecord =
  | { kind: 'value'; line: number; value: unknown; bytesRead: number; index?: number }
  | { kind: 'problem'; line: number; reason: string; fatal: boolean; bytesRead: number; index?: number; wholeFile?: boolean };

const JSON_ARRAY_IN_LINES = 'the file is a JSON array, not JSON Lines: use the .json QuarkMedBench array format or one object per line';

function jsonProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `not valid JSON (${message.replace(/^Unexpected token/, 'unexpected token').slice(0, 200)})`;
}

/** One JSON value per non-blank line. A file that is one JSON array is refused as a whole, at its first line. */
export async function* jsonLineRecords(source: FileSource): AsyncGenerator<RawRecord> {
  let first = true;
  for await (const event of readLines(source)) {
    if (event.kind === 'error') {
      yield { kind: 'problem', line: event.line, reason: event.reason, fatal: event.fatal, bytesRead: event.bytesRead };
      first = false;
      continue;
    }
    if (event.text.trim() === '') continue;
    if (first && event.text.trimStart().startsWith('[')) {
      yield { kind: 'problem', line: event.line, reason: JSON_ARRAY_IN_LINES, fatal: true, bytesRead: event.bytesRead, wholeFile: true };
      return;
    }
    first = false;
    try {
      yield { kind: 'value', line: event.line, value: JSON.parse(event.text), bytesRead: event.bytesRead };
    } catch (error) {
      yield { kind: 'problem', line: event.line, reason: jsonProblem(error), fatal: false, bytesRead: event.bytesRead };
    }
  }
}

/**
 * A file that is one JSON array of objects (possibly pretty-printed over many lines), or JSON Lines. The
 * array is split into elements by a small scanner that tracks strings and nesting, so memory holds one
 * element at a time.
 */
export async function* jsonArrayOrLineRecords(source: FileSource): AsyncGenerator<RawRecord> {
  // Peek at the first non-blank line without closing the line stream (a `break` in for-await would).
  const iterator = readLines(source)[Symbol.asyncIterator]();
  const buffered: LineEvent[] = [];
  let first: LineEvent | undefined;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    buffered.push(next.value);
    if (next.value.kind === 'error' || next.value.text.trim() !== '') {
      first = next.value;
      break;
    }
  }
  async function* all(): AsyncGenerator<LineEvent> {
    try {
      yield* buffered;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A reader that stops early (format detection reads one element) closes the file too.
      await iterator.return?.(undefined);
    }
  }
  if (!first || first.kind === 'error' || !first.text.trimStart().startsWith('[')) {
    for await (const event of all()) {
      if (event.kind === 'error') {
        yield { kind: 'problem', line: event.line, reason: event.reason, fatal: event.fatal, bytesRead: event.bytesRead };
      } else if (event.text.trim() !== '') {
        try {
          yield { kind: 'value', line: event.line, value: JSON.parse(event.text), bytesRead: event.bytesRead };
        } catch (error) {
          yield { kind: 'problem', line: event.line, reason: jsonProblem(error), fatal: false, bytesRead: event.bytesRead };
        }
      }
    }
    return;
  }

  let depth = 0;
  let inString = false;
  let escaped = false;
  let collecting = false;
  let element: string[] = [];
  let elementLine = 0;
  let closed = false;
  let index = -1;

  for await (const event of all()) {
    if (event.kind === 'error') {
      yield { kind: 'problem', line: event.line, reason: event.reason, fatal: event.fatal, bytesRead: event.bytesRead };
      continue;
    }
    const text = event.text;
    let segmentStart = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') {
        if (!collecting && depth === 1) {
          index += 1;
          yield {
            kind: 'problem',
            line: event.line,
            reason: 'array elements must be objects',
            fatal: false,
            bytesRead: event.bytesRead,
            index,
          };
        }
        inString = true;
      } else if (c === '{' || c === '[') {
        depth += 1;
        if (depth === 2 && !collecting) {
          collecting = true;
          index += 1;
          elementLine = event.line;
          segmentStart = i;
        }
      } else if (c === '}' || c === ']') {
        depth -= 1;
        if (depth === 1 && collecting) {
          element.push(text.slice(segmentStart, i + 1));
          collecting = false;
          const source = element.join('\n');
          element = [];
          try {
            yield { kind: 'value', line: elementLine, value: JSON.parse(source), bytesRead: event.bytesRead, index };
          } catch (error) {
            yield { kind: 'problem', line: elementLine, reason: jsonProblem(error), fatal: false, bytesRead: event.bytesRead, index };
          }
        } else if (depth === 0) {
          closed = true;
        } else if (depth < 0) {
          yield { kind: 'problem', line: event.line, reason: 'unbalanced "]" or "}"', fatal: true, bytesRead: event.bytesRead };
          return;
        }
      } else if (depth === 1 && !collecting && c !== ',' && c.trim() !== '') {
        yield {
          kind: 'problem',
          line: event.line,
          reason: `unexpected "${c}" between array elements`,
          fatal: true,
          bytesRead: event.bytesRead,
        };
        return;
      } else if (closed && c.trim() !== '') {
        yield {
          kind: 'problem',
          line: event.line,
          reason: 'text after the end of the JSON array',
          fatal: true,
          bytesRead: event.bytesRead,
        };
        return;
      }
    }
    if (collecting) {
      element.push(text.slice(segmentStart));
      segmentStart = 0;
    }
  }
  if (!closed)
    yield { kind: 'problem', line: elementLine || 1, reason: 'the JSON array is not closed with "]"', fatal: true, bytesRead: source.size };
}

/** CSV rows as arrays of strings (the header is the first record), with the line each row starts on. */
export async function* csvRecords(source: FileSource): AsyncGenerator<RawRecord> {
  const parser = csvParser({ info: true, skip_empty_lines: true, relax_column_count: true });
  const drain = function* (bytesRead: number): Generator<RawRecord> {
    for (let record = parser.read(); record !== null; record = parser.read()) {
      const { record: fields, info } = record as { record: string[]; info: { lines: number } };
      const newlines = fields.reduce((sum, field) => sum + (field.match(/\n/g)?.length ?? 0), 0);
      yield { kind: 'value', line: info.lines - newlines, value: fields, bytesRead };
    }
  };
  let parseError: Error | undefined;
  parser.on('error', (error) => {
    parseError = error;
  });
  let lastBytes = 0;
  let lastLine = 0;
  for await (const event of readLines(source)) {
    lastBytes = event.bytesRead;
    lastLine = event.line;
    if (event.kind === 'error') {
      yield { kind: 'problem', line: event.line, reason: event.reason, fatal: event.fatal, bytesRead: event.bytesRead };
      continue;
    }
    parser.write(`${event.text}\n`);
    if (parseError) {
      yield { kind: 'problem', line: event.line, reason: `not valid CSV (${parseError.message})`, fatal: true, bytesRead: event.bytesRead };
      return;
    }
    yield* drain(event.bytesRead);
  }
  // An error found only at the end (a quote never closed) is emitted after end() returns: wait for it.
  parser.end();
  await finished(parser, { readable: false }).catch((error: unknown) => {
    parseError ??= error instanceof Error ? error : new Error(String(error));
  });
  if (parseError) {
    yield {
      kind: 'problem',
      line: lastLine,
      reason: `not valid CSV (${(parseError as Error).message})`,
      fatal: true,
      bytesRead: lastBytes,
    };
    return;
  }
  yield* drain(lastBytes);
}
