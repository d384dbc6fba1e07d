// POST /api/imports?dataset=&format=&skipInvalid= – admins upload a benchmark file (the raw request body,
// file name in X-File-Name). The bytes are streamed into the database, then the import's row and its job are
// written in one step (lib/import/start-import.ts); the response carries the job id to follow. GET
// /api/imports lists recent imports.
import { DomainError, isDatabaseUnavailable, withOutageResponse } from '@/lib/errors';
import { getCurrentUser } from '@/lib/auth/session';
import { prisma } from '@/lib/db';
import { env } from '@/lib/env';
import { FileTooLargeError, storeFile } from '@/lib/files/stored-file';
import { listImportJobs } from '@/lib/import/list-import-jobs';
import { startImport } from '@/lib/import/start-import';
import { uploadParamsSchema } from '@/lib/import/upload-params';

export const MAX_UPLOAD_BYTES = env().MAX_UPLOAD_MB * 1024 * 1024;

const json = (body: unknown, status = 200) => Response.json(body, { status });

export const POST = withOutageResponse(async (request: Request) => {
  const user = await getCurrentUser();
  if (!user) return json({ error: 'Please sign in again.' }, 401);
  if (user.role !== 'ADMIN') return json({ error: 'Only admins can import files.' }, 403);
  const url = new URL(request.url);
  const parsed = uploadParamsSchema.safeParse({
    dataset: url.searchParams.get('dataset') ?? undefined,
    format: url.searchParams.get('format') ?? undefined,
    skipInvalid: url.searchParams.get('skipInvalid') ?? undefined,
    fileName: request.headers.get('x-file-name') ?? undefined,
  });
  if (!parsed.success) {
    return json(
      {
        error: 'Please correct the highlighted fields.',
        fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), [i.message]])),
      },
      400,
    );
  }
  if (!request.body) return json({ error: 'The upload is empty.' }, 400);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_UPLOAD_BYTES) return json({ error: new FileTooLargeError(MAX_UPLOAD_BYTES).message }, 413);

  const { fileName } = parsed.data;
  let stored: Awaited<ReturnType<typeof storeFile>>;
  try {
    stored = await storeFile({
      name: fileName,
      contentType: request.headers.get('content-type') ?? 'application/octet-stream',
      body: request.body as unknown as AsyncIterable<Uint8Array>,
      createdById: user.id,
      maxBytes: MAX_UPLOAD_BYTES,
    });
  } catch (error) {
    if (error instanceof FileTooLargeError) return json({ error: error.message }, 413);
    if (isDatabaseUnavailable(error)) throw error;
    // Never the driver's text: a plain answer, the detail in the server log.
    console.error('[POST /api/imports]', error);
    return json({ error: 'The upload could not be stored because of an unexpected error; nothing was imported.' }, 500);
  }
  // A body shorter than announced was cut on the way (a proxy's limit, a dropped connection): never import
  // the part that arrived as if it were the file.
  if (declared > 0 && stored.size !== declared) {
    await prisma.storedFile.delete({ where: { id: stored.id } });
    return json({ error: `The upload arrived incomplete (${stored.size} of ${declared} bytes); nothing was imported. Try again.` }, 400);
  }
  try {
    const job = await startImport({ stored, params: parsed.data, actorId: user.id });
    return json({ id: job.id }, 202);
  } catch (error) {
    // The queue refused the job: nothing was kept, and the message says so.
    if (error instanceof DomainError) return json({ error: error.message }, 503);
    throw error;
  }
});

export const GET = withOutageResponse(async () => {
  const user = await getCurrentUser();
  if (!user) return json({ error: 'Please sign in again.' }, 401);
  if (user.role !== 'ADMIN') return json({ error: 'Only admins can see imports.' }, 403);
  const jobs = await listImportJobs();
  return json({ jobs });
});
