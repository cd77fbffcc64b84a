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
  actor: { id: number; name: string };
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

export interface UsersRepo {
  findById(id: number): Promise<User | undefined>;
  /** The user whose username equals this one, trimmed, regardless of case (as the unique index sees it). */
  findByUsername(username: string): Promise<User | undefined>;
  /**
   * Inserts a user. A taken username (in any case) or uniqueId throws the store's unique violation of
   * users_username_lower_uq or users_unique_id_uq, for the caller to read with isUniqueViolation.
   */
  insert(user: NewUserRow): Promise<User>;
  /** Sets the profile's fields (and updatedAt); undefined when there is no such user. */
  updateProfile(id: number, fields: ProfileFields): Promise<User | undefined>;
  /** Sets the password hash and deletes every session of the user, in one transaction. */
  setPasswordRevokingSessions(id: number, passwordHash: string): Promise<void>;
  /** Sets isAdmin (and updatedAt); false when there is no such user. */
  makeAdmin(id: number): Promise<boolean>;

  /** Every user, newest first (id breaking a tie), with how many listings each has. */
  listWithListingCounts(): Promise<(User & { listingCount: number })[]>;
  /**
   * An admin's edit: reads the user locked, asks `edit` what to change (it may throw to refuse), writes the change and
   * its audit entry. Undefined when there is no such user.
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

  createSession(session: SessionRow): Promise<void>;
  /** The session with this id and its user, expired or not. */
  findSession(id: string): Promise<{ session: SessionRow; user: User } | undefined>;
  extendSession(id: string, expiresAt: Date): Promise<void>;
  deleteSession(id: string): Promise<void>;
  deleteUserSessions(userId: number): Promise<void>;
}
