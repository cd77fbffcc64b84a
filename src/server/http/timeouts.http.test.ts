import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, listenOnLoopback, type TestApp } from '../testing/harness';
import { HTTP_MESSAGES } from '../errors';

// docs/product/limits.md "Timeouts". The deadlines are configuration, so these tests use short ones; no test here
// measures time, each waits for the server to act.

const HALF_A_BODY =
  'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":"kari",';

/** Connects, writes `first`, then calls `then(socket)`; resolves with what the server wrote once it closes the socket. */
function untilClosed(port: number, first: string, then?: (socket: net.Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(first);
      then?.(socket);
    });
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (out += d));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('slow bodies time out', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function listen(overrides: Parameters<typeof createTestApp>[0]) {
    t = await createTestApp(overrides);
    return listenOnLoopback(t);
  }

  it('closes a connection whose body stops half-way after the idle timeout', async () => {
    const port = await listen({ httpIdleTimeoutMs: 300 });
    // Without an idle timeout the server waits for the rest of the body forever and this never resolves.
    const written = await untilClosed(port, HALF_A_BODY);
    expect(written).toBe('');
  });

  it('answers 408 in Norwegian to a body that trickles in slower than the request timeout allows', async () => {
    const port = await listen({ httpIdleTimeoutMs: 30_000, httpRequestTimeoutMs: 800 });
    let timer: NodeJS.Timeout | undefined;
    const written = await untilClosed(port, HALF_A_BODY, (socket) => {
      // One byte every 100 ms keeps the connection from ever being idle.
      timer = setInterval(() => socket.writable && socket.write(' '), 100);
    });
    clearInterval(timer);
    expect(written).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(written.split('\r\n\r\n')[1])).toEqual({ message: HTTP_MESSAGES.timeout });
  });

  it('still serves an ordinary request under the same short timeouts', async () => {
    const port = await listen({ httpIdleTimeoutMs: 300, httpRequestTimeoutMs: 800 });
    const written = await untilClosed(port, 'GET /api/listings HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(written).toMatch(/^HTTP\/1\.1 200 /);
  });
});
