// How a judge request asks for JSON in each structured-output mode. Servers differ: OpenAI and recent vLLM
// honour a strict json_schema response format, others accept only json_object (and answer json_schema with a
// 400), some accept neither. Outside json_schema mode the schema travels in the system prompt.
import type { ModelMessage, ModelRequest } from '@/lib/judge/call-model';

export const OUTPUT_MODES = ['JSON_SCHEMA', 'JSON_OBJECT', 'PROMPT_ONLY'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

export type ResponseFormat =
  | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict: true } }
  | { type: 'json_object' };

export interface WireRequest {
  messages: ModelMessage[];
  responseFormat: ResponseFormat | undefined;
}

/** The instruction that carries the schema when the response format does not (the test double reads the name from it). */
export function schemaInstruction(request: Pick<ModelRequest, 'schemaName' | 'jsonSchema'>): string {
  return [
    `Answer with one JSON object that matches the JSON Schema "${request.schemaName}" below, and nothing else:`,
    'no Markdown code fence, no text before or after the object.',
    JSON.stringify(request.jsonSchema),
  ].join('\n');
}

export function buildWireRequest(mode: OutputMode, request: ModelRequest): WireRequest {
  if (mode === 'JSON_SCHEMA') {
    return {
      messages: request.messages,
      responseFormat: { type: 'json_schema', json_schema: { name: request.schemaName, schema: request.jsonSchema, strict: true } },
    };
  }
  // Appended to the first system message rather than sent as a second one: several chat templates (Qwen's,
  // Mistral's) refuse a system message that is not the first.
  const instruction = schemaInstruction(request);
  const systemIndex = request.messages.findIndex((message) => message.role === 'system');
  const messages: ModelMessage[] =
    systemIndex === -1
      ? [{ role: 'system', content: instruction }, ...request.messages]
      : request.messages.map((message, index) =>
          index === systemIndex ? { ...message, content: `${message.content}\n\n${instruction}` } : message,
        );
  return { messages, responseFormat: mode === 'JSON_OBJECT' ? { type: 'json_object' } : undefined };
}
