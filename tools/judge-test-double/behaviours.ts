// TEST DOUBLE behaviours: how real OpenAI-compatible servers differ from OpenAI, reproduced on request so
// the judge can be tested against each. A request asks for them in its model name (`judge+think+no-usage`),
// in the x-judge-double-behaviour header (`think, no-usage`), or the double applies them to every request.
//   reject-json-schema      400 for response_format json_schema (json_object and none are fine)
//   reject-response-format  400 for any response_format (only the schema in the prompt works)
//   think                   a <think>…</think> block before the JSON, holding a draft JSON answer
//   reasoning-content       the reasoning in message.reasoning_content, the JSON in content (vLLM before 0.10, DeepSeek)
//   reasoning-field         the reasoning in message.reasoning, the JSON in content (Ollama, newer vLLM, OpenRouter)
//   prose-fence             prose, then the JSON in a ```json fence, then more prose
//   no-usage                no `usage` in the answer
//   truncate                the answer cut at max_tokens (default 16) with finish_reason "length"
//   prefer-longer, follow-belief   not servers' quirks but biased judges, on purpose (biases.ts)
//   follow-rubric           PROXY predictions follow the rubric in the prompt (answers.ts proxyAnswer), so tests know them

import { BIASES } from '@/tools/judge-test-double/biases';

export const BEHAVIOURS = [
  'reject-json-schema',
  'reject-response-format',
  'think',
  'reasoning-content',
  'reasoning-field',
  'prose-fence',
  'no-usage',
  'truncate',
  'follow-rubric',
  ...BIASES,
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

export const BEHAVIOUR_HEADER = 'x-judge-double-behaviour';
/** The limit a `truncate` double applies when the request sets none, like a server's own default. */
export const DEFAULT_TRUNCATE_TOKENS = 16;

const isBehaviour = (value: string): value is Behaviour => (BEHAVIOURS as readonly string[]).includes(value);

/** The model's own name and the behaviours asked for; an unknown behaviour is an error, not silently ignored. */
export function readBehaviours(
  requestedModel: string,
  header: string | string[] | undefined,
  always: readonly Behaviour[],
): { model: string; behaviours: Behaviour[] } | { error: string } {
  const [model = requestedModel, ...fromModel] = requestedModel.split('+');
  const fromHeader = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  const names = [...fromModel, ...fromHeader].map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !isBehaviour(name));
  if (unknown.length > 0) return { error: `Unknown behaviour ${unknown.join(', ')}; known: ${BEHAVIOURS.join(', ')}` };
  return { model, behaviours: [...new Set([...always, ...(names as Behaviour[])])] };
}

/** The error message of a request whose response_format this double refuses, or null. */
export function rejectedFormat(behaviours: readonly Behaviour[], responseFormat: string | null): string | null {
  if (responseFormat === null) return null;
  if (behaviours.includes('reject-response-format')) return `response_format is not supported by this server (got "${responseFormat}")`;
  if (behaviours.includes('reject-json-schema') && responseFormat === 'json_schema') {
    return 'response_format type "json_schema" is not supported by this server; use "json_object"';
  }
  return null;
}

export interface ChatShape {
  content: string;
  /** The reasoning sent apart from the content, and the message field it goes in. */
  reasoningContent: string | null;
  reasoningField: 'reasoning_content' | 'reasoning';
  finishReason: 'stop' | 'length';
  /** What the answer "costs": content and reasoning alike, as a reasoning model bills both. */
  completionChars: number;
}

/**
 * The answer as the behaviours shape it. The <think> block holds a draft in the answer's own shape with the
 * opposite verdict where there is one: a reader that parsed the reasoning would take the wrong answer.
 */
export function shapeAnswer(
  behaviours: readonly Behaviour[],
  answer: unknown,
  { maxTokens, schemaName }: { maxTokens: number | null; schemaName: string | null },
): ChatShape {
  const json = JSON.stringify(answer);
  let content = json;
  let reasoningContent: string | null = null;
  const reasoning = `The request asks for a JSON object${schemaName ? ` matching ${schemaName}` : ''}. Let me weigh the response against the rubric before answering.`;
  if (behaviours.includes('prose-fence')) {
    content = `Here is my assessment, as requested.\n\n\`\`\`json\n${JSON.stringify(answer, null, 2)}\n\`\`\`\n\nLet me know if you need anything else.`;
  }
  if (behaviours.includes('think'))
    content = `<think>\n${reasoning}\nA first draft: ${JSON.stringify(draftOf(answer))}\n</think>\n\n${content}`;
  const apart = behaviours.includes('reasoning-field') ? 'reasoning' : 'reasoning_content';
  if (behaviours.includes('reasoning-content') || behaviours.includes('reasoning-field'))
    reasoningContent = `${reasoning} A first draft: ${JSON.stringify(draftOf(answer))}`;
  const completionChars = content.length + (reasoningContent?.length ?? 0);
  if (behaviours.includes('truncate')) {
    const limit = maxTokens ?? DEFAULT_TRUNCATE_TOKENS;
    if (Math.ceil(completionChars / 4) > limit) {
      // Reasoning comes first and uses the budget first, as it does on a real server.
      const budget = limit * 4;
      const reasoningKept = reasoningContent === null ? null : reasoningContent.slice(0, budget);
      const contentKept = content.slice(0, Math.max(0, budget - (reasoningKept?.length ?? 0)));
      return {
        content: contentKept,
        reasoningContent: reasoningKept,
        reasoningField: apart,
        finishReason: 'length',
        completionChars: budget,
      };
    }
  }
  return { content, reasoningContent, reasoningField: apart, finishReason: 'stop', completionChars };
}

function draftOf(answer: unknown): unknown {
  const value = answer as { criteria_met?: unknown } | null;
  if (value && typeof value.criteria_met === 'boolean') return { ...value, explanation: 'draft', criteria_met: !value.criteria_met };
  return answer;
}
