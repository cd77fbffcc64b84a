import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { mapVehicleData, PLATE_FORMAT_MESSAGE } from '../../shared/vehicle-mapping';
import { AppError } from '../errors';
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../limits/rate-limits';
import { createTestApp, json, type TestApp } from '../testing/harness';
import {
  TEST_VEHICLE_API_KEY,
  vegvesenEmptyList,
  vegvesenMissingList,
  vegvesenQuotaSpent,
  vegvesenSlow,
  vegvesenStatus,
  vehicleHandlers,
} from '../testing/msw/vehicle';
import { createVehicleRegistry, type VehicleRegistryOptions } from './vehicle-registry';

const URL_UNDER_TEST = 'http://vehicle.test/enkeltoppslag/kjoretoydata';
const server = setupServer(...vehicleHandlers);
const upstream: Request[] = [];
const warnings: Record<string, unknown>[] = [];
const log = { warn: (obj: object) => void warnings.push(obj as Record<string, unknown>) };

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => void upstream.push(request));
});
beforeEach(() => {
  upstream.length = 0;
  warnings.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const registry = (o: Partial<VehicleRegistryOptions> = {}) =>
  createVehicleRegistry({ url: URL_UNDER_TEST, apiKey: TEST_VEHICLE_API_KEY, log, ...o });

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('vehicle registry client', () => {
  it('asks with the plate upper-case without spaces, the key and Accept: application/json', async () => {
    const answer = await registry().lookup(' ab 12345 ');
    expect(mapVehicleData(answer)?.registrationNumber).toBe('AB12345');
    expect(upstream).toHaveLength(1);
    const req = upstream[0];
    expect(new URL(req.url).searchParams.get('kjennemerke')).toBe('AB12345');
    expect(req.headers.get('SVV-Authorization')).toBe(`Apikey ${TEST_VEHICLE_API_KEY}`);
    expect(req.headers.get('Accept')).toBe('application/json');
  });

  it('treats 204, 404, an empty list and a missing list as not found', async () => {
    for (const handler of [vegvesenStatus(204), vegvesenStatus(404), vegvesenEmptyList, vegvesenMissingList]) {
      server.use(handler);
      const err = await failure(registry().lookup('AB12345'));
      expect([err.code, err.message]).toEqual(['NOT_FOUND', 'Ingen bildata funnet for dette registreringsnummeret.']);
      server.resetHandlers();
    }
  });

  it.each([401, 403, 422, 500, 503])('answers 502 and logs the upstream status for %i', async (status) => {
    server.use(vegvesenStatus(status));
    const err = await failure(registry().lookup('AB12345'));
    expect([err.code, err.message]).toEqual(['BAD_GATEWAY', 'Kunne ikke hente bildata. Prøv igjen senere.']);
    expect(warnings[0]).toMatchObject({ upstreamStatus: status, plate: 'AB12345' });
    expect(JSON.stringify(warnings)).not.toContain(TEST_VEHICLE_API_KEY);
  });

  it('answers 502 when the registry does not answer in time', async () => {
    server.use(vegvesenSlow(2000));
    const started = Date.now();
    const err = await failure(registry({ timeoutMs: 50 }).lookup('AB12345'));
    expect(err.code).toBe('BAD_GATEWAY');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(String(warnings[0].reason)).toMatch(/50 ms/);
  });

  it('stops asking while the quota is spent (422 + Retry-After) and asks again afterwards', async () => {
    let now = 1_000_000;
    const r = registry({ now: () => now });
    server.use(vegvesenQuotaSpent(600));
    await failure(r.lookup('AB12345'));
    server.resetHandlers();
    expect((await failure(r.lookup('AB12345'))).code).toBe('BAD_GATEWAY');
    expect(upstream).toHaveLength(1);
    now += 601_000;
    expect(mapVehicleData(await r.lookup('AB12345'))).not.toBeNull();
    expect(upstream).toHaveLength(2);
  });

  it('answers a second lookup of a found plate from the cache, for 24 hours', async () => {
    let now = 1_000_000;
    const r = registry({ now: () => now });
    await r.lookup('AB12345');
    await r.lookup('ab 12345');
    expect(upstream).toHaveLength(1);
    now += 23 * 3600_000;
    await r.lookup('AB12345');
    expect(upstream).toHaveLength(1);
    now += 2 * 3600_000;
    await r.lookup('AB12345');
    expect(upstream).toHaveLength(2);
  });

  it('remembers a miss for 10 minutes only, and never caches a failure', async () => {
    let now = 1_000_000;
    const r = registry({ now: () => now });
    await failure(r.lookup('ZZ99999'));
    await failure(r.lookup('ZZ99999'));
    expect(upstream).toHaveLength(1);
    now += 11 * 60_000;
    await failure(r.lookup('ZZ99999'));
    expect(upstream).toHaveLength(2);

    server.use(vegvesenStatus(500));
    await failure(r.lookup('DE54321'));
    server.resetHandlers();
    expect(mapVehicleData(await r.lookup('DE54321'))?.registrationNumber).toBe('DE54321');
  });

  it('shares one upstream call between concurrent lookups and keeps the cache bounded', async () => {
    const r = registry({ cacheMaxEntries: 1 });
    await Promise.all([r.lookup('AB12345'), r.lookup('AB12345'), r.lookup('AB12345')]);
    expect(upstream).toHaveLength(1);
    await r.lookup('DE54321'); // evicts AB12345
    await r.lookup('AB12345');
    expect(upstream).toHaveLength(3);
  });

  it('answers 503 without a key and 400 for a malformed plate, without asking upstream', async () => {
    const noKey = await failure(registry({ apiKey: undefined }).lookup('AB12345'));
    expect([noKey.code, noKey.message]).toEqual(['SERVICE_UNAVAILABLE', 'Oppslag i kjøretøyregisteret er ikke konfigurert.']);
    const bad = await failure(registry().lookup('ABC123'));
    expect([bad.code, bad.message]).toEqual(['BAD_REQUEST', PLATE_FORMAT_MESSAGE]);
    expect(upstream).toHaveLength(0);
  });
});

describe('GET /api/vehicle-data/:regnr', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const get = (regnr: string, app = t) => app.app.inject({ method: 'GET', url: `/api/vehicle-data/${encodeURIComponent(regnr)}?_cb=1&_r=x` });

  it("answers the registry's own JSON to a visitor, which the docs/product/data.md mapping reads", async () => {
    const res = await get('ab12345');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.kjoretoydataListe).toHaveLength(1);
    expect(mapVehicleData(body)).toMatchObject({ registrationNumber: 'AB12345', make: 'Volkswagen', model: 'Golf', power: 116 });
  });

  it('answers 404 with the documented message for an unknown plate (registry 204) and for 404 / empty list', async () => {
    for (const handler of [undefined, vegvesenStatus(404), vegvesenEmptyList]) {
      if (handler) server.use(handler);
      const res = await get(handler ? 'CD77777' : 'CD11111');
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe('Ingen bildata funnet for dette registreringsnummeret.');
      server.resetHandlers();
    }
  });

  it('answers 502 for 403 and 422 from the registry, and for a timeout', async () => {
    for (const [handler, plate] of [[vegvesenStatus(403), 'EF10001'], [vegvesenQuotaSpent(0), 'EF10002']] as const) {
      server.use(handler);
      const res = await get(plate);
      expect(res.statusCode).toBe(502);
      expect(json(res).message).toBe('Kunne ikke hente bildata. Prøv igjen senere.');
      server.resetHandlers();
    }
  });

  it('answers 400 with the documented format message for a malformed number', async () => {
    const res = await get('AB-12');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(PLATE_FORMAT_MESSAGE);
    expect(upstream).toHaveLength(0);
  });

  it('answers 503 with a clear Norwegian message when no key is configured', async () => {
    const noKey = await createTestApp({ vehicleApiKey: undefined });
    try {
      const res = await get('AB12345', noKey);
      expect(res.statusCode).toBe(503);
      expect(json(res).message).toBe('Oppslag i kjøretøyregisteret er ikke konfigurert.');
    } finally {
      await noKey.close();
    }
  });

  it('serves a repeated lookup without a second upstream request', async () => {
    await get('DE54321');
    const before = upstream.length;
    const res = await get('de54321');
    expect(res.statusCode).toBe(200);
    expect(upstream.length).toBe(before);
  });

  it('answers 502 on a timeout through the app', async () => {
    const slow = await createTestApp({}, { integrations: { vehicleRegistry: createVehicleRegistry({ url: URL_UNDER_TEST, apiKey: TEST_VEHICLE_API_KEY, log, timeoutMs: 50 }) } });
    try {
      server.use(vegvesenSlow(1000));
      const res = await get('AB12345', slow);
      expect(res.statusCode).toBe(502);
    } finally {
      await slow.close();
    }
  });
});

describe('vehicle lookup rate limit', () => {
  it('answers 429 in Norwegian once one client has spent its look-ups, protecting the daily quota', async () => {
    // Malformed plates still count: the limit sits in front of validation and the cache.
    const t = await createTestApp();
    try {
      for (let i = 0; i < RATE_LIMITS.vehicle.max; i++) {
        const res = await t.app.inject({ url: '/api/vehicle-data/X' });
        expect(res.statusCode).toBe(400);
      }
      const res = await t.app.inject({ url: '/api/vehicle-data/X' });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(RATE_LIMIT_MESSAGE);
    } finally {
      await t.close();
    }
  });
});
