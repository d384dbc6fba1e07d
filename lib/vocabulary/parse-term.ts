// Narrows a string from the wire or a form control to one of the vocabulary's terms, without a cast: a value
// outside the vocabulary becomes null (lists drop it), so an unknown word can never pass for a known one.

export function parseTerm<T extends string>(terms: readonly T[], value: string | null | undefined): T | null {
  return terms.find((term) => term === value) ?? null;
}

export function parseTerms<T extends string>(terms: readonly T[], values: readonly string[]): T[] {
  return terms.filter((term) => values.includes(term));
}
