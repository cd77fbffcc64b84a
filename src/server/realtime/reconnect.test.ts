import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../db/client';
import type { MessageShape } from '../../shared/schemas/chat';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { sendMessage } from '../services/chats';
import { createSqliteStore } from '../store';
import { loggedInUser, json } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';
import type { AppRouter } from '../trpc/root';
import { InProcessHub } from './hub';
import { socketWith } from '../testing/sockets';

// docs/product/realtime.md: the browser's socket reconnects by itself, a server restart included, and the page catches
// up without a reload. Two app instances over one database file stand for the server before and after a restart.


const until = async (check: () => boolean, ms = 5000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('a subscription across a server restart', () => {
  let dir: string;
  let db: Db;
  let port: number;
  const apps: FastifyInstance[] = [];

  async function startServer(listenPort: number) {
    const app = await buildApp(testConfig({ uploadDir: path.join(dir, 'uploads'), databasePath: path.join(dir, 'db.sqlite') }), { db });
    await app.listen({ port: listenPort, host: '127.0.0.1' });
    apps.push(app);
    return app;
  }

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-reconnect-'));
    db = openDatabase(path.join(dir, 'db.sqlite'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reconnects by itself and delivers exactly the messages stored while the server was down, then live ones', async () => {
    const seller = await loggedInUser(db, { name: 'Per Selger' });
    const buyer = await loggedInUser(db, { name: 'Kari Kjøper' });
    const listing = insertListing(db, seller.user.id, { status: 'approved', active: true });
    const first = await startServer(0);
    port = (first.server.address() as { port: number }).port;
    const host = `127.0.0.1:${port}`;

    const wsClient = createWSClient({
      url: `ws://${host}/trpc`,
      WebSocket: socketWith({ cookie: seller.cookie, origin: `http://${host}` }) as never,
      retryDelayMs: () => 100,
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    const received: MessageShape[] = [];
    const sub = client.chats.onMessage.subscribe(undefined, { onData: ({ data }) => received.push(data) });
    try {
      // Wait until the subscription is live: a message sent now arrives.
      await new Promise((r) => setTimeout(r, 200));
      const start = await first.inject({
        method: 'POST',
        url: '/api/chats/start',
        headers: { cookie: buyer.cookie },
        payload: { listingId: listing.id, sellerId: seller.user.id, message: 'Hei! Er bilen fortsatt til salgs?' },
      });
      expect(start.statusCode).toBe(201);
      const { chatId } = json<{ chatId: number }>(start);
      await until(() => received.length === 1);

      // The server goes away; two messages are stored while it is down (as another instance would store them).
      await first.close();
      const offline = new InProcessHub();
      const m2 = await sendMessage(createSqliteStore(db, false), offline, buyer.user.id, { chatId, content: 'Kan jeg komme i morgen?' });
      const m3 = await sendMessage(createSqliteStore(db, false), offline, buyer.user.id, { chatId, content: 'Klokka 17 passer fint.' });

      // It comes back on the same port; the client reconnects and resubscribes with the last id it saw.
      const second = await startServer(port);
      await until(() => received.length === 3);
      // A live message after the restart follows, once.
      const reply = await second.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { cookie: seller.cookie },
        payload: { chatId, content: 'Ja, velkommen!' },
      });
      expect(reply.statusCode).toBe(201);
      await until(() => received.length === 4);
      await new Promise((r) => setTimeout(r, 200));
      expect(received.map((m) => m.content)).toEqual(['Hei! Er bilen fortsatt til salgs?', m2.content, m3.content, 'Ja, velkommen!']);
      expect(received.map((m) => m.id)).toEqual([received[0].id, m2.id, m3.id, json<MessageShape>(reply).id]);
    } finally {
      sub.unsubscribe();
      await wsClient.close();
    }
  });
});
