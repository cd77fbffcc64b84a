import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comparedFacts, inspectionState, lienSearchUrl, registryMismatches, type ListingFactValues, type RegistryFactValues } from '../../shared/registry-facts';
import { listingFormInput } from '../../shared/schemas/listing';
import { mapVehicleFacts, VEHICLE_LOOKUP_FAILED_MESSAGE, VEHICLE_NOT_FOUND_MESSAGE } from '../../shared/vehicle-data';
import { AppError } from '../errors';
import { createDiskStorage } from '../integrations/image-storage';
import { InProcessHub } from '../realtime/hub';
import type { Dialect, Store } from '../store';
import { createUser } from '../testing/harness';
import { LISTING_FORM } from '../testing/listing-factory';
import { registryAnswerFor, vegvesenFixture } from '../testing/msw/vehicle';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { ListingDetails } from './listing-detail';
import { createListing, updateListing, type SellerDeps } from './listings';
import { reviewListing } from './moderation';
import { RegistryChecks, startRegistrySweep } from './registry-facts';

// 'Sjekk bilen' (docs/decisions/025-buyer-trust.md#registry-facts): the comparison rules at their edges, and the
// look-ups a listing's changes cause, with a registry that answers from the Statens vegvesen sample.

const listing = (o: Partial<ListingFactValues> = {}): ListingFactValues => ({ make: 'Volkswagen', year: 2017, fuelType: 'diesel', power: 116, vinNumber: 'WVWZZZAUZHP512345', ...o });
const registry = (o: Partial<RegistryFactValues> = {}): RegistryFactValues => ({ make: 'Volkswagen', year: 2017, fuelType: 'diesel', power: 116, vinNumber: 'WVWZZZAUZHP512345', ...o });
const mismatches = (r: RegistryFactValues, l: ListingFactValues) => registryMismatches(comparedFacts(r, l), l);

describe('registry comparison rules', () => {
  it('finds no mismatch when all agree, ignoring case, spaces and punctuation', () => {
    expect(mismatches(registry(), listing())).toEqual([]);
    expect(mismatches(registry({ make: 'Mercedes-Benz' }), listing({ make: ' mercedes benz ' }))).toEqual([]);
    expect(mismatches(registry(), listing({ vinNumber: 'wvwzzz auzhp 512345' }))).toEqual([]);
  });

  it('names each contradicted field, in a fixed order', () => {
    expect(mismatches(registry(), listing({ make: 'Audi', year: 2018, fuelType: 'bensin', power: 200, vinNumber: 'WAUZZZ1' }))).toEqual([
      'make',
      'year',
      'fuelType',
      'power',
      'vinNumber',
    ]);
  });

  it('lets power differ by up to 5 % of the registry’s value', () => {
    expect(mismatches(registry({ power: 100 }), listing({ power: 105 }))).toEqual([]);
    expect(mismatches(registry({ power: 100 }), listing({ power: 95 }))).toEqual([]);
    expect(mismatches(registry({ power: 100 }), listing({ power: 106 }))).toEqual(['power']);
    expect(mismatches(registry({ power: 100 }), listing({ power: 94 }))).toEqual(['power']);
  });

  it('never counts a field the registry or the listing leaves empty', () => {
    const silent = registry({ make: '', year: null, fuelType: '', power: null, vinNumber: '' });
    expect(mismatches(silent, listing({ make: 'Audi' }))).toEqual([]);
    expect(comparedFacts(silent, listing())).toEqual({ make: null, year: null, fuelType: null, power: null, vinNumber: null });
    expect(mismatches(registry(), listing({ power: 0, vinNumber: '' }))).toEqual([]);
    expect(comparedFacts(registry(), listing({ power: 0, vinNumber: '' }))).toMatchObject({ power: null, vinNumber: null, make: 'Volkswagen' });
  });

  it("takes the registry's 'hybrid' (no charging marker) as agreeing with a plug-in hybrid, not the other way round", () => {
    expect(mismatches(registry({ fuelType: 'hybrid' }), listing({ fuelType: 'plugin_hybrid' }))).toEqual([]);
    expect(mismatches(registry({ fuelType: 'plugin_hybrid' }), listing({ fuelType: 'hybrid' }))).toEqual(['fuelType']);
  });

  it('says forfalt after the deadline day, snart from 60 days before it, ok before that, by the date in Norway', () => {
    const noon = new Date('2026-11-28T12:00:00Z');
    expect(inspectionState('27.11.2026', noon)).toBe('forfalt');
    expect(inspectionState('28.11.2026', noon)).toBe('snart');
    expect(inspectionState('27.01.2027', noon)).toBe('snart'); // 60 days on
    expect(inspectionState('28.01.2027', noon)).toBe('ok'); // 61 days on
    expect(inspectionState(null, noon)).toBeNull();
    expect(inspectionState('', noon)).toBeNull();
    expect(inspectionState('2026-12-01', noon)).toBeNull();
    // 23:30 UTC on 31 December is already New Year's Day in Oslo: the 31st has passed.
    expect(inspectionState('31.12.2026', new Date('2026-12-31T23:30:00Z'))).toBe('forfalt');
    expect(inspectionState('31.12.2026', new Date('2026-12-31T22:30:00Z'))).toBe('snart');
  });

  it('maps the registry’s answer with the form’s mapping, leaving out what it does not say', () => {
    expect(mapVehicleFacts(vegvesenFixture)).toEqual({
      make: 'Volkswagen',
      year: 2017,
      fuelType: 'diesel',
      power: 116,
      vinNumber: 'WVWZZZAUZHP512345',
      nextInspection: '30.06.2025',
    });
    const bare = structuredClone(vegvesenFixture) as { kjoretoydataListe: Record<string, unknown>[] };
    delete bare.kjoretoydataListe[0].forstegangsregistrering;
    delete bare.kjoretoydataListe[0].periodiskKjoretoyKontroll;
    expect(mapVehicleFacts(bare)).toMatchObject({ year: null, nextInspection: '' });
    expect(mapVehicleFacts({ kjoretoydataListe: [] })).toBeNull();
  });

  it('links to Løsøreregisteret’s search by plate', () => {
    expect(lienSearchUrl('ab 12345')).toBe('https://rettsstiftelser.brreg.no/nb/oppslag/motorvogn/AB12345');
  });
});

