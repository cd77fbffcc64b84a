import { EXPORT_FORMAT, type AccountExport } from '../../shared/schemas/account';
import { WRONG_PASSWORD_MESSAGE } from '../../shared/schemas/auth';
import { chatPartyName } from '../../shared/schemas/chat';
import { AppError } from '../errors';
import type { ImageStorage } from '../integrations/image-storage';
import type { Mailer } from '../mail/mailer';
import { accountDeletedMail } from '../mail/templates';
import type { Store } from '../store';
import { deleteUserWithEverything } from './admin-users';
import { confirmPassword, type PasswordCheckOptions } from './auth';
import { myListings } from './listings';
import { listSavedListings } from './saved-listings';
import { listSavedSearches } from './saved-searches';
import { reportsOf } from './reports';
import { toUserShape } from './users';

// The rights the privacy page promises (docs/decisions/021-mail-and-account-recovery.md): a copy of one's
// data, and deleting the account.

const carName = (car: { make: string; model: string; year: number }) => `${car.make} ${car.model} ${car.year}`.replace(/\s+/g, ' ').trim();

/** Every notification the user has (the page shows the newest 200; the export all of them). */
const ALL_NOTIFICATIONS = 100_000;

const idOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/**
 * GET /api/auth/export: the user's profile, listings, saved listings, chats with their messages, notifications and
 * sent inquiries, and the listings they reported. Another user appears only by the name their chat shows: a chat names the other party, a message
 * says whether it is the user's own; no other user's id, username, contact details or listings beyond a saved card.
 * Notifications keep their title and text, and of their data only the links (listing, chat): an inquiry's
 * notification carries the buyer's contact details in both, so its text is cut to the buyer's message.
 */
export async function exportAccount(store: Store, userId: number, now = new Date()): Promise<AccountExport> {
  const user = await store.users.findById(userId);
  if (!user) throw new AppError('NOT_FOUND', 'Fant ikke brukeren.');
  const [listings, savedListings, savedSearches, rows, notifications, reports] = await Promise.all([
    myListings(store, userId),
    listSavedListings(store, userId),
    listSavedSearches(store, userId),
    store.users.exportRows(userId),
    store.notifications.list(userId, ALL_NOTIFICATIONS),
    reportsOf(store, userId),
  ]);
  const me = chatPartyName(user);
  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile: toUserShape(user),
    listings,
    savedListings,
    savedSearches,
    chats: rows.chats.map((c) => {
      const other = chatPartyName(c.other);
      return {
        id: c.id,
        listingId: c.listingId,
        role: c.buyerId === userId ? ('buyer' as const) : ('seller' as const),
        otherParty: other,
        car: c.car && carName(c.car),
        createdAt: c.createdAt.toISOString(),
        messages: c.messages.map((m) => {
          const fromMe = m.senderId === userId;
          return { fromMe, sender: fromMe ? me : other, content: m.content, createdAt: m.createdAt.toISOString() };
        }),
      };
    }),
    notifications: notifications.map((n) => {
      const data = n.data ?? {};
      // services/inquiries.ts writes 'Fra <name, e-mail, phone>:' as the first line, the buyer's message after it.
      const message = 'inquiryId' in data ? n.message.split('\n').slice(1).join('\n') : n.message;
      return {
        id: n.id,
        type: n.type,
        title: n.title,
        message,
        read: n.read,
        createdAt: n.createdAt.toISOString(),
        listingId: idOf(data.listingId),
        chatId: idOf(data.chatId),
      };
    }),
    inquiries: rows.inquiries.map((i) => ({
      id: i.id,
      listingId: i.listingId,
      car: carName(i.car),
      name: i.name,
      email: i.email,
      phone: i.phone,
      message: i.message,
      createdAt: i.createdAt.toISOString(),
    })),
    reports,
  };
}

export interface DeleteAccountDeps {
  store: Store;
  storage: ImageStorage;
  mailer: Mailer;
}

/**
 * 'Slett kontoen min': with the right password, the account goes as an admin's deletion takes it (the same code:
 * services/admin-users.ts deleteUserWithEverything), audit-logged with the user as actor, and a receipt is mailed
 * after the commit. A wrong password changes nothing and counts against the account like a failed login.
 */
export async function deleteOwnAccount(deps: DeleteAccountDeps, userId: number, password: string, opts: PasswordCheckOptions = {}): Promise<void> {
  await confirmPassword(deps.store, userId, password, WRONG_PASSWORD_MESSAGE, opts);
  const { user } = await deleteUserWithEverything(deps, userId, { self: true });
  await deps.mailer.send(user.email, accountDeletedMail(user));
}
