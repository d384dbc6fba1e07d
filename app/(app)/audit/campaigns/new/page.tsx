import type { Metadata } from 'next';
import Link from 'next/link';
import { CampaignForm } from '@/components/audit/campaign-form';
import { PageHeader } from '@/components/ui/page-header';
import { getCampaignFormOptions } from '@/lib/audit/campaign-form-options';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'New campaign' };

export default async function NewCampaignPage() {
  await requireSection('admin');
  const options = await getCampaignFormOptions();
  return (
    <div className="mx-auto max-w-6xl">
      <nav aria-label="Breadcrumb" className="mb-2 text-xs text-slate-500">
        <Link href="/audit" className="hover:text-slate-800 hover:underline">
          Audit
        </Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">New campaign</span>
      </nav>
      <PageHeader
        title="New campaign"
        description="Choose the criteria to audit, by filters or as a seeded stratified sample, and the experts who judge them blind: k independent verdicts per criterion."
      />
      <CampaignForm options={options} />
    </div>
  );
}
