// Whether a response comes from the judge's own model: the app's assumption, stated on the diagnostics page and in
// docs/judge-bias.md. Source labels and model names are compared lower-cased, without a provider prefix
// ("openai/gpt-4o" → "gpt-4o") and without a "+…" suffix (the test double's behaviours).

const bare = (name: string) => (name.trim().toLowerCase().split('/').at(-1) ?? '').split('+')[0]?.trim() ?? '';

export function isOwnModel(sourceLabel: string, judgeModel: string): boolean {
  const judge = bare(judgeModel);
  return judge !== '' && bare(sourceLabel) === judge;
}
