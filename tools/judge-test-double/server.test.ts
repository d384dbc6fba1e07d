import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type JudgeTestDouble, type JudgeTestDoubleOptions, startJudgeTestDouble } from '@/tools/judge-test-double/server';

const gradeSchema = z.strictObject({ explanation: z.string().min(1), criteria_met: z.boolean() });
const generatedSchema = z.strictObject({
  criteria: z
    .array(
      z.strictObject({
        title: z.string().min(1),
        description: z.string().min(1),
        tier: z.enum(['ESSENTIAL', 'IMPORTANT', 'HIGHLIGHT', 'PITFALL']),
        points: z.number().int(),
        tags: z.array(z.string()),
        redLine: z.boolean(),
      }),
    )
    .min(5)
    .max(15)
    .superRefine((criteria, context) => {
      const count = (tier: string) => criteria.filter((criterion) => criterion.tier === tier).length;
      if (count('ESSENTIAL') < 2 || count('IMPORTANT') < 1 || count('HIGHLIGHT') < 1 || count('PITFALL') > 2) {
        context.addIssue({ code: 'custom', message: 'tier counts out of bounds' });
      }
      if (criteria.some((criterion) => (criterion.tier === 'PITFALL') !== criterion.points < 0)) {
        context.addIssue({ code: 'custom', message: 'only pitfalls have negative points' });
      }
      if (new Set(criteria.map((criterion) => criterion.title)).size !== criteria.length)
        context.addIssue({ code: 'custom', message: 'duplicate titles' });
    }),
});
const pairwiseSchema = z.strictObject({
  criteria: z
    .array(
      z
        .strictObject({
          title: z.string().min(1),
          description: z.string().min(1),
          weightClass: z.enum(['CORE', 'IMPORTANT', 'HIGHLIGHT']),
          hardFlaw: z.boolean(),
          choice: z.enum(['A', 'B', 'TIE']),
          score: z.number().int().min(-2).max(2),
          evidence: z.string().min(1),
        })
        .refine(
          (criterion) => Math.sign(criterion.score) === { A: 1, B: -1, TIE: 0 }[criterion.choice],
          'score sign must follow the choice',
        ),
    )
    .min(3)
    .max(6),
});

interface Chat {
  status: number;
  headers: Headers;
  body: {
    model?: string;
    choices?: { message: { content: string } }[];
    usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  };
  content: string | undefined;
}

async function chat(
  url: string,
  request: { model?: string; schemaName?: string; messages: { role: string; content: string }[] },
  signal?: AbortSignal,
): Promise<Chat> {
  const response = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: request.model ?? 'judge-a',
      messages: request.messages,
      ...(request.schemaName
        ? { response_format: { type: 'json_schema', json_schema: { name: request.schemaName, schema: {}, strict: true } } }
        : {}),
    }),
    signal,
  });
  const body = (await response.json()) as Chat['body'];
  return { status: response.status, headers: response.headers, body, content: body.choices?.[0]?.message.content };
}

const ask = (content: string, schemaName?: string, model?: string) => ({ model, schemaName, messages: [{ role: 'user', content }] });

async function withDouble<T>(options: JudgeTestDoubleOptions, run: (double: JudgeTestDouble) => Promise<T>): Promise<T> {
  const double = await startJudgeTestDouble(options);
  try {
    return await run(double);
  } finally {
    await double.close();
  }
}

const PROMPTS = Array.from(
  { length: 40 },
  (_, i) =>
    `Case ${i}: a ${30 + i}-year-old asks about ${['migraine', 'asthma', 'insulin', 'anemia', 'eczema'][i % 5]} treatment and warning signs.`,
);

