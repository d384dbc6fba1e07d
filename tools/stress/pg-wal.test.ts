import { describe, expect, it } from 'vitest';
import { formatWal, waitKind, walDelta } from '@/tools/stress/pg-wal';

describe("the run's write-ahead log and wait figures", () => {
  it('sorts a sampled session by what it was doing', () => {
    expect(waitKind('active', null, null)).toBe('cpu');
    expect(waitKind('idle in transaction', 'Client', 'ClientRead')).toBe('idleInTransaction');
    expect(waitKind('idle in transaction (aborted)', 'Client', 'ClientRead')).toBe('idleInTransaction');
    expect(waitKind('active', 'IO', 'WalSync')).toBe('wal');
    expect(waitKind('active', 'IO', 'WalWrite')).toBe('wal');
    expect(waitKind('active', 'LWLock', 'WALWrite')).toBe('wal');
    expect(waitKind('active', 'LWLock', 'WALInsert')).toBe('wal');
    expect(waitKind('active', 'Lock', 'transactionid')).toBe('lock');
    expect(waitKind('active', 'LWLock', 'BufferContent')).toBe('lock');
    expect(waitKind('active', 'IO', 'DataFileRead')).toBe('io');
    expect(waitKind('active', 'Timeout', 'PgSleep')).toBe('other');
  });

  it('reports the difference of two readings', () => {
    const before = { bytes: 1_048_576, fullPageImages: 10, buffersFull: 1, syncs: 5, checkpoints: 2 };
    const after = { bytes: 11_534_336, fullPageImages: 25, buffersFull: 1, syncs: 9, checkpoints: 3 };
    const delta = walDelta(before, after);
    expect(delta).toEqual({ bytes: 10_485_760, fullPageImages: 15, buffersFull: 0, syncs: 4, checkpoints: 1 });
    expect(formatWal(delta, 5)).toBe(
      'write-ahead log in the window: 10 MB (2.0 MB/s), 15 full-page images, 4 syncs, 0 times the WAL buffers were full, 1 checkpoints',
    );
  });
});
