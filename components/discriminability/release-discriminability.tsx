// A frozen release's rubric-quality score beside its concordance: per dataset, the proxy accuracy its manifest
// recorded. Releases frozen before the field existed say so instead of showing a number.
import { Facts } from '@/components/ui/facts';
import { pct } from '@/components/ui/format';
import type { ReleaseDiscriminability } from '@/lib/discriminability/release-discriminability';

export function ReleaseDiscriminabilityFacts({
  recorded,
  datasets,
  live = false,
}: {
  recorded: ReleaseDiscriminability[] | undefined;
  datasets: { id: number; name: string }[];
  /** A draft's figures, computed now rather than read from a manifest. */
  live?: boolean;
}) {
  if (!recorded) {
    return (
      <p className="text-sm text-slate-600" data-testid="release-discriminability">
        Not recorded: this release was frozen before discriminability existed.
      </p>
    );
  }
  if (recorded.length === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="release-discriminability">
        {live
          ? 'No proxy run has finished on the release’s datasets yet.'
          : 'No proxy run had finished on the release’s datasets when it was frozen.'}
      </p>
    );
  }
  return (
    <div data-testid="release-discriminability">
      <Facts
        items={recorded.map((entry) => [
          `Proxy accuracy, ${datasets.find((dataset) => dataset.id === entry.datasetId)?.name ?? `dataset ${entry.datasetId}`}`,
          `${pct(entry.accuracy)} (${entry.correct} of ${entry.predictions} predictions, both orders; run #${entry.runId})${
            entry.interval
              ? ` · 95% CI ${pct(entry.interval[0])}–${pct(entry.interval[1])}, design effect ${entry.designEffect?.toFixed(2) ?? '—'}`
              : ''
          }`,
        ])}
      />
    </div>
  );
}
