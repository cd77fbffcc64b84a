import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A reverse proxy in front of several app instances that behaves as docs/operations.md "Rolling deploys" configures
// nginx and Kubernetes: it asks each instance's /readyz every `checkEveryMs` and sends requests, round robin, only to
// those that answered 200 (a Kubernetes Service, or nginx with active health checks); keeps connections to them
// alive (nginx's `keepalive`); and sends an idempotent request that met a refused or reset connection before any
// answer to the next ready instance (nginx's `proxy_next_upstream error`). For the rolling-restart test; no websockets.

export interface HealthCheckingProxy {
  port: number;
  /** The instances that answered /readyz 200 at their last check. */
  ready(): string[];
  /** Per instance, the statuses its /readyz answered in order, collapsed (e.g. [200, 503, 'down', 200]). */
  history(target: string): (number | 'down')[];
  /** Requests sent again to another instance after a connection error. */
  retries: number;
  close(): Promise<void>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export async function startHealthCheckingProxy(targets: string[], options: { checkEveryMs?: number } = {}): Promise<HealthCheckingProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const ready = new Set<string>();
  const histories = new Map<string, (number | 'down')[]>(targets.map((t) => [t, []]));
  let next = 0;
  let closed = false;

  const check = (target: string) =>
    new Promise<void>((resolve) => {
      const note = (status: number | 'down') => {
        const h = histories.get(target)!;
        if (h.at(-1) !== status) h.push(status);
        if (status === 200) ready.add(target);
        else ready.delete(target);
        resolve();
      };
      // A connection of its own each time: a probe must not ride on a connection the instance is closing.
      const req = http.get(`${target}/readyz`, { agent: false, timeout: 2_000 }, (res) => {
        res.resume();
        note(res.statusCode ?? 0);
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => note('down'));
    });
  const checkAll = () => Promise.all(targets.map(check));
  await checkAll();
  const timer = setInterval(() => void checkAll(), options.checkEveryMs ?? 200);

  const proxy: HealthCheckingProxy = {
    port: 0,
    ready: () => targets.filter((t) => ready.has(t)),
    history: (target) => [...(histories.get(target) ?? [])],
    retries: 0,
    async close() {
      closed = true;
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };

  /** The next ready instance not yet tried for this request. */
  const pick = (tried: Set<string>) => {
    const candidates = targets.filter((t) => ready.has(t) && !tried.has(t));
    if (candidates.length === 0) return undefined;
    return candidates[next++ % candidates.length];
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(new Set()));
    const forward = (tried: Set<string>) => {
      const target = pick(tried);
      if (!target || closed) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('Bad gateway: no ready instance');
        return;
      }
      tried.add(target);
      const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
      delete headers.connection;
      const upstream = http.request(`${target}${req.url}`, { method: req.method, headers, agent }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': target, connection: 'keep-alive' });
        answer.pipe(res);
      });
      upstream.on('error', () => {
        // Nothing answered yet: an idempotent request goes to the next instance, as nginx's proxy_next_upstream does.
        if (!res.headersSent && IDEMPOTENT.has(req.method ?? '')) {
          proxy.retries++;
          forward(tried);
        } else if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('Bad gateway');
        } else res.destroy();
      });
      upstream.end(Buffer.concat(chunks));
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as AddressInfo).port;
  return proxy;
}
