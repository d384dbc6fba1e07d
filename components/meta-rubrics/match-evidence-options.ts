// The proposal form's evidence search: a reviewer may be offered hundreds of verdicts, so they are filtered by
// what the user types. Every word must occur in the option's text, ignoring case and accents.
import type { EvidenceOption } from '@/components/meta-rubrics/proposal-form';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function matchEvidenceOptions(options: readonly EvidenceOption[], search: string): EvidenceOption[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const text = fold(`${option.criterionTitle} ${option.detail}`);
    return words.every((word) => text.includes(word));
  });
}
