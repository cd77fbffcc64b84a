import type { FastifyReply, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';

// Large request bodies one at a time (docs/product/limits.md#request-bodies, docs/operations.md "Memory"): a listing
// form may carry photos as data URLs, up to 20 MiB, and reading, parsing and checking one holds a multiple of that in
// the V8 heap for a moment. The server runs with a capped heap (package.json "start"), so a few such bodies at once
// could end the process. Bodies over `threshold` wait here, before they are read, for the one before them to be
// answered: the client's upload just takes a little longer (the socket holds the bytes meanwhile), and every other
// request is untouched.

// Photos travel as data URLs inside the listing JSON (docs/product/data.md); routes that carry them raise this.
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The gate for one server: a Fastify preParsing hook for routes that accept large bodies. */
export function largeBodyGate(threshold: number, concurrency = 1) {
  const limit = pLimit(concurrency);
  return async function waitForLargeBody(request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream) {
    const length = Number(request.headers['content-length']);
    // Without a length (a chunked body) the size is unknown until read: it waits like a large one.
    if (request.headers['content-length'] !== undefined && Number.isFinite(length) && length <= threshold) return payload;
    let answered = false;
    let release = () => {};
    // 'close' fires once the answer is sent or the connection is gone, whichever comes first.
    reply.raw.once('close', () => {
      answered = true;
      release();
    });
    await new Promise<void>((enter) => {
      void limit(() =>
        // A request that went away while waiting gives its turn on at once (and never continues).
        answered
          ? Promise.resolve()
          : new Promise<void>((done) => {
              release = done;
              enter();
            }),
      );
    });
    return payload;
  };
}
