// The criteria flagged on the discriminability page: non-discriminating (met by every response of the verified
// pairs, or by none) and inverted (met more often by the worse response; for a pitfall, by the better one). Each
// links to the criterion and to a meta-rubric proposal that cites it as evidence.
import Link from 'next/link';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { CriterionDiscrimination } from '@/lib/discriminability/compute-discriminability';
import { citeHref } from '@/lib/meta-rubrics/cite';

const LIMIT = 100;

export function CriterionFlagList({ title, criteria, testId }: { title: string; criteria: CriterionDiscrimination[]; testId: string }) {
  return (
    <section aria-labelledby={`${testId}-title`} className="min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 id={`${testId}-title`} className="mb-2 text-sm font-semibold text-slate-900">
        {title}{' '}
        <span className="font-normal text-slate-500" data-testid={`${testId}-count`}>
          ({criteria.length})
        </span>
      </h3>
      {criteria.length === 0 ? (
        <p className="text-sm text-slate-500">None.</p>
      ) : (
        <SimpleTable
          label={title}
          head={
            <>
              <Th>Criterion</Th>
              <Th>Query</Th>
              <Th>Points</Th>
              <Th>Score</Th>
              <Th>Met by preferred</Th>
              <Th>Met by other</Th>
              <Th>Cite</Th>
            </>
          }
        >
          {criteria.slice(0, LIMIT).map((criterion) => (
            <tr key={`${criterion.criterionId}-${criterion.source}`} data-testid={`${testId}-row`}>
              <Td>
                <Link href={`/criteria?open=${criterion.criterionId}`} className="font-medium text-brand-700 hover:underline">
                  {criterion.title}
                </Link>
              </Td>
              <Td className="font-mono text-xs">{criterion.queryExternalId}</Td>
              <Td className="tabular-nums">{criterion.points}</Td>
              <Td>{criterion.source === 'judge' ? 'Judge' : 'Clinicians'}</Td>
              <Td className="tabular-nums">
                {criterion.metByPreferred} of {criterion.pairs}
              </Td>
              <Td className="tabular-nums">
                {criterion.metByOther} of {criterion.pairs}
              </Td>
              <Td>
                <Link href={citeHref(criterion.criterionId, criterion.metaRubricId)} className="text-brand-700 hover:underline">
                  Cite in a proposal
                </Link>
              </Td>
            </tr>
          ))}
        </SimpleTable>
      )}
      {criteria.length > LIMIT ? (
        <p className="mt-2 text-xs text-slate-500">
          Showing {LIMIT} of {criteria.length}; the CSV lists more.
        </p>
      ) : null}
    </section>
  );
}
