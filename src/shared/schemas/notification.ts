import { NOTIFICATION_NOT_FOUND_MESSAGE, NOTIFICATION_TYPES } from '../texts/notifications';
import { z } from '../zod';

// Notifications (docs/product/notifications.md): what GET /api/notifications answers and the live subscription pushes.
// The texts and types live in a zod-free module so a route's first-load code can read them without zod.
export * from '../texts/notifications';

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

// The relative age on a card is formatAge in src/shared/format.ts (with the other nb-NO formatters).
