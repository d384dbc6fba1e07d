// Concordance of two versions side by side (strict and lenient, Wilson 95% intervals), and the steps of the
// loop that produce it: regenerate criteria under the new version, audit them, compare.
import Link from 'next/link';
import { interval, pct } from '@/components/ui/format';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/page-header';
import type { VersionConcordance } from '@/lib/meta-rubrics/compare-concordance';

function Column({ entry }: { entry: VersionConcordance }) {
  const counts = entry.counts;
  return (
    <section aria-label={`Concordance v${entry.number}`} className="rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <h3 className="mb-2 font-semibold text-slate-900">v{entry.number}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-500">Criteria audited</dt>
        <dd className="tabular-nums">{counts ? `${counts.criteria} (${counts.finalized} with a final decision)` : '0'}</dd>
        <dt className="text-slate-500">Strict concordance</dt>
        <dd className="tabular-nums" data-testid={`strict-v${entry.number}`}>
          {counts && !entry.reason ? `${pct(counts.strict.rate)} (95% CI ${interval(counts.strict)})` : '—'}
        </dd>
        <dt className="text-slate-500">Lenient concordance</dt>
        <dd className="tabular-nums">
          {counts && !entry.reason ? `${pct(counts.lenient.rate)} (95% CI ${interval(counts.lenient)})` : '—'}
        </dd>
      </dl>
      {entry.reason ? <p className="mt-2 text-xs text-slate-600">— {entry.reason}</p> : null}
    </section>
  );
}

export function VersionConcordancePanel({
  metaRubricId,
  entries,
  canRunJudge,
}: {
  metaRubricId: number;
  entries: VersionConcordance[];
  canRunJudge: boolean;
}) {
  const newer = entries[entries.length - 1];
  return (
    <Card title="Concordance by version">
      <div className="grid gap-3 md:grid-cols-2">
        {entries.map((entry) => (
          <Column key={entry.number} entry={entry} />
        ))}
      </div>
      {newer ? (
        <div className="mt-4 space-y-2 text-sm">
          <p className="text-slate-600">
            Adopt a principle change on evidence: regenerate criteria for a sample under the new version, audit them, then compare here.
          </p>
          {canRunJudge ? (
            <div className="flex flex-wrap gap-2">
              <Link className={buttonClasses('secondary')} href={`/judge/runs/new?kind=GENERATE&version=${newer.versionId}`}>
                Regenerate criteria for a sample under v{newer.number}
              </Link>
              <Link className={buttonClasses('secondary')} href="/audit/campaigns/new">
                Open an audit campaign on them
              </Link>
              <Link
                className={buttonClasses('secondary')}
                href={`/meta-rubrics/${metaRubricId}/compare?a=${entries[0]?.number}&b=${newer.number}`}
              >
                Compare concordance
              </Link>
            </div>
          ) : (
            <p className="text-xs text-slate-500">An admin starts judge runs and audit campaigns.</p>
          )}
        </div>
      ) : null}
    </Card>
  );
}
