// Formats with one text field per criterion (HealthBench's `criterion`, QuarkMedBench's Title when levels take
// its Description) must still carry the whole final text: the title and the description, composed, unless one
// already holds the other (HealthBench imports make the title the description's first sentence, so an
// untouched one is released as it came; a reviewer's new title is released beside the description).

/** The criterion's title and description as one text, without repeating what one of them already says. */
export function composeCriterionText(title: string, description: string): string {
  const t = title.trim();
  const d = description.trim();
  if (!d || d === t) return t;
  if (!t || d.startsWith(t)) return d;
  return `${t}\n\n${d}`;
}
