import { delay, http, HttpResponse } from 'msw';
import geonorgeExample from '../fixtures/geonorge-example.json';

/** Matches ADDRESS_API_URL wherever it points (tests use http://address.test/adresser/v1/sok). */
export const ADDRESS_URL_PATTERN = '*/adresser/v1/sok';

export const geonorgeFixture = geonorgeExample;

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .replace(/[*]/g, '')
    .trim();

/**
 * Answers like Geonorge, from the stored sample (a real, shortened answer): the addresses whose text starts with the
 * query's first word, honouring treffPerSide. "arendalsgata 12" finds both sample addresses, "storgata" none.
 */
export const geonorgeSearch = http.get(ADDRESS_URL_PATTERN, ({ request }) => {
  const url = new URL(request.url);
  const firstWord = fold(url.searchParams.get('sok') ?? '').split(/\s+/)[0] ?? '';
  const perPage = Number(url.searchParams.get('treffPerSide') ?? 10);
  const adresser = geonorgeExample.adresser.filter((a) => firstWord !== '' && fold(a.adressetekst).startsWith(firstWord)).slice(0, perPage);
  return HttpResponse.json({ ...geonorgeExample, metadata: { ...geonorgeExample.metadata, totaltAntallTreff: adresser.length }, adresser });
});

/** Geonorge's answer when nothing matches: 200 with an empty list. */
export const geonorgeEmpty = http.get(ADDRESS_URL_PATTERN, () =>
  HttpResponse.json({ metadata: { ...geonorgeExample.metadata, totaltAntallTreff: 0, viserTil: 0 }, adresser: [] }),
);

/** The service failing with a status (500, 503, ...). */
export const geonorgeFailing = (status = 500) =>
  http.get(ADDRESS_URL_PATTERN, () => HttpResponse.json({ message: 'Intern feil' }, { status }));

/** The service answering only after `ms` (for timeouts). */
export const geonorgeSlow = (ms: number) =>
  http.get(ADDRESS_URL_PATTERN, async () => {
    await delay(ms);
    return HttpResponse.json(geonorgeExample);
  });

/** The default handlers for the address service (tests and a MOCKS=true dev mode). */
export const addressHandlers = [geonorgeSearch];
