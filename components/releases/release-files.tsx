'use client';
// The exported files of a frozen release with their progress; while any is queued or running the page
// refreshes itself every second. Admins download through the streamed route (Range requests resume).
import { Badge } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import { useLiveJob } from '@/components/ui/live-job';

export interface ReleaseFileRow {
  id: number;
  format: string;
  label: string;
  fileName: string;
  status: string;
  progress: number;
  size: number | null;
  sha256: string | null;
  error: string | null;
}

const TONES = { SUCCEEDED: 'green', FAILED: 'red', RUNNING: 'blue', QUEUED: 'slate', CANCELLED: 'slate' } as const;

function bytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

export function ReleaseFiles({ releaseId, files, canDownload }: { releaseId: number; files: ReleaseFileRow[]; canDownload: boolean }) {
  useLiveJob(files.some((file) => file.status === 'QUEUED' || file.status === 'RUNNING'));
  return (
    <SimpleTable
      label="Exported files"
      head={
        <>
          <Th>Format</Th>
          <Th>File</Th>
          <Th>Status</Th>
          <Th align="right">Size</Th>
          <Th>SHA-256</Th>
        </>
      }
    >
      {files.map((file) => (
        <tr key={file.id}>
          <Td>{file.label}</Td>
          <Td>
            {file.status === 'SUCCEEDED' && canDownload ? (
              <a className="text-brand-700 underline" href={`/api/releases/${releaseId}/files/${file.id}`} download={file.fileName}>
                {file.fileName}
              </a>
            ) : (
              file.fileName
            )}
          </Td>
          <Td className="min-w-40">
            {file.status === 'RUNNING' || file.status === 'QUEUED' ? (
              <ProgressBar value={Math.round(file.progress * 100)} max={100} label={`Exporting ${file.fileName}`} />
            ) : (
              <Badge tone={TONES[file.status as keyof typeof TONES] ?? 'slate'} title={file.error ?? undefined}>
                {file.status.toLowerCase()}
              </Badge>
            )}
            {file.error && file.status === 'FAILED' ? <p className="mt-1 text-xs text-red-700">{file.error}</p> : null}
          </Td>
          <Td align="right" className="tabular-nums">
            {file.size === null ? '—' : bytes(file.size)}
          </Td>
          <Td className="font-mono text-xs break-all">{file.sha256 ?? '—'}</Td>
        </tr>
      ))}
    </SimpleTable>
  );
}
