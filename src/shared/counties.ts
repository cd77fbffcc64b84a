// Norway's counties (fylker) as of 1 January 2024, by the first two digits of a municipality number (kommunenummer):
// what the area filter offers and how a listing's county is told from its address's municipality
// (docs/decisions/015-county-area.md). Svalbard (21xx) and Jan Mayen (22xx) belong to no county.

export const COUNTIES = [
  { number: '03', name: 'Oslo' },
  { number: '11', name: 'Rogaland' },
  { number: '15', name: 'Møre og Romsdal' },
  { number: '18', name: 'Nordland' },
  { number: '31', name: 'Østfold' },
  { number: '32', name: 'Akershus' },
  { number: '33', name: 'Buskerud' },
  { number: '34', name: 'Innlandet' },
  { number: '39', name: 'Vestfold' },
  { number: '40', name: 'Telemark' },
  { number: '42', name: 'Agder' },
  { number: '46', name: 'Vestland' },
  { number: '50', name: 'Trøndelag' },
  { number: '55', name: 'Troms' },
  { number: '56', name: 'Finnmark' },
] as const;

export type CountyName = (typeof COUNTIES)[number]['name'];

const BY_NUMBER = new Map<string, CountyName>(COUNTIES.map((c) => [c.number, c.name]));

/** The county of a four-digit municipality number ('4601' → 'Vestland'), or '' when it is none of today's. */
export function countyOfMunicipality(municipalityNumber: string): CountyName | '' {
  if (!/^\d{4}$/.test(municipalityNumber)) return '';
  return BY_NUMBER.get(municipalityNumber.slice(0, 2)) ?? '';
}
