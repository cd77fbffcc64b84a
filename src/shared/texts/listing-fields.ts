// The listing form's field labels, without zod: the listing page's 'Sjekk bilen' panel names fields by them, and the
// schema module (src/shared/schemas/listing.ts, which re-exports them) would bring zod into the page's first load.
import { SERVICE_BOOK_LABEL } from '../equipment';
import type { ListingFormKey } from '../schemas/listing';

/** The form's label of each field (docs/product/screens.md#ny-annonse): the form, the review notice and the admin's change list. */
export const LISTING_FIELD_LABELS = {
  registrationNumber: 'Registreringsnummer',
  make: 'Merke',
  model: 'Modell',
  year: 'Årsmodell',
  vinNumber: 'Understellsnummer (VIN)',
  bodyType: 'Karosseri',
  doors: 'Antall dører',
  seats: 'Antall seter',
  color: 'Farge',
  engineSize: 'Motorvolum',
  power: 'Effekt',
  fuelType: 'Drivstoff',
  transmission: 'Girkasse',
  drivetrain: 'Hjuldrift',
  weight: 'Egenvekt',
  mileage: 'Kilometerstand',
  previousOwners: 'Antall tidligere eiere',
  nextInspection: 'Neste EU-kontroll',
  lastInspection: 'Sist EU-godkjent',
  description: 'Beskrivelse',
  price: 'Pris',
  registrationFee: 'Omregistreringsavgift',
  equipment: 'Utstyr',
  images: 'Bilder',
  serviceHistory: SERVICE_BOOK_LABEL,
  address: 'Adresse',
  hideAddress: 'Skjul adresse',
  hideContactInfo: 'Skjul kontaktinformasjon',
  contactPhone: 'Telefonnummer',
} as const satisfies Record<ListingFormKey, string>;
