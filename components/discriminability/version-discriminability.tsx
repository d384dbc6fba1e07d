// "Discriminability vA vs vB": beside the versions' concordance, how well each version's rubric separates the
// verified pairs (proxy accuracy, and the judge-graded score separation of its generated criteria).
import Link from 'next/link';
import { interval, pct } from '@/components/ui/format';
import { Card } from '@/components/ui/page-header';
import type { VersionDiscriminability } from '@/lib/discriminability/compare-discriminability';

function Column({ entry }: { entry: VersionDiscriminability }) {
  const accuracy = entry.proxy?.proxy.accuracy;
  const separation = entry.separation;
  return (
    <section aria-label={`Discriminability v${entry.number}`} className="rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <h3 className="mb-2 font-semibold text-slate-900">v{entry.number}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-500">Proxy accuracy</dt>
        <dd className="tabular-nums" data-testid={`proxy-v${entry.number}`}>
          {accuracy && accuracy.n > 0 ? `${pct(accuracy.rate)} (95% CI ${interval(accuracy)}, ${accuracy.n} predictions)` : '—'}
        </dd>
        <dt className="text-slate-500">Pairs ordered correctly</dt>
        <dd className="tabular-nums" data-testid={`separation-v${entry.number}`}>
          {separation
            ? `${pct(separation.correct.rate)} (95% CI ${interval(separation.correct)}; ${separation.ties.count} ties of ${separation.correct.n})`
            : '—'}
        </dd>
      </dl>
      {!accuracy || accuracy.n === 0 ? (
        <p className="mt-2 text-xs text-slate-600">— no finished proxy run over the criteria generated under v{entry.number} yet.</p>
      ) : null}
    </section>
  );
}

export function VersionDiscriminabilityPanel({ entries, canRunJudge }: { entries: VersionDiscriminability[]; canRunJudge: boolean }) {
  const [a, b] = entries;
  return (
    <Card title={`Discriminability ${a ? `v${a.number}` : ''} vs ${b ? `v${b.number}` : ''}`}>
      <p className="mb-3 text-sm text-slate-600">
        Usefulness beside validity: how well each version’s rubric predicts the preferred response of the verified pairs (proxy accuracy,
        both orders) and orders them by its judge-graded score.{' '}
        <Link href="/analytics/discriminability" className="text-brand-700 hover:underline">
          Every figure
        </Link>
        {canRunJudge && b ? (
          <>
            {' · '}
            <Link href={`/judge/runs/new?kind=PROXY&version=${b.versionId}`} className="text-brand-700 hover:underline">
              Proxy run over v{b.number}
            </Link>
          </>
        ) : null}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {entries.map((entry) => (
          <Column key={entry.number} entry={entry} />
        ))}
      </div>
    </Card>
  );
}
