// What a revised text changes from the original, word by word: shown under each expert's proposed revision
// and under the reviewer's gold text.
import type { Tier } from '@/lib/vocabulary/enums';
import { WordDiff } from '@/components/audit/revision-editor';
import { TIER_LABELS, formatPoints } from '@/components/criteria/labels';
import type { GoldText } from '@/lib/adjudication/get-adjudication-item';

const tierAndPoints = (text: GoldText) => `${TIER_LABELS[text.tier as Tier]?.label ?? text.tier} ${formatPoints(text.points)}`;

export function TextChanges({ original, revised, label }: { original: GoldText; revised: GoldText; label: string }) {
  const rows: [string, string, string][] = [
    ['Title', original.title, revised.title],
    ['Description', original.description, revised.description],
    ['Tier and points', tierAndPoints(original), tierAndPoints(revised)],
  ];
  return (
    <dl className="space-y-1 text-sm" aria-label={label}>
      {rows.map(([name, before, after]) => (
        <div key={name}>
          <dt className="inline text-xs text-slate-500">{name} </dt>
          <dd className="inline whitespace-pre-wrap">
            <WordDiff before={before} after={after} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
