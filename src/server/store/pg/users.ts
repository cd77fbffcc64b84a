import { and, asc, count, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { lockListingWrites } from './locks';
import type { PgDb } from '../../../../db/pg/client';
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
} from '../../../../db/pg/schema';
import type { User } from '../../../../db/schema';
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

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

function prepare(db: PgDb) {
  const id = sql.placeholder('id');
  // Named statements: node-postgres prepares each once per connection, so the per-request lookup is not planned again.
  return {
    findSession: db
      .select({ session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt }, user: users })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(eq(sessions.id, id))
      .prepare('users_find_session'),
    deleteSession: db.delete(sessions).where(eq(sessions.id, id)).prepare('users_delete_session'),
    extendSession: db
      .update(sessions)
      .set({ expiresAt: sql`${sql.placeholder('expiresAt')}` })
      .where(eq(sessions.id, id))
      .prepare('users_extend_session'),
  };
}

// The SQLite statement's rule in PostgreSQL's types: "visible" is approved and active (db/schema/listings.ts), the
// flags are booleans. The newest listing is ordered by creation, id breaking a tie, as there.
const VISIBLE = sql.raw(`l.status = 'approved' AND l.active`);
const NEWEST = sql.raw('ORDER BY l.created_at DESC, l.id DESC LIMIT 1');

async function writeAudit(tx: Tx, a: AuditRecord) {
  await tx.insert(auditLog).values({
    actorId: a.actor.id,
    actorName: a.actor.name,
    action: a.action,
    targetType: a.target.type,
    targetId: a.target.id,
    targetLabel: a.target.label,
    details: a.details,
  });
}

async function listingCountOf(tx: Pick<PgDb, 'select'>, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(listings).where(eq(listings.userId, userId));
  return row?.n ?? 0;
}

/**
 * Users and sessions on PostgreSQL. An admin's edit or deletion locks the user's row first (FOR UPDATE): a second
 * edit waits for the first, and a listing, photo or session written for the user meanwhile (whose foreign key needs
 * the row) waits too and then finds the user gone.
 */
export class PgUsersRepo implements UsersRepo {
  private readonly s: ReturnType<typeof prepare>;

  constructor(readonly db: PgDb) {
    this.s = prepare(db);
  }

