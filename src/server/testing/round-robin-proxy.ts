import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

// A round-robin reverse proxy in front of several app instances, as nginx would be (docs/operations.md "Several
// instances"): for the demo cluster and the multi-instance tests. Requests and WebSocket upgrades alternate between
// the targets; `X-Served-By` tells which instance answered, and X-Forwarded-For carries the client's address.

export interface RoundRobinProxy {
  port: number;
  /** Replaces the instances requests go to (a rolling restart takes one out and puts it back). */
  setTargets(targets: string[]): void;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targets: string[], options: { port?: number; host?: string } = {}): Promise<RoundRobinProxy> {
  let current = [...targets];
  let next = 0;
  const pick = () => current[next++ % current.length]!;
  const proxy = createProxyServer({ xfwd: true });
  proxy.on('error', (_err, _req, res) => {
    // An instance that went away mid-request: the client sees 502, as behind nginx.
    if (res && 'writeHead' in res && !res.headersSent) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Bad gateway');
    } else if (res && 'destroy' in res) res.destroy();
  });
  const server = http.createServer((req, res) => {
    const target = pick();
    res.setHeader('x-served-by', target);
    proxy.web(req, res, { target });
  });
  server.on('upgrade', (req, socket, head) => proxy.ws(req, socket, head, { target: pick() }));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    setTargets(t) {
      current = [...t];
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
    },
  };
}
