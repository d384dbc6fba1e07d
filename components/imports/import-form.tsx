'use client';
// Upload a benchmark file: the bytes go up with a progress bar (XHR reports upload progress, fetch does
// not), then the page opens the import's job (?job=), which components/imports/import-job.tsx follows live.
import { useRouter } from 'next/navigation';
import { type FormEvent, useRef, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { FieldErrors, inputClasses } from '@/components/ui/field';
import { Notice } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import { FORMAT_LABELS, FORMATS } from '@/lib/import/formats/detect';

type Phase = { kind: 'idle' } | { kind: 'uploading'; loaded: number; total: number };

function upload(url: string, file: File, onProgress: (loaded: number, total: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.onprogress = (event) => onProgress(event.loaded, event.total || file.size);
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = { error: `The server answered ${request.status}.` };
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    request.send(file);
  });
}

/** `jobRunning`: the import the page shows is still running (one at a time from this form). */
export function ImportForm({ datasets, jobRunning }: { datasets: string[]; jobRunning: boolean }) {
  const router = useRouter();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [opening, startOpening] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setError(null);
    setFieldErrors({});
    if (!file) {
      setFieldErrors({ file: ['Choose a file to import'] });
      return;
    }
    const params = new URLSearchParams({
      dataset: String(data.get('dataset') ?? ''),
      format: String(data.get('format') ?? 'auto'),
      skipInvalid: data.get('skipInvalid') ? 'true' : 'false',
    });
    setPhase({ kind: 'uploading', loaded: 0, total: file.size });
    try {
      const response = await upload(`/api/imports?${params}`, file, (loaded, total) => setPhase({ kind: 'uploading', loaded, total }));
      const body = response.body as { id?: number; error?: string; fieldErrors?: Record<string, string[]> };
      if (response.status !== 202 || !body.id) {
        setPhase({ kind: 'idle' });
        setError(body.error ?? `The upload was refused (${response.status}).`);
        setFieldErrors(body.fieldErrors ?? {});
        return;
      }
      // The upload bar stays until the page shows the job.
      startOpening(() => {
        router.push(`/datasets/import?job=${body.id}`);
        setPhase({ kind: 'idle' });
      });
    } catch (uploadError) {
      setPhase({ kind: 'idle' });
      setError(uploadError instanceof Error ? uploadError.message : 'The upload failed.');
    }
  };

  const busy = phase.kind === 'uploading' || opening || jobRunning;
  return (
    <div className="space-y-6">
      <form onSubmit={(event) => void submit(event)} className="space-y-4" aria-label="Import a file" noValidate>
        {error ? <Notice tone="error">{error}</Notice> : null}
        <div>
          <span className="mb-1 block text-sm font-medium text-slate-700" id="file-label">
            File
          </span>
          <label
            htmlFor="file"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              const dropped = event.dataTransfer.files[0];
              if (dropped) setFile(dropped);
            }}
            className={`flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-8 text-center text-sm ${
              dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white hover:border-slate-400'
            }`}
          >
            {file ? (
              <span>
                <span className="font-medium text-slate-900">{file.name}</span>{' '}
                <span className="text-slate-500">({(file.size / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} KB)</span>
              </span>
            ) : (
              <span className="text-slate-600">Drop a .jsonl, .json or .csv file here, or click to choose one</span>
            )}
            <input
              ref={fileInput}
              id="file"
              name="file"
              type="file"
              accept=".jsonl,.json,.csv,.ndjson,.txt"
              className="sr-only"
              aria-labelledby="file-label"
              aria-describedby={fieldErrors.file ? 'file-error' : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </label>
          <FieldErrors id="file-error" errors={fieldErrors.file ?? fieldErrors.fileName} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="dataset" className="mb-1 block text-sm font-medium text-slate-700">
              Dataset
            </label>
            <input
              id="dataset"
              name="dataset"
              list="dataset-names"
              className={inputClasses}
              aria-invalid={fieldErrors.dataset ? true : undefined}
              aria-describedby={fieldErrors.dataset ? 'dataset-error' : 'dataset-hint'}
              placeholder="New or existing dataset name"
            />
            <datalist id="dataset-names">
              {datasets.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <p id="dataset-hint" className="mt-1 text-xs text-slate-500">
              Records with ids already in the dataset are updated, never duplicated.
            </p>
            <FieldErrors id="dataset-error" errors={fieldErrors.dataset} />
          </div>
          <div>
            <label htmlFor="format" className="mb-1 block text-sm font-medium text-slate-700">
              Format
            </label>
            <select id="format" name="format" className={inputClasses} defaultValue="auto">
              <option value="auto">Detect automatically</option>
              {FORMATS.map((format) => (
                <option key={format} value={format}>
                  {FORMAT_LABELS[format]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" name="skipInvalid" className="mt-0.5" />
          <span>
            Skip invalid records
            <span className="block text-xs text-slate-500">Without this, a file with any invalid record changes nothing.</span>
          </span>
        </label>
        <Button type="submit" disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </Button>
      </form>

      {phase.kind === 'uploading' ? <ProgressBar label="Upload" value={phase.loaded} max={phase.total} /> : null}
    </div>
  );
}
