// Saved searches' texts without zod ('Lagre søk', docs/decisions/022-market-alerts.md): the search page and
// /lagrede-sok read them, so they must not pull the zod chunk (docs/decisions/010-compression-and-bundle.md).
// src/shared/schemas/saved-search.ts re-exports them.

export const SAVED_SEARCH_NAME_MAX = 80;
/** How many saved searches one account may keep (docs/product/limits.md). */
export const SAVED_SEARCHES_MAX = 50;

export const SAVED_SEARCH_TEXTS = {
  nameRequired: 'Gi søket et navn.',
  nameTooLong: `Navnet kan ha høyst ${SAVED_SEARCH_NAME_MAX} tegn.`,
  notFound: 'Fant ikke det lagrede søket.',
  tooMany: `Du kan ha høyst ${SAVED_SEARCHES_MAX} lagrede søk. Slett et søk for å lagre et nytt.`,
  saved: 'Søket er lagret',
  renamed: 'Søket er endret',
  deleted: 'Søket er slettet',
  save: 'Lagre søk',
  title: 'Lagrede søk',
  name: 'Navn på søket',
  email: 'Send meg også e-post om nye treff',
  empty: 'Ingen lagrede søk',
  emptyText: 'Trykk «Lagre søk» på søkesiden, så varsler vi deg når nye biler passer søket.',
  open: 'Vis treff',
  rename: 'Endre navn',
  delete: 'Slett',
  deleteConfirm: 'Søket og varslene for det slettes. Varslinger du allerede har fått, blir stående.',
  loginRequired: 'Logg inn for å se de lagrede søkene dine.',
  allCars: 'Alle biler',
  unsubscribeTitle: 'Meld av e-post',
  unsubscribed: (name: string) => `Du får ikke lenger e-post om nye treff i «${name}». Varslene kommer fortsatt på Bilpartner.no.`,
  unsubscribeInvalid: 'Lenken for å melde deg av er ugyldig. Du kan slå av e-post for søket under Lagrede søk.',
  unsubscribing: 'Melder deg av …',
} as const;
