import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../db/client';
import { visibleWhere } from '../../../db/schema';
import { z } from '../../shared/zod';
import { AppError } from '../errors';

// A seller's public profile (GET /api/users/:id, docs/product/api.md "Shapes").

export const USER_NOT_FOUND = 'Bruker ikke funnet';

/** GET /api/users/:id (docs/product/api.md "Shapes"). */
export const publicProfileShape = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string().nullable(),
  /** Only when the user shows it on a visible listing (one without hideContactInfo). */
  phone: z.string().optional(),
  /** Only when the user shows it on a visible listing (one without hideAddress). */
  address: z.string().optional(),
});
export type PublicProfileShape = z.infer<typeof publicProfileShape>;

/** Public profiles over one database, the statement prepared once (created in buildApp: AppDeps.stores). */
export class PublicProfiles {
  private readonly statement: Statement;
  constructor(db: Db) {
    const visible = visibleWhere('l');
    this.statement = db.$client.prepare(
      `SELECT u.id, u.name, u.display_name AS displayName, u.phone, u.address,
         EXISTS (SELECT 1 FROM listings l WHERE l.user_id = u.id AND ${visible} AND l.hide_contact_info = 0) AS showsPhone,
         EXISTS (SELECT 1 FROM listings l WHERE l.user_id = u.id AND ${visible} AND l.hide_address = 0) AS showsAddress
       FROM users u WHERE u.id = ?`,
    );
  }

  /**
   * id, name and display name, plus phone and address only where the user already shows them to buyers on a
   * visible listing. 404 for an unknown user.
   */
  get(id: number): PublicProfileShape {
    const row = this.statement.get(id) as
      | { id: number; name: string; displayName: string | null; phone: string; address: string; showsPhone: number; showsAddress: number }
      | undefined;
    if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    const profile: PublicProfileShape = { id: row.id, name: row.name, displayName: row.displayName };
    if (row.showsPhone) profile.phone = row.phone;
    if (row.showsAddress) profile.address = row.address;
    return profile;
  }
}
