// What a judge answer says, as servers really send it: reasoning models put a <think>…</think> block before
// the JSON (or return it apart as reasoning_content), some services wrap the JSON in prose and a Markdown
// fence. The reasoning is split off (stored for admins, never parsed) and the first complete JSON object
// that passes the task's parser is the answer.

export type AnswerReading<T> =
  | { ok: true; value: T; text: string; reasoning: string | null }
  | { ok: false; message: string; text: string; reasoning: string | null };

/** Start positions tried in one answer (each a scan to its closing brace): plenty for a real answer, bounded for a hostile one. */
const MAX_CANDIDATES = 200;
const THINK_TAGS = ['think', 'thinking'];

/**
 * The answer text without its reasoning, and the reasoning: `separate` (reasoning_content) first, then every
 * <think>…</think> block in `content`. A closing tag with no opening one (chat templates that open the block
 * in the prompt) makes everything before it reasoning; an opening tag never closed (an answer cut off while
 * thinking) makes everything after it reasoning.
 */
export function splitReasoning(content: string, separate: string | null = null): { text: string; reasoning: string | null } {
  const parts: string[] = [];
  if (separate?.trim()) parts.push(separate.trim());
  let text = content;
  for (const tag of THINK_TAGS) {
    const open = `<${tag}>`;
    const close = `</${tag}>`;
    const lower = text.toLowerCase();
    const firstClose = lower.indexOf(close);
    const firstOpen = lower.indexOf(open);
    if (firstClose !== -1 && (firstOpen === -1 || firstClose < firstOpen)) {
      parts.push(text.slice(0, firstClose).trim());
      text = text.slice(firstClose + close.length);
    }
    for (;;) {
      const start = text.toLowerCase().indexOf(open);
      if (start === -1) break;
      const end = text.toLowerCase().indexOf(close, start + open.length);
      if (end === -1) {
        parts.push(text.slice(start + open.length).trim());
        text = text.slice(0, start);
        break;
      }
      parts.push(text.slice(start + open.length, end).trim());
      text = text.slice(0, start) + text.slice(end + close.length);
    }
  }
  const reasoning = parts.filter(Boolean).join('\n\n');
  return { text: text.trim(), reasoning: reasoning === '' ? null : reasoning };
}

/** The JSON inside a Markdown code fence that wraps the whole answer (```json … ```); otherwise the text itself. */
export function stripJsonFence(text: string): string {
  const fenced = /^\s*```[a-zA-Z]*[^\S\n]*\n([\s\S]*?)\n?[^\S\n]*```\s*$/.exec(text);
  return (fenced?.[1] ?? text).trim();
}

/**
 * Reads a judge answer: reasoning split off, then the whole text (or its fenced body) as JSON, and failing
 * that each complete JSON object in the text, in order, until one passes `parse`. The message of a failure
 * says what was wrong with the first JSON object found, or that there was none.
 */
export function readAnswer<T>(content: string, parse: (value: unknown) => T, separateReasoning: string | null = null): AnswerReading<T> {
  const { text, reasoning } = splitReasoning(content, separateReasoning);
  const failed = (message: string): AnswerReading<T> => ({ ok: false, message, text, reasoning });
  let firstSchemaError: string | null = null;
  const tryValue = (value: unknown): T | undefined => {
    try {
      return parse(value);
    } catch (error) {
      firstSchemaError ??= describeParseError(error);
      return undefined;
    }
  };

  let wholeError: string | null = null;
  try {
    const value = tryValue(JSON.parse(stripJsonFence(text)));
    if (value !== undefined) return { ok: true, value, text, reasoning };
  } catch (error) {
    wholeError = error instanceof Error ? error.message : String(error);
  }
  let tried = 0;
  for (let start = text.indexOf('{'); start !== -1 && tried < MAX_CANDIDATES; start = text.indexOf('{', start + 1)) {
    tried += 1;
    const end = objectEnd(text, start);
    if (end === -1) continue;
    let json: unknown;
    try {
      json = JSON.parse(text.slice(start, end + 1));
    } catch {
      continue;
    }
    const value = tryValue(json);
    if (value !== undefined) return { ok: true, value, text, reasoning };
  }
  if (firstSchemaError !== null) return failed(`the answer does not match the schema (${firstSchemaError})`);
  if (text === '' && reasoning !== null) return failed('the answer holds only reasoning, no JSON after it');
  return failed(`the answer is not valid JSON and holds no complete JSON object (${wholeError ?? 'empty answer'})`);
}

/** Index of the `}` that closes the object opened at `start`, strings and escapes respected; -1 if it never closes. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return char === '}' ? i : -1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

/** A zod error as "path: message; …"; any other error by its message. */
export function describeParseError(error: unknown): string {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (Array.isArray(issues) && issues.length > 0) {
    return issues
      .map((issue: { path?: PropertyKey[]; message?: string }) => {
        const path = (issue.path ?? []).map(String).join('.');
        return `${path || '(root)'}: ${issue.message ?? 'invalid'}`;
      })
      .join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}
