// The rubric-quality score as a headline figure beside concordance: proxy accuracy with its interval and run.
import Link from 'next/link';
import { intervalDetail, pct } from '@/components/ui/format';
import { Stat } from '@/components/ui/stat';
import type { LatestProxyAccuracy } from '@/lib/discriminability/latest-proxy-accuracy';

export function ProxyAccuracyStat({ latest, href }: { latest: LatestProxyAccuracy | null; href: string }) {
  const accuracy = latest?.proxy.accuracy;
  return (
    <Stat
      label="Discriminability (proxy accuracy)"
      testId="proxy-accuracy"
      value={accuracy && accuracy.n > 0 ? pct(accuracy.rate) : '—'}
      detail={
        latest && accuracy && accuracy.n > 0 ? (
          <>
            {accuracy.count} of {accuracy.n} predictions name the preferred response · {intervalDetail(accuracy)} ·{' '}
            <Link href={href} className="text-brand-700 hover:underline">
              run #{latest.runId}
            </Link>
          </>
        ) : (
          <>
            — because no proxy run has finished yet ·{' '}
            <Link href={href} className="text-brand-700 hover:underline">
              discriminability
            </Link>
          </>
        )
      }
    />
  );
}
