import { AppError } from '../errors';
import {
  PLATE_FORMAT_MESSAGE,
  PLATE_RE,
  VEHICLE_LOOKUP_FAILED_MESSAGE,
  VEHICLE_LOOKUP_NOT_CONFIGURED_MESSAGE,
  VEHICLE_NOT_FOUND_MESSAGE,
  normalisePlate,
} from '../../shared/vehicle-mapping';
import { TtlLru } from '../lib/lru';

/** The registry's own answer (docs/external-services.md): the client maps `kjoretoydataListe[0]` (docs/product/data.md). */
export interface RegistryAnswer {
  kjoretoydataListe: unknown[];
  [key: string]: unknown;
}

export interface VehicleRegistry {
  /**
   * The registry's answer for a plate. Throws AppError: 400 malformed plate, 404 no vehicle, 503 no API key,
   * 502 any upstream failure (docs/product/api.md "GET /api/vehicle-data/:regnr").
   */
  lookup(registrationNumber: string): Promise<RegistryAnswer>;
}

interface Logger {
  warn(obj: object, msg?: string): void;
}

export interface VehicleRegistryOptions {
  /** VEHICLE_API_URL: Statens vegvesen's `.../enkeltoppslag/kjoretoydata`. */
  url: string;
  /** VEHICLE_API_KEY; unset means every lookup answers 503. */
  apiKey?: string;
  log: Logger;
  timeoutMs?: number;
  /** How long a found vehicle is served from memory (its data rarely changes within a day). */
  foundTtlMs?: number;
  /** How long "no such vehicle" is remembered (short: a plate can be registered any moment). */
  missTtlMs?: number;
  cacheMaxEntries?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

const HOUR = 60 * 60_000;
/** When the daily quota is spent (422 + Retry-After) we stop asking for at most this long. */
const MAX_BACKOFF_MS = HOUR;

type Outcome = { found: true; answer: RegistryAnswer } | { found: false };

/** Retry-After as seconds or an HTTP date → milliseconds from now (0 when absent or unreadable). */
function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : 0;
}

/** Reads (and so releases) a small error body; the fetch's timeout signal bounds it. */
async function drain(res: Response): Promise<string> {
  try {
    return (await res.text()).trim();
  } catch {
    return '';
  }
}

class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * Statens vegvesen's "Enkeltoppslag kjøretøydata" (docs/external-services.md), proxied so the key stays on the server.
 * Found vehicles are cached ~24 h, misses ~10 min, both in one bounded LRU; identical concurrent lookups share one
 * upstream call; failures are logged with the upstream status and never cached.
 */
export function createVehicleRegistry(opts: VehicleRegistryOptions): VehicleRegistry {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const foundTtlMs = opts.foundTtlMs ?? 24 * HOUR;
  const missTtlMs = opts.missTtlMs ?? 10 * 60_000;
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? globalThis.fetch;
  // Every entry gets its own TTL (found vs. miss), so the default is never used.
  const cache = new TtlLru<Outcome>(opts.cacheMaxEntries ?? 500, 0, now);
  const inFlight = new Map<string, Promise<Outcome>>();
  let blockedUntil = 0;

  async function ask(plate: string): Promise<Outcome> {
    if (now() < blockedUntil) throw new UpstreamError('quota spent, waiting for Retry-After', 422);
    const url = new URL(opts.url);
    url.searchParams.set('kjennemerke', plate);
    let res: Response;
    try {
      res = await doFetch(url, {
        headers: { 'SVV-Authorization': `Apikey ${opts.apiKey}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const e = err as Error;
      throw new UpstreamError(e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `${e.name}: ${e.message}`);
    }
    // An unknown plate has been seen as 204 (empty body), 404 and an empty or missing list: all "not found".
    // A 400 means the registry rejects the number itself, which for a well-formed plate is "no such vehicle" too.
    if (res.status === 204 || res.status === 404 || res.status === 400) {
      await drain(res);
      return { found: false };
    }
    if (!res.ok) {
      if (res.status === 422 || res.status === 429) {
        const wait = Math.min(MAX_BACKOFF_MS, retryAfterMs(res.headers.get('retry-after'), now()));
        if (wait > 0) blockedUntil = now() + wait;
      }
      const detail = (await drain(res)).slice(0, 200);
      throw new UpstreamError(`registry answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`, res.status);
    }
    let body: unknown;
    try {
      const text = await res.text();
      if (text.trim() === '') return { found: false };
      body = JSON.parse(text);
    } catch (err) {
      throw new UpstreamError(`unreadable answer: ${(err as Error).message}`, res.status);
    }
    const list = (body as { kjoretoydataListe?: unknown } | null)?.kjoretoydataListe;
    if (!Array.isArray(list) || list.length === 0) return { found: false };
    return { found: true, answer: body as RegistryAnswer };
  }

  return {
    async lookup(registrationNumber) {
      const plate = normalisePlate(registrationNumber);
      if (!PLATE_RE.test(plate)) throw new AppError('BAD_REQUEST', PLATE_FORMAT_MESSAGE, { registrationNumber: PLATE_FORMAT_MESSAGE });
      if (!opts.apiKey) throw new AppError('SERVICE_UNAVAILABLE', VEHICLE_LOOKUP_NOT_CONFIGURED_MESSAGE);

      let outcome = cache.get(plate);
      if (!outcome) {
        let pending = inFlight.get(plate);
        if (!pending) {
          pending = ask(plate)
            .then((o) => {
              cache.set(plate, o, o.found ? foundTtlMs : missTtlMs);
              return o;
            })
            .finally(() => inFlight.delete(plate));
          inFlight.set(plate, pending);
        }
        try {
          outcome = await pending;
        } catch (err) {
          const e = err as UpstreamError;
          // The plate is no secret (it is on the car); the key never appears in the log.
          opts.log.warn({ upstreamStatus: e.status, reason: e.message, plate }, 'vehicle registry lookup failed');
          throw new AppError('BAD_GATEWAY', VEHICLE_LOOKUP_FAILED_MESSAGE);
        }
      }
      if (!outcome.found) throw new AppError('NOT_FOUND', VEHICLE_NOT_FOUND_MESSAGE);
      return outcome.answer;
    },
  };
}
