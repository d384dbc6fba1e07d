import type { Metadata } from 'next';
import { JudgeBreadcrumb } from '@/components/judge/breadcrumb';
import { PromptTemplateView } from '@/components/judge/prompt-template';
import { TemplateNotes } from '@/components/judge/template-notes';
import { PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { CURRENT_TEMPLATE_VERSION, type TemplateName, loadTemplate } from '@/lib/judge/prompts';
import { listPromptTemplateNotes } from '@/lib/judge-agreement/list-prompt-template-notes';

export const metadata: Metadata = { title: 'Prompt templates' };

export default async function PromptsPage() {
  await requireSection('judge');
  const templates = (Object.keys(CURRENT_TEMPLATE_VERSION) as TemplateName[]).map((name) => loadTemplate(name));
  const notes = await listPromptTemplateNotes();
  return (
    <div className="mx-auto max-w-5xl">
      <JudgeBreadcrumb current="Prompt templates" />
      <PageHeader
        title="Prompt templates"
        description="The judge’s prompts as versioned files in the repository (lib/judge/prompts/<name>.<version>.md). A change is a new version; runs name the version they used."
      />
      <div className="space-y-5">
        {templates.map((template) => (
          <div key={`${template.name}.${template.version}`}>
            <PromptTemplateView template={template} />
            <TemplateNotes name={template.name} notes={notes.filter((note) => note.templateName === template.name)} />
          </div>
        ))}
      </div>
    </div>
  );
}
