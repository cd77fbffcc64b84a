import type { AuditEntry, NewUser, User } from '../../../db/schema';

// The repository of users and sessions (docs/decisions/018-postgresql.md): implemented in store/sqlite/users.ts and
// store/pg/users.ts. The services (services/auth.ts, services/admin-users.ts, auth/session.ts) keep the rules; a
// check-then-write the rules depend on is one method here, the check passed in as a callback that runs inside the
// transaction on the row as it is there (and throws to refuse, which rolls back).

/** The columns a registration writes; the rest take their defaults. */
export type NewUserRow = Required<Pick<NewUser, 'username' | 'passwordHash' | 'name' | 'displayName' | 'email' | 'phone' | 'address' | 'uniqueId' | 'isAdmin'>>;

/** What the user (or an admin for them) may edit: the profile's fields. */
export type ProfileFields = Pick<User, 'name' | 'displayName' | 'email' | 'phone' | 'address'>;

export interface SessionRow {
  /** The SHA-256 of the cookie's token (auth/session.ts). */
  id: string;
  userId: number;
  expiresAt: Date;
}

/** An audit log entry (services/audit.ts) written in the same transaction as the change it describes. */
export interface AuditRecord {
  /** Null for a user deleting their own account: the entry outlives them (the column is set null on deletion anyway). */
  actor: { id: number | null; name: string };
  action: AuditEntry['action'];
  target: { type: AuditEntry['targetType']; id: number; label: string };
  details?: Record<string, unknown>;
}

/** An admin's edit of a user, decided from the row read inside the transaction; null when nothing changes. */
export type UserEdit = (before: User) => { fields: Partial<ProfileFields>; audit: AuditRecord } | null;

/** A listing of a user about to be deleted, as its audit entry names it. */
export interface OwnedListing {
  id: number;
  uniqueCode: string;
  make: string;
  model: string;
  year: number;
}

/** What a public profile shows (services/public-profile.ts): phone and address from the newest visible listing showing each. */
export interface PublicProfileRow {
  id: number;
  name: string;
  displayName: string | null;
  phone: string | null;
  address: string | null;
}

/** A 'Glemt passord?' token (docs/decisions/021-mail-and-account-recovery.md): `id` is the SHA-256 of the mailed token. */
export interface ResetTokenRow {
  id: string;
  userId: number;
  expiresAt: Date;
}

/** What the export (GET /api/auth/export) reads beyond the other repositories' lists: raw rows, shaped by services/account.ts. */
export interface ExportRows {
  /** Inquiries the user sent, with the car they were about (the listing may be gone: the inquiry then went with it). */
  inquiries: { id: number; listingId: number; car: { make: string; model: string; year: number }; name: string; email: string; phone: string; message: string; createdAt: Date }[];
  /** Every chat the user is in, hidden ones too, oldest first, with all messages. */
  chats: {
    id: number;
    listingId: number | null;
    role: 'buyer' | 'seller';
    other: { name: string | null; displayName: string | null; username: string | null };
    car: { make: string; model: string; year: number } | null;
    createdAt: Date;
    messages: { fromMe: boolean; content: string; createdAt: Date }[];
  }[];
}

export interface UsersRepo {
  findById(id: number): Promise<User | undefined>;
  /** The user whose username is this one, compared as users_username_key_uq compares (db/username-key.ts). */
  findByUsername(username: string): Promise<User | undefined>;
  /** The user whose e-mail address equals this one, trimmed, regardless of case (users_email_lower_uq). */
  findByEmail(email: string): Promise<User | undefined>;
  /**
   * Inserts a user, with its username's compared form (db/username-key.ts usernameKey). A taken username (in any case,
   * or a look-alike in NFKC), e-mail address (in any case) or uniqueId throws the store's unique violation of
   * users_username_key_uq (or users_username_lower_uq), users_email_lower_uq or users_unique_id_uq, for the caller to
   * read with isUniqueViolation.
   */
  insert(user: NewUserRow): Promise<User>;
  /**
   * Sets the profile's fields (and updatedAt); undefined when there is no such user. A taken e-mail: users_email_lower_uq.
   * A new e-mail address (not only a new case) deletes the user's reset tokens in the same transaction: a link mailed
   * to the old mailbox no longer takes the account.
   */
  updateProfile(id: number, fields: ProfileFields): Promise<User | undefined>;
  /** Sets the password hash and deletes every session and every reset token of the user, in one transaction. */
  setPasswordRevokingSessions(id: number, passwordHash: string): Promise<void>;
  /** Sets isAdmin (and updatedAt); false when there is no such user. */
  makeAdmin(id: number): Promise<boolean>;

