import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, listenOnLoopback, loggedInUser, type TestApp } from '../testing/harness';

// docs/product/limits.md#request-bodies: bodies over 1 MiB are read one at a time (http/large-bodies.ts), so a few
// large listing forms at once cannot exhaust the server's capped heap. Each test waits for the server to act; the
// one fixed wait gives a request that should be held the time it would need to be answered if it were not.

const BIG = 2 * 1024 * 1024;

/** A raw HTTP request on its own socket: write the head and part of the body now, the rest when asked. */
function request(port: number, cookie: string, body: string, sendFirst = body.length) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  const answered = new Promise<string>((resolve, reject) => {
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      answer += d;
      if (answer.includes('\r\n\r\n')) resolve(answer.slice(0, answer.indexOf('\r\n')));
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer.slice(0, answer.indexOf('\r\n'))));
  });
  let done = false;
  void answered.then(() => (done = true));
  socket.write(
    `POST /api/listings HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  socket.write(body.slice(0, sendFirst));
  return {
    answered,
    isAnswered: () => done,
    finish: () => socket.write(body.slice(sendFirst)),
    abort: () => socket.destroy(),
  };
}

/** A listing form of `size` bytes that the server reads whole and refuses (400): its title is far too long. */
const form = (size: number) => `{"title":"${'x'.repeat(size - 12)}"}`;
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('large request bodies are read one at a time', () => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp();
    port = await listenOnLoopback(t);
    cookie = (await loggedInUser(t.store)).cookie;
  });
  afterEach(() => t.close());

  it('holds a second large body until the first is answered; small bodies pass meanwhile', async () => {
    const first = request(port, cookie, form(BIG), 1000);
    await settle();
    const second = request(port, cookie, form(BIG));
    const small = request(port, cookie, form(2000));
    expect(await small.answered).toMatch(/^HTTP\/1\.1 400 /);
    await settle();
    expect(second.isAnswered()).toBe(false);
    first.finish();
    expect(await first.answered).toMatch(/^HTTP\/1\.1 400 /);
    expect(await second.answered).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('lets the next large body in when the one being read goes away', async () => {
    const first = request(port, cookie, form(BIG), 1000);
    await settle();
    const second = request(port, cookie, form(BIG));
    // The second is waiting before the third arrives: two sockets opened together may reach the server in either
    // order, and a third served first would hold the second (and so the test) until its own body is finished.
    await settle();
    const third = request(port, cookie, form(BIG), 1000);
    await settle();
    expect(second.isAnswered()).toBe(false);
    first.abort();
    expect(await second.answered).toMatch(/^HTTP\/1\.1 400 /);
    // The third, waiting behind the second, got its turn too: it is reading now and answers once its body is complete.
    third.finish();
    expect(await third.answered).toMatch(/^HTTP\/1\.1 400 /);
  });
});
