// One prompt template file as stored in the repository, with its placeholders.
import { scrollableProps } from '@/components/ui/scroll-region';
import { Card } from '@/components/ui/page-header';
import type { PromptTemplate } from '@/lib/judge/prompts';

const PURPOSE: Record<PromptTemplate['name'], string> = {
  grade: 'Grading: is one rubric item met by one response?',
  generate: 'Generation: a rubric for one query under a meta-rubric.',
  pairwise: 'Pairwise: two responses compared on adaptive criteria.',
  verify: 'Verifiable rubric: does one response satisfy one hard constraint (yes or no)? Gates the pairwise verdict.',
  proxy: 'Proxy verification: which of two responses does the rubric alone favour? Scores the rubric (discriminability).',
};

export function PromptTemplateView({ template }: { template: PromptTemplate }) {
  const id = `${template.name}.${template.version}`;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4">
      <Card>
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
            <span className="font-mono">{template.name}</span> <span className="font-mono text-slate-500">{template.version}</span>
          </h2>
          <span className="font-mono text-xs text-slate-500">lib/judge/prompts/{id}.md</span>
        </div>
        <p className="mb-2 text-sm text-slate-600">{PURPOSE[template.name]}</p>
        <p className="mb-3 text-xs text-slate-600">
          Placeholders:{' '}
          {template.placeholders.map((name) => (
            <code key={name} className="mr-1 rounded bg-slate-100 px-1 py-0.5">{`{{${name}}}`}</code>
          ))}
        </p>
        <pre
          {...scrollableProps(`Template ${id}`)}
          className="max-h-[36rem] overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap break-words text-slate-800 ring-1 ring-slate-100"
        >
          {template.source}
        </pre>
      </Card>
    </section>
  );
}
