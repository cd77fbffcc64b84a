import { visibleWhere } from '../rules';
import type { Statement } from 'better-sqlite3';
import { and, asc, count, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../../db/client';
import { usernameKey } from '../../../../db/username-key';
import {
  auditLog,
  chats,
  inquiries,
  listingImages,
  listings,
  messages,
  notifications,
  passwordResetTokens,
  savedListings,
  sessions,
  users,
  type User,
} from '../../../../db/schema';
import type {
  AuditRecord,
  ExportRows,
  NewUserRow,
  OwnedListing,
  ProfileFields,
  PublicProfileRow,
  ResetTokenRow,
  SessionRow,
  UserEdit,
  UsersRepo,
} from '../users';
import { emailChanged, exportChats } from '../users';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function prepare(db: Db) {
  const id = sql.placeholder('id');
  return {
    findSession: db
      .select({ session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt }, user: users })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(eq(sessions.id, id))
      .prepare(),
    deleteSession: db.delete(sessions).where(eq(sessions.id, id)).prepare(),
    // The placeholder bypasses the column's mapping: the stored value is the timestamp in milliseconds.
    extendSession: db.update(sessions).set({ expiresAt: sql`${sql.placeholder('expiresAt')}` }).where(eq(sessions.id, id)).prepare(),
  };
}

function publicProfileStatement(db: Db): Statement {
  const visible = visibleWhere('l');
  // "Newest" is the listing's creation (listings_user_idx: user_id, created_at), id breaking a tie. The phone and the
  // address may come from different listings: each is on show on the listing it comes from.
  const newest = 'ORDER BY l.created_at DESC, l.id DESC LIMIT 1';
  return db.$client.prepare(
    `SELECT u.id, u.name, u.display_name AS displayName,
       (SELECT CASE WHEN l.contact_phone <> '' THEN l.contact_phone ELSE u.phone END FROM listings l
         WHERE l.user_id = u.id AND ${visible} AND l.hide_contact_info = 0 AND (l.contact_phone <> '' OR u.phone <> '')
         ${newest}) AS phone,
       (SELECT l.address FROM listings l
         WHERE l.user_id = u.id AND ${visible} AND l.hide_address = 0 AND l.address <> ''
         ${newest}) AS address
     FROM users u
     WHERE u.id = ? AND EXISTS (SELECT 1 FROM listings l WHERE l.user_id = u.id AND ${visible})`,
  );
}

function writeAudit(tx: Tx, a: AuditRecord) {
  tx.insert(auditLog)
    .values({
      actorId: a.actor.id,
      actorName: a.actor.name,
      action: a.action,
      targetType: a.target.type,
      targetId: a.target.id,
      targetLabel: a.target.label,
      details: a.details,
    })
    .run();
}

function listingCountOf(tx: Pick<Db, 'select'>, userId: number): number {
  return tx.select({ n: count() }).from(listings).where(eq(listings.userId, userId)).get()?.n ?? 0;
}

/**
 * Users and sessions on SQLite: synchronous inside (better-sqlite3), transactions included. The statements of the
 * per-request session lookup and of the public profile are prepared once, when the store is made.
 */
export class SqliteUsersRepo implements UsersRepo {
  private readonly s: ReturnType<typeof prepare>;
  private readonly profile: Statement;

  constructor(readonly db: Db) {
    this.s = prepare(db);
    this.profile = publicProfileStatement(db);
  }

  async findById(id: number): Promise<User | undefined> {
    return this.db.select().from(users).where(eq(users.id, id)).get();
  }

  async findByUsername(username: string): Promise<User | undefined> {
    return this.db
      .select()
      .from(users)
      // By the compared form (db/username-key.ts); a row written without the store has no key until the next start.
      .where(sql`${users.usernameKey} = ${usernameKey(username)} OR (${users.usernameKey} IS NULL AND lower(${users.username}) = lower(${username.trim()}))`)
      .get();
  }

