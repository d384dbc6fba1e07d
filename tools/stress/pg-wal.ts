// What the run's PostgreSQL wrote to its write-ahead log, and what its sessions waited for, in the window and
// slice by slice: an experts' commit waits until the log is flushed up to it, so whatever the admin's jobs write
// before it is flushed on the commit's time. Read from pg_stat_wal, pg_stat_io (the WAL's writes and syncs) and
// pg_stat_checkpointer; the waits from pg_stat_activity, sampled.
import type pg from 'pg';

export interface WalCounters {
  bytes: number;
  /** Full-page images: a page's first change after a checkpoint logs the whole page. */
  fullPageImages: number;
  /** Times a session had to write the WAL buffers itself because they were full. */
  buffersFull: number;
  syncs: number;
  checkpoints: number;
}

export async function readWalCounters(db: pg.Pool): Promise<WalCounters> {
  const { rows } = await db.query<{ bytes: string; fpi: string; full: string; syncs: string | null; checkpoints: string }>(
    `SELECT w.wal_bytes AS bytes, w.wal_fpi AS fpi, w.wal_buffers_full AS full,
            (SELECT sum(fsyncs) FROM pg_stat_io WHERE object = 'wal') AS syncs,
            (SELECT num_timed + num_requested FROM pg_stat_checkpointer) AS checkpoints
       FROM pg_stat_wal w`,
  );
  const row = rows[0];
  return {
    bytes: Number(row?.bytes ?? 0),
    fullPageImages: Number(row?.fpi ?? 0),
    buffersFull: Number(row?.full ?? 0),
    syncs: Number(row?.syncs ?? 0),
    checkpoints: Number(row?.checkpoints ?? 0),
  };
}

export function walDelta(before: WalCounters, after: WalCounters): WalCounters {
  return {
    bytes: after.bytes - before.bytes,
    fullPageImages: after.fullPageImages - before.fullPageImages,
    buffersFull: after.buffersFull - before.buffersFull,
    syncs: after.syncs - before.syncs,
    checkpoints: after.checkpoints - before.checkpoints,
  };
}

/** What a session that was not idle was doing when sampled. */
export type WaitKind = 'cpu' | 'idleInTransaction' | 'wal' | 'lock' | 'io' | 'other';
export type WaitCounts = Record<WaitKind, number>;

export const emptyWaits = (): WaitCounts => ({ cpu: 0, idleInTransaction: 0, wal: 0, lock: 0, io: 0, other: 0 });

/** Sorts one pg_stat_activity row (state, wait_event_type, wait_event) into a kind. */
export function waitKind(state: string, type: string | null, event: string | null): WaitKind {
  if (state.startsWith('idle in transaction')) return 'idleInTransaction';
  if (type === null) return 'cpu';
  // WalSync and WalWrite (IO), WALWrite and WALInsert (LWLock).
  if (/^wal/i.test(event ?? '')) return 'wal';
  if (type === 'Lock' || type === 'LWLock') return 'lock';
  if (type === 'IO') return 'io';
  return 'other';
}

/** Samples the database's non-idle sessions (not its own) every intervalMs into the current counts. */
export class WaitSampler {
  private counts = emptyWaits();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly db: pg.Pool,
    private readonly intervalMs = 250,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sample(), this.intervalMs);
  }

  /** The counts since the last take, and a fresh start. */
  take(): WaitCounts {
    const counts = this.counts;
    this.counts = emptyWaits();
    return counts;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { rows } = await this.db.query<{ state: string; type: string | null; event: string | null }>(
        `SELECT state, wait_event_type AS type, wait_event AS event
           FROM pg_stat_activity
          WHERE datname = current_database() AND backend_type = 'client backend'
            AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'
            AND NOT (state = 'active' AND wait_event IS NOT DISTINCT FROM 'ClientRead')`,
      );
      for (const row of rows) this.counts[waitKind(row.state, row.type, row.event)] += 1;
    } catch {
      // A sample lost to a restart or a full pool is only a sample.
    } finally {
      this.busy = false;
    }
  }
}

export function formatWal(wal: WalCounters, windowS: number): string {
  const mb = wal.bytes / 1024 / 1024;
  return `write-ahead log in the window: ${mb.toFixed(0)} MB (${(mb / windowS).toFixed(1)} MB/s), ${wal.fullPageImages.toLocaleString('en')} full-page images, ${wal.syncs.toLocaleString('en')} syncs, ${wal.buffersFull.toLocaleString('en')} times the WAL buffers were full, ${wal.checkpoints} checkpoints`;
}
