import { describe, expect, it } from 'vitest';
import { z } from '@/lib/zod';
import { readAnswer, splitReasoning, stripJsonFence } from '@/lib/judge/read-answer';

const grade = z.strictObject({ explanation: z.string(), criteria_met: z.boolean() });
const parse = (value: unknown) => grade.parse(value);
const answer = '{"explanation": "Mentions fluids.", "criteria_met": true}';

describe('splitReasoning', () => {
  it('takes <think> blocks out of the answer, wherever they are, and keeps them as the reasoning', () => {
    expect(splitReasoning(`<think>\nLet me see.\n</think>\n\n${answer}`)).toEqual({ text: answer, reasoning: 'Let me see.' });
    expect(splitReasoning(`<THINK>a</THINK>${answer}<thinking>b</thinking>`)).toEqual({ text: answer, reasoning: 'a\n\nb' });
    expect(splitReasoning(answer)).toEqual({ text: answer, reasoning: null });
  });

  it('treats a closing tag with no opening as the end of reasoning, and an unclosed block as reasoning to the end', () => {
    // Chat templates that open the block in the prompt (DeepSeek-R1, Qwen3 without a reasoning parser).
    expect(splitReasoning(`So the answer is yes.\n</think>\n${answer}`)).toEqual({ text: answer, reasoning: 'So the answer is yes.' });
    // Cut off while thinking.
    expect(splitReasoning('<think>Weighing the response against')).toEqual({ text: '', reasoning: 'Weighing the response against' });
  });

  it('puts reasoning_content first', () => {
    expect(splitReasoning(`<think>b</think>${answer}`, '  a  ')).toEqual({ text: answer, reasoning: 'a\n\nb' });
    expect(splitReasoning(answer, '')).toEqual({ text: answer, reasoning: null });
  });
});

describe('readAnswer', () => {
  it('reads plain JSON and a fenced answer', () => {
    expect(readAnswer(answer, parse)).toMatchObject({ ok: true, value: { criteria_met: true }, reasoning: null });
    expect(readAnswer(`\`\`\`json\n${answer}\n\`\`\``, parse)).toMatchObject({ ok: true });
  });

  it('takes the first complete object that matches the schema out of prose, fences and reasoning', () => {
    const prose = `Here is my assessment:\n\n\`\`\`json\n${answer}\n\`\`\`\nHope this helps {really}.`;
    expect(readAnswer(prose, parse)).toMatchObject({ ok: true, value: { explanation: 'Mentions fluids.' }, text: prose });
    // An object that does not match comes first; braces inside strings do not confuse the scan.
    const two = `{"note": "a } brace"} then ${answer}`;
    expect(readAnswer(two, parse)).toMatchObject({ ok: true, value: { criteria_met: true } });
    // A draft answer inside the reasoning is never taken.
    const draft = '{"explanation": "draft", "criteria_met": false}';
    const reading = readAnswer(`<think>A draft: ${draft}</think>\n${answer}`, parse);
    expect(reading).toMatchObject({ ok: true, value: { criteria_met: true }, reasoning: `A draft: ${draft}`, text: answer });
    // Nested: the outer object fails the schema, the inner one passes.
    expect(readAnswer(`{"result": ${answer}}`, parse)).toMatchObject({ ok: true, value: { criteria_met: true } });
  });

  it('says what was wrong: the first object against the schema, no JSON at all, or reasoning only', () => {
    expect(readAnswer('{"explanation": "x"}', parse)).toMatchObject({
      ok: false,
      message: 'the answer does not match the schema (criteria_met: is required)',
    });
    const garbage = readAnswer('Sure! It looks fine.', parse);
    expect(garbage.ok).toBe(false);
    if (!garbage.ok) expect(garbage.message).toMatch(/^the answer is not valid JSON and holds no complete JSON object \(/);
    expect(readAnswer('{"explanation": "cut', parse)).toMatchObject({ ok: false });
    expect(readAnswer('<think>only thoughts', parse)).toMatchObject({
      ok: false,
      message: 'the answer holds only reasoning, no JSON after it',
      reasoning: 'only thoughts',
    });
  });

  it('bounds the work on a hostile answer', () => {
    const hostile = '{'.repeat(50_000);
    const started = performance.now();
    expect(readAnswer(hostile, parse).ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('stripJsonFence', () => {
  it('unwraps a fenced answer and leaves anything else alone', () => {
    expect(stripJsonFence('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(stripJsonFence('  ```\n{"a": [1,\n2]}\n```  \n')).toBe('{"a": [1,\n2]}');
    expect(stripJsonFence(' {"a": 1} ')).toBe('{"a": 1}');
    expect(stripJsonFence('Here: ```json\n{"a": 1}\n```')).toBe('Here: ```json\n{"a": 1}\n```');
  });
});
