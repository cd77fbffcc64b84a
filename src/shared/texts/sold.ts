// 'Marker som solgt' (docs/product/states.md#sold) without zod: the listing page and its first-load code read these,
// so they must not pull the zod chunk (docs/decisions/010-compression-and-bundle.md).

export const SOLD_TEXTS = {
  markSold: 'Marker som solgt',
  markUnsold: 'Marker som ikke solgt',
  badge: 'Solgt',
  markedSold: 'Annonsen er merket som solgt',
  markedUnsold: 'Annonsen er lagt ut igjen',
  onlyApproved: 'Bare en godkjent annonse kan merkes som solgt.',
  chatRefused: 'Bilen er solgt. Du kan ikke starte en ny chat om den.',
  confirm: 'Annonsen forsvinner fra søket. Siden og eksisterende chatter blir stående, merket «Solgt».',
} as const;
