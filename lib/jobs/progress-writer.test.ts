import { describe, expect, it, vi } from 'vitest';
import { progressWriter } from '@/lib/jobs/progress-writer';

describe('progressWriter', () => {
  it('swallows a failed write: no unhandled rejection, and later writes still run in order', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const written: number[] = [];
      const writer = progressWriter<number>(
        async (value) => {
          if (value === 1) throw new Error('terminating connection due to administrator command');
          await new Promise((resolve) => setTimeout(resolve, value === 2 ? 20 : 0));
          written.push(value);
        },
        { everyMs: 0 },
      );
      writer.report(1);
      writer.report(2);
      writer.report(3);
      await expect(writer.settled()).resolves.toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(written).toEqual([2, 3]);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('throttles to one write per window unless forced', async () => {
    const written: string[] = [];
    const writer = progressWriter<string>(async (value) => void written.push(value), { everyMs: 60_000 });
    writer.report('first');
    writer.report('dropped');
    writer.report('final', { force: true });
    await writer.settled();
    expect(written).toEqual(['first', 'final']);
  });
});
