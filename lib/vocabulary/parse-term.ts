// Narrows a string from the wire or a form control to one of the vocabulary's terms, without a cast: a value
// outside the vocabulary becomes null so an unknown word can never pass for a known one.

export function parseTerm<T extends string>(terms: readonly T[], value: string | null | undefined): T | null {
  return terms.find((term) => term === value) ?? null;
}
