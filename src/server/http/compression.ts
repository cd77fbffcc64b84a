import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';

// What the browser receives (docs/decisions/010-compression-and-bundle.md):
// - the built client (scripts, styles, index.html, the public folder) is compressed once at build time (vite.config.ts
//   writes .br and .gz next to every file) and @fastify/static sends the copy the browser accepts (preCompressed);
// - the API's JSON (/api/* and /trpc/*) is compressed on the fly by @fastify/compress when it is at least
//   COMPRESS_THRESHOLD_BYTES long: below that, the bytes saved do not pay for the CPU and the headers;
// - nothing else is compressed on the fly: /uploads photos are WebP already, and a WebSocket upgrade has no body;
// - JSON that is served many times as it is (a memoised search page) is a PrecompressedJson: its bytes and each
//   compressed copy are made once, with the same settings, and sent with Content-Length instead of streamed
//   (docs/decisions/013-request-cost.md).

/** JSON answers shorter than this go out as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Brotli's quality for JSON on the fly (0–11); measured against 1 and 11 in docs/decisions/010-compression-and-bundle.md. */
export const JSON_BROTLI_QUALITY = 4;
/** Gzip's level for clients without brotli. */
export const JSON_GZIP_LEVEL = 6;

const brotliParams = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
};

/** Routes whose JSON is compressed on the fly: the REST API and tRPC over HTTP. */
function compressesOnTheFly(route: RouteOptions): boolean {
  if ((route as RouteOptions & { websocket?: boolean }).websocket) return false;
  const url = route.url ?? '';
  return url === '/api' || url.startsWith('/api/') || url === '/trpc' || url.startsWith('/trpc/');
}

/**
 * Runs before @fastify/compress on the API's routes.
 *
 * tRPC's Fastify adapter answers with a fetch Response; @fastify/compress would compress its body stream and drop its
 * status and headers (a 401 would go out as 200), and a stream is compressed whatever its length. A JSON answer is read
 * into a string here, its status and headers moved onto the reply, so compression sees the text and the threshold
 * applies. A streamed answer (JSON lines, server-sent events; our client uses neither) keeps streaming, uncompressed:
 * a compressor would hold its events back.
 *
 * A body long enough to be compressed varies with Accept-Encoding even when it goes out as it is (the client asked
 * for no encoding): say so, or a shared cache could hand that copy to a browser that wanted brotli.
 */
const prepareApiBody: onSendHookHandler = (req, reply, payload, done) => {
  if (!isFetchResponse(payload)) return done(null, compressedNow(req, reply, payload));
  reply.code(payload.status);
  for (const [name, value] of payload.headers) reply.header(name, value);
  const streamed = payload.headers.get('transfer-encoding') === 'chunked' || !/^application\/json(?:;|$)/.test(payload.headers.get('content-type') ?? '');
  if (streamed || payload.body === null) {
    req.headers['x-no-compression'] = '1';
    return done(null, payload.body);
  }
  payload.text().then((text) => done(null, compressedNow(req, reply, text)), done);
};

/**
 * Bodies up to this size are compressed here, in one synchronous call, rather than streamed through a compressor by
 * @fastify/compress: a brotli stream costs ~100 µs per answer to set up and drive, the one call ~20 µs for a
 * listing's 2 KB (`npm run bench -- --case detail --encoding br`: 1 765 → 2 814 req/s; docs/decisions/014-cold-search.md);
 * a larger body (rare in this API) is streamed, so one answer never holds the event loop for long.
 */
const COMPRESS_NOW_MAX_BYTES = 256 * 1024;

/** A JSON answer's bytes, compressed now as the client asks (with Content-Encoding and Vary set) when in range. */
function compressedNow(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  // Already compressed (a kept page, PrecompressedJson): as it is.
  if (reply.getHeader('content-encoding') !== undefined) return payload;
  const length = Buffer.byteLength(payload);
  if (length < COMPRESS_THRESHOLD_BYTES || length > COMPRESS_NOW_MAX_BYTES || !/^application\/json(?:;|$)/.test(String(reply.getHeader('content-type') ?? ''))) {
    varyIfLong(reply, payload);
    return payload;
  }
  return new PrecompressedJson(payload).bodyFor(req, reply);
}

