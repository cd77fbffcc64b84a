import { delay, http, HttpResponse } from 'msw';
import vegvesenExample from '../fixtures/vegvesen-example.json';

/** Matches VEHICLE_API_URL wherever it points (tests use http://vehicle.test/enkeltoppslag/kjoretoydata). */
export const VEHICLE_URL_PATTERN = '*/enkeltoppslag/kjoretoydata';
/** The key testConfig() configures; the fake registry answers 403 to any other, as the real one does. */
export const TEST_VEHICLE_API_KEY = 'test-key';

export const vegvesenFixture = vegvesenExample;

/** The sample answer re-labelled for another plate (the registry writes plates with a space). */
export function registryAnswerFor(plate: string) {
  const answer = structuredClone(vegvesenExample);
  const spaced = `${plate.slice(0, 2)} ${plate.slice(2)}`;
  answer.kjoretoydataListe[0].kjoretoyId.kjennemerke = spaced;
  answer.kjoretoydataListe[0].kjennemerke[0].kjennemerke = spaced;
  return answer;
}

/** Plates the fake registry knows: the sample (AB12345) and a second one (DE54321). Others: 204, as reported. */
export const KNOWN_PLATES = ['AB12345', 'DE54321'];

export const vegvesenLookup = http.get(VEHICLE_URL_PATTERN, ({ request }) => {
  if (request.headers.get('svv-authorization') !== `Apikey ${TEST_VEHICLE_API_KEY}`) {
    return HttpResponse.json({ feilmelding: 'Ugyldig API-nøkkel' }, { status: 403 });
  }
  const plate = new URL(request.url).searchParams.get('kjennemerke') ?? '';
  if (!KNOWN_PLATES.includes(plate)) return new HttpResponse(null, { status: 204 });
  return HttpResponse.json(registryAnswerFor(plate));
});

/** The registry answering with a bare status (204, 404, 401, 403, 500, ...). */
export const vegvesenStatus = (status: number, headers: Record<string, string> = {}) =>
  http.get(VEHICLE_URL_PATTERN, () =>
    status === 204 ? new HttpResponse(null, { status, headers }) : HttpResponse.json({ feilmelding: `HTTP ${status}` }, { status, headers }),
  );

/** The daily quota spent: 422 with Retry-After (docs/external-services.md). */
export const vegvesenQuotaSpent = (retryAfterSeconds = 3600) => vegvesenStatus(422, { 'Retry-After': String(retryAfterSeconds) });

/** 200 with an empty list, or with no list at all. */
export const vegvesenEmptyList = http.get(VEHICLE_URL_PATTERN, () => HttpResponse.json({ kjoretoydataListe: [] }));
export const vegvesenMissingList = http.get(VEHICLE_URL_PATTERN, () => HttpResponse.json({ feilmelding: 'Fant ikke kjøretøy' }));

/** The registry answering only after `ms` (for timeouts). */
export const vegvesenSlow = (ms: number) =>
  http.get(VEHICLE_URL_PATTERN, async () => {
    await delay(ms);
    return HttpResponse.json(vegvesenExample);
  });

/** The default handlers for the vehicle registry (tests and a MOCKS=true dev mode). */
export const vehicleHandlers = [vegvesenLookup];
