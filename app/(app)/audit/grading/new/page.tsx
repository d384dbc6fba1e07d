// /audit/grading/new – admins create a grading campaign (clinicians grade sampled responses blind).
import type { Metadata } from 'next';
import Link from 'next/link';
import { GradingCampaignForm } from '@/components/grading/grading-campaign-form';
import { PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { getGradingFormOptions } from '@/lib/grading/grading-form-options';

export const metadata: Metadata = { title: 'New grading campaign' };

export default async function NewGradingCampaignPage() {
  await requireSection('admin');
  const options = await getGradingFormOptions();
  return (
    <div className="mx-auto max-w-6xl">
      <nav aria-label="Breadcrumb" className="mb-2 text-xs text-slate-500">
        <Link href="/audit" className="hover:text-slate-800 hover:underline">
          Audit
        </Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">New grading campaign</span>
      </nav>
      <PageHeader
        title="New grading campaign"
        description="Clinicians grade sampled responses against their query's criteria, met / not met, blind: never the model, whether an answer is the reference one, the judge's grades or each other's."
      />
      <GradingCampaignForm options={options} />
    </div>
  );
}
