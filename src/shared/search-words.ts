// The words of car ads that free text maps to a filter (docs/decisions/009-search-quality.md). Values are filter
// values of src/shared/codes.ts (a FILTERS label or a stored code), so a mapped word means exactly what the panel's
// filter means. Keys are search keys (searchKey below): lower-case letters and digits only.
import type { FilterKey } from './codes';

/** Letters and digits a word may hold (the same set as the text index's words); everything else separates words. */
export const WORD_CHARS = '0-9A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F';
const NON_KEY = new RegExp(`[^${WORD_CHARS}]+`, 'gu');

/**
 * A spelling-free key: lower case, without spaces, dots and hyphens. 'ID.4', 'id4' and 'Id 4' share 'id4';
 * 'XC 60' and 'xc60' share 'xc60'; 'Mercedes-Benz' is 'mercedesbenz'. Æ, ø, å stay letters of their own.
 */
export function searchKey(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('nb-NO').replace(NON_KEY, '');
}

/** Short names buyers write for a make → the make's name as listed. A make's own name (any spelling) needs no alias. */
export const MAKE_ALIASES: Record<string, string> = {
  vw: 'Volkswagen',
  folkevogn: 'Volkswagen',
  merc: 'Mercedes-Benz',
  mercedes: 'Mercedes-Benz',
  mb: 'Mercedes-Benz',
  benz: 'Mercedes-Benz',
  bmw: 'BMW',
  bimmer: 'BMW',
  citroen: 'Citroën',
  skoda: 'Skoda',
  škoda: 'Skoda',
  landrover: 'Land Rover',
  alfa: 'Alfa Romeo',
  chevy: 'Chevrolet',
};

/** Words for fuel, gearbox, drive and body → the filter they set and its value. */
export const FILTER_WORDS: Record<string, { key: FilterKey; value: string }> = {
  // Drivstofftype
  elbil: { key: 'fuelType', value: 'el' },
  el: { key: 'fuelType', value: 'el' },
  elektrisk: { key: 'fuelType', value: 'el' },
  elektriske: { key: 'fuelType', value: 'el' },
  elbiler: { key: 'fuelType', value: 'el' },
  diesel: { key: 'fuelType', value: 'diesel' },
  dieselbil: { key: 'fuelType', value: 'diesel' },
  bensin: { key: 'fuelType', value: 'bensin' },
  bensinbil: { key: 'fuelType', value: 'bensin' },
  hybrid: { key: 'fuelType', value: 'hybrid,plugin_hybrid' },
  hybridbil: { key: 'fuelType', value: 'hybrid,plugin_hybrid' },
  ladbar: { key: 'fuelType', value: 'plugin_hybrid' },
  ladbarhybrid: { key: 'fuelType', value: 'plugin_hybrid' },
  pluginhybrid: { key: 'fuelType', value: 'plugin_hybrid' },
  plugin: { key: 'fuelType', value: 'plugin_hybrid' },
  phev: { key: 'fuelType', value: 'plugin_hybrid' },
  hydrogen: { key: 'fuelType', value: 'hydrogen' },
  hydrogenbil: { key: 'fuelType', value: 'hydrogen' },
  // Girkasse (Automat includes CVT and semi-automatic, as the filter does)
  automat: { key: 'transmission', value: 'Automat' },
  automatgir: { key: 'transmission', value: 'Automat' },
  automatisk: { key: 'transmission', value: 'Automat' },
  manuell: { key: 'transmission', value: 'Manuell' },
  manuelt: { key: 'transmission', value: 'Manuell' },
  manuellgir: { key: 'transmission', value: 'Manuell' },
  // Hjuldrift
  firehjulsdrift: { key: 'driveType', value: 'firehjulsdrift' },
  '4x4': { key: 'driveType', value: 'firehjulsdrift' },
  '4wd': { key: 'driveType', value: 'firehjulsdrift' },
  awd: { key: 'driveType', value: 'firehjulsdrift' },
  forhjulsdrift: { key: 'driveType', value: 'forhjulsdrift' },
  bakhjulsdrift: { key: 'driveType', value: 'bakhjulsdrift' },
  // Biltype
  stasjonsvogn: { key: 'bodyType', value: 'stasjonsvogn' },
  suv: { key: 'bodyType', value: 'suv' },
  varebil: { key: 'bodyType', value: 'Varebil' },
  pickup: { key: 'bodyType', value: 'pickup' },
  sedan: { key: 'bodyType', value: 'sedan' },
  cabriolet: { key: 'bodyType', value: 'cabriolet' },
  kabriolet: { key: 'bodyType', value: 'cabriolet' },
  coupe: { key: 'bodyType', value: 'coupe' },
  coupé: { key: 'bodyType', value: 'coupe' },
  flerbruksbil: { key: 'bodyType', value: 'flerbruksbil' },
};

/** The lowest model year a four-digit number in free text is read as. */
export const FIRST_MODEL_YEAR = 1950;
