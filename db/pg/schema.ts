import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ReviewedValues } from '../../src/shared/schemas/listing';
import type { SavedSearchParams } from '../../src/shared/schemas/saved-search';

// The PostgreSQL form of db/schema (the SQLite one, whose comments explain each table and column). Property names,
// column names and index names are the same, so a row has one shape on both stores (db/pg/schema-shape.test.ts):
// integer-millisecond times become timestamptz, 0/1 flags booleans, JSON text jsonb, AUTOINCREMENT keys identities.

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const time = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    usernameKey: text('username_key'),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    uniqueId: text('unique_id').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_key_uq').on(t.usernameKey),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_unique_id_uq').on(t.uniqueId),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: time('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: time('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const listings = pgTable(
  'listings',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    nextInspection: text('next_inspection').notNull().default(''),
    lastInspection: text('last_inspection').notNull().default(''),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    registrationFee: integer('registration_fee').notNull().default(0),
    totalPrice: integer('total_price').notNull(),
    equipment: jsonb('equipment').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    serviceHistory: boolean('service_history').notNull().default(false),
    address: text('address').notNull().default(''),
    hideAddress: boolean('hide_address').notNull().default(false),
    hideContactInfo: boolean('hide_contact_info').notNull().default(false),
    contactPhone: text('contact_phone').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    active: boolean('active').notNull().default(true),
    soldAt: time('sold_at'),
    coverImage: text('cover_image'),
    place: text('place').notNull().default(''),
    municipalityNumber: text('municipality_number').notNull().default(''),
    county: text('county').notNull().default(''),
    firstTotalPrice: integer('first_total_price'),
    priceRating: text('price_rating'),
    priceComparables: integer('price_comparables'),
    priceMedian: integer('price_median'),
    priceLow: integer('price_low'),
    priceHigh: integer('price_high'),
    reportHiddenAt: time('report_hidden_at'),
    createdAt: createdAt(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listings_unique_code_uq').on(t.uniqueCode),
    index('listings_user_idx').on(t.userId, t.createdAt),
    index('listings_status_idx').on(t.status, t.createdAt),
    index('listings_visible_created_idx').on(t.status, t.active, t.createdAt),
    index('listings_county_todo_idx').on(t.id).where(sql`${t.municipalityNumber} = ''`),
    index('listings_price_group_idx').on(sql`lower(${t.make})`, sql`lower(${t.model})`, t.fuelType, t.year),
  ],
);

export const listingRevisions = pgTable(
  'listing_revisions',
  {
    listingId: integer('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').$type<Partial<ReviewedValues>>().notNull(),
    status: text('status', { enum: ['pending', 'rejected'] }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    submittedAt: time('submitted_at').notNull().defaultNow(),
  },
  (t) => [index('listing_revisions_status_idx').on(t.status, t.submittedAt)],
);

export const listingImages = pgTable(
  'listing_images',
  {
    id: id(),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'cascade' }),
    revisionListingId: integer('revision_listing_id').references((): AnyPgColumn => listingRevisions.listingId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    mediumUrl: text('medium_url'),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    storedBytes: integer('stored_bytes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('listing_images_listing_idx').on(t.listingId, t.position, t.id, t.url, t.thumbUrl, t.mediumUrl, t.width, t.height),
    index('listing_images_uploader_idx').on(t.uploaderId, t.createdAt),
    index('listing_images_staged_idx')
      .on(t.uploaderId, t.createdAt, t.storedBytes, t.listingId, t.revisionListingId)
      .where(sql`${t.listingId} is null and ${t.revisionListingId} is null`),
    index('listing_images_revision_idx').on(t.revisionListingId, t.position),
    uniqueIndex('listing_images_storage_key_uq').on(t.storageKey),
  ],
);

export const savedListings = pgTable(
  'saved_listings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    savedTotalPrice: integer('saved_total_price'),
    announcedTotalPrice: integer('announced_total_price'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_listings_user_listing_uq').on(t.userId, t.listingId),
    index('saved_listings_listing_idx').on(t.listingId),
  ],
);

export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('inquiries_listing_idx').on(t.listingId)],
);

