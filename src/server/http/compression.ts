import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, onSendHookHandler, RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';

// What the browser receives (docs/decisions/010-compression-and-bundle.md):
// - the built client (scripts, styles, index.html, the public folder) is compressed once at build time (vite.config.ts
//   writes .br and .gz next to every file) and @fastify/static sends the copy the browser accepts (preCompressed);
// - the API's JSON (/api/* and /trpc/*) is compressed on the fly by @fastify/compress when it is at least
//   COMPRESS_THRESHOLD_BYTES long: below that, the bytes saved do not pay for the CPU and the headers;
// - nothing else is compressed on the fly: /uploads photos are WebP already, and a WebSocket upgrade has no body.

/** JSON answers shorter than this go out as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Brotli's quality for JSON on the fly (0–11); measured against 1 and 11 in docs/decisions/010-compression-and-bundle.md. */
export const JSON_BROTLI_QUALITY = 4;
/** Gzip's level for clients without brotli. */
export const JSON_GZIP_LEVEL = 6;

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
  if (!isFetchResponse(payload)) {
    varyIfLong(reply, payload);
    return done(null, payload);
  }
  reply.code(payload.status);
  for (const [name, value] of payload.headers) reply.header(name, value);
  const streamed = payload.headers.get('transfer-encoding') === 'chunked' || !/^application\/json(?:;|$)/.test(payload.headers.get('content-type') ?? '');
  if (streamed || payload.body === null) {
    req.headers['x-no-compression'] = '1';
    return done(null, payload.body);
  }
  payload.text().then((text) => {
    varyIfLong(reply, text);
    done(null, text);
  }, done);
};

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
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: JSON_GZIP_LEVEL },
  });
}
