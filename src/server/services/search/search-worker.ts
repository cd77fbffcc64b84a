import { parentPort, workerData } from 'node:worker_threads';
import { openReadOnlyDatabase } from '../../../../db/client';
import type { SearchParams } from '../../../shared/schemas/search';
import { ListingSearch } from './listing-search';
import type { ThreadAnswer, ThreadRequest } from './search-threads';

// One search thread (search-threads.ts, docs/decisions/014-cold-search.md "Search threads"): its own read-only
// connection and its own ListingSearch (prepared statements, per-version caches, the vocabulary), answering pages the
// main thread has not kept.

const { file, columnIndex } = workerData as { file: string; columnIndex: boolean };
const search = new ListingSearch(openReadOnlyDatabase(file), { columnIndex });
search.warm();

parentPort!.on('message', ({ id, kind, params }: ThreadRequest) => {
  let answer: ThreadAnswer;
  try {
    if (kind === 'id') {
      const r = search.searchFull(params as SearchParams);
      // The page's JSON bytes, handed over without a copy; the main thread keeps them as the REST body.
      const bytes = r.itemsBody().bytes;
      const json = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      answer = { id, json, total: r.total, bounded: r.totalBounded === true };
      parentPort!.postMessage(answer, [json]);
      return;
    }
    const r = search.search(params as SearchParams);
    answer = { id, items: r.items as unknown[], total: r.total, bounded: r.totalBounded === true };
  } catch (err) {
    answer = { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  parentPort!.postMessage(answer);
});
