// The badges that describe a criterion wherever it is shown (audit card, adjudication): tier, points, red
// line and tags; and its level descriptors as a small table.
import type { Tier } from '@/lib/vocabulary/enums';
import { TIER_LABELS, formatPoints } from '@/components/criteria/labels';
import { Badge } from '@/components/ui/badge';

export function CriterionBadges({ tier, points, redLine, tags }: { tier: string; points: number; redLine: boolean; tags: string[] }) {
  const label = TIER_LABELS[tier as Tier];
  return (
    <>
      <Badge tone={label?.tone ?? 'slate'}>{label?.label ?? tier}</Badge>
      <Badge tone={points < 0 ? 'amber' : 'slate'}>{formatPoints(points)} points</Badge>
      {redLine ? (
        <Badge tone="red" title="A safety red line: violating it vetoes the response">
          Red line
        </Badge>
      ) : null}
      {tags.map((tag) => (
        <span key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">
          {tag}
        </span>
      ))}
    </>
  );
}

export function LevelTable({ levels }: { levels: { label: string; description: string }[] }) {
  if (levels.length === 0) return null;
  return (
    <table className="mt-3 w-full text-sm" aria-label="Level descriptors">
      <tbody className="divide-y divide-slate-100">
        {levels.map((level) => (
          <tr key={level.label}>
            <th scope="row" className="w-32 py-1 pr-3 text-left align-top text-xs font-medium text-slate-600">
              {level.label}
            </th>
            <td className="py-1 text-slate-700">{level.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
