import { EventEmitter, on } from 'node:events';

/**
 * In-process event hub behind chat and notification subscriptions. One per app, created in buildApp and
 * closed with it. Channels are per user ("user:42") so a subscriber only ever receives its own events.
 */
export class EventHub {
  private emitter = new EventEmitter();
  private closed = new AbortController();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish<T>(channel: string, payload: T) {
    this.emitter.emit(channel, payload);
  }

  /** Async iterator of a channel's events; ends when `signal` aborts or the hub closes. */
  async *subscribe<T>(channel: string, signal?: AbortSignal): AsyncGenerator<T> {
    const signals = [this.closed.signal, signal].filter(Boolean) as AbortSignal[];
    const combined = AbortSignal.any(signals);
    try {
      for await (const [payload] of on(this.emitter, channel, { signal: combined })) {
        yield payload as T;
      }
    } catch (err) {
      if ((err as Error).name !== 'AbortError') throw err;
    }
  }

  close() {
    this.closed.abort();
    this.emitter.removeAllListeners();
  }
}
