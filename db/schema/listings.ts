import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ReviewedValues } from '../../src/shared/schemas/listing';
import { users } from './users';

export const listings = sqliteTable(
  'listings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Short human code shown to admins, e.g. "BP-4F7K2Q".
    uniqueCode: text('unique_code').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    registrationNumber: text('registration_number').notNull(),
    vinNumber: text('vin_number').notNull().default(''),
    bodyType: text('body_type').notNull().default(''),
    doors: integer('doors').notNull().default(4),
    seats: integer('seats').notNull().default(5),
    color: text('color').notNull().default(''),
    engineSize: integer('engine_size').notNull().default(0),
    power: integer('power').notNull().default(0),
    fuelType: text('fuel_type').notNull().default(''),
    transmission: text('transmission').notNull().default(''),
    drivetrain: text('drivetrain').notNull().default(''),
    weight: integer('weight').notNull().default(0),
    mileage: integer('mileage').notNull().default(0),
    previousOwners: integer('previous_owners').notNull().default(1),
    // Stored as shown (dd.mm.yyyy), the registry's dates mapped by docs/product/data.md.
    nextInspection: text('next_inspection').notNull().default(''),
    lastInspection: text('last_inspection').notNull().default(''),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    registrationFee: integer('registration_fee').notNull().default(0),
    // Always price + registrationFee, set by the server (docs/product/states.md).
    totalPrice: integer('total_price').notNull(),
    equipment: text('equipment', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    serviceHistory: integer('service_history', { mode: 'boolean' }).notNull().default(false),
    address: text('address').notNull().default(''),
    hideAddress: integer('hide_address', { mode: 'boolean' }).notNull().default(false),
    hideContactInfo: integer('hide_contact_info', { mode: 'boolean' }).notNull().default(false),
    contactPhone: text('contact_phone').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    // When the owner marked it sold ('Marker som solgt', docs/product/states.md#sold), else null. A sold listing is
    // also inactive, so it leaves search by the one visibility rule; its page and saved copies still show it.
    soldAt: integer('sold_at', { mode: 'timestamp_ms' }),
    // Denormalised for the public card and the place filter: the first image's thumbnail and the
    // place name of the address (the part after the postal code).
    coverImage: text('cover_image'),
    place: text('place').notNull().default(''),
    // The address's municipality (kommunenummer, from the address service) and its county, for the area filter
    // (docs/decisions/015-county-area.md). '' until looked up; '-' when the service knows no such address.
    municipalityNumber: text('municipality_number').notNull().default(''),
    county: text('county').notNull().default(''),
    // The total price when the listing was first published (approved), for the card's 'Satt ned' line; null before.
    // Every later change of a visible listing's total price is a row of listing_prices (docs/decisions/025-buyer-trust.md).
    firstTotalPrice: integer('first_total_price'),
    // The price rating's code (src/shared/price-rating.ts) against comparable listings, kept on the row so a card
    // costs no extra query; recomputed as the market moves. Null: fewer comparables than the rating needs.
    priceRating: text('price_rating'),
    // The rating's figures, kept with it so the listing's page reads no market: how many comparables, and their median,
    // 25th and 75th percentile of total price. Null with the rating.
    priceComparables: integer('price_comparables'),
    priceMedian: integer('price_median'),
    priceLow: integer('price_low'),
    priceHigh: integer('price_high'),
    // When reports from enough accounts hid the listing from everyone but its owner and admins, until an admin
    // decides (docs/decisions/025-buyer-trust.md). Null: not hidden.
    reportHiddenAt: integer('report_hidden_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex('listings_unique_code_uq').on(t.uniqueCode),
    index('listings_user_idx').on(t.userId, t.createdAt),
    index('listings_status_idx').on(t.status, t.createdAt),
    // Visible listings (approved and active) newest first: saved listings, a seller's public profile, and the
    // moderation and admin lists by status.
    index('listings_visible_created_idx').on(t.status, t.active, t.createdAt),
    // A price rating's market: comparable listings share the make and model, case folded, and the fuel
    // (src/server/store/prices.ts).
    index('listings_price_group_idx').on(sql`lower(${t.make})`, sql`lower(${t.model})`, t.fuelType, t.year),
  ],
);

export const listingImages = sqliteTable(
  'listing_images',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // Null while the photo is staged: uploaded ahead of the form (listings.uploadImage) and not yet attached.
    // Unattached rows older than 24 h are removed with their files.
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'cascade' }),
    // Who uploaded it: only they may attach a staged photo to a listing.
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'cascade' }),
    // Set (with listing_id null) while the photo belongs to an owner's edit waiting for review: buyers do not see it,
    // the staged-photo cleanup leaves it alone, and approving the edit moves it onto the listing
    // (docs/decisions/007-pending-revisions.md).
    revisionListingId: integer('revision_listing_id').references((): AnySQLiteColumn => listingRevisions.listingId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // Storage key of the large WebP; the thumbnail's and the medium size's keys are derived from it.
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    // The medium WebP (≤ 800 px wide, src/server/services/images.ts). Null until made: rows written before it
    // existed get it from a background backfill, and the API answers with the large URL meanwhile.
    mediumUrl: text('medium_url'),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    // Bytes on disk of all three WebP files: what the bounds on staged photos add up (docs/product/limits.md#photos).
    // 0 for rows written before it was recorded (migration 0015); those are long attached or cleaned up.
    storedBytes: integer('stored_bytes').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    // Covering for a page of full listings (services/search/full-listings.ts): their photos come from the index alone.
    index('listing_images_listing_idx').on(t.listingId, t.position, t.id, t.url, t.thumbUrl, t.mediumUrl, t.width, t.height),
    index('listing_images_uploader_idx').on(t.uploaderId, t.createdAt),
    // Staged photos only (not attached, not waiting in an edit): the bounds of src/server/services/images.ts count an
    // account's and sum everyone's from this small index alone, whatever the number of attached photos. The two
    // (always null) columns of the condition are in it so SQLite reads it as covering instead of visiting each row.
    index('listing_images_staged_idx')
      .on(t.uploaderId, t.createdAt, t.storedBytes, t.listingId, t.revisionListingId)
      .where(sql`${t.listingId} is null and ${t.revisionListingId} is null`),
    index('listing_images_revision_idx').on(t.revisionListingId, t.position),
    uniqueIndex('listing_images_storage_key_uq').on(t.storageKey),
  ],
);

