import { Card, PageHeader } from '@/components/ui/page-header';

/** A section whose screens arrive with a later issue: it renders, says so, and links nowhere broken. */
export function ComingSoon({ title, issue, summary }: { title: string; issue: number; summary: string }) {
  return (
    <>
      <PageHeader title={title} description={summary} />
      <Card>
        <p className="text-sm text-slate-600">This section is planned in issue #{issue} and is not available yet.</p>
      </Card>
    </>
  );
}
