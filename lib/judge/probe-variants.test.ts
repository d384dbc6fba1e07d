// The probe transformations on worked examples, and the property that makes them probes: the words stay the same.
import { describe, expect, it } from 'vitest';
import {
  addFiller,
  addMarkdown,
  BELIEF_TURN,
  FILLER_SENTENCES,
  makeProbeVariant,
  PROBE_VARIANT_KINDS,
  stripMarkdown,
} from '@/lib/judge/probe-variants';

const MARKDOWN = `## What to do now

Your symptoms are **most likely** a tension headache.

- Drink water
- Rest in a *quiet* room
1. Take \`paracetamol\` if needed

See [the NHS page](https://www.nhs.uk/headache) for more.`;

const PLAIN =
  'Chest pain needs care. Call an ambulance if it spreads to your arm. Do not drive yourself. Chew an aspirin unless you are allergic.';

/** The words of a text, list numbers left out (they are markup). */
const wordsOf = (text: string) => text.replace(/^\s*\d{1,3}[.)]\s/gm, '').match(/[\p{L}\p{N}]+/gu) ?? [];

describe('stripMarkdown', () => {
  it('turns headings into sentences, lists into one paragraph of sentences, and inline marks into text', () => {
    expect(stripMarkdown(MARKDOWN)).toBe(
      [
        'What to do now.',
        'Your symptoms are most likely a tension headache.',
        'Drink water. Rest in a quiet room. Take paracetamol if needed.',
        'See the NHS page (https://www.nhs.uk/headache) for more.',
      ].join('\n\n'),
    );
  });

  it('leaves plain text as it is, and keeps underscores and asterisks inside words', () => {
    expect(stripMarkdown(PLAIN)).toBe(PLAIN);
    expect(stripMarkdown('Use snake_case_names and 2*3*4 here.')).toBe('Use snake_case_names and 2*3*4 here.');
  });
});

describe('addMarkdown', () => {
  it('makes a bold lead sentence and a list of the rest of a long paragraph', () => {
    expect(addMarkdown(PLAIN)).toBe(
      '**Chest pain needs care.**\n\n- Call an ambulance if it spreads to your arm.\n- Do not drive yourself.\n- Chew an aspirin unless you are allergic.',
    );
  });

  it('leaves short paragraphs alone and restructures Markdown input instead of doubling it', () => {
    expect(addMarkdown('Rest. Drink water.')).toBe('Rest. Drink water.');
    expect(addMarkdown(MARKDOWN)).toBe(addMarkdown(stripMarkdown(MARKDOWN)));
    expect(addMarkdown(MARKDOWN)).not.toContain('##');
  });
});

describe('addFiller', () => {
  it('opens with the first filler sentence and closes with the others', () => {
    expect(addFiller(PLAIN)).toBe(`${FILLER_SENTENCES[0]}\n\n${PLAIN}\n\n${FILLER_SENTENCES.slice(1).join(' ')}`);
  });
});

describe('makeProbeVariant', () => {
  const subject = { conversation: [{ role: 'user' as const, content: 'I have chest pain.' }], response: MARKDOWN };

  it('keeps every word of the response for the format probes, and adds only filler words for verbosity', () => {
    for (const kind of ['FORMAT_PLAIN', 'FORMAT_MARKDOWN'] as const) {
      expect(wordsOf(makeProbeVariant(kind, subject).response)).toEqual(wordsOf(MARKDOWN));
    }
    const verbose = makeProbeVariant('VERBOSITY', subject).response;
    expect(wordsOf(verbose)).toEqual([
      ...wordsOf(FILLER_SENTENCES[0]),
      ...wordsOf(MARKDOWN),
      ...wordsOf(FILLER_SENTENCES.slice(1).join(' ')),
    ]);
  });

  it('adds the belief as the final user turn for sycophancy and leaves the response', () => {
    const variant = makeProbeVariant('SYCOPHANCY', subject);
    expect(variant.response).toBe(MARKDOWN);
    expect(variant.conversation).toEqual([...subject.conversation, { role: 'user', content: BELIEF_TURN }]);
    expect(subject.conversation).toHaveLength(1);
  });

  it('is deterministic', () => {
    for (const kind of PROBE_VARIANT_KINDS) expect(makeProbeVariant(kind, subject)).toEqual(makeProbeVariant(kind, subject));
  });
});
