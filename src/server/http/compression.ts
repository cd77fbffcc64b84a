import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The one place answers are compressed on the fly (docs/decisions/017-speed-layer.md): JSON (/api/*, /trpc/*), the
// HTML shell, the sitemap and robots.txt (pages/sitemap.ts), brotli before gzip, when at least
// COMPRESS_THRESHOLD_BYTES long. The built client goes out as the .br and .gz copies the build wrote
// (@fastify/static preCompressed, src/server/app.ts); photos and streams never are.
// The caller is the answer hook (response-cache.ts), which keeps an EncodedBody per cached answer so each copy is
// made once.

/** Bodies shorter than this go out as they are: the bytes saved do not pay for the CPU and the headers. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Brotli's quality (0–11); chosen in docs/decisions/010-compression-and-bundle.md. */
export const BROTLI_QUALITY = 4;
/** Gzip's level for clients without brotli. */
export const GZIP_LEVEL = 6;
/**
 * Bodies up to this size are compressed in one synchronous call (a Content-Length answer, no stream to set up and
 * drive); larger ones on libuv's thread pool, so one answer never holds the event loop for long.
 */
const COMPRESS_NOW_MAX_BYTES = 256 * 1024;

const COMPRESSIBLE = /^(?:application\/json|text\/html|application\/xml|text\/plain)(?:;|$)/;
const HTML = /^text\/html(?:;|$)/;

export type Encoding = 'br' | 'gzip';
/** The server's preference when the client accepts both equally. */
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** Whether answers of this Content-Type are compressed here. */
export function isCompressible(contentType: unknown): boolean {
  return COMPRESSIBLE.test(String(contentType ?? ''));
}

/** The shortest body of this Content-Type worth compressing: a page of the HTML shell always is, as before. */
export function thresholdFor(contentType: unknown): number {
  return HTML.test(String(contentType ?? '')) ? 0 : COMPRESS_THRESHOLD_BYTES;
}

/**
 * The encoding an Accept-Encoding header asks for among br and gzip: the highest q above 0, the server's order on a
 * tie; `x-gzip` and `*` count as gzip. Undefined: send the bytes as they are.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let best: Encoding | undefined;
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

function brotliOptions(length: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      // A window just big enough for the body instead of brotli's 4 MB: the same output, far less memory per call.
      [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(length + 1)))),
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
    },
  };
}

/** A body's bytes and each compressed copy, made the first time a client asks for it and then kept. */
export class EncodedBody {
  readonly #copies: Partial<Record<Encoding, Buffer>> = {};

  constructor(
    readonly bytes: Buffer,
    private readonly threshold = COMPRESS_THRESHOLD_BYTES,
  ) {}

  /** Long enough to be compressed (and so to vary with Accept-Encoding). */
  get compressible(): boolean {
    return this.bytes.length >= this.threshold;
  }

  /** Bytes held, compressed copies included. */
  get size(): number {
    return this.bytes.length + (this.#copies.br?.length ?? 0) + (this.#copies.gzip?.length ?? 0);
  }

  /** The copy for `encoding`, compressed now or on the thread pool by size. */
  encoded(encoding: Encoding, done: (err: Error | null, bytes?: Buffer) => void): void {
    const kept = this.#copies[encoding];
    if (kept) return done(null, kept);
    const keep = (err: Error | null, bytes?: Buffer) => {
      if (bytes) this.#copies[encoding] = bytes;
      done(err, bytes);
    };
    const length = this.bytes.length;
    if (length <= COMPRESS_NOW_MAX_BYTES) {
      let bytes: Buffer;
      try {
        bytes = encoding === 'br' ? zlib.brotliCompressSync(this.bytes, brotliOptions(length)) : zlib.gzipSync(this.bytes, { level: GZIP_LEVEL });
      } catch (err) {
        return done(err as Error);
      }
      return keep(null, bytes);
    }
    if (encoding === 'br') zlib.brotliCompress(this.bytes, brotliOptions(length), keep);
    else zlib.gzip(this.bytes, { level: GZIP_LEVEL }, keep);
  }

  /**
   * Sends this body to `req` as it negotiates: Vary when long enough to be compressed (also for a client that asked
   * for no encoding, or a shared cache could hand that copy to a browser that wanted brotli), Content-Encoding when
   * compressed. `done` is an onSend hook's callback.
   */
  sendTo(req: FastifyRequest, reply: FastifyReply, done: (err: Error | null, payload?: Buffer) => void): void {
    if (!this.compressible) return done(null, this.bytes);
    addVary(reply, 'Accept-Encoding');
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, this.bytes);
    this.encoded(encoding, (err, bytes) => {
      if (err || !bytes) return done(err);
      reply.header('content-encoding', encoding);
      done(null, bytes);
    });
  }
}

/** Adds `name` to the reply's Vary unless it is there already (or Vary is *). */
export function addVary(reply: FastifyReply, name: string) {
  const vary = reply.getHeader('vary');
  // A kept answer's Vary is usually exactly this name: every answer served from the cache asks.
  if (vary === name) return;
  if (vary === undefined) reply.header('vary', name);
  else if (!varyPattern(name).test(String(vary))) reply.header('vary', `${String(vary)}, ${name}`);
}

const varyPatterns = new Map<string, RegExp>();
/** Matches a Vary header that names `name` (or is *); made once per name. */
function varyPattern(name: string): RegExp {
  let pattern = varyPatterns.get(name);
  if (!pattern) varyPatterns.set(name, (pattern = new RegExp(`(?:^|,)\\s*(?:${name}|\\*)\\s*(?:,|$)`, 'i')));
  return pattern;
}
