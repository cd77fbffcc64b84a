import { eq, sql } from 'drizzle-orm';
import type { ListingImage } from '../../../../db/schema';
import { PhotosRepo, type ListingDetailRows } from '../photos';
import { isRowId, type StoreParts } from '../repository';

// The listing's detail on PostgreSQL in one round trip, photos and price history as JSON; on SQLite, in the process,
// three small reads cost less than building the JSON (store/photos.ts).

/** A photo row as json_build_object gives it: the row's property names, its time in milliseconds. */
type PhotoJson = Omit<ListingImage, 'createdAt'> & { createdAt: number };

function detailStatement({ db, t, d }: StoreParts) {
  const { listings, users, savedListings, listingRegistryFacts: facts } = t;
  // A visitor is viewer 0: no user has that id, so nothing is saved.
  const saved = sql<boolean>`exists (select 1 from ${savedListings} where ${savedListings.userId} = ${sql.placeholder('viewer')} and ${savedListings.listingId} = ${listings.id})`;
  const photos = sql<PhotoJson[]>`(select coalesce(json_agg(json_build_object(
      'id', i.id, 'listingId', i.listing_id, 'uploaderId', i.uploader_id, 'revisionListingId', i.revision_listing_id,
      'position', i.position, 'storageKey', i.storage_key, 'url', i.url, 'thumbUrl', i.thumb_url, 'mediumUrl', i.medium_url,
      'width', i.width, 'height', i.height, 'storedBytes', i.stored_bytes,
      'createdAt', ${d.epochMs(sql`i.created_at`)}) order by i.position, i.id), '[]'::json)
    from listing_images i where i.listing_id = ${listings.id})`;
  const history = sql<{ totalPrice: number; at: number }[]>`(select coalesce(json_agg(json_build_object(
      'totalPrice', p.total_price, 'at', ${d.epochMs(sql`p.at`)}) order by p.at, p.id), '[]'::json)
    from listing_prices p where p.listing_id = ${listings.id})`;
  // Prepared once, named, so PostgreSQL plans it once per connection.
  return db
    .select({ listing: listings, name: users.name, displayName: users.displayName, phone: users.phone, saved, photos, history, facts })
    .from(listings)
    .leftJoin(users, eq(users.id, listings.userId))
    .leftJoin(facts, eq(facts.listingId, listings.id))
    .where(eq(listings.id, sql.placeholder('id')))
    .prepare('listing_detail');
}

export class PgPhotosRepo extends PhotosRepo {
  private readonly detail = detailStatement(this);

  override async listingDetail(id: number, viewerId: number | null): Promise<ListingDetailRows | undefined> {
    if (!isRowId(id)) return undefined;
    const [row] = await this.detail.execute({ id, viewer: viewerId ?? 0 });
    if (!row) return undefined;
    const seller = row.name === null ? null : { name: row.name, displayName: row.displayName, phone: row.phone ?? '' };
    const images = row.photos.map((p): ListingImage => ({ ...p, createdAt: new Date(p.createdAt) }));
    const history = row.history.map((h) => ({ totalPrice: h.totalPrice, at: new Date(h.at) }));
    return { listing: row.listing, images, seller, saved: row.saved === true, facts: row.facts, history };
  }
}
