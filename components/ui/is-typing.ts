// Whether a key press belongs to a field being typed in; keyboard-first screens keep their shortcuts out of
// the way then (the audit screen, the pairwise review).
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'number', 'password', 'url', 'tel', 'date', 'datetime-local']);

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type);
}