/**
 * An owner's edit of an approved listing that waits for review (docs/decisions/007-pending-revisions.md). The listings
 * row keeps the approved, public values; this holds the proposed values of the reviewed fields that differ from them
 * (src/shared/schemas/listing.ts REVIEWED_FIELDS), and photos added in the edit point here (listing_images.
 * revision_listing_id). At most one per listing; approving copies it into the row and deletes it.
 */
export const listingRevisions = sqliteTable(
  'listing_revisions',
  {
    listingId: integer('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    fields: text('fields', { mode: 'json' }).$type<Partial<ReviewedValues>>().notNull(),
    // 'rejected' keeps the edit (and its reason) for the owner to fix; the public version is unaffected.
    status: text('status', { enum: ['pending', 'rejected'] }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    // When the current content was submitted: the review queue's order.
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('listing_revisions_status_idx').on(t.status, t.submittedAt)],
);

export const savedListings = sqliteTable(
  'saved_listings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    // The listing's total price when it was saved: the card says 'Prisen er satt ned' while the price is below it
    // (docs/decisions/022-market-alerts.md). Null only for rows saved before it was recorded (migration backfills).
    savedTotalPrice: integer('saved_total_price'),
    // The lowest total price a price drop has told this saver of; a later drop is told only below it (or, while null,
    // below the saved price), so a price moved up and down again is not announced again.
    announcedTotalPrice: integer('announced_total_price'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex('saved_listings_user_listing_uq').on(t.userId, t.listingId),
    index('saved_listings_listing_idx').on(t.listingId),
  ],
);

export const inquiries = sqliteTable(
  'inquiries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('inquiries_listing_idx').on(t.listingId)],
);

export type Listing = typeof listings.$inferSelect;
export type NewListing = typeof listings.$inferInsert;
export type ListingImage = typeof listingImages.$inferSelect;
export type ListingRevision = typeof listingRevisions.$inferSelect;

/** A visible listing's total price from a moment on: its first publication, then each change (price history). */
export const listingPrices = sqliteTable(
  'listing_prices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    totalPrice: integer('total_price').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('listing_prices_listing_idx').on(t.listingId, t.at, t.id)],
);

/**
 * What the vehicle registry said about a listing's plate when it was last looked up ('Sjekk bilen'). One row per
 * listing, only while the registry knows the plate; the listing's values are compared with it when read.
 */
export const listingRegistryFacts = sqliteTable('listing_registry_facts', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  // The plate looked up: a row for another plate than the listing's is stale and not shown.
  registrationNumber: text('registration_number').notNull(),
  make: text('make').notNull().default(''),
  year: integer('year'),
  fuelType: text('fuel_type').notNull().default(''),
  power: integer('power'),
  vinNumber: text('vin_number').notNull().default(''),
  // The EU-kontroll deadline as dd.mm.yyyy (docs/product/data.md), or '' when the registry has none.
  nextInspection: text('next_inspection').notNull().default(''),
  checkedAt: integer('checked_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
});

/** A user's report of a listing ('Rapporter annonse'); one per user and listing. */
export const listingReports = sqliteTable(
  'listing_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['svindel', 'feil_informasjon', 'allerede_solgt', 'upassende', 'annet'] }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
    // When an admin decided on the listing's reports ('avvis' or 'fjern'); null while open.
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
    resolution: text('resolution', { enum: ['avvis', 'fjern'] }),
  },
  (t) => [
    uniqueIndex('listing_reports_listing_reporter_uq').on(t.listingId, t.reporterId),
    index('listing_reports_open_idx').on(t.resolvedAt, t.listingId, t.createdAt),
  ],
);