/**
 * A registry that knows some plates (answering the sample relabelled), counts its calls, can be made to fail, and
 * answers only once `answer()` is called after `hold()` (to see what a reader gets before the answer).
 */
function fakeRegistry(known: string[]) {
  let held: Promise<void> | undefined;
  let release = () => {};
  const fake = {
    calls: [] as string[],
    failing: false,
    hold() {
      held = new Promise((r) => (release = r));
    },
    answer() {
      held = undefined;
      release();
    },
    async lookup(plate: string) {
      fake.calls.push(plate);
      await held;
      if (fake.failing) throw new AppError('BAD_GATEWAY', VEHICLE_LOOKUP_FAILED_MESSAGE);
      if (!known.includes(plate)) throw new AppError('NOT_FOUND', VEHICLE_NOT_FOUND_MESSAGE);
      return registryAnswerFor(plate);
    },
  };
  return fake;
}

const silent = { warn() {}, debug() {} };
const form = (o: Partial<typeof LISTING_FORM> = {}) => listingFormInput.parse({ ...LISTING_FORM, ...o });
// The sample vehicle (docs/product/data.md): a 2017 Volkswagen Golf diesel, 116 hk.
const GOLF = { registrationNumber: 'AB12345', make: 'Volkswagen', model: 'Golf', year: 2017, fuelType: 'diesel', power: 116, vinNumber: 'WVWZZZAUZHP512345' };

