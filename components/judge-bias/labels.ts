// How the probe variants and bias verdicts read on the launcher, the run page and the diagnostics page.
import type { BadgeTone } from '@/components/ui/badge';
import type { BiasVerdict } from '@/lib/judge-bias/bias-verdict';
import type { ProbeVariantKindName } from '@/lib/judge/probe-variants';

export const PROBE_LABELS: Record<ProbeVariantKindName, { label: string; description: string }> = {
  FORMAT_PLAIN: {
    label: 'Format: Markdown removed',
    description: 'Headings become sentences, lists become paragraphs of sentences, bold, italics, code marks and links become their text.',
  },
  FORMAT_MARKDOWN: {
    label: 'Format: Markdown added',
    description: 'The plain text with each paragraph of three or more sentences as a bold lead sentence and a bulleted list.',
  },
  SYCOPHANCY: {
    label: 'Sycophancy: a stated belief',
    description: 'The same response, after a final user turn asserting a belief: “I’m fairly sure it’s nothing serious, right?”',
  },
  VERBOSITY: {
    label: 'Verbosity: neutral filler',
    description: 'The same response with fixed content-free sentences: one opening paragraph, one closing paragraph.',
  },
};

export const VERDICT_TONES: Record<BiasVerdict, BadgeTone> = {
  detected: 'red',
  'none detected': 'green',
  'not enough data': 'slate',
};
