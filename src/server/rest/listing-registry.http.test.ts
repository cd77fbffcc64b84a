import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../config';
import { createVehicleRegistry } from '../integrations/vehicle-registry';
import { RegistryChecks } from '../services/registry-facts';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { MINIMAL_LISTING_FORM } from '../testing/listing-factory';
import { TEST_VEHICLE_API_KEY, vehicleHandlers } from '../testing/msw/vehicle';
import { createTestStore } from '../testing/stores';
import type { Store } from '../store';

// 'Sjekk bilen' over HTTP (docs/product/api.md "GET /api/listings/:id", docs/decisions/025-buyer-trust.md): a listing
// created with a plate is looked up in the background by the real registry client (against the fake Statens vegvesen,
// which knows AB12345: a 2017 Volkswagen Golf diesel, EU-kontroll by 30.06.2025), and its detail carries `registry`.

const server = setupServer(...vehicleHandlers);
let t: TestApp;
let store: Store;
let checks: RegistryChecks;
let seller: Awaited<ReturnType<typeof loggedInUser>>;
let admin: Awaited<ReturnType<typeof loggedInUser>>;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  const log = { warn() {} };
  const registry = createVehicleRegistry({ url: testConfig().vehicleApiUrl, apiKey: TEST_VEHICLE_API_KEY, log });
  store = await createTestStore();
  checks = new RegistryChecks({ store, registry, log });
  t = await createTestApp({}, { store, registryChecks: checks });
  seller = await loggedInUser(t.store);
  admin = await loggedInUser(t.store, { isAdmin: true });
});
afterAll(async () => {
  await t?.close();
  await store?.close();
  server.close();
});

const create = async (form: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/listings', payload: form, headers: { cookie: seller.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: number }>(res).id;
};
const detail = async (id: number, cookie?: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/listings/${id}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};

it('answers the registry’s facts and the fields it contradicts, once the plate is looked up', async () => {
  // A Volvo V70 2012 diesel on the plate of the registry's Golf 2017 diesel; no power or VIN given.
  const id = await create(MINIMAL_LISTING_FORM);
  await checks.idle();
  const { registry } = await detail(id, seller.cookie);
  expect(registry).toEqual({
    checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    mismatches: ['make', 'year'],
    nextInspection: '30.06.2025',
    inspection: 'forfalt',
    facts: { make: 'Volkswagen', year: 2017, fuelType: 'diesel', power: null, vinNumber: null },
  });

  // The admin reviewing it sees the same mismatches; once approved, so does every buyer.
  const pending = json<{ id: number; registry: { mismatches: string[] } | null }[]>(
    await t.app.inject({ method: 'GET', url: '/api/admin/pending-listings', headers: { cookie: admin.cookie } }),
  );
  expect(pending.find((p) => p.id === id)?.registry?.mismatches).toEqual(['make', 'year']);
  const approved = await t.app.inject({ method: 'POST', url: `/api/admin/listings/${id}/approve`, payload: { approved: true }, headers: { cookie: admin.cookie } });
  expect(approved.statusCode, approved.body).toBe(200);
  expect((await detail(id)).registry.mismatches).toEqual(['make', 'year']);
});

it('answers null for a plate the registry does not know, and the search’s listings carry no registry', async () => {
  const id = await create({ ...MINIMAL_LISTING_FORM, registrationNumber: 'ZZ 99999' });
  await checks.idle();
  expect((await detail(id, seller.cookie)).registry).toBeNull();
  await t.app.inject({ method: 'POST', url: `/api/admin/listings/${id}/approve`, payload: { approved: true }, headers: { cookie: admin.cookie } });
  const list = json<Record<string, unknown>[]>(await t.app.inject({ method: 'GET', url: '/api/listings' }));
  expect(list.length).toBeGreaterThan(0);
  expect(list.every((l) => !('registry' in l))).toBe(true);
});
