// What the last Test connection of an endpoint found: the mode that worked (or that none did), its latency,
// the model name the server reported, when, and each probe's outcome. Shown on the endpoint's page (whole)
// and in the endpoint list (the summary line).
import { formatDate } from '@/components/ui/format';
import { ERROR_CLASS_LABELS, OUTPUT_MODE_LABELS, formatMs } from '@/components/judge/labels';
import { Badge } from '@/components/ui/badge';
import type { JudgeErrorClass } from '@/lib/generated/prisma/enums';
import type { ConnectionTest } from '@/lib/judge/connection-test';

export function ConnectionTestSummary({ test }: { test: ConnectionTest | null }) {
  if (!test) return <span className="text-xs text-slate-500">Not tested</span>;
  return (
    <span className="text-xs text-slate-600" data-testid="connection-test-summary">
      {test.mode ? `${OUTPUT_MODE_LABELS[test.mode].label} worked` : <Badge tone="red">No mode worked</Badge>} · {formatMs(test.latencyMs)}{' '}
      · <time dateTime={test.testedAt}>{formatDate(test.testedAt, true)}</time>
      {test.serverModel ? (
        <span className="block max-w-64 truncate font-mono" title={`The server's model name: ${test.serverModel}`}>
          {test.serverModel}
        </span>
      ) : null}
    </span>
  );
}

export function ConnectionTestDetails({ test }: { test: ConnectionTest }) {
  return (
    <div className="space-y-2" data-testid="connection-test-result">
      <p className="text-sm text-slate-800">
        {test.mode ? (
          <>
            Detected mode: <strong data-testid="detected-mode">{OUTPUT_MODE_LABELS[test.mode].label}</strong>
          </>
        ) : (
          <strong className="text-red-700" data-testid="detected-mode">
            No mode worked
          </strong>
        )}
        {' · '}latency <span data-testid="connection-latency">{formatMs(test.latencyMs)}</span>
        {' · '}server model{' '}
        <span className="font-mono" data-testid="connection-server-model">
          {test.serverModel ?? '—'}
        </span>
        {' · '}tested <time dateTime={test.testedAt}>{formatDate(test.testedAt, true)}</time>
      </p>
      <ol className="space-y-1 text-xs" aria-label="Probes">
        {test.probes.map((probe) => (
          <li key={probe.mode} className="flex flex-wrap items-baseline gap-2" data-testid={`probe-${probe.mode}`}>
            <Badge tone={probe.ok ? 'green' : 'red'}>{probe.ok ? 'Worked' : 'Failed'}</Badge>
            <span className="font-medium text-slate-800">{OUTPUT_MODE_LABELS[probe.mode].label}</span>
            <span className="text-slate-500">{formatMs(probe.latencyMs)}</span>
            {probe.errorClass ? (
              <span className="text-red-700">{ERROR_CLASS_LABELS[probe.errorClass as JudgeErrorClass]?.label ?? probe.errorClass}</span>
            ) : null}
            <span className="min-w-0 break-words text-slate-600">{probe.message}</span>
            {probe.reasoning ? <Badge tone="violet">reasoning split off</Badge> : null}
            {probe.usage ? null : <Badge tone="amber">no usage reported</Badge>}
          </li>
        ))}
      </ol>
    </div>
  );
}
