// better-auth's scrypt (same parameters and "salt:key" format, @better-auth/utils/password) computed on a worker
// thread that lowers its own CPU priority (Linux: setpriority on its thread id). On two cores a team signing in
// at once would otherwise take a core from the experts already working: node:crypto's async scrypt runs on
// libuv's thread pool at the web worker's priority. At a lower priority a sign-in takes only what the experts'
// requests leave. The thread's code is inline (eval) so that no bundler has to find a file for it.
import { Worker } from 'node:worker_threads';

const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
let lowered = false;
try {
  // "/proc/thread-self" names this thread: "<pid>/task/<tid>"; setpriority(tid) changes this thread alone.
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && workerData.nice > 0) {
    os.setPriority(tid, workerData.nice);
    lowered = os.getPriority(tid) === workerData.nice;
  }
} catch {}
const N = 16384, r = 16, p = 1, dkLen = 64;
const key = (password, salt) =>
  crypto.scryptSync(password.normalize('NFKC'), salt, dkLen, { N, r, p, maxmem: 128 * N * r * 2 });
parentPort.postMessage({ ready: true, lowered });
parentPort.on('message', ({ id, kind, password, hash }) => {
  try {
    if (kind === 'hash') {
      const salt = crypto.randomBytes(16).toString('hex');
      parentPort.postMessage({ id, value: salt + ':' + key(password, salt).toString('hex') });
    } else {
      const [salt, expected] = String(hash).split(':');
      if (!salt || !expected) throw new Error('Invalid password hash');
      const actual = key(password, salt);
      const wanted = Buffer.from(expected, 'hex');
      parentPort.postMessage({ id, value: wanted.length === actual.length && crypto.timingSafeEqual(actual, wanted) });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/** One hashing thread at `nice`: jobs run one after the other, in the order they came. */
export class PasswordHashThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Whether the thread's priority was lowered (false off Linux or where the kernel refused). */
  readonly lowered: Promise<boolean>;
  private settleLowered: (value: boolean) => void = () => {};

  constructor(private readonly nice: number) {
    this.lowered = new Promise((resolve) => {
      this.settleLowered = resolve;
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_CODE, { eval: true, workerData: { nice: this.nice } });
    // An idle hashing thread must not keep a process (a test, a script) alive.
    worker.unref();
    worker.on('message', (message: { ready?: true; lowered?: boolean; id?: number; value?: string | boolean; error?: string }) => {
      if (message.ready) {
        this.settleLowered(message.lowered === true);
        return;
      }
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.value as string | boolean);
    });
    const fail = (error: Error) => {
      this.worker = undefined;
      this.settleLowered(false);
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the password hashing thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private run(message: { kind: 'hash' | 'verify'; password: string; hash?: string }): Promise<string | boolean> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Keep the process alive while a hash is owed to somebody.
      worker.ref();
      worker.postMessage({ id, ...message });
    }).finally(() => {
      if (this.pending.size === 0) this.worker?.unref();
    }) as Promise<string | boolean>;
  }

  hash(password: string): Promise<string> {
    return this.run({ kind: 'hash', password }) as Promise<string>;
  }

  verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    return this.run({ kind: 'verify', password, hash }) as Promise<boolean>;
  }

  /** Stops the thread (tests). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
