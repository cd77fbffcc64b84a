// Notifications' texts without zod (docs/product/notifications.md): route files read them in their `staticData`, which
// the router keeps in the first load, so they must not pull the zod chunk onto every page
// (docs/decisions/010-compression-and-bundle.md). src/shared/schemas/notification.ts re-exports them.

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Fant ikke varslingen.';

// The page's words (docs/product/screens.md#varslinger, docs/product/errors.md).
export const NOTIFICATION_TEXTS = {
  title: 'Mine varslinger',
  loginRequired: 'Logg inn for å se varslinger',
  empty: 'Ingen varslinger',
  markRead: 'Merk som lest',
  markAllRead: 'Merk alle som lest',
  deleteAll: 'Slett alle varslinger',
  allRead: 'Alle varslinger merket som lest',
  allDeleted: 'Alle varslinger slettet',
  updated: 'Oppdatert',
  deleted: 'Slettet',
} as const;

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  success: 'Suksess',
  error: 'Feil',
  warning: 'Advarsel',
  info: 'Info',
};
