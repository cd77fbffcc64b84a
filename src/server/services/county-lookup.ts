import { countyOfMunicipality } from '../../shared/counties';
import type { AddressSearch } from '../integrations/address-search';
import type { Store } from '../store';

// A listing's county for the area filter (docs/decisions/015-county-area.md): looked up from its address through the
// address service, in the background, so no seller waits for it. A listing whose address is new or changed has
// municipality_number '' (a trigger clears it, db/migrations/0013_county_area.sql); this fills it in, newest first.

/** Stored when the service knows no such address: not asked again until the address changes. */
export const NO_MUNICIPALITY = '-';

export interface CountyLookupResult {
  /** Listings given a municipality and county. */
  found: number;
  /** Listings whose address the service does not know. */
  unknown: number;
  /** True when the service failed: the rest waits for the next round. */
  failed: boolean;
}

/** Looks up to `batch` listings' municipalities, one at a time; stops at the first failure of the service. */
export async function lookUpCounties(store: Store, address: Pick<AddressSearch, 'municipalityOf'>, batch = 20): Promise<CountyLookupResult> {
  const todo = await store.photos.awaitingCounty(batch);
  const result: CountyLookupResult = { found: 0, unknown: 0, failed: false };
  for (const row of todo) {
    let number: string;
    try {
      number = row.address.trim() ? await address.municipalityOf(row.address) : '';
    } catch {
      result.failed = true;
      break;
    }
    const county = countyOfMunicipality(number);
    // Stored only if the address is still the one asked about: one changed meanwhile waits for its own look-up.
    await store.photos.setCounty(row.id, row.address, number || NO_MUNICIPALITY, county);
    if (number) result.found += 1;
    else result.unknown += 1;
  }
  return result;
}

/**
 * Runs lookUpCounties every `everyMs` while there is work (a round finds nothing to do cheaply: a partial index
 * holds the listings waiting), and after a failure of the service waits `backoffMs` before asking it again.
 */
export function startCountyLookup(
  deps: { store: Store; integrations: { address: Pick<AddressSearch, 'municipalityOf'> }; log: { warn(obj: object, msg?: string): void; info?(obj: object, msg?: string): void } },
  { everyMs = 10_000, backoffMs = 5 * 60_000, batch = 20 }: { everyMs?: number; backoffMs?: number; batch?: number } = {},
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void round(), ms);
    timer.unref();
  };
  const round = async () => {
    let failed = false;
    try {
      const r = await lookUpCounties(deps.store, deps.integrations.address, batch);
      failed = r.failed;
      if (r.failed) deps.log.warn({ found: r.found, unknown: r.unknown }, 'county look-up: the address service failed; trying again later');
      else if (r.found || r.unknown) deps.log.info?.({ found: r.found, unknown: r.unknown }, 'county look-up');
    } catch (err) {
      // The database closing under a round at shutdown, say.
      failed = true;
      if (!stopped) deps.log.warn({ err: { message: (err as Error).message } }, 'county look-up failed');
    }
    schedule(failed ? backoffMs : everyMs);
  };
  schedule(everyMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
