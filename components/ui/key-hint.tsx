// A shortcut's key shown on a control: seen, not spoken. The control's name stays its words ("Accept") and
// aria-keyshortcuts tells assistive technology the key, so a screen reader no longer reads "1 Accept".
export function KeyHint({ keys, className = '' }: { keys: string | undefined; className?: string }) {
  if (!keys) return null;
  return (
    <span aria-hidden="true">
      <kbd className={className}>{keys}</kbd>
    </span>
  );
}