  async findByEmail(email: string): Promise<User | undefined> {
    return this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.trim()})`)
      .get();
  }

  async insert(user: NewUserRow): Promise<User> {
    return this.db
      .insert(users)
      .values({ ...user, usernameKey: usernameKey(user.username) })
      .returning()
      .get();
  }

  async updateProfile(id: number, fields: ProfileFields): Promise<User | undefined> {
    return this.db.transaction((tx) => {
      const before = tx.select({ email: users.email }).from(users).where(eq(users.id, id)).get();
      const after = tx
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
        .get();
      if (before && after && emailChanged(before.email, after.email)) tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)).run();
      return after;
    });
  }

  async setPasswordRevokingSessions(id: number, passwordHash: string): Promise<void> {
    this.db.transaction((tx) => {
      tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id)).run();
      tx.delete(sessions).where(eq(sessions.userId, id)).run();
      tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)).run();
    });
  }

  async makeAdmin(id: number): Promise<boolean> {
    const result = this.db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(eq(users.id, id)).run();
    return result.changes > 0;
  }

  async listWithListingCounts(): Promise<(User & { listingCount: number })[]> {
    const counts = this.db.select({ userId: listings.userId, n: count() }).from(listings).groupBy(listings.userId).all();
    const byUser = new Map(counts.map((c) => [c.userId, c.n]));
    const rows = this.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).all();
    return rows.map((u) => ({ ...u, listingCount: byUser.get(u.id) ?? 0 }));
  }

  async editAudited(id: number, edit: UserEdit): Promise<{ user: User; listingCount: number } | undefined> {
    return this.db.transaction((tx) => {
      const before = tx.select().from(users).where(eq(users.id, id)).get();
      if (!before) return undefined;
      const change = edit(before);
      if (!change) return { user: before, listingCount: listingCountOf(tx, id) };
      const after = tx
        .update(users)
        .set({ ...change.fields, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
        .get();
      if (emailChanged(before.email, after.email)) tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)).run();
      writeAudit(tx, change.audit);
      return { user: after, listingCount: listingCountOf(tx, id) };
    });
  }

  async deleteWithListings(
    id: number,
    plan: (user: User, listings: OwnedListing[]) => AuditRecord[],
  ): Promise<{ files: { storageKey: string }[]; deletedListings: number } | undefined> {
    return this.db.transaction((tx) => {
      const user = tx.select().from(users).where(eq(users.id, id)).get();
      if (!user) return undefined;
      const owned = tx
        .select({ id: listings.id, uniqueCode: listings.uniqueCode, make: listings.make, model: listings.model, year: listings.year })
        .from(listings)
        .where(eq(listings.userId, id))
        .all();
      const audits = plan(user, owned);
      const ids = owned.map((l) => l.id);
      // The listings' photos (public ones and those of an edit waiting for review) and any photo the user uploaded,
      // staged and never attached included.
      const files = tx
        .select({ storageKey: listingImages.storageKey })
        .from(listingImages)
        .where(
          ids.length
            ? or(inArray(listingImages.listingId, ids), inArray(listingImages.revisionListingId, ids), eq(listingImages.uploaderId, id))
            : eq(listingImages.uploaderId, id),
        )
        .all();
      // Explicit, though the foreign keys cascade too: the deletion does not depend on a schema detail.
      tx.delete(sessions).where(eq(sessions.userId, id)).run();
      tx.delete(savedListings).where(eq(savedListings.userId, id)).run();
      tx.delete(notifications).where(eq(notifications.userId, id)).run();
      if (ids.length) {
        tx.delete(listingImages).where(or(inArray(listingImages.listingId, ids), inArray(listingImages.revisionListingId, ids))).run();
        tx.delete(listings).where(inArray(listings.id, ids)).run();
      }
      tx.delete(listingImages).where(eq(listingImages.uploaderId, id)).run();
      tx.delete(users).where(eq(users.id, id)).run();
      for (const a of audits) writeAudit(tx, a);
      return { files, deletedListings: owned.length };
    });
  }

  async publicProfile(id: number): Promise<PublicProfileRow | undefined> {
    return this.profile.get(id) as PublicProfileRow | undefined;
  }

  async createResetToken(token: ResetTokenRow): Promise<void> {
    this.db.transaction((tx) => {
      tx.delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, token.userId), lte(passwordResetTokens.expiresAt, new Date())))
        .run();
      tx.insert(passwordResetTokens).values(token).run();
    });
  }

  async findResetToken(id: string): Promise<ResetTokenRow | undefined> {
    return this.db
      .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId, expiresAt: passwordResetTokens.expiresAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, id))
      .get();
  }

  async resetPassword(tokenId: string, now: Date, passwordHash: string): Promise<number | undefined> {
    return this.db.transaction((tx) => {
      const used = tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.id, tokenId), gt(passwordResetTokens.expiresAt, now)))
        .returning({ userId: passwordResetTokens.userId })
        .get();
      if (!used) return undefined;
      tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId)).run();
      tx.delete(sessions).where(eq(sessions.userId, used.userId)).run();
      tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, used.userId)).run();
      return used.userId;
    });
  }

  async exportRows(userId: number): Promise<ExportRows> {
    const sent = this.db
      .select({
        id: inquiries.id,
        listingId: inquiries.listingId,
        car: { make: listings.make, model: listings.model, year: listings.year },
        name: inquiries.name,
        email: inquiries.email,
        phone: inquiries.phone,
        message: inquiries.message,
        createdAt: inquiries.createdAt,
      })
      .from(inquiries)
      .innerJoin(listings, eq(inquiries.listingId, listings.id))
      .where(eq(inquiries.senderId, userId))
      .orderBy(asc(inquiries.id))
      .all();
    const other = alias(users, 'other');
    const rows = this.db
      .select({
        id: chats.id,
        listingId: chats.listingId,
        buyerId: chats.buyerId,
        createdAt: chats.createdAt,
        other: { name: other.name, displayName: other.displayName, username: other.username },
        make: listings.make,
        model: listings.model,
        year: listings.year,
      })
      .from(chats)
      .leftJoin(other, eq(other.id, sql`CASE WHEN ${chats.buyerId} = ${userId} THEN ${chats.sellerId} ELSE ${chats.buyerId} END`))
      .leftJoin(listings, eq(listings.id, chats.listingId))
      .where(or(eq(chats.buyerId, userId), eq(chats.sellerId, userId)))
      .orderBy(asc(chats.id))
      .all();
    const ids = rows.map((r) => r.id);
    const texts = ids.length
      ? this.db
          .select({ chatId: messages.chatId, senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt })
          .from(messages)
          .where(inArray(messages.chatId, ids))
          .orderBy(asc(messages.id))
          .all()
      : [];
    return { inquiries: sent, chats: exportChats(userId, rows, texts) };
  }

  async createSession(session: SessionRow): Promise<void> {
    this.db.insert(sessions).values(session).run();
  }

  async findSession(id: string): Promise<{ session: SessionRow; user: User } | undefined> {
    return this.s.findSession.get({ id });
  }

  async extendSession(id: string, expiresAt: Date): Promise<void> {
    this.s.extendSession.run({ id, expiresAt: expiresAt.getTime() });
  }

  async deleteSession(id: string): Promise<void> {
    this.s.deleteSession.run({ id });
  }

  async deleteUserSessions(userId: number): Promise<void> {
    this.db.delete(sessions).where(eq(sessions.userId, userId)).run();
  }
}
