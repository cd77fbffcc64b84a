import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../db/client';
import { visibleWhere } from '../../../db/schema';
import { z } from '../../shared/zod';
import { AppError } from '../errors';

// A seller's public profile (GET /api/users/:id, docs/product/api.md "Shapes"): the seller as their visible listings
// already show them to a buyer (GET /api/listings/:id, its `seller`, services/listing-detail.ts), nothing more
// (issue 20, item 4).

export const USER_NOT_FOUND = 'Bruker ikke funnet';

/** GET /api/users/:id (docs/product/api.md "Shapes"). */
export const publicProfileShape = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string().nullable(),
  /**
   * The phone the newest visible listing without hideContactInfo shows: its contact phone, else the account's. Absent
   * when no visible listing shows one.
   */
  phone: z.string().optional(),
  /**
   * The listing's own address of the newest visible listing without hideAddress (never the account's address). Absent
   * when no visible listing shows one.
   */
  address: z.string().optional(),
});
export type PublicProfileShape = z.infer<typeof publicProfileShape>;

/** Public profiles over one database, the statement prepared once (created in buildApp: AppDeps.stores). */
export class PublicProfiles {
  private readonly statement: Statement;
  constructor(db: Db) {
    const visible = visibleWhere('l');
    // "Newest" is the listing's creation (listings_user_idx: user_id, created_at), id breaking a tie. The phone and the
    // address may come from different listings: each is on show on the listing it comes from.
    const newest = 'ORDER BY l.created_at DESC, l.id DESC LIMIT 1';
    this.statement = db.$client.prepare(
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

  /**
   * The seller as their visible listings show them to a buyer: id, name and display name (every listing's `seller`
   * has them), the phone and the address only where a visible listing shows them. A user without a visible listing
   * answers the same 404 as an id nobody has: ids are sequential, and a profile must not list the names of everyone
   * registered. The answer is the same for every viewer, the user themselves and admins included (they have
   * auth.me and the admin user list).
   */
  get(id: number): PublicProfileShape {
    const row = this.statement.get(id) as { id: number; name: string; displayName: string | null; phone: string | null; address: string | null } | undefined;
    if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    const profile: PublicProfileShape = { id: row.id, name: row.name, displayName: row.displayName };
    if (row.phone) profile.phone = row.phone;
    if (row.address) profile.address = row.address;
    return profile;
  }
}