describeOnEachStore('registry look-ups', (dialect: Dialect) => {
  let store: Store;
  let dir: string;
  let fake: ReturnType<typeof fakeRegistry>;
  let checks: RegistryChecks;
  let deps: SellerDeps;
  let seller: { id: number; isAdmin: boolean };
  beforeEach(async () => {
    store = await createTestStore(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-registry-'));
    fake = fakeRegistry(['AB12345', 'DE54321']);
    checks = new RegistryChecks({ store, registry: fake, log: silent });
    deps = { store, storage: createDiskStorage(dir), registry: checks };
    seller = { id: (await createUser(store)).user.id, isAdmin: false };
  });
  afterEach(async () => {
    await checks.idle();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const shown = async (id: number, viewer: { id: number; isAdmin: boolean } | null = seller) => (await new ListingDetails(store).forViewer(id, viewer)).registry;

  it('looks a new listing’s plate up in the background and shows what agrees and what does not', async () => {
    fake.hold();
    const created = await createListing(deps, seller, form({ ...GOLF, year: 2019, power: 150 }));
    // Not looked up yet: null, and the request did not wait for it.
    expect(await shown(created.id)).toBeNull();
    fake.answer();
    await checks.idle();
    expect(fake.calls).toEqual(['AB12345']);
    const registry = await shown(created.id);
    expect(registry).toMatchObject({
      mismatches: ['year', 'power'],
      nextInspection: '30.06.2025',
      inspection: 'forfalt',
      facts: { make: 'Volkswagen', year: 2017, fuelType: 'diesel', power: 116, vinNumber: 'WVWZZZAUZHP512345' },
    });
    expect(Math.abs(Date.parse(registry!.checkedAt) - Date.now())).toBeLessThan(60_000);
  });

  it('looks again when the plate or a registry-backed field changes, not for the price', async () => {
    const { id } = await createListing(deps, seller, form(GOLF));
    await checks.idle();
    expect((await shown(id))!.mismatches).toEqual([]);

    await updateListing(deps, seller, id, form({ ...GOLF, price: 250_000 }));
    await checks.idle();
    expect(fake.calls).toEqual(['AB12345']);

    // The listing is pending, so the edit applies at once: compared with the facts at once, and looked up again.
    await updateListing(deps, seller, id, form({ ...GOLF, make: 'Audi' }));
    expect((await shown(id))!.mismatches).toEqual(['make']);
    await checks.idle();
    expect(fake.calls).toEqual(['AB12345', 'AB12345']);

    // A new plate: the old facts are not this car's, so none until the new plate is looked up.
    fake.hold();
    await updateListing(deps, seller, id, form({ ...GOLF, registrationNumber: 'DE 54321' }));
    expect(await shown(id)).toBeNull();
    fake.answer();
    await checks.idle();
    expect(fake.calls).toEqual(['AB12345', 'AB12345', 'DE54321']);
    expect((await shown(id))!.mismatches).toEqual([]);
  });

  it('keeps no facts for a plate the registry does not know, removing the old ones', async () => {
    const { id } = await createListing(deps, seller, form(GOLF));
    await checks.idle();
    expect(await store.registryFacts.of(id)).toBeDefined();
    await updateListing(deps, seller, id, form({ ...GOLF, registrationNumber: 'ZZ99999' }));
    await checks.idle();
    expect(await store.registryFacts.of(id)).toBeUndefined();
    expect(await shown(id)).toBeNull();
    expect(checks.withoutVehicle.get(id)).toBe('ZZ99999');
  });

  it('keeps no facts without a configured registry', async () => {
    const unconfigured = new RegistryChecks({
      store,
      registry: { lookup: () => Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'not configured')) },
      log: silent,
    });
    const { id } = await createListing({ ...deps, registry: unconfigured }, seller, form(GOLF));
    await unconfigured.idle();
    expect(await store.registryFacts.of(id)).toBeUndefined();
    expect(await shown(id)).toBeNull();
  });

  it('leaves a failed look-up to the sweep, which records it once the registry answers', async () => {
    fake.failing = true;
    const { id } = await createListing(deps, seller, form(GOLF));
    await checks.idle();
    expect(await shown(id)).toBeNull();

    const stop = startRegistrySweep(store, checks, silent, { everyMs: 5, backoffMs: 5, pauseMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 60));
      expect(await store.registryFacts.of(id)).toBeUndefined();
      fake.failing = false;
      await expect.poll(async () => (await shown(id))?.mismatches, { timeout: 5000 }).toEqual([]);
    } finally {
      stop();
    }
  });

  it('sweeps listings never looked up, and asks about a plate without a vehicle only once', async () => {
    const none = await createListing({ ...deps, registry: undefined }, seller, form({ ...GOLF, registrationNumber: 'ZZ99999' }));
    const golf = await createListing({ ...deps, registry: undefined }, seller, form(GOLF));
    expect(fake.calls).toEqual([]);
    const stop = startRegistrySweep(store, checks, silent, { everyMs: 5, backoffMs: 5, pauseMs: 5, batch: 1 });
    try {
      await expect.poll(async () => (await shown(golf.id)) !== null, { timeout: 5000 }).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      stop();
    }
    expect(fake.calls.filter((p) => p === 'ZZ99999')).toEqual(['ZZ99999']);
    expect(await shown(none.id)).toBeNull();
  });

  it('looks the plate up again when an approved edit changes it, not while the edit waits', async () => {
    const { id } = await createListing(deps, seller, form(GOLF));
    await checks.idle();
    const adminId = (await createUser(store, { isAdmin: true })).user.id;
    const hub = new InProcessHub();
    const admin = { id: adminId, name: 'Ada Admin' };
    await reviewListing(store, hub, admin, { id, approved: true, rejectionReason: '' }, checks);
    // The owner's change of an approved listing waits for review; buyers' facts stay those of the approved plate.
    await updateListing(deps, seller, id, form({ ...GOLF, registrationNumber: 'DE54321' }));
    await checks.idle();
    expect(fake.calls).toEqual(['AB12345']);
    expect((await shown(id, null))!.mismatches).toEqual([]);
    // The owner sees the edit, whose plate has no facts yet.
    expect(await shown(id)).toBeNull();

    await reviewListing(store, hub, admin, { id, approved: true, rejectionReason: '' }, checks);
    await checks.idle();
    expect(fake.calls).toEqual(['AB12345', 'DE54321']);
    expect(await shown(id, null)).not.toBeNull();
    hub.close();
  });
});
