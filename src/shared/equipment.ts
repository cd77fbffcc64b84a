// The equipment checklist of the create form (docs/product/data.md: "a fixed catalogue of 68 options"). The labels are the
// words Norwegian car ads use (FINN-style), stored verbatim in listings.equipment, so never rename one without a
// data migration.
//
// 'Fulgt servicehåndbok' is NOT one of the 68: docs/product/data.md shows it highlighted and separately, and it drives the
// listing's serviceHistory boolean. It is one fact with two spellings: the label in `equipment` sets
// serviceHistory, and a listing with serviceHistory carries the label in `equipment` (withServiceBook below), so an
// API client that sends either gets both back. Pages show it apart from the 68 (listing-specs.tsx).

export const SERVICE_BOOK_LABEL = 'Fulgt servicehåndbok';

export interface EquipmentGroup {
  name: string;
  items: readonly string[];
}

export const EQUIPMENT_GROUPS = [
  {
    name: 'Komfort',
    items: [
      'Cruisekontroll',
      'Adaptiv cruisekontroll',
      'Klimaanlegg',
      '2-sone klimaanlegg',
      '3-sone klimaanlegg',
      '4-sone klimaanlegg',
      'Varmepumpe',
      'Setevarme foran',
      'Setevarme bak',
      'Ventilerte seter',
      'Minneseter',
      'Elektrisk justerbare seter',
      'Oppvarmet ratt',
      'Nøkkelfri tilgang',
      'Nøkkelfri start',
      'Parkeringsvarmer',
      'Motorvarmer',
    ],
  },
  {
    name: 'Sikkerhet og førerassistanse',
    items: [
      'ISOFIX',
      'Parkeringssensor foran',
      'Parkeringssensor bak',
      'Ryggekamera',
      '360° kamera',
      'Parkeringsassistent',
      'Filskiftevarsler',
      'Dødvinkelvarsler',
      'Nødbremsassistent',
      'Trafikkskiltgjenkjenning',
      'Tretthetsvarsler',
      'Alarm',
    ],
  },
  {
    name: 'Multimedia',
    items: [
      'Apple CarPlay',
      'Android Auto',
      'DAB-radio',
      'Navigasjon',
      'Bluetooth',
      'Trådløs lading',
      'Premium lydanlegg',
      'Head-up display',
      'Digitalt instrumentpanel',
    ],
  },
  {
    name: 'Lys og sikt',
    items: [
      'LED-lys',
      'Matrix LED',
      'Xenonlys',
      'Automatisk fjernlys',
      'Tåkelys',
      'Regnsensor',
      'Oppvarmet frontrute',
      'Elektrisk innfellbare speil',
    ],
  },
  {
    name: 'Tilhenger og last',
    items: ['Hengerfeste fast', 'Hengerfeste avtagbart', 'Hengerfeste elektrisk', 'Takrails', 'Elektrisk bakluke', 'Skiluke'],
  },
  {
    name: 'Hjul og dekk',
    items: ['Vinterhjul', 'Sommerhjul', 'Helårsdekk', 'Lettmetallfelger', 'Dekktrykkovervåkning'],
  },
  {
    name: 'Eksteriør',
    items: ['Panoramatak', 'Soltak', 'Metallic lakk', 'Mørke ruter bak', 'Sportspakke', 'Luftfjæring'],
  },
  {
    name: 'Interiør',
    items: ['Skinnseter', 'Delskinn', 'Sportsseter', 'Skinnratt', 'Stemningsbelysning'],
  },
] as const satisfies readonly EquipmentGroup[];

export type EquipmentLabel = (typeof EQUIPMENT_GROUPS)[number]['items'][number];

/** Every catalogue label in display order (68; 'Fulgt servicehåndbok' excluded, see above). */
export const EQUIPMENT: readonly EquipmentLabel[] = EQUIPMENT_GROUPS.flatMap((g) => g.items as readonly EquipmentLabel[]);

export const EQUIPMENT_COUNT = 68;

const EQUIPMENT_SET: ReadonlySet<string> = new Set(EQUIPMENT);

export function isEquipmentLabel(value: string): value is EquipmentLabel {
  return EQUIPMENT_SET.has(value);
}

/**
 * The equipment list as stored and answered: each item once, in the order given, with 'Fulgt servicehåndbok' in it
 * exactly when `serviceHistory` is true (appended when missing).
 */
export function withServiceBook(items: readonly string[], serviceHistory: boolean): string[] {
  const list = [...new Set(items)].filter((i) => serviceHistory || i !== SERVICE_BOOK_LABEL);
  if (serviceHistory && !list.includes(SERVICE_BOOK_LABEL)) list.push(SERVICE_BOOK_LABEL);
  return list;
}
