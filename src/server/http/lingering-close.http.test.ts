import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { listeningTestApp } from '../testing/http';
import { HTTP_MESSAGES } from '../errors';

const run = promisify(execFile);

// The uploading client runs in its own process: in the test's process, the server's reads and the client's writes
// share one event loop and the race that loses the answer hardly ever happens.
const CLIENT = `
const net = require('node:net');
const [port, url, bytes] = process.argv.slice(1);
const socket = net.connect(Number(port), '127.0.0.1');
let received = '';
socket.on('connect', () => {
  socket.write('POST ' + url + ' HTTP/1.1\\r\\nHost: localhost\\r\\nContent-Type: application/json\\r\\nContent-Length: ' + bytes + '\\r\\n\\r\\n');
  socket.write(Buffer.alloc(Number(bytes), 0x20));
});
socket.setEncoding('utf8');
socket.on('data', (d) => (received += d));
socket.on('error', () => {});
socket.on('close', () => process.stdout.write(received));
`;

/**
 * Sends the headers of a `bytes`-long body and then the whole body at once, without waiting for an answer (as a browser
 * uploads without `Expect: 100-continue`). Resolves with everything the server sent before the connection ended.
 */
async function uploadWithoutWaiting(port: number, url: string, bytes: number): Promise<string> {
  const { stdout } = await run(process.execPath, ['-e', CLIENT, String(port), url, String(bytes)], { maxBuffer: 1024 * 1024 });
  return stdout;
}

// An answer sent before the body is read (413 from Content-Length, 401 from the cookie) is followed by closing the
// connection. Closed at once while the client is still uploading, the kernel answers the client's next bytes with a
// reset, and the client throws the answer away unread: the user sees a network error instead of our message.
describe('an early answer reaches a client that is still uploading', () => {
  const app = listeningTestApp();

  it('413 for a 5 MB body sent to a 1 MiB route', async () => {
    for (let i = 0; i < 5; i++) {
      const raw = await uploadWithoutWaiting(app.port, '/api/auth/login', 5 * 1024 * 1024);
      expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
      expect(raw).toContain(JSON.stringify({ message: HTTP_MESSAGES.bodyTooLarge }).slice(1, -1));
    }
  });

  it('401 for a 5 MB listing from a visitor', async () => {
    for (let i = 0; i < 5; i++) {
      const raw = await uploadWithoutWaiting(app.port, '/api/listings', 5 * 1024 * 1024);
      expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
    }
  });
});