export const chats = pgTable(
  'chats',
  {
    id: id(),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
    buyerMarked: boolean('buyer_marked').notNull().default(false),
    sellerMarked: boolean('seller_marked').notNull().default(false),
    buyerReadId: integer('buyer_read_id').notNull().default(0),
    sellerReadId: integer('seller_read_id').notNull().default(0),
    buyerHiddenId: integer('buyer_hidden_id'),
    sellerHiddenId: integer('seller_hidden_id'),
    lastMessageId: integer('last_message_id').notNull().default(0),
    lastMessageAt: time('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chats_listing_buyer_uq').on(t.listingId, t.buyerId),
    index('chats_buyer_idx').on(t.buyerId, t.lastMessageId),
    index('chats_seller_idx').on(t.sellerId, t.lastMessageId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_chat_idx').on(t.chatId, t.id)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['success', 'error', 'warning', 'info'] }).notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.read, t.createdAt)],
);

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: id(),
    kind: text('kind', { enum: ['contact', 'feedback'] }).notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone'),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('inbox_kind_created_idx').on(t.kind, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action', {
      enum: ['listing.approve', 'listing.reject', 'listing.edit', 'listing.delete', 'user.update', 'user.delete', 'listing.reports_dismiss'],
    }).notNull(),
    targetType: text('target_type', { enum: ['listing', 'user'] }).notNull(),
    targetId: integer('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId, t.id), index('audit_log_actor_idx').on(t.actorId, t.id)],
);

// The search's version row and change log (db/migrations/0012 and 0016 on SQLite), written by triggers
// (db/pg/migrations/0001_search_changes.sql). `seq` is the version the writer took while holding the version row's
// lock, so the log's order is the order of commits: no instance can read seq n+1 before n has committed.
export const listingsSearchState = pgTable('listings_search_state', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
  visible: integer('visible').notNull(),
});

export const listingsSearchChanges = pgTable('listings_search_changes', {
  seq: integer('seq').primaryKey(),
  listingId: integer('listing_id').notNull(),
});

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    params: jsonb('params').$type<SavedSearchParams>().notNull(),
    email: boolean('email').notNull().default(false),
    seenAlertId: integer('seen_alert_id').notNull().default(0),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt), uniqueIndex('saved_searches_unsubscribe_token_uq').on(t.unsubscribeToken)],
);

export const savedSearchAlerts = pgTable(
  'saved_search_alerts',
  {
    id: id(),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_search_alerts_search_listing_uq').on(t.savedSearchId, t.listingId),
    index('saved_search_alerts_listing_idx').on(t.listingId),
  ],
);

export const mailQueue = pgTable(
  'mail_queue',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    unsubscribeUrl: text('unsubscribe_url'),
    messageId: text('message_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: time('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_queue_next_attempt_idx').on(t.nextAttemptAt)],
);

export const listingPrices = pgTable(
  'listing_prices',
  {
    id: id(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    totalPrice: integer('total_price').notNull(),
    at: time('at').notNull().defaultNow(),
  },
  (t) => [index('listing_prices_listing_idx').on(t.listingId, t.at, t.id)],
);

export const listingRegistryFacts = pgTable('listing_registry_facts', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  registrationNumber: text('registration_number').notNull(),
  make: text('make').notNull().default(''),
  year: integer('year'),
  fuelType: text('fuel_type').notNull().default(''),
  power: integer('power'),
  vinNumber: text('vin_number').notNull().default(''),
  nextInspection: text('next_inspection').notNull().default(''),
  checkedAt: time('checked_at').notNull().defaultNow(),
});

export const listingReports = pgTable(
  'listing_reports',
  {
    id: id(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['svindel', 'feil_informasjon', 'allerede_solgt', 'upassende', 'annet'] }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: time('resolved_at'),
    resolution: text('resolution', { enum: ['avvis', 'fjern'] }),
  },
  (t) => [
    uniqueIndex('listing_reports_listing_reporter_uq').on(t.listingId, t.reporterId),
    index('listing_reports_open_idx').on(t.resolvedAt, t.listingId, t.createdAt),
  ],
);
