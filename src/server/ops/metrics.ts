import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

// What GET /metrics answers (docs/operations.md "Metrics"), in Prometheus' text format through prom-client. One
// registry per process: the parts that count (the request hook, the store wrapper, the hub, the 429s, the mailer)
// import their metric from here; what an app holds (its websockets, its search index) is read when scraped from the
// apps registered with `registerAppSource` (one in production, several in a test process).

// prom-client's default registry, where every metric below registers itself: nothing else in the process uses it.
export const registry = register;
collectDefaultMetrics();

const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Every HTTP answer, by route pattern (never the raw URL: unmatched requests are `not_found`) and status class. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to answer sent, per route pattern and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: SECONDS,
});

export const dbQueryDuration = new Histogram({
  name: 'bilpartner_db_query_duration_seconds',
  help: 'Time of one repository call (store/): its queries and the mapping of their rows',
  labelNames: ['store', 'operation'] as const,
  buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
});

export const eventsPushed = new Counter({
  name: 'bilpartner_events_pushed_total',
  help: 'Events handed to an open subscription (one per subscriber)',
  labelNames: ['kind'] as const,
});

export const eventDeliveryLag = new Histogram({
  name: 'bilpartner_event_delivery_lag_seconds',
  help: "Time from the event's row being stored to its delivery to a subscription on this instance",
  labelNames: ['kind'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

export const rateLimitRefusals = new Counter({
  name: 'bilpartner_rate_limit_refusals_total',
  help: 'Calls refused with 429, per limit (docs/product/limits.md#rate-limits)',
  labelNames: ['limit'] as const,
});

const mailSent = new Counter({ name: 'bilpartner_mail_sent_total', help: 'Mails handed to the mail server' });
const mailFailed = new Counter({ name: 'bilpartner_mail_failed_total', help: 'Mails the mail server refused or could not take' });

/** The mailer calls this once per mail, after the mail server answered. */
export function recordMail(outcome: 'sent' | 'failed') {
  (outcome === 'sent' ? mailSent : mailFailed).inc();
}

/** Counts one event handed to a subscriber, and how long after its row was stored (ISO `createdAt`, when it has one). */
export function recordPushed(kind: string, createdAt: string | undefined) {
  eventsPushed.inc({ kind });
  if (!createdAt) return;
  const lag = (Date.now() - Date.parse(createdAt)) / 1000;
  if (Number.isFinite(lag)) eventDeliveryLag.observe({ kind }, Math.max(0, lag));
}

/** What one app reports when scraped. */
export interface AppSource {
  websockets(): number;
  subscriptions(): number;
  /** The search index's size, and the change-log entries it has not applied yet (null before it is built). */
  searchIndex(): Promise<{ listings: number; lag: number | null }>;
}

const sources = new Set<AppSource>();

/** Registers an app's gauges for as long as it runs; call the answer when it closes. */
export function registerAppSource(source: AppSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

new Gauge({
  name: 'bilpartner_websocket_connections',
  help: 'Open websocket connections',
  collect() {
    this.set([...sources].reduce((n, s) => n + s.websockets(), 0));
  },
});

new Gauge({
  name: 'bilpartner_subscriptions',
  help: 'Open subscriptions to pushed events (chat messages, notifications)',
  collect() {
    this.set([...sources].reduce((n, s) => n + s.subscriptions(), 0));
  },
});

const indexStates = () => Promise.all([...sources].map((s) => s.searchIndex().catch(() => ({ listings: 0, lag: null }))));

new Gauge({
  name: 'bilpartner_search_index_listings',
  help: 'Listings in the in-memory search index',
  async collect() {
    this.set((await indexStates()).reduce((n, s) => n + s.listings, 0));
  },
});

new Gauge({
  name: 'bilpartner_search_index_lag_changes',
  help: 'Change-log entries written since the search index last caught up (applied by the next search)',
  async collect() {
    const lags = (await indexStates()).map((s) => s.lag).filter((l): l is number => l !== null);
    if (lags.length) this.set(Math.max(...lags));
    else this.reset();
  },
});
