import { z } from '../zod';
import { userShape } from './auth';
import { listingCardShape, listingShape } from './listing-shape';
import { inquiryShape } from './inquiry';
import { notificationShape } from './notification';
import { savedSearchShape } from './saved-search';
import { reportShape } from './report';

// 'Last ned mine data' (GET /api/auth/export, docs/decisions/021-mail-and-account-recovery.md): everything the account
// holds, as one JSON file. Another user appears only by the name their chats already show.

export const EXPORT_FORMAT = 'bilpartner.no/konto-eksport/1';

const exportChatShape = z.object({
  id: z.number().int(),
  listingId: z.number().int().nullable(),
  /** The user's side of the chat. */
  role: z.enum(['buyer', 'seller']),
  /** The other party as the chat shows them (the app's fallback name when their account is gone). */
  otherParty: z.string(),
  /** 'Volvo V90 2019'; null when the listing is gone. */
  car: z.string().nullable(),
  createdAt: z.string(),
  messages: z.array(z.object({ fromMe: z.boolean(), sender: z.string(), content: z.string(), createdAt: z.string() })),
});

// An inquiry as its sender sees it, with the car it was about; its contact details are the user's own.
const exportInquiryShape = inquiryShape.extend({ car: z.string() });

// Only the links of `data`: an inquiry's carries the buyer's contact details (services/account.ts).
const exportNotificationShape = notificationShape.omit({ data: true }).extend({
  listingId: z.number().int().nullable(),
  chatId: z.number().int().nullable(),
});

export const accountExportShape = z.object({
  format: z.literal(EXPORT_FORMAT),
  exportedAt: z.string(),
  profile: userShape,
  /** Every listing of the user, in every state, as /mine-annonser shows it. */
  listings: z.array(listingShape),
  savedListings: z.array(listingCardShape),
  // The saved searches ('Lagre søk', docs/decisions/022-market-alerts.md).
  savedSearches: z.array(savedSearchShape),
  chats: z.array(exportChatShape),
  notifications: z.array(exportNotificationShape),
  inquiries: z.array(exportInquiryShape),
  /** The listings the user reported ('Rapporter annonse'), with the outcome once an admin decided. */
  reports: z.array(reportShape),
});
export type AccountExport = z.infer<typeof accountExportShape>;

/** The file name the browser saves it under. */
export const exportFileName = (username: string, date: Date) => `bilpartner-data-${username}-${date.toISOString().slice(0, 10)}.json`;

export const DELETE_ACCOUNT_CONFIRM = 'Slett kontoen min';
