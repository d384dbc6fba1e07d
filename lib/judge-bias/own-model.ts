// Whether a response comes from the judge's own model: the app's assumption, stated on the diagnostics page and in
// docs/judge-bias.md. Source labels and model names are compared lower-cased, without a provider prefix
// ("openai/gpt-4o" → "gpt-4o") and without a "+…" suffix (the test double's behaviours).

const bare = (name: string) => (name.trim().toLowerCase().split('/').at(-1) ?? '').split('+')[0]?.trim() ?? '';

export function isOwnModel(sourceLabel: string, judgeModel: string): boolean {
  const judge = bare(judgeModel);
  return judge !== '' && bare(sourceLabel) === judge;
}

/** isOwnModel for one judge model, each source label compared once: a page asks it of every response. */
export function ownModelMatcher(judgeModel: string): (sourceLabel: string) => boolean {
  const known = new Map<string, boolean>();
  return (sourceLabel) => {
    let own = known.get(sourceLabel);
    if (own === undefined) {
      own = isOwnModel(sourceLabel, judgeModel);
      known.set(sourceLabel, own);
    }
    return own;
  };
}
