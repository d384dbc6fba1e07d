// A Hugging Face datasets-style folder as one tar archive (lib/releases/run-release-job.ts fills it with
// README.md, manifest.json, data/criteria.parquet and data/healthbench.jsonl). Entries are streamed from
// their sources; every header has the given time as mtime, owner 0 and mode 0644, so the archive's bytes are
// fixed too.
import { once } from 'node:events';
import tar from 'tar-stream';

export interface TarEntry {
  name: string;
  size: number;
  open: () => AsyncIterable<Uint8Array>;
}

export async function* tarBytes(entries: TarEntry[], mtime: Date): AsyncGenerator<Buffer> {
  const pack = tar.pack();
  const producer = (async () => {
    for (const entry of entries) {
      const stream = pack.entry({
        name: entry.name,
        size: entry.size,
        mtime,
        mode: 0o644,
        uid: 0,
        gid: 0,
        uname: '',
        gname: '',
        type: 'file',
      });
      const done = new Promise<unknown>((resolve, reject) => {
        stream.on('finish', () => resolve(undefined));
        stream.on('error', reject);
      });
      for await (const chunk of entry.open()) if (!stream.write(Buffer.from(chunk))) await once(stream, 'drain');
      stream.end(Buffer.alloc(0));
      await done;
    }
    pack.finalize();
  })();
  producer.catch((error: unknown) => pack.destroy(error instanceof Error ? error : new Error(String(error))));
  for await (const chunk of pack) yield Buffer.from(chunk as Uint8Array);
  await producer;
}
