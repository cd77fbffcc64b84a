import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

// The client address the rate limits key on (docs/product/limits.md#rate-limits). Fastify's `req.ip` honours its
// trustProxy setting (X-Forwarded-For only from a trusted proxy). tRPC's WebSocket handler gets only the raw upgrade
// request, so app.ts remembers `req.ip` on it while Fastify routes the upgrade, and the context reads it back here.
const CLIENT_IP = Symbol('clientIp');
type Remembered = IncomingMessage & { [CLIENT_IP]?: string };

/** An onRequest hook: keeps Fastify's view of the client address on the raw request (for WebSocket upgrades). */
export function rememberClientIp(req: FastifyRequest, _reply: unknown, done: () => void) {
  if (req.headers.upgrade) (req.raw as Remembered)[CLIENT_IP] = req.ip;
  done();
}

export function clientIpOf(req: FastifyRequest | IncomingMessage): string {
  if ('raw' in req) return req.ip;
  return (req as Remembered)[CLIENT_IP] ?? req.socket?.remoteAddress ?? '';
}
