import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenOnLoopback, loggedInUser, type TestApp } from '../testing/harness';
import type { AppRouter } from './root';
import { socketWith } from '../testing/sockets';


describe('tRPC over WebSocket', () => {
  let t: TestApp;
  let wsUrl: string;
  let host: string;
  beforeAll(async () => {
    t = await createTestApp();
    host = `127.0.0.1:${await listenOnLoopback(t)}`;
    wsUrl = `ws://${host}/trpc`;
  });
  afterAll(() => t.close());

  async function meOverSocket(headers: Record<string, string>) {
    const wsClient = createWSClient({ url: wsUrl, WebSocket: socketWith(headers) as never });
    try {
      const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
      return await client.auth.me.query();
    } finally {
      await wsClient.close();
    }
  }

  it('reads the session cookie on the upgrade request (one context for HTTP and WebSocket)', async () => {
    const { user, cookie } = await loggedInUser(t.store, { name: 'Ingrid Berg' });
    const me = await meOverSocket({ cookie, origin: `http://${host}` });
    expect(me?.id).toBe(user.id);
    expect(me?.name).toBe('Ingrid Berg');
  });

  it('is anonymous without a cookie', async () => {
    expect(await meOverSocket({ origin: `http://${host}` })).toBeNull();
  });

  it('gives a socket opened by another site no session, even with the cookie', async () => {
    const { cookie } = await loggedInUser(t.store);
    expect(await meOverSocket({ cookie, origin: 'https://evil.example' })).toBeNull();
  });
});
