// The repository of listings, their revisions, moderation and inquiries (docs/decisions/018-postgresql.md): implemented
// in store/sqlite/listings.ts and store/pg/listings.ts.
//
// A business transaction is one method here. Where its writes depend on rules (who may edit, what waits for review,
// what the audit entry says), the method reads what the rules need inside the transaction and hands it to `decide`, a
// synchronous function of the service: it throws an AppError to refuse (the transaction rolls back) or answers the
// writes, which the method applies before it commits. The rules stay in the service, once for both stores.

import type { inquiries, Listing, ListingImage, ListingRevision, NewListing, Notification } from '../../../db/schema';
import type { AdminListingsParams } from '../../shared/schemas/admin';
import type { AuditAction, AuditActor, AuditTarget } from './inbox';
import type { StoredImage } from './photos';
import type { NewNotification } from './notifications';

export type Inquiry = typeof inquiries.$inferSelect;

/** An audit log entry written in the same transaction as the change it describes. */
export interface AuditWrite {
  actor: AuditActor;
  action: AuditAction;
  target: AuditTarget;
  details?: Record<string, unknown>;
}

/** A notification written in the same transaction as its cause (pushed by the service after the commit). */
export interface NotificationWrite extends NewNotification {
  userId: number;
}

/**
 * One photo of a saved form, at `position`: a stored row moved there, or a new file's row inserted. `place` says
 * whether it goes on the listing or waits on the owner's edit (hidden from buyers).
 */
export type ImageWrite = { place: 'listing' | 'revision'; position: number } & ({ kind: 'existing'; id: number } | { kind: 'new'; image: StoredImage });

/** The listing's columns a form sets; the code is the repository's (unique, retried on a clash). */
export type ListingValues = Omit<NewListing, 'id' | 'uniqueCode'>;

export interface CreateState {
  /** The staged photos the form names by storage key (not on any listing or edit); whose they are is the rules'. */
  photos: ListingImage[];
}

export interface CreateWrites {
  values: ListingValues;
  images: ImageWrite[];
  /** The first photo on the listing. */
  coverImage: string | null;
}

export interface EditState {
  /** The listing as it is now, or undefined when it is gone. */
  before: Listing | undefined;
  revision: ListingRevision | undefined;
  /** The photos the form names by storage key: on this listing, on its waiting edit, or staged by anyone. */
  photos: ListingImage[];
  /** Every photo of the listing and its waiting edit. */
  current: ListingImage[];
  /** The editor's name, for the audit log. */
  actorName: string;
  /** Who saved the listing: told when its price goes down (docs/product/notifications.md). */
  savers: Saver[];
}

/** One who saved a listing, and the lowest total price they have been told of. */
export interface Saver {
  userId: number;
  /** The lowest price a drop announced to them (saved_listings.announced_total_price), else the price when saved; null for neither. */
  lowestKnownPrice: number | null;
}

export type RevisionValues = Pick<ListingRevision, 'fields' | 'status' | 'rejectionReason' | 'submittedAt'>;

export interface EditWrites {
  removeImageIds: number[];
  /** The waiting edit: kept as it is, deleted (after the photos moved), written anew, or changed. */
  revision: { kind: 'keep' } | { kind: 'delete' } | { kind: 'insert'; values: RevisionValues } | { kind: 'update'; set: Partial<RevisionValues> };
  images: ImageWrite[];
  listing: Partial<ListingValues>;
  audit: AuditWrite | null;
  /** Written with the edit (a price drop told to those who saved it), pushed by the service after the commit. */
  notifications: NotificationWrite[];
  /** The savers a price drop was told to, and the price: their lowest known price from now on. */
  priceAnnounced?: { userIds: number[]; totalPrice: number };
}

/** A listing with its photos and its owner's waiting edit. */
export interface ListingView {
  row: Listing;
  images: ListingImage[];
  revision: ListingRevision | undefined;
  /** The photos the waiting edit adds, in position order. */
  newImages: ListingImage[];
}

export interface ListingOwner {
  id: number;
  username: string;
  name: string;
}

/** What the moderation queue is made of: new listings, and approved ones with an owner's edit waiting. */
export interface PendingData {
  fresh: { listing: Listing; owner: ListingOwner }[];
  edits: { listing: Listing; owner: ListingOwner; revision: ListingRevision }[];
  /** Photos on the listings, by listing id, in position order. */
  images: Map<number, ListingImage[]>;
  /** Photos of the waiting edits, by listing id, in position order. */
  newImages: Map<number, ListingImage[]>;
}

