// Reports of listings ('Rapporter annonse', docs/decisions/025-buyer-trust.md) without zod: the listing page's and the
// admin panel's words, and what reporters and owners are told. src/shared/schemas/report.ts re-exports them.

export const REPORT_REASONS = ['svindel', 'feil_informasjon', 'allerede_solgt', 'upassende', 'annet'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  svindel: 'Svindel',
  feil_informasjon: 'Feil informasjon',
  allerede_solgt: 'Allerede solgt',
  upassende: 'Upassende',
  annet: 'Annet',
};

/** What an admin decides on a listing's open reports: show it again, or reject it. */
export const REPORT_ACTIONS = ['avvis', 'fjern'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** A comment says what the reason cannot; a thousand characters is a long paragraph. */
export const REPORT_COMMENT_MAX = 1000;

export const REPORT_TEXTS = {
  button: 'Rapporter annonse',
  title: 'Rapporter annonse',
  intro: 'Fortell oss hva som er galt med annonsen. Selgeren får ikke vite hvem som rapporterte.',
  reason: 'Årsak',
  choose: 'Velg årsak',
  comment: 'Kommentar (valgfritt)',
  send: 'Send rapport',
  loginRequired: 'Logg inn for å rapportere annonsen',
  sent: 'Takk! Rapporten er sendt.',
  failed: 'Kunne ikke sende rapporten. Prøv igjen.',
  reasonRequired: 'Velg en årsak.',
  duplicate: 'Du har allerede rapportert denne annonsen.',
  ownListing: 'Du kan ikke rapportere din egen annonse.',
  /** The owner's 'Mine annonser' and listing page while reports hide it. */
  hidden: 'Skjult etter rapporter – venter på vurdering',
  /** Activating (or marking sold, or back on sale) a listing reports hide. */
  activationRefused: 'Annonsen er skjult etter rapporter og kan ikke aktiveres før en administrator har vurdert den.',
  // The admin panel.
  adminTab: 'Rapporter',
  adminEmpty: 'Ingen rapporterte annonser',
  adminHiddenBadge: 'Skjult',
  dismiss: 'Avvis',
  remove: 'Fjern',
  dismissed: 'Rapportene er avvist og annonsen vises igjen',
  removed: 'Annonsen er fjernet',
  nothingToResolve: 'Annonsen har ingen åpne rapporter.',
} as const;

/**
 * The reason a listing removed after reports ('fjern') is rejected with, shown to its owner as any rejection: the
 * reports' reasons, most frequent first.
 */
export function reportRejectionReason(reasons: readonly ReportReason[]): string {
  const counts = new Map<ReportReason, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const ordered = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || REPORT_REASONS.indexOf(a) - REPORT_REASONS.indexOf(b));
  return `Fjernet etter rapporter fra brukere (${ordered.map((r) => REPORT_REASON_LABELS[r].toLowerCase()).join(', ')})`;
}

/** What each reporter is told of the outcome (docs/product/notifications.md). */
export function reportOutcomeNotification(car: string, action: ReportAction) {
  return action === 'fjern'
    ? { type: 'success' as const, title: 'Annonsen du rapporterte er fjernet', message: `${car} er fjernet etter en vurdering. Takk for at du sa fra.` }
    : {
        type: 'info' as const,
        title: 'Rapporten din er vurdert',
        message: `Vi har vurdert ${car} og fant ikke grunn til å fjerne annonsen. Takk for at du sa fra.`,
      };
}
