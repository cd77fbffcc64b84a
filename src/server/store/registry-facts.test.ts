import { expect, it } from 'vitest';
import type { VehicleFacts } from '../../shared/vehicle-data';
import { describeOnEachStore, storeForEachTest } from '../testing/stores';
import { deleteRows, insertListingRow, insertUserRow, updateRows } from '../testing/store-rows';

// The registry facts repository on both stores ('Sjekk bilen', docs/decisions/025-buyer-trust.md).
const GOLF: VehicleFacts = { make: 'Volkswagen', year: 2017, fuelType: 'diesel', power: 116, vinNumber: 'WVWZZZAUZHP512345', nextInspection: '30.06.2025' };

describeOnEachStore('registry facts repository', (dialect) => {
  const t = storeForEachTest(dialect, async (store) => ({ seller: await insertUserRow(store) }));

  it('records the facts for the listing’s plate, replaces them on a new answer, and reads them back', async () => {
    const id = await insertListingRow(t.store, t.seller, { registrationNumber: 'AB12345' });
    expect(await t.store.registryFacts.of(id)).toBeUndefined();
    expect(await t.store.registryFacts.record(id, 'AB12345', GOLF)).toBe(true);
    const row = await t.store.registryFacts.of(id);
    expect(row).toMatchObject({ listingId: id, registrationNumber: 'AB12345', ...GOLF });
    expect(row!.checkedAt).toBeInstanceOf(Date);
    expect(Math.abs(row!.checkedAt.getTime() - Date.now())).toBeLessThan(60_000);

    const unknown = { make: '', year: null, fuelType: '', power: null, vinNumber: '', nextInspection: '' };
    expect(await t.store.registryFacts.record(id, 'AB12345', unknown)).toBe(true);
    expect(await t.store.registryFacts.of(id)).toMatchObject({ registrationNumber: 'AB12345', ...unknown });
    expect([...(await t.store.registryFacts.ofListings([id, 999_999, 2 ** 40])).keys()]).toEqual([id]);
  });

  it('never records an answer about a plate the listing no longer has', async () => {
    const id = await insertListingRow(t.store, t.seller, { registrationNumber: 'AB12345' });
    await t.store.registryFacts.record(id, 'AB12345', GOLF);
    await updateRows(t.store, 'listings', { registrationNumber: 'DE54321' }, { id });
    // A late answer for the old plate changes nothing, neither facts nor "no vehicle".
    expect(await t.store.registryFacts.record(id, 'AB12345', { ...GOLF, make: 'Audi' })).toBe(false);
    expect(await t.store.registryFacts.record(id, 'AB12345', null)).toBe(false);
    expect(await t.store.registryFacts.of(id)).toMatchObject({ registrationNumber: 'AB12345', make: 'Volkswagen' });
    expect(await t.store.registryFacts.record(2 ** 40, 'AB12345', GOLF)).toBe(false);
    expect(await t.store.registryFacts.record(999_999, 'AB12345', GOLF)).toBe(false);
  });

  it('removes the row when the registry knows no vehicle for the listing’s plate', async () => {
    const id = await insertListingRow(t.store, t.seller, { registrationNumber: 'AB12345' });
    await t.store.registryFacts.record(id, 'AB12345', GOLF);
    await updateRows(t.store, 'listings', { registrationNumber: 'ZZ99999' }, { id });
    expect(await t.store.registryFacts.record(id, 'ZZ99999', null)).toBe(true);
    expect(await t.store.registryFacts.of(id)).toBeUndefined();
    // Answered again: nothing to remove, still the answer for the current plate.
    expect(await t.store.registryFacts.record(id, 'ZZ99999', null)).toBe(true);
  });

  it('finds the listings a look-up is due for: a plate and no row for it, newest first, below a bound', async () => {
    const checked = await insertListingRow(t.store, t.seller, { registrationNumber: 'AB12345' });
    const never = await insertListingRow(t.store, t.seller, { registrationNumber: 'CD12345' });
    const noPlate = await insertListingRow(t.store, t.seller, { registrationNumber: '' });
    const changed = await insertListingRow(t.store, t.seller, { registrationNumber: 'EF12345', status: 'pending' });
    await t.store.registryFacts.record(checked, 'AB12345', GOLF);
    await t.store.registryFacts.record(changed, 'EF12345', GOLF);
    await updateRows(t.store, 'listings', { registrationNumber: 'GH12345' }, { id: changed });

    expect(await t.store.registryFacts.awaiting(Number.MAX_SAFE_INTEGER, 10)).toEqual([
      { id: changed, registrationNumber: 'GH12345' },
      { id: never, registrationNumber: 'CD12345' },
    ]);
    expect(await t.store.registryFacts.awaiting(changed, 10)).toEqual([{ id: never, registrationNumber: 'CD12345' }]);
    expect(await t.store.registryFacts.awaiting(Number.MAX_SAFE_INTEGER, 1)).toHaveLength(1);
    expect(noPlate).toBeGreaterThan(never);
  });

  it('loses the row with its listing', async () => {
    const id = await insertListingRow(t.store, t.seller, { registrationNumber: 'AB12345' });
    await t.store.registryFacts.record(id, 'AB12345', GOLF);
    await deleteRows(t.store, 'listings', { id });
    expect(await t.store.registryFacts.of(id)).toBeUndefined();
  });
});
