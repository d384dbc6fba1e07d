import type { Metadata } from 'next';
import { JudgeBreadcrumb } from '@/components/judge/breadcrumb';
import { EndpointForm } from '@/components/judge/endpoint-form';
import { Card, PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { judgeEnvRule } from '@/lib/judge/judge-env-names';

export const metadata: Metadata = { title: 'New endpoint' };

export default async function NewEndpointPage() {
  await requireSection('judge');
  return (
    <div className="mx-auto max-w-3xl">
      <JudgeBreadcrumb current="New endpoint" />
      <PageHeader
        title="New endpoint"
        description="Any OpenAI-compatible chat-completions server: a hosted API, vLLM, Ollama, or the judge test double."
      />
      <Card>
        <EndpointForm envRule={judgeEnvRule()} />
      </Card>
    </div>
  );
}
