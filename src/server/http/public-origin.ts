import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The origin absolute links in pages and the sitemap start with: PUBLIC_URL when set, otherwise the request's own
 * (Fastify's protocol and host, which follow X-Forwarded-* only from a trusted proxy). A page cached for everyone must
 * then be cached per host, which the HTTP cache's key does (it includes the Host header).
 */
export function publicOrigin(req: Pick<FastifyRequest, 'protocol' | 'host'>, config: Pick<AppConfig, 'publicUrl'>): string {
  return config.publicUrl ?? `${req.protocol}://${req.host}`;
}
