// What the vehicle registry said about listings' plates ('Sjekk bilen', docs/decisions/025-buyer-trust.md), one
// implementation for both stores. A row is for the plate it names: one for another plate than the listing's is stale.
import { and, desc, eq, inArray, lt, ne, or, isNull, sql } from 'drizzle-orm';
import type { VehicleFacts } from '../../shared/vehicle-data';
import type { Tables } from './dialect';
import { afterIdParam, isRowId, Repository } from './repository';

export type RegistryFactsRow = Tables['listingRegistryFacts']['$inferSelect'];

export class RegistryFactsRepo extends Repository {
  /** The listing's row, whichever plate it is for. */
  async of(listingId: number): Promise<RegistryFactsRow | undefined> {
    if (!isRowId(listingId)) return undefined;
    const f = this.t.listingRegistryFacts;
    const [row] = await this.db.select().from(f).where(eq(f.listingId, listingId)).limit(1);
    return row;
  }

  /** The rows of these listings, by listing id. */
  async ofListings(listingIds: number[]): Promise<Map<number, RegistryFactsRow>> {
    const f = this.t.listingRegistryFacts;
    const ids = listingIds.filter(isRowId);
    const rows = ids.length ? await this.db.select().from(f).where(inArray(f.listingId, ids)) : [];
    return new Map(rows.map((r) => [r.listingId, r]));
  }

  /**
   * Records the registry's answer for `plate` (its facts, or no row for an unknown vehicle) only while the listing still has that
   * plate: one statement each, so an answer about a changed plate never lands. Answers whether it did.
   */
  async record(listingId: number, plate: string, facts: VehicleFacts | null): Promise<boolean> {
    if (!isRowId(listingId)) return false;
    if (!facts) {
      const [gone] = await this.d.rows<{ listing_id: number }>(
        this.db,
        sql`DELETE FROM listing_registry_facts WHERE listing_id = ${listingId}
          AND EXISTS (SELECT 1 FROM listings l WHERE l.id = ${listingId} AND l.registration_number = ${plate})
          RETURNING listing_id`,
      );
      return gone !== undefined || (await this.hasPlate(listingId, plate));
    }
    // checked_at is left to its default (now) on insert, and so in `excluded` for the update.
    const written = await this.d.rows<{ listing_id: number }>(
      this.db,
      sql`INSERT INTO listing_registry_facts (listing_id, registration_number, make, year, fuel_type, power, vin_number, next_inspection)
        SELECT l.id, l.registration_number, ${facts.make}, CAST(${facts.year} AS integer), ${facts.fuelType}, CAST(${facts.power} AS integer), ${facts.vinNumber}, ${facts.nextInspection}
        FROM listings l WHERE l.id = ${listingId} AND l.registration_number = ${plate}
        ON CONFLICT (listing_id) DO UPDATE SET registration_number = excluded.registration_number, make = excluded.make,
          year = excluded.year, fuel_type = excluded.fuel_type, power = excluded.power, vin_number = excluded.vin_number,
          next_inspection = excluded.next_inspection, checked_at = excluded.checked_at
        RETURNING listing_id`,
    );
    return written.length > 0;
  }

  private async hasPlate(listingId: number, plate: string): Promise<boolean> {
    const l = this.t.listings;
    const [row] = await this.db.select({ id: l.id }).from(l).where(and(eq(l.id, listingId), eq(l.registrationNumber, plate))).limit(1);
    return row !== undefined;
  }

  /** Listings with a plate and no row for it (or one for an earlier plate), newest first, below `beforeId`: those due a look-up. */
  async awaiting(beforeId: number, limit: number): Promise<{ id: number; registrationNumber: string }[]> {
    const { listings: l, listingRegistryFacts: f } = this.t;
    const unchecked = or(isNull(f.listingId), ne(f.registrationNumber, l.registrationNumber));
    const due = and(lt(l.id, afterIdParam(beforeId)), ne(l.registrationNumber, ''), unchecked);
    const plates = this.db.select({ id: l.id, registrationNumber: l.registrationNumber }).from(l).leftJoin(f, eq(f.listingId, l.id));
    return plates.where(due).orderBy(desc(l.id)).limit(limit);
  }
}
