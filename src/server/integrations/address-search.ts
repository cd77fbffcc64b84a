import { z } from '../../shared/zod';
import { TtlLru } from '../lib/lru';

/** One suggestion of the public address lookup (docs/product/data.md#address-suggestion). */
export const addressSuggestionShape = z.object({ adressetekst: z.string(), postnummer: z.string(), poststed: z.string() });
export type AddressSuggestion = z.infer<typeof addressSuggestionShape>;

export interface AddressSearch {
  /** Up to 10 suggestions for a free-text query; [] for short input and whenever the upstream service fails. */
  search(query: string): Promise<AddressSuggestion[]>;
  /**
   * The municipality number (kommunenummer) of an address as the product stores it ('Storgata 12, 0155 OSLO'): '' when
   * the service knows no such address; throws when the service fails (the caller tries again later).
   */
  municipalityOf(address: string): Promise<string>;
}

interface Logger {
  warn(obj: object, msg?: string): void;
}

export interface AddressSearchOptions {
  /** Geonorge's `.../adresser/v1/sok` endpoint (ADDRESS_API_URL). */
  url: string;
  log: Logger;
  timeoutMs?: number;
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

// docs/product/validation.md, docs/product/limits.md: lookups start at 3 characters and show 10 hits.
export const ADDRESS_MIN_QUERY = 3;
export const ADDRESS_MAX_HITS = 10;
const MAX_QUERY = 200;

/** Lower-cased, single-spaced: "Storgata  1" and "storgata 1" share a cache entry and an upstream call. */
export function normaliseAddressQuery(query: string): string {
  return query.replace(/[*]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, MAX_QUERY);
}

/** Picks the three fields the product uses out of Geonorge's answer, ignoring anything malformed. */
export function mapGeonorgeAnswer(body: unknown): AddressSuggestion[] {
  const list = (body as { adresser?: unknown } | null)?.adresser;
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const out: AddressSuggestion[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const { adressetekst, postnummer, poststed } = item as Record<string, unknown>;
    if (typeof adressetekst !== 'string' || adressetekst.trim() === '') continue;
    const suggestion = {
      adressetekst: adressetekst.trim(),
      postnummer: typeof postnummer === 'string' || typeof postnummer === 'number' ? String(postnummer).trim() : '',
      poststed: typeof poststed === 'string' ? poststed.trim() : '',
    };
    // A street address and a cadastral address can share the same text; the list shows each text once.
    const key = `${suggestion.adressetekst}|${suggestion.postnummer}|${suggestion.poststed}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(suggestion);
    if (out.length === ADDRESS_MAX_HITS) break;
  }
  return out;
}

/** 'Storgata 12, 0155 OSLO' → its street part and postal code, as a suggestion was written (address-autocomplete). */
export function splitStoredAddress(address: string): { street: string; postcode: string } | undefined {
  const m = /^(.+),\s*(\d{4})(?:\s+\S.*)?$/u.exec(address.trim());
  return m ? { street: m[1].trim(), postcode: m[2] } : undefined;
}

/** The kommunenummer of the hit whose street text and postal code are the address's, or ''. */
export function municipalityInAnswer(body: unknown, street: string, postcode: string): string {
  const list = (body as { adresser?: unknown } | null)?.adresser;
  if (!Array.isArray(list)) return '';
  const want = street.toLocaleLowerCase('nb-NO').replace(/\s+/g, ' ');
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const { adressetekst, postnummer, kommunenummer } = item as Record<string, unknown>;
    if (typeof adressetekst !== 'string' || String(postnummer ?? '').trim() !== postcode) continue;
    if (adressetekst.trim().toLocaleLowerCase('nb-NO').replace(/\s+/g, ' ') !== want) continue;
    const number = typeof kommunenummer === 'number' ? String(kommunenummer).padStart(4, '0') : String(kommunenummer ?? '').trim();
    if (/^\d{4}$/.test(number)) return number;
  }
  return '';
}

/**
 * Geonorge's address search (docs/external-services.md), proxied so the browser never calls it. Answers are cached
 * (addresses rarely change; typing the same prefix again is common) and identical concurrent queries share
 * one upstream call. A failure is logged and answered as [] (docs/product/errors.md: "logged, and the suggestion list is cleared").
 */
export function createAddressSearch(opts: AddressSearchOptions): AddressSearch {
  const timeoutMs = opts.timeoutMs ?? 3000;
  const doFetch = opts.fetch ?? globalThis.fetch;
  const cache = new TtlLru<AddressSuggestion[]>(opts.cacheMaxEntries ?? 500, opts.cacheTtlMs ?? 10 * 60_000, opts.now ?? Date.now);
  const inFlight = new Map<string, Promise<AddressSuggestion[]>>();

  async function fetchPage(text: string, mode: 'prefix' | 'fuzzy'): Promise<AddressSuggestion[]> {
    const url = new URL(opts.url);
    // Geonorge does not combine fuzzy matching with the * wildcard, so a half-typed street ("Arendalsg") is
    // searched as a prefix first, and a typo ("Arendalgata 12") gets a fuzzy second try when that finds nothing.
    url.searchParams.set('sok', mode === 'prefix' ? `${text}*` : text);
    if (mode === 'fuzzy') url.searchParams.set('fuzzy', 'true');
    url.searchParams.set('treffPerSide', String(ADDRESS_MAX_HITS));
    url.searchParams.set('side', '0');
    url.searchParams.set('asciiKompatibel', 'true');
    const res = await doFetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`address search answered HTTP ${res.status}`);
    return mapGeonorgeAnswer(await res.json());
  }

  async function lookup(text: string): Promise<AddressSuggestion[]> {
    const prefix = await fetchPage(text, 'prefix');
    return prefix.length > 0 ? prefix : fetchPage(text, 'fuzzy');
  }

  return {
    async municipalityOf(address) {
      const parts = splitStoredAddress(address);
      if (!parts) return '';
      const url = new URL(opts.url);
      // The street text as the search's words, narrowed to the address's postal code (Geonorge's postnummer filter).
      url.searchParams.set('sok', parts.street);
      url.searchParams.set('postnummer', parts.postcode);
      url.searchParams.set('treffPerSide', String(ADDRESS_MAX_HITS));
      url.searchParams.set('side', '0');
      url.searchParams.set('asciiKompatibel', 'true');
      const res = await doFetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`address search answered HTTP ${res.status}`);
      return municipalityInAnswer(await res.json(), parts.street, parts.postcode);
    },
    async search(query) {
      const text = normaliseAddressQuery(query);
      if (text.length < ADDRESS_MIN_QUERY) return [];
      const cached = cache.get(text);
      if (cached) return cached;
      let pending = inFlight.get(text);
      if (!pending) {
        pending = lookup(text)
          .then((hits) => {
            cache.set(text, hits);
            return hits;
          })
          .finally(() => inFlight.delete(text));
        inFlight.set(text, pending);
      }
      try {
        return await pending;
      } catch (err) {
        // Failures are not cached: the next keystroke tries again.
        const e = err as Error;
        opts.log.warn({ err: { name: e.name, message: e.message }, query: text }, 'address search failed');
        return [];
      }
    },
  };
}