  /** Every user, newest first (id breaking a tie), with how many listings each has. */
  listWithListingCounts(): Promise<(User & { listingCount: number })[]>;
  /**
   * An admin's edit: reads the user locked, asks `edit` what to change (it may throw to refuse), writes the change and
   * its audit entry; a new e-mail address deletes the reset tokens, as updateProfile. Undefined when there is no such user.
   */
  editAudited(id: number, edit: UserEdit): Promise<{ user: User; listingCount: number } | undefined>;
  /**
   * Deletes the user and what is theirs in one transaction: sessions, saved entries, notifications, listings with their
   * photo rows, photos the user uploaded. `plan` sees the user and their listings first (it may throw to refuse) and
   * answers the audit entries written with the deletion. Answers the storage keys of the deleted photo rows, for the
   * caller to remove the files after the commit; undefined when there is no such user.
   */
  deleteWithListings(
    id: number,
    plan: (user: User, listings: OwnedListing[]) => AuditRecord[],
  ): Promise<{ files: { storageKey: string }[]; deletedListings: number } | undefined>;
  /** The public profile of a user with at least one visible listing; undefined otherwise. */
  publicProfile(id: number): Promise<PublicProfileRow | undefined>;

  /** Stores a reset token, and deletes the user's expired ones (a user asks a few times at most: rate-limited). */
  createResetToken(token: ResetTokenRow): Promise<void>;
  /** The token with this id, expired or not. */
  findResetToken(id: string): Promise<ResetTokenRow | undefined>;
  /**
   * Uses a token: in one transaction deletes it (only if it is unexpired at `now`, so two uses race to one), sets the
   * password hash, and deletes every session and every other reset token of its user. Answers the user's id, or
   * undefined when the token was unknown, used or expired.
   */
  resetPassword(tokenId: string, now: Date, passwordHash: string): Promise<number | undefined>;
  /** The inquiries and chats of the user's data export. */
  exportRows(userId: number): Promise<ExportRows>;

  createSession(session: SessionRow): Promise<void>;
  /** The session with this id and its user, expired or not. */
  findSession(id: string): Promise<{ session: SessionRow; user: User } | undefined>;
  extendSession(id: string, expiresAt: Date): Promise<void>;
  deleteSession(id: string): Promise<void>;
  deleteUserSessions(userId: number): Promise<void>;
}

/** The chats' rows and their messages as the export holds them (both stores' exportRows). */
/** Whether an e-mail change names another mailbox (addresses are one account's in any case, users_email_lower_uq). */
export function emailChanged(before: string, after: string): boolean {
  return before.toLowerCase() !== after.toLowerCase();
}

export function exportChats(
  userId: number,
  rows: {
    id: number;
    listingId: number | null;
    buyerId: number | null;
    createdAt: Date;
    other: { name: string | null; displayName: string | null; username: string | null } | null;
    make: string | null;
    model: string | null;
    year: number | null;
  }[],
  texts: { chatId: number; senderId: number | null; content: string; createdAt: Date }[],
): ExportRows['chats'] {
  const byChat = new Map<number, ExportRows['chats'][number]['messages']>();
  for (const m of texts) {
    const list = byChat.get(m.chatId) ?? [];
    list.push({ fromMe: m.senderId === userId, content: m.content, createdAt: m.createdAt });
    byChat.set(m.chatId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    listingId: r.listingId,
    role: r.buyerId === userId ? 'buyer' : 'seller',
    other: r.other ?? { name: null, displayName: null, username: null },
    car: r.make === null ? null : { make: r.make, model: r.model ?? '', year: r.year ?? 0 },
    createdAt: r.createdAt,
    messages: byChat.get(r.id) ?? [],
  }));
}