  async findById(id: number): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByUsername(username: string): Promise<User | undefined> {
    // By the compared form (db/username-key.ts); a row written without the store has no key until the next start.
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`${users.usernameKey} = ${usernameKey(username)} OR (${users.usernameKey} IS NULL AND lower(${users.username}) = lower(${username.trim()}))`)
      .limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.trim()})`);
    return row;
  }

  async insert(user: NewUserRow): Promise<User> {
    const [row] = await this.db
      .insert(users)
      .values({ ...user, usernameKey: usernameKey(user.username) })
      .returning();
    return row;
  }

  async updateProfile(id: number, fields: ProfileFields): Promise<User | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id)).for('update');
      const [after] = await tx
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (before && after && emailChanged(before.email, after.email)) await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
      return after;
    });
  }

  async setPasswordRevokingSessions(id: number, passwordHash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    });
  }

  async makeAdmin(id: number): Promise<boolean> {
    const rows = await this.db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  }

  async listWithListingCounts(): Promise<(User & { listingCount: number })[]> {
    const [counts, rows] = await Promise.all([
      this.db.select({ userId: listings.userId, n: count() }).from(listings).groupBy(listings.userId),
      this.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)),
    ]);
    const byUser = new Map(counts.map((c) => [c.userId, c.n]));
    return rows.map((u) => ({ ...u, listingCount: byUser.get(u.id) ?? 0 }));
  }

  async editAudited(id: number, edit: UserEdit): Promise<{ user: User; listingCount: number } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) return undefined;
      const change = edit(before);
      if (!change) return { user: before, listingCount: await listingCountOf(tx, id) };
      const [after] = await tx
        .update(users)
        .set({ ...change.fields, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (emailChanged(before.email, after.email)) await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
      await writeAudit(tx, change.audit);
      return { user: after, listingCount: await listingCountOf(tx, id) };
    });
  }

  async deleteWithListings(
    id: number,
    plan: (user: User, listings: OwnedListing[]) => AuditRecord[],
  ): Promise<{ files: { storageKey: string }[]; deletedListings: number } | undefined> {
    return this.db.transaction(async (tx) => {
      // The user's listings go with them (cascade): the version row first, as every listing write takes it.
      await lockListingWrites(tx);
      const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!user) return undefined;
      const owned = await tx
        .select({ id: listings.id, uniqueCode: listings.uniqueCode, make: listings.make, model: listings.model, year: listings.year })
        .from(listings)
        .where(eq(listings.userId, id))
        .orderBy(listings.id);
      const audits = plan(user, owned);
      const ids = owned.map((l) => l.id);
      const files = await tx
        .select({ storageKey: listingImages.storageKey })
        .from(listingImages)
        .where(
          ids.length
            ? or(inArray(listingImages.listingId, ids), inArray(listingImages.revisionListingId, ids), eq(listingImages.uploaderId, id))
            : eq(listingImages.uploaderId, id),
        );
      // Explicit, though the foreign keys cascade too, as on SQLite.
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(savedListings).where(eq(savedListings.userId, id));
      await tx.delete(notifications).where(eq(notifications.userId, id));
      if (ids.length) {
        await tx.delete(listingImages).where(or(inArray(listingImages.listingId, ids), inArray(listingImages.revisionListingId, ids)));
        await tx.delete(listings).where(inArray(listings.id, ids));
      }
      await tx.delete(listingImages).where(eq(listingImages.uploaderId, id));
      await tx.delete(users).where(eq(users.id, id));
      for (const a of audits) await writeAudit(tx, a);
      return { files, deletedListings: owned.length };
    });
  }

  async publicProfile(id: number): Promise<PublicProfileRow | undefined> {
    const result = await this.db.execute<{ id: number; name: string; displayName: string | null; phone: string | null; address: string | null }>(sql`
      SELECT u.id, u.name, u.display_name AS "displayName",
        (SELECT CASE WHEN l.contact_phone <> '' THEN l.contact_phone ELSE u.phone END FROM listings l
          WHERE l.user_id = u.id AND ${VISIBLE} AND NOT l.hide_contact_info AND (l.contact_phone <> '' OR u.phone <> '')
          ${NEWEST}) AS phone,
        (SELECT l.address FROM listings l
          WHERE l.user_id = u.id AND ${VISIBLE} AND NOT l.hide_address AND l.address <> ''
          ${NEWEST}) AS address
      FROM users u
      WHERE u.id = ${id} AND EXISTS (SELECT 1 FROM listings l WHERE l.user_id = u.id AND ${VISIBLE})`);
    return result.rows[0];
  }

  async createResetToken(token: ResetTokenRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, token.userId), lte(passwordResetTokens.expiresAt, new Date())));
      await tx.insert(passwordResetTokens).values(token);
    });
  }

  async findResetToken(id: string): Promise<ResetTokenRow | undefined> {
    const [row] = await this.db
      .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId, expiresAt: passwordResetTokens.expiresAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, id));
    return row;
  }

  async resetPassword(tokenId: string, now: Date, passwordHash: string): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      // The DELETE takes the row's lock: a second use of the same token waits, then deletes nothing.
      const [used] = await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.id, tokenId), gt(passwordResetTokens.expiresAt, now)))
        .returning({ userId: passwordResetTokens.userId });
      if (!used) return undefined;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId));
      await tx.delete(sessions).where(eq(sessions.userId, used.userId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, used.userId));
      return used.userId;
    });
  }

  async exportRows(userId: number): Promise<ExportRows> {
    const sent = await this.db
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
      .orderBy(asc(inquiries.id));
    const other = alias(users, 'other');
    const rows = await this.db
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
      .orderBy(asc(chats.id));
    const ids = rows.map((r) => r.id);
    const texts = ids.length
      ? await this.db
          .select({ chatId: messages.chatId, senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt })
          .from(messages)
          .where(inArray(messages.chatId, ids))
          .orderBy(asc(messages.id))
      : [];
    return { inquiries: sent, chats: exportChats(userId, rows, texts) };
  }

  async createSession(session: SessionRow): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  async findSession(id: string): Promise<{ session: SessionRow; user: User } | undefined> {
    const [row] = await this.s.findSession.execute({ id });
    return row;
  }

  async extendSession(id: string, expiresAt: Date): Promise<void> {
    await this.s.extendSession.execute({ id, expiresAt });
  }

  async deleteSession(id: string): Promise<void> {
    await this.s.deleteSession.execute({ id });
  }

  async deleteUserSessions(userId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }
}
