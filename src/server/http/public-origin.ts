import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The origin absolute links in pages and the sitemap start with: PUBLIC_URL when set, otherwise the request's own
 * (Fastify's protocol and host, which follow X-Forwarded-* only from a trusted proxy). Only http and https are
 * schemes of ours: any other X-Forwarded-Proto counts as http. A page kept for everyone is kept under this origin
 * (response-cache.ts), so a page named for one origin is never served for another.
 */
export function publicOrigin(req: Pick<FastifyRequest, 'protocol' | 'host'>, config: Pick<AppConfig, 'publicUrl'>): string {
  return config.publicUrl ?? `${req.protocol === 'https' ? 'https' : 'http'}://${req.host}`;
}

/**
 * The origin every link in a mail starts with, from configuration alone: PUBLIC_URL, else the server's own address
 * (HOST and PORT, a wildcard HOST read as localhost). Never the request's Host or X-Forwarded-*: anyone can send those,
 * and a reset link or an unsubscribe token would then be mailed pointing at the sender's site.
 */
export function mailOrigin(config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
