// The realtime case's load generator (bench/realtime.ts forks it): its own process, so its CPU is not the server's
// and the two share the machine's two cores one each. It opens one authenticated websocket per user with tRPC's own
// client (createWSClient + wsLink, the browser's code path), subscribes each to chats.onMessage and
// notifications.onNotification (what the header badges and /chats hold open), then sends messages over HTTP as the
// browser does and times every push.
//
// Sending: an open loop (Poisson arrivals at `rate` messages/s, so a slow server does not slow the senders down and
// hide its own latency), spread over every user in turn so each sends at rate/users per second, under the per-user
// chat limit (docs/product/limits.md#rate-limits). Each message's content carries its sequence number; the sender's
// clock reading at the moment the request is written is kept in this process, so send→delivery is measured on one clock.
//
// Exactly once: each message must reach the subscription of its buyer and its seller (the sender's own included), once
// each, and nobody else's.
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import type { AppRouter } from '../src/server/trpc/root';
import { rng } from '../src/server/testing/listing-factory';
import { socketWith } from '../src/server/testing/sockets';

export interface LoadConfig {
  /** Where the messages are sent. */
  base: string;
  /** Where the websockets subscribe: another instance than `base` (on one PostgreSQL database) measures the path between them. */
  subscribeBase: string;
  users: { id: number; cookie: string }[];
  chats: { id: number; buyerId: number; sellerId: number }[];
  /** Messages per second, all senders together. */
  rate: number;
  warmupSeconds: number;
  seconds: number;
  /** The browser's path (tRPC's HTTP batch link, POST /trpc/chats.send) or the REST row (POST /api/messages). */
  via: 'trpc' | 'rest';
  /** How long to wait after the last answer for pushes still on their way. */
  drainMs: number;
}

export interface LoadResult {
  connected: number;
  connectMs: number;
  connectP99Ms: number;
  sent: number;
  accepted: number;
  refused: Record<string, number>;
  measuredSent: number;
  measuredSeconds: number;
  expected: number;
  received: number;
  duplicates: number;
  lost: number;
  foreign: number;
  malformed: number;
  unexpectedCloses: number;
  subscriptionErrors: number;
  notifications: number;
  latency: { p50: number; p90: number; p99: number; max: number; samples: number };
  ack: { p50: number; p99: number };
  deliveredPerSecond: number;
  sentPerSecond: number;
  scheduleLagP99Ms: number;
  loadCpuPercent: number;
  loadEventLoopP99Ms: number;
}

export type ParentMessage = { type: 'setup'; config: LoadConfig } | { type: 'run' };
export type ChildMessage =
  | { type: 'connected'; connected: number; ms: number }
  | { type: 'measure-start' }
  | { type: 'measure-end' }
  | { type: 'result'; result: LoadResult }
  | { type: 'error'; message: string };

const send = (m: ChildMessage) => process.send!(m);

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}


interface Sent {
  chat: LoadConfig['chats'][number];
  senderId: number;
  sentAt: number;
  measured: boolean;
  /** 0 while in flight. */
  status: number;
  /** Bit 1: the buyer's subscription has it; bit 2: the seller's. */
  mask: number;
}

const CONTENT = [
  'Hei! Er bilen fortsatt til salgs?',
  'Når kan jeg komme og se på den?',
  'Har den vinterdekk på felg?',
  'Er prisen diskuterbar?',
  'Takk for svar, jeg tar kontakt i morgen.',
];
const SEQ = /#(\d+)$/;

