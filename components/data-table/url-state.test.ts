import { describe, expect, it } from 'vitest';
import { applyPatch, sortingFromParams, sortingToPatch, visibilityFromParam, visibilityToParam } from './url-state';

const keys = { defaultSort: 'id', sortable: ['id', 'title', 'points'] };

describe('applyPatch', () => {
  it('sets, replaces and removes parameters and keeps the others', () => {
    expect(applyPatch('tier=ESSENTIAL&q=chest', { tier: 'PITFALL', q: null, dataset: '3' })).toBe('tier=PITFALL&dataset=3');
    expect(applyPatch('q=chest', { q: '' })).toBe('');
    expect(applyPatch('q=chest', { q: undefined })).toBe('');
  });

  it('drops the cursor and page only when asked (a sort or filter change)', () => {
    const url = 'tier=ESSENTIAL&after=abc&page=2&hide=tags';
    expect(applyPatch(url, { hide: 'tags,category' })).toBe('tier=ESSENTIAL&after=abc&page=2&hide=tags%2Ccategory');
    expect(applyPatch(url, { tier: 'PITFALL' }, { resetPage: true })).toBe('tier=PITFALL&hide=tags');
    expect(applyPatch('before=xyz&page=3', {}, { resetPage: true })).toBe('');
  });

  it('lets a patch set a new cursor after the old one is dropped', () => {
    expect(applyPatch('before=old&page=3', { after: 'new', page: '4' }, { resetPage: true })).toBe('after=new&page=4');
  });

  it('round-trips text that needs escaping', () => {
    const query = applyPatch('', { q: 'a&b=c 胸痛 %_' });
    expect(new URLSearchParams(query).get('q')).toBe('a&b=c 胸痛 %_');
  });
});

describe('sorting', () => {
  it('reads the sorted column and direction, falling back to the default for unknown columns', () => {
    expect(sortingFromParams(new URLSearchParams('sort=points&dir=desc'), keys)).toEqual([{ id: 'points', desc: true }]);
    expect(sortingFromParams(new URLSearchParams('sort=tags&dir=desc'), keys)).toEqual([{ id: 'id', desc: true }]);
    expect(sortingFromParams(new URLSearchParams(''), keys)).toEqual([{ id: 'id', desc: false }]);
    expect(sortingFromParams(new URLSearchParams('sort=title&dir=sideways'), keys)).toEqual([{ id: 'title', desc: false }]);
  });

  it('writes the default as no parameters', () => {
    expect(sortingToPatch([{ id: 'points', desc: true }], keys)).toEqual({ sort: 'points', dir: 'desc' });
    expect(sortingToPatch([{ id: 'id', desc: false }], keys)).toEqual({ sort: null, dir: null });
    expect(sortingToPatch([{ id: 'id', desc: true }], keys)).toEqual({ sort: null, dir: 'desc' });
    expect(sortingToPatch([], keys)).toEqual({ sort: null, dir: null });
  });

  it('uses custom parameter names', () => {
    const custom = { ...keys, sortKey: 's', dirKey: 'd' };
    expect(sortingFromParams(new URLSearchParams('s=title&d=desc'), custom)).toEqual([{ id: 'title', desc: true }]);
    expect(sortingToPatch([{ id: 'title', desc: false }], custom)).toEqual({ s: 'title', d: null });
  });
});

describe('column visibility', () => {
  it('maps a comma-separated list to explicit false entries, ignoring blanks and unknown ids', () => {
    expect(visibilityFromParam('tags, category,,', ['tags', 'category'])).toEqual({ tags: false, category: false });
    expect(visibilityFromParam('tags,nope', ['tags'])).toEqual({ tags: false });
    expect(visibilityFromParam(null)).toEqual({});
  });

  it('writes hidden columns sorted, and nothing when all are visible', () => {
    expect(visibilityToParam({ tags: false, category: false, title: true })).toBe('category,tags');
    expect(visibilityToParam({ title: true })).toBeNull();
    expect(visibilityToParam({})).toBeNull();
  });

  it('round-trips', () => {
    const hidden = { department: false, updatedAt: false };
    expect(visibilityFromParam(visibilityToParam(hidden))).toEqual(hidden);
  });
});
