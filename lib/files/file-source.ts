// A file to read as a stream, wherever its bytes are (an upload stored in the database, a file on disk, a
// buffer): what the importer reads and what stored files offer, so lib/files needs nothing from lib/import.
export interface FileSource {
  /** Shown in messages: the uploaded or given file name. */
  name: string;
  size: number;
  open: () => AsyncIterable<Uint8Array>;
}
