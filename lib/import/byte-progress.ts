// Progress of a pass over the file, reported at most once per MiB read (a report may write the job row).
import type { ImportProgress } from '@/lib/import/import-file';

/** A function of the bytes read so far that reports fraction = from + span · bytesRead / size once per MiB. */
export function byteProgress(
  onProgress: ((progress: ImportProgress) => void | Promise<void>) | undefined,
  phase: ImportProgress['phase'],
  { from, span, size }: { from: number; span: number; size: number },
): (bytesRead: number) => Promise<void> {
  let last = 0;
  return async (bytesRead) => {
    if (bytesRead - last <= 1024 * 1024) return;
    last = bytesRead;
    await onProgress?.({ phase, fraction: from + span * (bytesRead / size) });
  };
}
