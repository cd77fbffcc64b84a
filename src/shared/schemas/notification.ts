import { z } from '../zod';

// Notifications (docs/product/notifications.md): what GET /api/notifications answers and the live subscription pushes.

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Fant ikke varslingen.';

export const notificationId = z.coerce
  .number({ error: NOTIFICATION_NOT_FOUND_MESSAGE })
  .int({ error: NOTIFICATION_NOT_FOUND_MESSAGE })
  .positive({ error: NOTIFICATION_NOT_FOUND_MESSAGE });
export const notificationIdInput = z.object({ id: notificationId });

export const notificationShape = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  /** Where it came from, e.g. `{listingId, chatId}`, for a link on the card. */
  data: z.record(z.string(), z.unknown()).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationShape = z.infer<typeof notificationShape>;

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

// The relative age on a card is formatAge in src/shared/format.ts (with the other nb-NO formatters).
