// An error a screen reader cannot reach is an error the user never hears: every field error the shared field
// components render must be the description (aria-describedby) of an invalid (aria-invalid) control, and a
// form's own error notice must be an alert that describes the form. Rendered to static markup, no DOM needed.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CriterionFields } from '@/components/audit/criterion-fields';
import { FieldErrors, FormNotice, SelectField, TextAreaField, TextField, errorAttributes } from '@/components/ui/field';

interface Tag {
  name: string;
  attributes: Record<string, string>;
}

function openingTags(markup: string): { tag: Tag; index: number }[] {
  return [...markup.matchAll(/<([a-z]+)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>/g)].map((match) => ({
    index: match.index,
    tag: {
      name: match[1] ?? '',
      attributes: Object.fromEntries([...(match[2] ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1] ?? '', a[2] ?? ''])),
    },
  }));
}

/** Each error text that is not rendered, or not tied to an invalid control by aria-describedby. */
function unreachableErrors(element: ReactElement, errors: string[]): string[] {
  const markup = renderToStaticMarkup(element);
  const tags = openingTags(markup);
  return errors.flatMap((error) => {
    const at = markup.indexOf(error);
    if (at < 0) return [`"${error}" is not rendered`];
    const holder = tags.filter(({ index }) => index < at).at(-1)?.tag;
    const id = holder?.attributes.id;
    if (!id) return [`"${error}" is in an element without an id`];
    const described = tags.filter(({ tag }) => (tag.attributes['aria-describedby'] ?? '').split(/\s+/).includes(id));
    if (described.length === 0) return [`"${error}" (#${id}) describes no control`];
    if (!described.some(({ tag }) => tag.attributes['aria-invalid'] === 'true'))
      return [`"${error}" (#${id}) describes no invalid control`];
    return [];
  });
}

describe('field errors', () => {
  it('are tied to their control in the text, select and text-area fields', () => {
    expect(
      unreachableErrors(<TextField label="Name" name="name" errors={['Name the campaign']} hint="Shown to experts" />, [
        'Name the campaign',
      ]),
    ).toEqual([]);
    expect(
      unreachableErrors(
        <SelectField label="Role" name="role" errors={['Choose a role']}>
          <option value="EXPERT">Expert</option>
        </SelectField>,
        ['Choose a role'],
      ),
    ).toEqual([]);
    expect(unreachableErrors(<TextAreaField label="Note" name="note" errors={['Write a note']} />, ['Write a note'])).toEqual([]);
  });

  it('are tied to their control in a hand-built field (errorAttributes + FieldErrors)', () => {
    expect(
      unreachableErrors(
        <div>
          <input id="dataset" {...errorAttributes('dataset-error', ['Name the dataset'])} />
          <FieldErrors id="dataset-error" errors={['Name the dataset']} />
        </div>,
        ['Name the dataset'],
      ),
    ).toEqual([]);
  });

  it('are all shown, each at its control, in the criterion text fields', () => {
    const errors = {
      title: ['The title cannot be empty'],
      description: ['The description is too long'],
      tier: ['Choose a tier'],
      points: ['Points must be a number'],
    };
    const value = { title: '', description: '', tier: 'IMPORTANT' as const, points: 4 };
    expect(
      unreachableErrors(<CriterionFields idPrefix="p" value={value} onChange={() => {}} errors={errors} />, Object.values(errors).flat()),
    ).toEqual([]);
  });

  it('are caught when an error is shown but describes nothing', () => {
    expect(
      unreachableErrors(
        <div>
          <input id="dataset" />
          <FieldErrors id="dataset-error" errors={['Name the dataset']} />
        </div>,
        ['Name the dataset'],
      ),
    ).toEqual(['"Name the dataset" (#dataset-error) describes no control']);
  });
});

describe('a form’s own notice', () => {
  it('is an alert when it is an error, and the form’s description', () => {
    const markup = renderToStaticMarkup(
      <form aria-describedby="f-notice">
        <FormNotice notice={{ tone: 'error', text: 'Nothing was saved', id: 'f-notice' }} />
      </form>,
    );
    const notice = openingTags(markup).find(({ tag }) => tag.attributes.id === 'f-notice')?.tag;
    expect(notice?.attributes.role).toBe('alert');
    for (const inline of [false, true]) {
      const html = renderToStaticMarkup(<FormNotice inline={inline} notice={{ tone: 'error', text: 'Refused', id: 'n' }} />);
      expect(html).toMatch(/id="n"[^>]*role="alert"|role="alert"[^>]*id="n"/);
    }
  });
});
