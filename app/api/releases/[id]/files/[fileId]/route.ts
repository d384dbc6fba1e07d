// GET /api/releases/[id]/files/[fileId] – admins download a frozen release's exported file, streamed from
// the database with Range support (206 / 416), Content-Length, and the file's SHA-256 as ETag.
import { withOutageResponse } from '@/lib/errors';
import { getCurrentUser } from '@/lib/auth/session';
import { prisma } from '@/lib/db';
import { readStoredFile, storedFileInfo } from '@/lib/files/stored-file';
import { parseRouteId } from '@/lib/http/route-params';
import { parseRange } from '@/lib/releases/parse-range';

const text = (body: string, status: number) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

function streamOf(iterable: AsyncIterable<Buffer>): ReadableStream<Uint8Array> {
  const iterator = iterable[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

export const GET = withOutageResponse(async (request: Request, { params }: { params: Promise<{ id: string; fileId: string }> }) => {
  const user = await getCurrentUser();
  if (!user) return text('Please sign in again.', 401);
  if (user.role !== 'ADMIN') return text('Only admins can download release files.', 403);
  const { id, fileId } = await params;
  const releaseId = parseRouteId(id);
  const releaseFileId = parseRouteId(fileId);
  if (releaseId === null || releaseFileId === null) return text('No such release file.', 404);
  const file = await prisma.releaseFile.findFirst({
    where: { id: releaseFileId, releaseId, status: 'SUCCEEDED', release: { status: 'FROZEN' } },
    select: { fileName: true, storedFileId: true, storedFile: { select: { contentType: true } } },
  });
  const info = file?.storedFileId ? await storedFileInfo(file.storedFileId) : null;
  if (!file || !info) return text('No such release file.', 404);

  const etag = `"${info.sha256}"`;
  const headers: Record<string, string> = {
    'content-type': file.storedFile?.contentType ?? 'application/octet-stream',
    'content-disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
    'accept-ranges': 'bytes',
    etag,
    'cache-control': 'private, max-age=0, must-revalidate',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  // If-Range with another validator means the client's partial copy is stale: send the whole file.
  const ifRange = request.headers.get('if-range');
  const range = ifRange && ifRange !== etag ? { kind: 'full' as const } : parseRange(request.headers.get('range'), info.size);
  if (range.kind === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${info.size}` } });
  }
  if (range.kind === 'range') {
    return new Response(streamOf(readStoredFile(info.id, range.start, range.end)), {
      status: 206,
      headers: {
        ...headers,
        'content-length': String(range.end - range.start + 1),
        'content-range': `bytes ${range.start}-${range.end}/${info.size}`,
      },
    });
  }
  return new Response(streamOf(readStoredFile(info.id)), { status: 200, headers: { ...headers, 'content-length': String(info.size) } });
});
