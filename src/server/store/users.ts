import { and, asc, count, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Listing, NewUser, Session, User } from '../../../db/schema';
import { usernameKey } from '../../../db/username-key';
import type { Q, Tables, Tx } from './dialect';
import { insertAudit, type AuditWrite } from './inbox';
import { lockListingWrites } from './locks';
import { rateGroups } from './prices';
import { affectedRows, columnsOf, groupBy, isRowId, Repository } from './repository';
import { visibleWhere } from './rules';

// The services (services/auth.ts, services/admin-users.ts, auth/session.ts) keep the rules; a check-then-write they depend
// on is one method here, the check a callback run in the transaction on the row as it is (it throws to refuse).

/** The columns a registration writes; the rest take their defaults. */
export type NewUserRow = Required<Pick<NewUser, 'username' | 'passwordHash' | 'name' | 'displayName' | 'email' | 'phone' | 'address' | 'uniqueId' | 'isAdmin'>>;

/** What the user (or an admin for them) may edit: the profile's fields. */
export type ProfileFields = Pick<User, 'name' | 'displayName' | 'email' | 'phone' | 'address'>;

/** A session (`id` the SHA-256 of the cookie's token) or a reset token (of the mailed token; docs/decisions/021-mail-and-account-recovery.md). */
export type SessionRow = Pick<Session, 'id' | 'userId' | 'expiresAt'>;

/** An admin's edit of a user, decided from the row read inside the transaction; null when nothing changes. */
export type UserEdit = (before: User) => { fields: Partial<ProfileFields>; audit: AuditWrite } | null;

/** What a public profile shows (services/public-profile.ts): phone and address from the newest visible listing showing each. */
export type PublicProfileRow = Pick<User, 'id' | 'name' | 'displayName'> & { phone: string | null; address: string | null };

async function listingCountOf(q: Q, t: Tables, userId: number): Promise<number> {
  const [row] = await q.select({ n: count() }).from(t.listings).where(eq(t.listings.userId, userId));
  return row?.n ?? 0;
}

/**
 * Writes profile fields (and updatedAt). A new e-mail address (not only a new case: addresses are one account's in any
 * case, users_email_lower_uq) deletes the user's reset tokens: a link mailed to the old mailbox no longer takes the account.
 */
