// Reading a form's values for a typed action call (forms that submit with onSubmit, so React never resets them).
/** The trimmed text of a field, or undefined when it is empty or absent. */
export function formText(data: FormData, key: string): string | undefined {
  const value = data.get(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Every string value of a repeated field (ticked checkboxes). */
export function formStrings(data: FormData, key: string): string[] {
  return data.getAll(key).filter((value): value is string => typeof value === 'string');
}
