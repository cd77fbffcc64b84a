import { z } from '../../shared/zod';
import { AppError } from '../errors';
import type { Store } from '../store';

// A seller's public profile (GET /api/users/:id, docs/product/api.md "Shapes"): the seller as their visible listings
// already show them to a buyer (GET /api/listings/:id, its `seller`, services/listing-detail.ts), nothing more.

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

/** Public profiles over the store (created in buildApp: AppDeps.stores); the query is the users repository's. */
export class PublicProfiles {
  constructor(private readonly store: Store) {}

  /**
   * The seller as their visible listings show them to a buyer: id, name and display name (every listing's `seller`
   * has them), the phone and the address only where a visible listing shows them. A user without a visible listing
   * answers the same 404 as an id nobody has: ids are sequential, and a profile must not list the names of everyone
   * registered. The answer is the same for every viewer, the user themselves and admins included (they have
   * auth.me and the admin user list).
   */
  async get(id: number): Promise<PublicProfileShape> {
    const row = await this.store.users.publicProfile(id);
    if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    const profile: PublicProfileShape = { id: row.id, name: row.name, displayName: row.displayName };
    if (row.phone) profile.phone = row.phone;
    if (row.address) profile.address = row.address;
    return profile;
  }
}
