// The criterion under adjudication as the experts saw it: text, levels, tier, points, tags, red line, evidence.
import { CriterionBadges, LevelTable } from '@/components/criteria/criterion-badges';
import { safeHttpUrl, toEvidence, toLevels } from '@/components/criteria/detail-json';
import type { AdjudicationItem } from '@/lib/adjudication/get-adjudication-item';

export function CriterionSummary({ criterion }: { criterion: AdjudicationItem['criterion'] }) {
  const levels = toLevels(criterion.levels);
  const evidence = toEvidence(criterion.evidence);
  return (
    <section aria-labelledby="criterion-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="mb-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
        <span className="font-semibold uppercase tracking-wide text-slate-600">Criterion</span>
        <CriterionBadges tier={criterion.tier} points={criterion.points} redLine={criterion.redLine} tags={criterion.tags} />
      </p>
      <h2 id="criterion-heading" className="text-base font-semibold text-slate-900">
        {criterion.title}
      </h2>
      {criterion.description && criterion.description.trim() !== criterion.title.trim() ? (
        <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{criterion.description}</p>
      ) : null}
      <LevelTable levels={levels} />
      {evidence.length ? (
        <ul className="mt-2 space-y-0.5 text-xs text-slate-500">
          {evidence.map((item) => {
            const href = safeHttpUrl(item.url);
            return (
              <li key={`${item.source}-${item.citation ?? ''}`}>
                Evidence:{' '}
                {href ? (
                  <a href={href} className="text-brand-700 hover:underline" rel="noreferrer noopener" target="_blank">
                    {item.source}
                  </a>
                ) : (
                  item.source
                )}
                {item.citation ? ` — ${item.citation}` : ''}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