describe('judge test double', () => {
  it('refuses to listen anywhere but loopback', async () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.org']) {
      await expect(startJudgeTestDouble({ host })).rejects.toThrow(/only listens on loopback/);
    }
    await withDouble({ host: 'localhost' }, async (double) => {
      expect(double.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    });
  });

  it('lists models and rejects unknown routes, malformed bodies and missing keys', async () => {
    await withDouble({ models: ['judge-a', 'judge-b'], apiKey: 'sk-double' }, async (double) => {
      const models = (await (await fetch(`${double.url}/models`)).json()) as { data: { id: string }[] };
      expect(models.data.map((model) => model.id)).toEqual(['judge-a', 'judge-b']);
      expect((await fetch(`${double.url}/completions`, { method: 'POST' })).status).toBe(404);
      expect((await chat(double.url, ask('hello'))).status).toBe(401);
      const malformed = await fetch(`${double.url}/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-double' },
        body: '{"model":',
      });
      expect(malformed.status).toBe(400);
      expect(double.stats().byOutcome).toMatchObject({ models: 1, not_found: 1, unauthorized: 1, bad_request: 1, ok: 0 });
    });
  });

  it('gives the same prompt the same answer, on any instance and whatever the seed', async () => {
    await withDouble({ seed: 1 }, async (first) => {
      await withDouble({ seed: 99 }, async (second) => {
        for (const schemaName of ['grade_item', 'generate_criteria', 'pairwise_compare']) {
          const prompt = `${PROMPTS[3]} <response_a>Rest.</response_a><response_b>Rest and fluids.</response_b>`;
          const answers = [
            await chat(first.url, ask(prompt, schemaName)),
            await chat(first.url, ask(prompt, schemaName)),
            await chat(second.url, ask(prompt, schemaName)),
          ];
          expect(answers[1]?.content).toBe(answers[0]?.content);
          expect(answers[2]?.content).toBe(answers[0]?.content);
        }
      });
    });
  });

  it('answers every schema family in its shape, with varied verdicts and realistic usage', async () => {
    await withDouble({}, async (double) => {
      const verdicts: boolean[] = [];
      for (const prompt of PROMPTS) {
        const grade = await chat(double.url, ask(prompt, 'grade_criterion'));
        verdicts.push(gradeSchema.parse(JSON.parse(grade.content ?? '')).criteria_met);
        const generated = await chat(double.url, ask(prompt, 'generate_rubric'));
        generatedSchema.parse(JSON.parse(generated.content ?? ''));
        const pairwise = await chat(
          double.url,
          ask(`${prompt} <response_a>Short.</response_a><response_b>A longer answer.</response_b>`, 'pairwise_criteria'),
        );
        pairwiseSchema.parse(JSON.parse(pairwise.content ?? ''));
        const withoutResponses = await chat(double.url, ask(prompt, 'pairwise_criteria'));
        pairwiseSchema.parse(JSON.parse(withoutResponses.content ?? ''));
      }
      const metShare = verdicts.filter(Boolean).length / verdicts.length;
      expect(metShare).toBeGreaterThan(0.3);
      expect(metShare).toBeLessThan(0.9);

      const other = await chat(double.url, ask('Anything', 'summary'));
      expect(JSON.parse(other.content ?? '')).toEqual({ ok: true });
      const noSchema = await chat(double.url, ask('Anything'));
      expect(JSON.parse(noSchema.content ?? '')).toEqual({ ok: true });

      const prompt = 'x'.repeat(400);
      const usage = await chat(double.url, ask(prompt, 'grade_criterion', 'judge-b'));
      expect(usage.body.model).toBe('judge-b');
      expect(usage.body.usage?.prompt_tokens).toBe(100);
      expect(usage.body.usage?.completion_tokens).toBe(Math.ceil((usage.content ?? '').length / 4));
      expect(usage.body.usage?.total_tokens).toBe((usage.body.usage?.prompt_tokens ?? 0) + (usage.body.usage?.completion_tokens ?? 0));
    });
  });

  it('lets two models propose overlapping but different criteria', async () => {
    await withDouble({}, async (double) => {
      const shares: number[] = [];
      let identical = 0;
      for (const prompt of PROMPTS) {
        const titles = async (model: string) =>
          new Set(
            (
              JSON.parse((await chat(double.url, ask(prompt, 'generate_criteria', model))).content ?? '') as {
                criteria: { title: string }[];
              }
            ).criteria.map((criterion) => criterion.title),
          );
        const a = await titles('judge-a');
        const b = await titles('judge-b');
        const shared = [...a].filter((title) => b.has(title)).length;
        shares.push(shared / a.size);
        if (shared === a.size && a.size === b.size) identical += 1;
      }
      const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
      expect(mean).toBeGreaterThan(0.6);
      expect(mean).toBeLessThan(0.9);
      expect(Math.min(...shares)).toBeGreaterThanOrEqual(0.5);
      expect(identical).toBeLessThanOrEqual(2);
    });
  });

  it('mostly flips the pairwise choice when the responses swap places, but not always', async () => {
    await withDouble({}, async (double) => {
      let flipped = 0;
      let stuck = 0;
      let total = 0;
      let longerChosen = 0;
      let decided = 0;
      for (const [i, prompt] of PROMPTS.entries()) {
        const short = `Take paracetamol ${i}.`;
        const long = `Take paracetamol ${i}, drink fluids, rest, and see a doctor if the fever lasts more than three days.`;
        const [first, second] = i % 2 === 0 ? [short, long] : [long, short];
        const order = async (a: string, b: string) =>
          pairwiseSchema.parse(
            JSON.parse(
              (await chat(double.url, ask(`${prompt}\n<response_a>${a}</response_a>\n<response_b>${b}</response_b>`, 'pairwise_judgment')))
                .content ?? '',
            ),
          ).criteria;
        const ab = await order(first, second);
        const ba = await order(second, first);
        expect(ba.map((criterion) => criterion.title)).toEqual(ab.map((criterion) => criterion.title));
        for (const [j, criterion] of ab.entries()) {
          const swapped = ba[j]?.choice;
          total += 1;
          if ((criterion.choice === 'A' && swapped === 'B') || (criterion.choice === 'B' && swapped === 'A')) flipped += 1;
          if (criterion.choice !== 'TIE' && criterion.choice === swapped) stuck += 1;
          if (criterion.choice !== 'TIE') {
            decided += 1;
            if ((criterion.choice === 'A' ? first : second) === long) longerChosen += 1;
          }
        }
      }
      expect(flipped / total).toBeGreaterThan(0.65);
      expect(stuck).toBeGreaterThan(0);
      expect(stuck / total).toBeLessThan(0.25);
      expect(longerChosen / decided).toBeGreaterThan(0.6);
    });
  });

  it('fails requests that carry a marker, and [[fail-once:…]] only the first time', async () => {
    await withDouble({ retryAfterMs: 80 }, async (double) => {
      const limited = await chat(double.url, ask('Limit me [[fail:429]]', 'grade_x'));
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after-ms')).toBe('80');
      expect(limited.headers.get('retry-after')).toBe('0.08');
      expect((await chat(double.url, ask('Limit me [[fail:429]]', 'grade_x'))).status).toBe(429);
      expect((await chat(double.url, ask('Break [[fail:500]]'))).status).toBe(500);
      expect((await chat(double.url, ask('Refuse [[fail:400]]'))).status).toBe(400);
      const garbage = await chat(double.url, ask('Babble [[fail:garbage]]', 'grade_x'));
      expect(garbage.status).toBe(200);
      expect(() => JSON.parse(garbage.content ?? '')).toThrow();

      const once = ask('Once [[fail-once:500]]', 'grade_x');
      expect((await chat(double.url, once)).status).toBe(500);
      expect((await chat(double.url, once)).status).toBe(200);
      expect((await chat(double.url, { ...once, model: 'judge-b' })).status).toBe(500);
      // A repair turn after a marked message keeps [[fail:…]] in force and [[fail-once:…]] spent.
      const repair = (content: string) => ({
        schemaName: 'grade_x',
        messages: [
          { role: 'user', content },
          { role: 'assistant', content: 'not json' },
          { role: 'user', content: 'Answer with valid JSON only.' },
        ],
      });
      expect((await chat(double.url, repair('Babble [[fail:garbage]]'))).content).toMatch(/^Sure!/);
      await chat(double.url, ask('Garble once [[fail-once:garbage]]', 'grade_x'));
      expect(JSON.parse((await chat(double.url, repair('Garble once [[fail-once:garbage]]'))).content ?? '')).toHaveProperty(
        'criteria_met',
      );

      const hanging = chat(double.url, ask('Hang [[fail:timeout]]'), AbortSignal.timeout(200));
      await expect(hanging).rejects.toThrow();
      expect(double.stats().byOutcome).toMatchObject({ rate_limited: 2, server_error: 3, bad_request: 1, garbage: 3, timeout: 1 });
    });
  });

  it('honours the fault rates roughly, and the same seed repeats the same faults', { timeout: 300_000 }, async () => {
    const rates = { rate429: 0.1, rate500: 0.1, rateTimeout: 0.05, rateGarbage: 0.1 };
    // The answered requests are counted as they settle; once every request that will be answered has been,
    // close() drops the hanging ones. No client timeout, so a slow answer on a busy machine is not a "timeout".
    const outcomes = async (seed: number) => {
      const double = await startJudgeTestDouble({ ...rates, seed });
      try {
        let answered = 0;
        const pending = Array.from({ length: 400 }, (_, k) =>
          chat(double.url, ask(`Request ${k}`, 'grade_x')).then(
            (answer) => {
              answered += 1;
              if (answer.status !== 200) return String(answer.status);
              try {
                JSON.parse(answer.content ?? '');
                return 'ok';
              } catch {
                return 'garbage';
              }
            },
            () => 'timeout',
          ),
        );
        await vi.waitFor(
          () => {
            const { requests, byOutcome } = double.stats();
            if (requests < 400 || answered < 400 - byOutcome.timeout) throw new Error(`${answered} of ${requests} answered`);
          },
          // A deadline for a stuck double, generous enough for a loaded two-core machine.
          { timeout: 120_000, interval: 20 },
        );
        await double.close();
        const results = await Promise.all(pending);
        expect(double.stats().byOutcome).toMatchObject({
          ok: results.filter((result) => result === 'ok').length,
          rate_limited: results.filter((result) => result === '429').length,
          timeout: results.filter((result) => result === 'timeout').length,
        });
        return results;
      } finally {
        await double.close();
      }
    };
    const first = await outcomes(7);
    const count = (result: string) => first.filter((outcome) => outcome === result).length;
    // Expected 40, 40, 40 and 20 of 400; the bounds are about ±3 standard deviations.
    for (const result of ['429', '500', 'garbage']) {
      expect(count(result)).toBeGreaterThan(20);
      expect(count(result)).toBeLessThan(60);
    }
    expect(count('timeout')).toBeGreaterThan(6);
    expect(count('timeout')).toBeLessThan(35);
    expect(count('ok')).toBe(400 - count('429') - count('500') - count('garbage') - count('timeout'));
    expect(await outcomes(7)).toEqual(first);
    expect(await outcomes(8)).not.toEqual(first);
  });

  it('closes promptly even with requests left hanging', async () => {
    const double = await startJudgeTestDouble({ latencyMs: 5000 });
    const settled = (promise: Promise<unknown>) =>
      promise.then(
        () => 'answered',
        () => 'dropped',
      );
    const slow = settled(chat(double.url, ask('Slow')));
    const hanging = settled(chat(double.url, ask('Hang [[fail:timeout]]')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await double.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await slow).toBe('dropped');
    expect(await hanging).toBe('dropped');
  });
});

describe('judge test double behaviours of real servers', () => {
  /** A raw chat request: any response_format, token limit and headers. */
  async function post(
    url: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await fetch(`${url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Is the dose right?' }], ...body }),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }
  const choice = (json: Record<string, unknown>) =>
    (json.choices as { message: { content: string; reasoning_content?: string; reasoning?: string }; finish_reason: string }[])[0];
  const jsonSchema = { type: 'json_schema', json_schema: { name: 'grade_v1', schema: {}, strict: true } };
  const plain = { model: 'judge-a', response_format: jsonSchema };

  it('takes behaviours from the model name, a header or the options, and answers as the bare model would', async () => {
    await withDouble({}, async (double) => {
      const bare = choice((await post(double.url, plain)).json)?.message.content ?? '';
      const viaName = await post(double.url, { ...plain, model: 'judge-a+think' });
      const viaHeader = await post(double.url, plain, { 'x-judge-double-behaviour': 'think' });
      for (const answer of [viaName, viaHeader]) {
        const content = choice(answer.json)?.message.content ?? '';
        expect(content).toMatch(/^<think>\n/);
        expect(content.endsWith(`</think>\n\n${bare}`)).toBe(true);
      }
      expect(viaName.json.model).toBe('judge-a+think');
      const unknown = await post(double.url, { ...plain, model: 'judge-a+thinkk' });
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(unknown.json)).toContain('Unknown behaviour thinkk');
      expect(double.requests().map((request) => request.behaviours)).toEqual([[], ['think'], ['think']]);
    });
    await withDouble({ behaviours: ['no-usage'] }, async (double) => {
      expect((await post(double.url, plain)).json.usage).toBeUndefined();
    });
  });

  it('refuses json_schema (reject-json-schema) or any response_format (reject-response-format) with a 400', async () => {
    await withDouble({}, async (double) => {
      const model = 'judge-a+reject-json-schema';
      expect((await post(double.url, { model, response_format: jsonSchema })).status).toBe(400);
      expect((await post(double.url, { model, response_format: { type: 'json_object' } })).status).toBe(200);
      const strict = 'judge-a+reject-response-format';
      const refused = await post(double.url, { model: strict, response_format: { type: 'json_object' } });
      expect(refused.status).toBe(400);
      expect((refused.json.error as { param: string }).param).toBe('response_format');
      // Without a response format the schema's name is read from the prompt's instruction.
      const prompted = await post(double.url, {
        model: strict,
        messages: [
          { role: 'system', content: 'Answer with one JSON object that matches the JSON Schema "grade_v1" below.' },
          { role: 'user', content: 'Is the dose right?' },
        ],
      });
      expect(prompted.status).toBe(200);
      expect(gradeSchema.safeParse(JSON.parse(choice(prompted.json)?.message.content ?? '')).success).toBe(true);
      expect(double.stats().byOutcome.bad_request).toBe(2);
    });
  });

  it('sends reasoning_content or reasoning, prose around a fence, or no usage', async () => {
    await withDouble({}, async (double) => {
      const reasoning = choice((await post(double.url, { ...plain, model: 'judge-a+reasoning-content' })).json);
      expect(reasoning?.message.reasoning_content).toMatch(/^The request asks for a JSON object matching grade_v1/);
      expect(reasoning?.message.reasoning).toBeUndefined();
      expect(gradeSchema.safeParse(JSON.parse(reasoning?.message.content ?? '')).success).toBe(true);
      const field = choice((await post(double.url, { ...plain, model: 'judge-a+reasoning-field' })).json);
      expect(field?.message.reasoning).toBe(reasoning?.message.reasoning_content);
      expect(field?.message.reasoning_content).toBeUndefined();
      expect(field?.message.content).toBe(reasoning?.message.content);
      const prose = choice((await post(double.url, { ...plain, model: 'judge-a+prose-fence' })).json)?.message.content ?? '';
      expect(prose).toMatch(/^Here is my assessment, as requested\.\n\n```json\n\{\n/);
      expect(prose).toMatch(/\n```\n\nLet me know if you need anything else\.$/);
      const bare = await post(double.url, { ...plain, model: 'judge-a+no-usage' });
      expect(bare.json.usage).toBeUndefined();
      expect(choice(bare.json)?.finish_reason).toBe('stop');
    });
  });

  it('cuts an answer at max_tokens (or its default of 16) with finish_reason "length"', async () => {
    await withDouble({}, async (double) => {
      const model = 'judge-a+truncate';
      const cut = await post(double.url, { ...plain, model, max_tokens: 5 });
      expect(choice(cut.json)?.finish_reason).toBe('length');
      expect(choice(cut.json)?.message.content).toHaveLength(20);
      expect((cut.json.usage as { completion_tokens: number }).completion_tokens).toBe(5);
      const defaulted = await post(double.url, { ...plain, model });
      expect(choice(defaulted.json)?.message.content).toHaveLength(64);
      const roomy = await post(double.url, { ...plain, model, max_completion_tokens: 4000 });
      expect(choice(roomy.json)?.finish_reason).toBe('stop');
      expect(gradeSchema.safeParse(JSON.parse(choice(roomy.json)?.message.content ?? '')).success).toBe(true);
      expect(double.requests().map((request) => request.maxTokens)).toEqual([5, null, 4000]);
    });
  });

  it('wants the key in another header and a query parameter when told to, as Azure OpenAI does', async () => {
    await withDouble({ apiKey: 'azure-secret', keyHeader: 'api-key', requiredQuery: { 'api-version': '2024-10-21' } }, async (double) => {
      const bearer = await fetch(`${double.url}/chat/completions?api-version=2024-10-21`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer azure-secret' },
        body: JSON.stringify({ model: 'judge-a', messages: [{ role: 'user', content: 'Is the dose right?' }] }),
      });
      expect(bearer.status).toBe(401);
      expect(JSON.stringify(await bearer.json())).toContain('in the api-key header');
      const unversioned = await post(double.url, plain, { 'api-key': 'azure-secret' });
      expect(unversioned.status).toBe(404);
      expect(JSON.stringify(unversioned.json)).toContain('api-version=2024-10-21');
      const wrongVersion = await fetch(`${double.url}/chat/completions?api-version=2023-05-15`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'api-key': 'azure-secret' },
        body: JSON.stringify({ ...plain, messages: [{ role: 'user', content: 'Is the dose right?' }] }),
      });
      expect(wrongVersion.status).toBe(404);
      const ok = await fetch(`${double.url}/chat/completions?api-version=2024-10-21`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'api-key': 'azure-secret' },
        body: JSON.stringify({ ...plain, messages: [{ role: 'user', content: 'Is the dose right?' }] }),
      });
      expect(ok.status).toBe(200);
      expect(double.stats().byOutcome).toMatchObject({ ok: 1, unauthorized: 1, not_found: 2 });
    });
  });
});