async function main(config: LoadConfig) {
  const origin = config.base;
  const wsUrl = `${config.subscribeBase.replace(/^http/, 'ws')}/trpc`;
  const chatsOf = new Map<number, LoadConfig['chats']>();
  for (const c of config.chats) {
    for (const u of [c.buyerId, c.sellerId]) chatsOf.set(u, [...(chatsOf.get(u) ?? []), c]);
  }
  const cookieOf = new Map(config.users.map((u) => [u.id, u.cookie]));
  const sent: Sent[] = [];
  let latencies = new Float64Array(1 << 16);
  let latencyCount = 0;
  let duplicates = 0;
  let foreign = 0;
  let malformed = 0;
  let received = 0;
  let notifications = 0;
  let subscriptionErrors = 0;
  let unexpectedCloses = 0;
  let closing = false;

  function onMessage(userId: number, event: { id: string; data: { id: number; chatId: number; senderId: number | null; content: string } }) {
    const now = performance.now();
    const m = SEQ.exec(event.data.content);
    const s = m ? sent[Number(m[1])] : undefined;
    if (!s || event.data.chatId !== s.chat.id || event.data.senderId !== s.senderId || String(event.data.id) !== event.id) {
      malformed++;
      return;
    }
    const bit = userId === s.chat.buyerId ? 1 : userId === s.chat.sellerId ? 2 : 0;
    if (bit === 0) {
      foreign++;
      return;
    }
    if (s.mask & bit) {
      duplicates++;
      return;
    }
    s.mask |= bit;
    received++;
    if (s.measured) {
      if (latencyCount === latencies.length) {
        const bigger = new Float64Array(latencies.length * 2);
        bigger.set(latencies);
        latencies = bigger;
      }
      latencies[latencyCount++] = now - s.sentAt;
    }
  }

  // --- connect: one socket per user, both subscriptions started -------------------------------------------------
  const started = performance.now();
  const connectTimes: number[] = [];
  const clients: ReturnType<typeof createWSClient>[] = [];
  const CONCURRENCY = 50;
  let next = 0;
  async function connectOne(user: LoadConfig['users'][number]) {
    const t0 = performance.now();
    const wsClient = createWSClient({
      url: wsUrl,
      WebSocket: socketWith({ cookie: user.cookie, origin: config.subscribeBase }) as never,
      onClose: () => {
        if (!closing) unexpectedCloses++;
      },
    });
    clients.push(wsClient);
    const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    await Promise.all([
      new Promise<void>((resolve, reject) => {
        trpc.chats.onMessage.subscribe(undefined, {
          onStarted: () => resolve(),
          onData: (event) => onMessage(user.id, event),
          onError: (err) => {
            subscriptionErrors++;
            reject(err);
          },
        });
      }),
      new Promise<void>((resolve, reject) => {
        trpc.notifications.onNotification.subscribe(undefined, {
          onStarted: () => resolve(),
          onData: () => notifications++,
          onError: (err) => {
            subscriptionErrors++;
            reject(err);
          },
        });
      }),
    ]);
    connectTimes.push(performance.now() - t0);
  }
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < config.users.length) await connectOne(config.users[next++]);
    }),
  );
  connectTimes.sort((a, b) => a - b);
  const connectMs = performance.now() - started;
  send({ type: 'connected', connected: clients.length, ms: connectMs });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));

  // --- send: Poisson arrivals, each user in turn ------------------------------------------------------------------
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(config.base);
  const path = config.via === 'trpc' ? '/trpc/chats.send?batch=1' : '/api/messages';
  const okStatus = config.via === 'trpc' ? 200 : 201;
  const refused: Record<string, number> = {};
  const ackTimes: number[] = [];
  const lags: number[] = [];
  let inFlight = 0;
  let allAnswered: (() => void) | undefined;

  // Every user's chats, alternating, users in a shuffled order: user u sends every users/rate seconds.
  const r = rng(7);
  const order = config.users.map((u) => u.id);
  for (let i = order.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const turns = order.map((id) => ({ id, chats: chatsOf.get(id) ?? [], k: 0 })).filter((t) => t.chats.length > 0);
  let turn = 0;

  function post(s: Sent, seq: number) {
    const content = `${CONTENT[seq % CONTENT.length]} #${seq}`;
    const body = JSON.stringify(config.via === 'trpc' ? { 0: { chatId: s.chat.id, content } } : { chatId: s.chat.id, content });
    inFlight++;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: cookieOf.get(s.senderId)!,
          origin,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          s.status = res.statusCode ?? 0;
          if (s.status !== okStatus) refused[s.status] = (refused[s.status] ?? 0) + 1;
          else if (s.measured) ackTimes.push(performance.now() - s.sentAt);
          if (--inFlight === 0) allAnswered?.();
        });
      },
    );
    req.on('error', (err) => {
      s.status = -1;
      refused[err.message] = (refused[err.message] ?? 0) + 1;
      if (--inFlight === 0) allAnswered?.();
    });
    s.sentAt = performance.now();
    req.end(body);
  }

  // Its samples are the time between two ticks of a 5 ms timer: the delay is what exceeds the 5 ms.
  const ELD_RESOLUTION_MS = 5;
  const elu = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
  const t0 = performance.now();
  const measureFrom = t0 + config.warmupSeconds * 1000;
  const measureTo = measureFrom + config.seconds * 1000;
  let cpuAtStart: NodeJS.CpuUsage | undefined;
  let cpuUsed: NodeJS.CpuUsage | undefined;
  let measuredSent = 0;
  let nextAt = t0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (!cpuAtStart && now >= measureFrom) {
        cpuAtStart = process.cpuUsage();
        elu.enable();
        send({ type: 'measure-start' });
      }
      while (nextAt <= now && nextAt < measureTo) {
        const t = turns[turn];
        turn = (turn + 1) % turns.length;
        const chat = t.chats[t.k++ % t.chats.length];
        const measured = nextAt >= measureFrom;
        const s: Sent = { chat, senderId: t.id, sentAt: 0, measured, status: 0, mask: 0 };
        sent.push(s);
        if (measured) {
          measuredSent++;
          lags.push(now - nextAt);
        }
        post(s, sent.length - 1);
        nextAt += -Math.log(1 - r.next()) * (1000 / config.rate);
      }
      if (now >= measureTo) {
        cpuUsed = process.cpuUsage(cpuAtStart);
        elu.disable();
        send({ type: 'measure-end' });
        return resolve();
      }
      setTimeout(tick, 1);
    };
    tick();
  });
  const measuredSeconds = (performance.now() - measureFrom) / 1000;

  // --- drain: every answer in, then the pushes still on their way -------------------------------------------------
  if (inFlight > 0) await new Promise<void>((resolve) => (allAnswered = resolve));
  const expectedOf = (s: Sent) => (s.status >= 200 && s.status < 300 ? 2 : 0);
  const expected = sent.reduce((n, s) => n + expectedOf(s), 0);
  const drainUntil = performance.now() + config.drainMs;
  while (received < expected && performance.now() < drainUntil) await new Promise((r2) => setTimeout(r2, 20));
  // Late duplicates would arrive now, if at all.
  await new Promise((r2) => setTimeout(r2, 200));

  let measuredDeliveries = 0;
  for (const s of sent) if (s.measured && expectedOf(s)) measuredDeliveries += ((s.mask & 1) + ((s.mask >> 1) & 1));
  const lat = latencies.subarray(0, latencyCount).sort();
  const ack = Float64Array.from(ackTimes).sort();
  const lagSorted = Float64Array.from(lags).sort();
  const unique = sent.reduce((n, s) => n + (expectedOf(s) ? (s.mask & 1) + ((s.mask >> 1) & 1) : 0), 0);

  closing = true;
  await Promise.all(clients.map((c) => c.close()));
  agent.destroy();

  const cpu = cpuUsed ?? { user: 0, system: 0 };
  const result: LoadResult = {
    connected: clients.length,
    connectMs,
    connectP99Ms: connectTimes[Math.max(0, Math.ceil(0.99 * connectTimes.length) - 1)] ?? NaN,
    sent: sent.length,
    accepted: sent.filter((s) => expectedOf(s) > 0).length,
    refused,
    measuredSent,
    measuredSeconds,
    expected,
    received,
    duplicates,
    lost: expected - unique,
    foreign,
    malformed,
    unexpectedCloses,
    subscriptionErrors,
    notifications,
    latency: { p50: percentile(lat, 50), p90: percentile(lat, 90), p99: percentile(lat, 99), max: lat.length ? lat[lat.length - 1] : NaN, samples: lat.length },
    ack: { p50: percentile(ack, 50), p99: percentile(ack, 99) },
    deliveredPerSecond: measuredDeliveries / measuredSeconds,
    sentPerSecond: measuredSent / measuredSeconds,
    scheduleLagP99Ms: percentile(lagSorted, 99),
    loadCpuPercent: ((cpu.user + cpu.system) / 1000 / (measuredSeconds * 1000)) * 100,
    loadEventLoopP99Ms: Math.max(0, elu.percentile(99) / 1e6 - ELD_RESOLUTION_MS),
  };
  send({ type: 'result', result });
}

process.once('message', (m: ParentMessage) => {
  if (m.type !== 'setup') return;
  main(m.config)
    .then(() => process.disconnect())
    .catch((err: unknown) => {
      send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      process.disconnect();
    });
});