export interface ReviewState {
  listing: Listing | undefined;
  /** The owner's edit of an approved listing, if one waits (or was rejected). */
  revision: ListingRevision | undefined;
  /** How many photos the edit adds. */
  newPhotos: number;
}

export type ReviewWrites = { audit: AuditWrite; notification: NotificationWrite } & (
  | { kind: 'status'; set: Pick<NewListing, 'status' | 'rejectionReason' | 'updatedAt'> }
  /** The edit's values and photos into the listing; the cover follows its first photo. */
  | { kind: 'approveEdit'; set: Partial<ListingValues> }
  | { kind: 'rejectEdit'; rejectionReason: string | null }
);

/** A row of the admin's all-listings table. */
export interface AdminListingRow {
  id: number;
  uniqueCode: string;
  make: string;
  model: string;
  year: number;
  registrationNumber: string;
  price: number;
  totalPrice: number;
  status: Listing['status'];
  rejectionReason: string | null;
  active: boolean;
  createdAt: Date;
  userId: number;
  ownerUsername: string;
  ownerName: string;
}

/** The listing an inquiry is about, if buyers can see it. */
export type InquiryListing = Pick<Listing, 'id' | 'userId' | 'make' | 'model'>;

export type InquiryValues = Pick<Inquiry, 'senderId' | 'name' | 'email' | 'phone' | 'message'>;

/** A listing about to be deleted, with its owner's username (for the audit log). */
export type DeletionTarget = Listing & { ownerUsername: string };

/** What the sitemap names of a listing buyers may see: its id and its last change. */
export type VisibleStamp = Pick<Listing, 'id' | 'updatedAt'>;

export interface ListingsRepo {
  find(id: number): Promise<Listing | undefined>;
  /** The listing with its photos and waiting edit. */
  view(id: number): Promise<ListingView | undefined>;
  /** The user's listings, newest first, each with its photos and waiting edit (a fixed number of queries). */
  viewsOfOwner(userId: number): Promise<ListingView[]>;

  /** A new listing with a fresh code and its photos, in one transaction; answers its id. */
  create(actorId: number, photoKeys: string[], decide: (state: CreateState) => CreateWrites): Promise<number>;
  /**
   * An edit in one transaction; answers the photo rows it removed (their files are the caller's to delete) and the
   * notifications it wrote.
   */
  edit(id: number, actorId: number, photoKeys: string[], decide: (state: EditState) => EditWrites): Promise<{ removed: ListingImage[]; notifications: Notification[] }>;
  /**
   * Sets the active flag; false when there is no such listing. Activating a sold listing puts it back on the market
   * (no longer sold): a sold listing is never active (docs/product/states.md#sold).
   */
  setActive(id: number, active: boolean): Promise<boolean>;
  /** Marks the listing sold (and inactive), or back on the market (active); false when there is no such listing. */
  setSold(id: number, sold: boolean): Promise<boolean>;
  /**
   * Deletes the listing (photo rows, the waiting edit, saved entries and inquiries go by foreign key) with the audit
   * entry `decide` answers, in one transaction; answers every photo row it had, for their files.
   */
  remove(id: number, decide: (target: DeletionTarget | undefined) => AuditWrite | null): Promise<ListingImage[]>;

  /** An admin's decision, its audit entry and the owner's notification in one transaction; answers the notification. */
  review(id: number, decide: (state: ReviewState) => ReviewWrites): Promise<Notification>;
  pending(): Promise<PendingData>;
  /**
   * One page of the admin's table in the order asked, and the number of all matches, as of one moment. `search` is
   * normalised already (upper case, no spaces: services/admin-listings.ts normaliseSearch).
   */
  adminPage(params: AdminListingsParams): Promise<{ rows: AdminListingRow[]; total: number }>;
  /**
   * The listings buyers may see, in id order: `limit` of them after the first `offset`, and how many there are in all,
   * as of one moment (the sitemap's pages, pages/sitemap.ts).
   */
  visiblePage(offset: number, limit: number): Promise<{ rows: VisibleStamp[]; total: number }>;

  /** The inquiry and its notification in one transaction; `decide` refuses, or says what the seller is told. */
  createInquiry(
    listingId: number,
    values: InquiryValues,
    decide: (listing: InquiryListing | undefined) => (inquiry: Inquiry) => NewNotification,
  ): Promise<{ inquiry: Inquiry; notification: Notification }>;

  /** Demo data: listings with fresh codes and their photos (the first the cover), in one transaction; answers the number of photo rows. */
  insertDemo(items: { values: ListingValues; photos: StoredImage[] }[]): Promise<number>;
}
