import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '@/lib/judge/call-model';
import { buildWireRequest, schemaInstruction } from '@/lib/judge/wire-request';

const request: ModelRequest = {
  messages: [
    { role: 'system', content: 'You grade.' },
    { role: 'user', content: 'The response.' },
  ],
  schemaName: 'grade_v1',
  jsonSchema: { type: 'object', properties: { criteria_met: { type: 'boolean' } } },
};

describe('buildWireRequest', () => {
  it('sends a strict json_schema and the messages as they are in JSON_SCHEMA mode', () => {
    expect(buildWireRequest('JSON_SCHEMA', request)).toEqual({
      messages: request.messages,
      responseFormat: { type: 'json_schema', json_schema: { name: 'grade_v1', schema: request.jsonSchema, strict: true } },
    });
  });

  it('puts the schema at the end of the one system message otherwise, with json_object or no response format', () => {
    const instruction = schemaInstruction(request);
    expect(instruction).toContain('JSON Schema "grade_v1"');
    expect(instruction).toContain(JSON.stringify(request.jsonSchema));
    const object = buildWireRequest('JSON_OBJECT', request);
    expect(object.responseFormat).toEqual({ type: 'json_object' });
    expect(object.messages).toEqual([{ role: 'system', content: `You grade.\n\n${instruction}` }, request.messages[1]]);
    const prompt = buildWireRequest('PROMPT_ONLY', request);
    expect(prompt.responseFormat).toBeUndefined();
    expect(prompt.messages).toEqual(object.messages);
    // The request itself is left as it was.
    expect(request.messages[0]?.content).toBe('You grade.');
  });

  it('adds a system message when there is none', () => {
    const bare = { ...request, messages: [{ role: 'user' as const, content: 'Hi' }] };
    expect(buildWireRequest('PROMPT_ONLY', bare).messages).toEqual([
      { role: 'system', content: schemaInstruction(request) },
      { role: 'user', content: 'Hi' },
    ]);
  });
});
