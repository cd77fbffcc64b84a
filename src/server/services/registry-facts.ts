import type { Listing } from '../../../db/schema';
import { comparedFacts, inspectionState, REGISTRY_FIELDS, registryMismatches } from '../../shared/registry-facts';
import type { RegistryShape } from '../../shared/schemas/listing-shape';
import { isValidPlate, mapVehicleFacts, normalisePlate, type VehicleFacts } from '../../shared/vehicle-data';
import { AppError } from '../errors';
import type { VehicleRegistry } from '../integrations/vehicle-registry';
import type { Store } from '../store';
import type { RegistryFactsRow } from '../store/registry-facts';

// 'Sjekk bilen' (docs/decisions/025-buyer-trust.md#registry-facts): a listing's plate is looked up in the vehicle
// registry in the background when the listing is created or its plate or registry-backed fields change, and what the
// registry said is kept (listing_registry_facts). Its values are compared with the listing's when the listing is read,
// so a seller's later edit is judged against them at once. A look-up that fails is tried again by the sweep.

type Compared = Pick<Listing, 'registrationNumber' | (typeof REGISTRY_FIELDS)[number]>;

/**
 * The API's `registry` of a listing (as the viewer sees it) from its row: null without a plate, or without a row for
 * that plate (not looked up yet, no such vehicle, the registry not configured).
 */
export function registryOf(listing: Compared, facts: RegistryFactsRow | undefined, now: Date = new Date()): RegistryShape | null {
  if (!facts || !listing.registrationNumber || facts.registrationNumber !== listing.registrationNumber) return null;
  const compared = comparedFacts(facts, listing);
  return {
    checkedAt: facts.checkedAt.toISOString(),
    mismatches: registryMismatches(compared, listing),
    nextInspection: facts.nextInspection || null,
    inspection: inspectionState(facts.nextInspection || null, now),
    facts: compared,
  };
}

/** The columns whose change sends a listing's plate to the registry again. */
const LOOKED_UP = ['registrationNumber', ...REGISTRY_FIELDS] as const;

/** Whether writing `set` over `before` changes the plate or a field the registry confirms. */
export function changesRegistryFacts(before: Listing, set: Partial<Listing>): boolean {
  return LOOKED_UP.some((k) => k in set && set[k] !== undefined && set[k] !== before[k]);
}

/** found: facts kept; none: no vehicle (or no plate, or no registry), no row; failed: try again later; stale: the listing changed or went. */
export type LookupOutcome = 'found' | 'none' | 'failed' | 'stale';

// The registry client's answers that mean "nothing to show" rather than "try again": no such vehicle (404), a plate
// it cannot look up (400), no API key (503).
const NO_FACTS = new Set(['NOT_FOUND', 'BAD_REQUEST', 'SERVICE_UNAVAILABLE']);

/** Looks the listing's plate up now and records the answer (the client logs failures, with their cause). */
export async function lookUpRegistryFacts(store: Store, registry: Pick<VehicleRegistry, 'lookup'>, listingId: number): Promise<{ outcome: LookupOutcome; plate: string }> {
  const listing = await store.listings.find(listingId);
  if (!listing) return { outcome: 'stale', plate: '' };
  const plate = listing.registrationNumber;
  let facts: VehicleFacts | null = null;
  if (isValidPlate(plate)) {
    try {
      facts = mapVehicleFacts(await registry.lookup(normalisePlate(plate)));
    } catch (err) {
      if (!(err instanceof AppError && NO_FACTS.has(err.code))) return { outcome: 'failed', plate };
    }
  }
  const recorded = await store.registryFacts.record(listingId, plate, facts);
  return { outcome: !recorded ? 'stale' : facts ? 'found' : 'none', plate };
}

interface Log {
  warn(obj: object, msg?: string): void;
  debug?(obj: object, msg?: string): void;
}

/**
 * The look-ups, run one at a time in the background after the change that causes them has committed: a listing
 * waiting is looked up once however often it changed meanwhile. Never throws to the caller; a failure waits for the
 * sweep (startRegistrySweep).
 */
export class RegistryChecks {
  private readonly waiting = new Set<number>();
  private running: Promise<void> | undefined;
  private closed = false;
  /**
   * The plates, by listing, the registry answered without a vehicle (or that it cannot look up) since this process
   * started: the sweep does not ask about them again until the plate changes.
   */
  readonly withoutVehicle = new Map<number, string>();

  constructor(private readonly deps: { store: Store; registry: Pick<VehicleRegistry, 'lookup'>; log: Log }) {}

  /** The listing's plate is looked up, after the ones already waiting. */
  listing(id: number): void {
    if (this.closed) return;
    this.waiting.add(id);
    this.running ??= this.drain();
  }

  /** One look-up now; remembers a plate without a vehicle. */
  async check(id: number): Promise<LookupOutcome> {
    const { outcome, plate } = await lookUpRegistryFacts(this.deps.store, this.deps.registry, id);
    if (outcome === 'none') this.withoutVehicle.set(id, plate);
    else if (outcome === 'found') this.withoutVehicle.delete(id);
    return outcome;
  }

  /** Resolves once no look-up waits (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Takes no more look-ups and drops the waiting ones (the app is closing). */
  close(): void {
    this.closed = true;
    this.waiting.clear();
  }

  private async drain() {
    try {
      // A Set's iteration visits what is added meanwhile.
      for (const id of this.waiting) {
        this.waiting.delete(id);
        try {
          const outcome = await this.check(id);
          this.deps.log.debug?.({ listingId: id, outcome }, 'registry facts looked up');
        } catch (err) {
          this.deps.log.warn({ err: { message: (err as Error).message }, listingId: id }, 'registry facts not looked up');
        }
      }
    } finally {
      this.running = undefined;
    }
  }
}

export interface RegistrySweepOptions {
  /** Between rounds while listings wait. */
  everyMs?: number;
  /** After a round that found none left: the next pass over all listings. */
  pauseMs?: number;
  /** After the registry failed. */
  backoffMs?: number;
  batch?: number;
}

/**
 * Looks up, a batch per round, the listings with a plate and no facts for it (never looked up, a look-up that
 * failed, a plate changed while this instance was down), newest first, skipping plates this process already knows
 * have no vehicle. After a failure it waits `backoffMs` and goes on from the listing that failed. Answers its stop.
 */
export function startRegistrySweep(store: Store, checks: RegistryChecks, log: Log, opts: RegistrySweepOptions = {}): () => void {
  const { everyMs = 10_000, pauseMs = 10 * 60_000, backoffMs = 5 * 60_000, batch = 20 } = opts;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let below = Number.MAX_SAFE_INTEGER;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void round(), ms);
    timer.unref();
  };
  const round = async () => {
    // A round that only skipped plates known to have no vehicle asked the registry nothing: the next follows at once.
    let wait = 0;
    try {
      const due = await store.registryFacts.awaiting(below, batch);
      for (const { id, registrationNumber } of due) {
        if (checks.withoutVehicle.get(id) === registrationNumber) {
          below = id;
          continue;
        }
        wait = everyMs;
        if ((await checks.check(id)) === 'failed') {
          wait = backoffMs;
          break;
        }
        below = id;
      }
      if (wait !== backoffMs && due.length < batch) {
        below = Number.MAX_SAFE_INTEGER;
        wait = pauseMs;
      }
    } catch (err) {
      wait = backoffMs;
      if (!stopped) log.warn({ err: { message: (err as Error).message } }, 'registry sweep failed');
    }
    schedule(wait);
  };
  schedule(everyMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
