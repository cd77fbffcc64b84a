import { Worker } from 'node:worker_threads';
import type { SearchParams } from '../../../shared/schemas/search';

// Search threads (docs/decisions/014-cold-search.md "Search threads"): a search no cache has seen spends almost all
// its time inside SQLite, synchronously, on the thread that runs it. Run on the main thread, every other request waits
// for it; here it runs on one of a few worker threads, each with its own read-only connection (WAL lets readers run
// side by side with the writer), while the main thread goes on answering. Only for a database file: an in-memory one
// (tests) has no second connection.

export interface ThreadRequest {
  id: number;
  /** 'card': the web client's cards (tRPC listings.list); 'id': full listings (REST GET /api/listings). */
  kind: 'card' | 'id';
  params: SearchParams;
}
export type ThreadAnswer =
  | { id: number; items: unknown[]; total: number; bounded: boolean; json?: undefined; error?: undefined }
  | { id: number; json: ArrayBuffer; total: number; bounded: boolean; items?: undefined; error?: undefined }
  | { id: number; error: string; items?: undefined; json?: undefined };

interface Pending {
  resolve: (a: ThreadAnswer) => void;
  reject: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** The bundled server runs search-worker.mjs beside it; the sources (tsx, tests) run the TypeScript file through tsx. */
function workerEntry(): { url: URL; execArgv: string[] } {
  const bundled = import.meta.url.endsWith('.mjs');
  return bundled
    ? { url: new URL('./search-worker.mjs', import.meta.url), execArgv: [] }
    : { url: new URL('./search-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
}

export class SearchThreads {
  private readonly threads: Thread[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly file: string,
    size: number,
    /** Whether each thread answers from its own column index (listing-search.ts ListingSearchOptions). */
    private readonly columnIndex: boolean,
    private readonly onError: (err: Error) => void = () => {},
  ) {
    for (let i = 0; i < size; i++) this.threads.push(this.start());
  }

  private start(): Thread {
    const entry = workerEntry();
    const worker = new Worker(entry.url, {
      workerData: { file: this.file, columnIndex: this.columnIndex },
      execArgv: entry.execArgv,
      // Each thread has its own heap; a page of results is small, so a small one is plenty.
      resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 },
    });
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (a: ThreadAnswer) => {
      const p = thread.pending.get(a.id);
      thread.pending.delete(a.id);
      p?.resolve(a);
    });
    const fail = (err: Error) => {
      for (const p of thread.pending.values()) p.reject(err);
      thread.pending.clear();
      if (this.closed) return;
      this.onError(err);
      // A thread that died is replaced; what it was doing is answered by the caller's fallback.
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads[i] = this.start();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`search thread exited with code ${code}`)));
    worker.unref();
    return thread;
  }

  /** Runs a search on the least busy thread. */
  run(kind: ThreadRequest['kind'], params: SearchParams): Promise<ThreadAnswer> {
    const thread = this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise<ThreadAnswer>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, kind, params } satisfies ThreadRequest);
    });
  }

  async close() {
    this.closed = true;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