async function writeProfile(tx: Tx, { users, passwordResetTokens }: Tables, id: number, was: string, fields: Partial<ProfileFields>) {
  const [after] = await tx.update(users).set({ ...fields, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  if (after && after.email.toLowerCase() !== was.toLowerCase()) await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
  return after;
}

/** Sets the password hash and deletes every session and every reset token of the user. */
async function replacePassword(tx: Tx, { users, sessions, passwordResetTokens }: Tables, id: number, passwordHash: string, at: Date) {
  await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
}

/**
 * Users and sessions. An admin's edit or deletion locks the user's row first: a second edit waits, and a row written for the user
 * meanwhile (its foreign key needs the user) waits too, then finds the user gone (docs/store.md#row-locks).
 */
export class UsersRepo extends Repository {
  // Run on every request, so prepared once: compiled once on SQLite, planned once per connection on PostgreSQL (a named statement).
  private readonly sessionQuery = this.db
    .select({ session: { id: this.t.sessions.id, userId: this.t.sessions.userId, expiresAt: this.t.sessions.expiresAt }, user: this.t.users })
    .from(this.t.sessions)
    .innerJoin(this.t.users, eq(this.t.sessions.userId, this.t.users.id))
    .where(eq(this.t.sessions.id, sql.placeholder('id')))
    .prepare('users_find_session');

  async findById(id: number): Promise<User | undefined> {
    if (!isRowId(id)) return undefined;
    const { users } = this.t;
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** The user whose username is this one, compared as users_username_key_uq compares (db/username-key.ts). */
  async findByUsername(username: string): Promise<User | undefined> {
    const { users } = this.t;
    // By the compared form; a row written without the store has no key until the next start, and is matched as the
    // lower-case index sees it (lower() on both sides: PostgreSQL compares text case-sensitively).
    const unkeyed = sql`${users.usernameKey} IS NULL AND lower(${users.username}) = lower(${username.trim()})`;
    const [row] = await this.db.select().from(users).where(or(eq(users.usernameKey, usernameKey(username)), unkeyed)).limit(1);
    return row;
  }

  /** The user whose e-mail address equals this one, trimmed, regardless of case (users_email_lower_uq). */
  async findByEmail(email: string): Promise<User | undefined> {
    const { users } = this.t;
    const [row] = await this.db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`).limit(1);
    return row;
  }

  /**
   * Inserts a user with its username's compared form (db/username-key.ts). A taken username (any case, or an NFKC look-alike), e-mail
   * (any case) or uniqueId throws the violation of users_username_key_uq (or _lower_uq), users_email_lower_uq or users_unique_id_uq.
   */
  async insert(user: NewUserRow): Promise<User> {
    const [row] = await this.db.insert(this.t.users).values({ ...user, usernameKey: usernameKey(user.username) }).returning();
    return row;
  }

  /** Sets the profile's fields, as writeProfile; undefined when there is no such user. A taken e-mail: users_email_lower_uq. */
  async updateProfile(id: number, fields: ProfileFields): Promise<User | undefined> {
    if (!isRowId(id)) return undefined;
    const { users } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
      return before && writeProfile(tx, this.t, id, before.email, fields);
    });
  }

  /** Sets the password hash and deletes every session and every reset token of the user, in one transaction. */
  async setPasswordRevokingSessions(id: number, passwordHash: string): Promise<void> {
    await this.d.transaction(this.db, (tx) => replacePassword(tx, this.t, id, passwordHash, new Date()));
  }

  /** Sets isAdmin (and updatedAt); false when there is no such user. */
  async makeAdmin(id: number): Promise<boolean> {
    const { users } = this.t;
    return affectedRows(await this.db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(eq(users.id, id))) > 0;
  }

  /** Every user, newest first (id breaking a tie), with how many listings each has. */
  async listWithListingCounts(): Promise<(User & { listingCount: number })[]> {
    const { users, listings } = this.t;
    const [counts, rows] = await Promise.all([
      this.db.select({ userId: listings.userId, n: count() }).from(listings).groupBy(listings.userId),
      this.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)),
    ]);
    const byUser = new Map(counts.map((c) => [c.userId, c.n]));
    return rows.map((u) => ({ ...u, listingCount: byUser.get(u.id) ?? 0 }));
  }

  /**
   * An admin's edit: reads the user locked, asks `edit` what to change (it may throw to refuse), writes the change and
   * its audit entry (as writeProfile). Undefined when there is no such user.
   */
  async editAudited(id: number, edit: UserEdit): Promise<{ user: User; listingCount: number } | undefined> {
    if (!isRowId(id)) return undefined;
    const { users } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      const [before] = await this.d.lockRows(tx.select().from(users).where(eq(users.id, id)));
      if (!before) return undefined;
      const change = edit(before);
      if (!change) return { user: before, listingCount: await listingCountOf(tx, this.t, id) };
      const after = await writeProfile(tx, this.t, id, before.email, change.fields);
      await insertAudit(tx, this.t, change.audit);
      return { user: after, listingCount: await listingCountOf(tx, this.t, id) };
    });
  }

  /**
   * Deletes the user and what is theirs in one transaction, with the audit entries `plan` answers (it may throw to refuse); answers
   * the deleted photo rows' storage keys, for the files to go after the commit (docs/store.md#foreign-keys-and-write-order).
   */
  async deleteWithListings(
    id: number,
    plan: (user: User, listings: Pick<Listing, 'id' | 'uniqueCode' | 'make' | 'model' | 'year'>[]) => AuditWrite[],
  ): Promise<{ files: { storageKey: string }[]; deletedListings: number } | undefined> {
    if (!isRowId(id)) return undefined;
    const { users, listings, listingImages, sessions, savedListings, notifications } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      // The user's listings go with them (cascade): the search's version row first, as every listing write takes it.
      await lockListingWrites(tx, this);
      const [user] = await this.d.lockRows(tx.select().from(users).where(eq(users.id, id)));
      if (!user) return undefined;
      const { uniqueCode, make, model, year, userId } = listings;
      const owned = await tx.select({ id: listings.id, uniqueCode, make, model, year }).from(listings).where(eq(userId, id)).orderBy(listings.id);
      const audits = plan(user, owned);
      const groups = await tx.select({ make: listings.make, model: listings.model, fuelType: listings.fuelType }).from(listings).where(eq(listings.userId, id));
      const ids = owned.map((l) => l.id);
      // The listings' photos, their waiting edits' too, and any photo the user uploaded, staged ones included.
      const ofListings = ids.length ? or(inArray(listingImages.listingId, ids), inArray(listingImages.revisionListingId, ids)) : undefined;
      const uploaded = eq(listingImages.uploaderId, id);
      const files = await tx.select({ storageKey: listingImages.storageKey }).from(listingImages).where(or(ofListings, uploaded));
      // Explicit, though the foreign keys cascade too: the deletion does not depend on a schema detail.
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(savedListings).where(eq(savedListings.userId, id));
      await tx.delete(notifications).where(eq(notifications.userId, id));
      if (ofListings) {
        await tx.delete(listingImages).where(ofListings);
        await tx.delete(listings).where(inArray(listings.id, ids));
      }
      await tx.delete(listingImages).where(uploaded);
      await tx.delete(users).where(eq(users.id, id));
      // The market of the cars they sold changed with them.
      await rateGroups(tx, this, groups, new Date());
      for (const a of audits) await insertAudit(tx, this.t, a);
      return { files, deletedListings: owned.length };
    });
  }

  /** The public profile of a user with at least one visible listing; undefined otherwise. */
  async publicProfile(id: number): Promise<PublicProfileRow | undefined> {
    if (!isRowId(id)) return undefined;
    const visible = sql.raw(visibleWhere('l'));
    // "Newest" is the listing's creation (listings_user_idx: user_id, created_at), id breaking a tie. The phone and the
    // address may come from different listings: each is on show on the listing it comes from.
    const newest = sql.raw('ORDER BY l.created_at DESC, l.id DESC LIMIT 1');
    const [row] = await this.d.rows<PublicProfileRow & Record<string, unknown>>(
      this.db,
      sql`SELECT u.id, u.name, u.display_name AS "displayName",
        (SELECT CASE WHEN l.contact_phone <> '' THEN l.contact_phone ELSE u.phone END FROM listings l
          WHERE l.user_id = u.id AND ${visible} AND l.hide_contact_info = false AND (l.contact_phone <> '' OR u.phone <> '')
          ${newest}) AS phone,
        (SELECT l.address FROM listings l
          WHERE l.user_id = u.id AND ${visible} AND l.hide_address = false AND l.address <> ''
          ${newest}) AS address
      FROM users u
      WHERE u.id = ${id} AND EXISTS (SELECT 1 FROM listings l WHERE l.user_id = u.id AND ${visible})`,
    );
    return row;
  }

  /** Stores a reset token, and deletes the user's expired ones (a user asks a few times at most: rate-limited). */
  async createResetToken(token: SessionRow): Promise<void> {
    const { passwordResetTokens: tokens } = this.t;
    await this.d.transaction(this.db, async (tx) => {
      await tx.delete(tokens).where(and(eq(tokens.userId, token.userId), lte(tokens.expiresAt, new Date())));
      await tx.insert(tokens).values(token);
    });
  }

  /** The token with this id, expired or not. */
  async findResetToken(id: string): Promise<SessionRow | undefined> {
    const { passwordResetTokens: tokens } = this.t;
    const [row] = await this.db.select({ id: tokens.id, userId: tokens.userId, expiresAt: tokens.expiresAt }).from(tokens).where(eq(tokens.id, id)).limit(1);
    return row;
  }

  /**
   * Uses a token in one transaction: deletes it if unexpired at `now` (two uses race to one), sets the password hash and deletes the
   * user's sessions and other reset tokens. Answers the user's id, or undefined for an unknown, used or expired token.
   */
  async resetPassword(tokenId: string, now: Date, passwordHash: string): Promise<number | undefined> {
    const { passwordResetTokens: tokens } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      // On PostgreSQL the DELETE takes the row's lock: a second use of the same token waits, then deletes nothing.
      const [used] = await tx.delete(tokens).where(and(eq(tokens.id, tokenId), gt(tokens.expiresAt, now))).returning({ userId: tokens.userId });
      if (!used) return undefined;
      await replacePassword(tx, this.t, used.userId, passwordHash, now);
      return used.userId;
    });
  }

  /**
   * What the export (GET /api/auth/export, services/account.ts) reads beyond other lists: the user's inquiries with their car (an
   * inquiry goes with its listing), and every chat they are in, hidden ones too, oldest first, with all messages.
   */
  async exportRows(userId: number) {
    const { inquiries, listings, users, chats, messages } = this.t;
    const { make, model, year } = listings;
    const { id, listingId, name, email, phone, message, createdAt } = inquiries;
    const inquiryRows = this.db.select({ id, listingId, car: { make, model, year }, name, email, phone, message, createdAt }).from(inquiries);
    const withCar = inquiryRows.innerJoin(listings, eq(inquiries.listingId, listings.id));
    const sent = await withCar.where(eq(inquiries.senderId, userId)).orderBy(asc(inquiries.id));
    const other = alias(users, 'other');
    const otherNames = { name: other.name, displayName: other.displayName, username: other.username };
    const otherId = sql`CASE WHEN ${chats.buyerId} = ${userId} THEN ${chats.sellerId} ELSE ${chats.buyerId} END`;
    const chat = columnsOf(chats, ['id', 'listingId', 'buyerId', 'createdAt']);
    const chatRows = this.db.select({ ...chat, car: { make, model, year }, other: otherNames }).from(chats);
    // The other party and the car are null when the account or the listing is gone.
    const joined = chatRows.leftJoin(other, eq(other.id, otherId)).leftJoin(listings, eq(listings.id, chats.listingId));
    const rows = await joined.where(or(eq(chats.buyerId, userId), eq(chats.sellerId, userId))).orderBy(asc(chats.id));
    const ids = rows.map((r) => r.id);
    const { chatId, senderId, content } = messages;
    const messageRows = this.db.select({ chatId, senderId, content, createdAt: messages.createdAt }).from(messages);
    const texts = ids.length ? await messageRows.where(inArray(chatId, ids)).orderBy(asc(messages.id)) : [];
    const byChat = groupBy(texts, (m) => m.chatId);
    return { inquiries: sent, chats: rows.map((r) => ({ ...r, messages: byChat.get(r.id) ?? [] })) };
  }

  async createSession(session: SessionRow): Promise<void> {
    await this.db.insert(this.t.sessions).values(session);
  }

  /** The session with this id and its user, expired or not. */
  async findSession(id: string): Promise<{ session: SessionRow; user: User } | undefined> {
    return this.d.preparedFirst(this.sessionQuery, { id });
  }

  async extendSession(id: string, expiresAt: Date): Promise<void> {
    await this.db.update(this.t.sessions).set({ expiresAt }).where(eq(this.t.sessions.id, id));
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.delete(this.t.sessions).where(eq(this.t.sessions.id, id));
  }

  async deleteUserSessions(userId: number): Promise<void> {
    await this.db.delete(this.t.sessions).where(eq(this.t.sessions.userId, userId));
  }
}
