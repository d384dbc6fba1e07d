import { describe, expect, it } from 'vitest';
import { toMessages } from './conversation';
import { changedFields, safeHttpUrl, toConsensus, toEvidence, toLevels } from './detail-json';

describe('detail JSON guards', () => {
  it('keeps well-formed messages in order and drops the rest', () => {
    expect(
      toMessages([{ role: 'user', content: '胸口痛' }, { role: 'assistant' }, 'text', null, { role: 'assistant', content: '<b>hi</b>' }]),
    ).toEqual([
      { role: 'user', content: '胸口痛' },
      { role: 'assistant', content: '<b>hi</b>' },
    ]);
    expect(toMessages({ role: 'user', content: 'x' })).toEqual([]);
  });

  it('reads level descriptors, defaulting a missing description to empty', () => {
    expect(toLevels([{ label: 'Not Met', description: 'No' }, { label: 'Fully Met' }, { description: 'no label' }, 3])).toEqual([
      { label: 'Not Met', description: 'No' },
      { label: 'Fully Met', description: '' },
    ]);
    expect(toLevels(null)).toEqual([]);
  });

  it('reads evidence and links only http(s) URLs', () => {
    expect(toEvidence([{ source: 'Guideline', citation: 'p. 3', url: 'https://example.org/g' }, { citation: 'orphan' }])).toEqual([
      { source: 'Guideline', citation: 'p. 3', url: 'https://example.org/g' },
    ]);
    expect(safeHttpUrl('https://example.org/a?b=1')).toBe('https://example.org/a?b=1');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,<script>')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });

  it('reads consensus votes', () => {
    expect(toConsensus({ votes: 2, of: 3, models: ['a', 4, 'b'] })).toEqual({ votes: 2, of: 3, models: ['a', 'b'] });
    expect(toConsensus({ votes: 2, of: 3 })).toEqual({ votes: 2, of: 3, models: [] });
    expect(toConsensus({ votes: '2', of: 3 })).toBeNull();
    expect(toConsensus(null)).toBeNull();
  });

  it('lists the fields an audit event changed', () => {
    expect(changedFields({ status: 'PENDING', title: 'A', tags: ['x'] }, { status: 'VERIFIED', title: 'A', tags: ['x', 'y'] })).toEqual([
      'status',
      'tags',
    ]);
    expect(changedFields(null, { status: 'PENDING' })).toEqual(['status']);
    expect(changedFields(null, null)).toEqual([]);
  });
});
