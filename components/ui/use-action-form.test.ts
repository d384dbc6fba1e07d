// Every form calls its actions through useActionForm (components/ui/use-action-form.ts): a component that
// calls useActionState, focuses its own first error or feeds an action's field errors into its own state is
// re-implementing the plumbing, and its errors can drift from the hook's (no aria link, no focus, lost values).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const HOOK = 'components/ui/use-action-form.ts';
/**
 * Autosaving screens, not forms: their errors belong to one criterion's card or mark (keyed per criterion),
 * which the screen's own hooks place; they submit nothing through a <form>.
 */
const SCREENS = new Set([
  'components/audit/audit-screen.tsx',
  'components/audit/use-verdict-drafts.ts',
  'components/pairwise/use-review-drafts.ts',
]);

const PLUMBING: [RegExp, string][] = [
  [/\buseActionState\s*[<(]/, 'calls useActionState'],
  [/\buseFocusFirstError\s*\(/, 'focuses its first error itself'],
  [/\bset[A-Z]\w*\(\s*[\w.]*\.fieldErrors\b/, "puts an action's field errors into its own state"],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The files of components/ and app/ that re-implement the action-form plumbing, with what they do. */
function findFormPlumbing(root: string): string[] {
  return ['components', 'app']
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((file) => file !== HOOK && !file.startsWith('components/ui/use-focus-first-error'))
    .flatMap((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return PLUMBING.filter(([pattern]) => pattern.test(text))
        .filter(([, what]) => !(SCREENS.has(file) && what.includes('field errors')))
        .map(([, what]) => `${file} ${what}`);
    });
}

describe('the action-form hook', () => {
  it('is the only place in components/ and app/ that holds a form’s action state and errors', () => {
    expect(findFormPlumbing(ROOT)).toEqual([]);
  });

  it('recognises each kind of re-implemented plumbing', () => {
    const samples = [
      'const [state, formAction, pending] = useActionState<State, FormData>(act, {});',
      'const focusFirstError = useFocusFirstError(formRef);',
      'if (!result.ok) setErrors(result.fieldErrors ?? {});',
    ];
    for (const [index, sample] of samples.entries()) expect(PLUMBING[index]?.[0].test(sample)).toBe(true);
    expect(PLUMBING.some(([pattern]) => pattern.test('const { errors, submit } = useActionForm();'))).toBe(false);
  });
});
