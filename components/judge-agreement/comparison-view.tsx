// A/B of two grading runs against the same clinicians on the same items (server component): the run pickers
// (a GET form), the figures side by side and the paired difference of the balanced F1 with its interval.
import { fixed } from '@/components/ui/format';
import { Badge } from '@/components/ui/badge';
import { Card, Notice } from '@/components/ui/page-header';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { RunComparison } from '@/lib/judge-agreement/compare-runs';
import type { MetaEvaluation } from '@/lib/judge-agreement/compute-meta-evaluation';
import { BOOTSTRAP_RESAMPLES } from '@/lib/judge-agreement/schemas';

function RunPicker({
  name,
  label,
  runs,
  value,
}: {
  name: string;
  label: string;
  runs: { id: number; label: string }[];
  value: number | null;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-xs font-medium text-slate-600">{label}</span>
      <select name={name} defaultValue={value ?? ''} className="rounded-md border-slate-300 text-sm">
        <option value="">Choose a grading run</option>
        {runs.map((run) => (
          <option key={run.id} value={run.id}>
            {run.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const ROWS: { label: string; key: string; value: (e: MetaEvaluation) => number }[] = [
  { label: 'Balanced F1', key: 'balanced', value: (e) => e.total.judge.balancedF1.value },
  { label: 'F1 met', key: 'met', value: (e) => e.total.judge.met.f1.value },
  { label: 'F1 not met', key: 'not-met', value: (e) => e.total.judge.notMet.f1.value },
  { label: 'κ vs clinician majority', key: 'kappa', value: (e) => e.majority.kappa },
  { label: 'Clinicians’ ceiling', key: 'ceiling', value: (e) => e.total.ceiling.mean },
];

export function ComparisonView({
  runs,
  chosen,
  comparison,
}: {
  runs: { id: number; label: string }[];
  chosen: { a: number | null; b: number | null };
  comparison: RunComparison | null;
}) {
  const categories = comparison
    ? [...new Set([...comparison.a.breakdowns.category, ...comparison.b.breakdowns.category].map((g) => g.key))].sort()
    : [];
  return (
    <div className="space-y-6">
      <form method="get" aria-label="Choose two runs" className="flex flex-wrap items-end gap-3 text-sm">
        <RunPicker name="a" label="Run A" runs={runs} value={chosen.a} />
        <RunPicker name="b" label="Run B" runs={runs} value={chosen.b} />
        <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
          Compare
        </button>
      </form>
      {runs.length < 2 ? <Notice>Two grading runs with clinician-graded items are needed; {runs.length} so far.</Notice> : null}
      {comparison && comparison.a.total.items === 0 ? (
        <Notice>The two runs share no item that clinicians graded: grade the same responses with both.</Notice>
      ) : null}
      {comparison && comparison.a.total.items > 0 ? (
        <>
          <Card title={`On the ${comparison.a.total.items.toLocaleString('en')} items both runs and the clinicians graded`}>
            <SimpleTable
              label="Run A and run B side by side"
              head={
                <>
                  <Th />
                  <Th align="right">Run A (#{comparison.a.runId})</Th>
                  <Th align="right">Run B (#{comparison.b.runId})</Th>
                </>
              }
            >
              {ROWS.map((row) => (
                <tr key={row.key}>
                  <Th scope="row">{row.label}</Th>
                  <Td align="right" data-testid={`a-${row.key}`}>
                    {fixed(row.value(comparison.a))}
                  </Td>
                  <Td align="right" data-testid={`b-${row.key}`}>
                    {fixed(row.value(comparison.b))}
                  </Td>
                </tr>
              ))}
            </SimpleTable>
            <p className="mt-3 text-sm text-slate-700">
              Balanced F1, B − A:{' '}
              <span className="font-semibold tabular-nums" data-testid="difference">
                {fixed(comparison.difference)}
              </span>{' '}
              (95% CI {fixed(comparison.differenceInterval[0])} to {fixed(comparison.differenceInterval[1])}, queries resampled{' '}
              {BOOTSTRAP_RESAMPLES}× with both runs on each resample){' '}
              {comparison.differenceInterval[0] > 0 || comparison.differenceInterval[1] < 0 ? (
                <Badge tone="green">the interval excludes 0</Badge>
              ) : (
                <Badge tone="slate">the interval includes 0</Badge>
              )}
            </p>
          </Card>
          <Card title="By category">
            <SimpleTable
              label="Balanced F1 by category"
              head={
                <>
                  <Th>Category</Th>
                  <Th align="right">Items</Th>
                  <Th align="right">Run A</Th>
                  <Th align="right">Run B</Th>
                  <Th align="right">B − A</Th>
                  <Th align="right">Clinicians’ ceiling</Th>
                </>
              }
            >
              {categories.map((key) => {
                const a = comparison.a.breakdowns.category.find((g) => g.key === key);
                const b = comparison.b.breakdowns.category.find((g) => g.key === key);
                const av = a?.judge.balancedF1.value ?? Number.NaN;
                const bv = b?.judge.balancedF1.value ?? Number.NaN;
                return (
                  <tr key={key}>
                    <Td>{key}</Td>
                    <Td align="right">{a?.items ?? 0}</Td>
                    <Td align="right">{fixed(av)}</Td>
                    <Td align="right">{fixed(bv)}</Td>
                    <Td align="right">{fixed(bv - av)}</Td>
                    <Td align="right">{fixed(a?.ceiling.mean ?? Number.NaN)}</Td>
                  </tr>
                );
              })}
            </SimpleTable>
          </Card>
        </>
      ) : null}
    </div>
  );
}