function varyIfLong(reply: FastifyReply, body: unknown) {
  if ((typeof body !== 'string' && !Buffer.isBuffer(body)) || Buffer.byteLength(body) < COMPRESS_THRESHOLD_BYTES) return;
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

function isFetchResponse(payload: unknown): payload is Response {
  return typeof payload === 'object' && payload !== null && Object.prototype.toString.call(payload) === '[object Response]';
}

/** Registers response compression; call before any route is added (it configures routes as they are declared). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before @fastify/compress's own onRoute hook (registered below), which reads `config.compress`.
  app.addHook('onRoute', (route) => {
    if (!compressesOnTheFly(route)) {
      route.config = { ...(route.config as object), compress: false };
      return;
    }
    route.onSend = [prepareApiBody, ...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend])];
  });
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are never compressed by our clients; leave their parsing as it is.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: /^application\/json(?:;|$)/,
    brotliOptions: { params: brotliParams },
    zlibOptions: { level: JSON_GZIP_LEVEL },
  });
}

type JsonEncoding = 'br' | 'gzip';
/** The server's preference when the client accepts both equally (the order @fastify/compress is given above). */
const ENCODINGS: readonly JsonEncoding[] = ['br', 'gzip'];

/**
 * The encoding an Accept-Encoding header asks for, among br and gzip, as @fastify/compress negotiates it: the highest
 * q above 0, the server's order on a tie; `x-gzip` and `*` count as gzip. Undefined: send the bytes as they are.
 */
export function negotiateJsonEncoding(header: string | undefined): JsonEncoding | undefined {
  if (!header) return undefined;
  let best: JsonEncoding | undefined;
  let bestQ = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [rawName, ...params] = part.split(';');
    let name = rawName.trim();
    if (name === 'x-gzip' || name === '*') name = 'gzip';
    if (name !== 'br' && name !== 'gzip') continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k.trim() === 'q') q = Number(v);
    }
    if (!(q > 0)) continue;
    if (q > bestQ || (q === bestQ && best !== undefined && ENCODINGS.indexOf(name) < ENCODINGS.indexOf(best))) {
      best = name;
      bestQ = q;
    }
  }
  return best;
}

/** How hard a kept body's copies are compressed: brotli quality (text mode) and gzip level. */
export interface CompressionLevels {
  brotliQuality: number;
  gzipLevel: number;
}

/**
 * A text sent many times as it is: its UTF-8 bytes, and each compressed copy made the first time a client asks for
 * it. Writing a ready Buffer costs a third of writing the same text (no encoding on every write), and a copy is
 * compressed once instead of streamed through a compressor per request. Used for memoised search pages (below) and
 * the HTML pages of src/server/pages/html-shell.ts.
 */
export class PrecompressedBody {
  readonly bytes: Buffer;
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;

  constructor(
    /** The body as text, or its UTF-8 bytes (kept as they are). */
    text: string | Buffer,
    private readonly levels: CompressionLevels,
  ) {
    this.bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  }

  /** The body for `encoding` (compressed once, then kept). */
  encoded(encoding: JsonEncoding): Buffer {
    if (encoding === 'br') {
      return (this.#br ??= zlib.brotliCompressSync(this.bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: this.levels.brotliQuality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          // A window just big enough for the body (at least 64 KB) instead of brotli's 4 MB: the same output, far
          // less memory to allocate and touch per call.
          [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(this.bytes.length + 1)))),
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
        },
      }));
    }
    return (this.#gzip ??= zlib.gzipSync(this.bytes, { level: this.levels.gzipLevel }));
  }

  /** Bytes held, compressed copies included (for the memory bound of a cache holding these). */
  get size(): number {
    return this.bytes.length + (this.#br?.length ?? 0) + (this.#gzip?.length ?? 0);
  }

  /** The bytes for `req` (as it negotiates, see negotiateJsonEncoding), with Content-Encoding set on `reply` when compressed. */
  negotiated(req: FastifyRequest, reply: FastifyReply): Buffer {
    const encoding = negotiateJsonEncoding(req.headers['accept-encoding']);
    if (!encoding) return this.bytes;
    reply.header('content-encoding', encoding);
    return this.encoded(encoding);
  }
}

/** A JSON answer sent many times (a memoised search page), compressed with the on-the-fly settings above. */
export class PrecompressedJson extends PrecompressedBody {
  constructor(text: string | Buffer) {
    super(text, { brotliQuality: JSON_BROTLI_QUALITY, gzipLevel: JSON_GZIP_LEVEL });
  }

  /**
   * The body to send to `req` as `reply`'s JSON answer, with the headers the on-the-fly path would set (Content-Type,
   * Content-Encoding, Vary). @fastify/compress leaves an answer that already has a Content-Encoding alone.
   */
  bodyFor(req: FastifyRequest, reply: FastifyReply): Buffer {
    reply.type('application/json; charset=utf-8');
    if (this.bytes.length < COMPRESS_THRESHOLD_BYTES) return this.bytes;
    varyIfLong(reply, this.bytes);
    // HEAD gets the same headers (and Content-Length) as GET; the copy is made once either way.
    return this.negotiated(req, reply);
  }
}
