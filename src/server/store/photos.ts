import type { Listing, ListingImage, ListingRevision } from '../../../db/schema';

// The repository of listing photos: staged uploads, their bounds, attachment, the clean-up and the medium-size backfill
// (docs/decisions/018-postgresql.md), plus the listing reads of the detail view and the county look-up that run beside
// them: implemented in store/sqlite/photos.ts and store/pg/photos.ts.

/** A photo's files as stored (services/images.ts writes them). */
export interface StoredImage {
  storageKey: string;
  url: string;
  thumbUrl: string;
  mediumUrl: string;
  width: number;
  height: number;
  /** The three files' bytes on disk (listing_images.stored_bytes). */
  storedBytes: number;
}

/** A photo's files as stored, staged for `uploaderId`. */
export interface NewStagedPhoto extends StoredImage {
  uploaderId: number;
}

/** The bounds on staged photos (docs/product/limits.md#photos), with the start of the account's 24-hour window. */
export interface StagingBounds {
  accountPhotos: number;
  accountBytes: number;
  totalBytes: number;
  /** Only the account's staged photos uploaded after this count towards its bound. */
  since: Date;
}

/** Why a staged photo has no room. `held` is the account's counted photos, oldest first: when its bound frees. */
export type StagingRefusal = { bound: 'account'; held: { createdAt: Date; bytes: number }[] } | { bound: 'total' };

export type StageResult = { staged: ListingImage } | { refused: StagingRefusal };

/** What the detail view reads of one listing; `saved` says whether the viewer saved it. */
export interface ListingDetailRows {
  listing: Listing;
  images: ListingImage[];
  seller: { name: string; displayName: string | null; phone: string } | null;
  saved: boolean;
}

export interface PhotosRepo {
  /** Whether a photo of `bytes` would fit the bounds now (a read only: the answer may be stale by the insert). */
  stagingRefusal(uploaderId: number, bytes: number, bounds: StagingBounds): Promise<StagingRefusal | null>;
  /**
   * Inserts a staged photo if it fits the bounds. The check and the insert are one transaction that no other staging
   * can come between, so uploads running at the same time never pass a bound together.
   */
  stage(photo: NewStagedPhoto, bounds: StagingBounds): Promise<StageResult>;
  /** Deletes staged photos created before `before` in one statement, answering the keys of the rows it deleted. */
  deleteStagedBefore(before: Date): Promise<{ storageKey: string }[]>;

  /** Photos without a medium size (medium_url null) with an id above `afterId`, in id order. */
  missingMedium(afterId: number, limit: number): Promise<{ id: number; storageKey: string; width: number; height: number }[]>;
  /** Sets a photo's medium URL (and its size when given) unless it has one already; false when nothing was updated. */
  setMedium(id: number, mediumUrl: string, size?: { width: number; height: number }): Promise<boolean>;
  /** Whether the photo's row still exists. */
  exists(id: number): Promise<boolean>;
  /** Whether a row has one of these storage keys (the start-up sweep asks for each file). */
  hasStorageKey(keys: string[]): Promise<boolean>;

  /** A listing, its photos in order, its seller and whether `viewerId` saved it; undefined when there is no such listing. */
  listingDetail(id: number, viewerId: number | null): Promise<ListingDetailRows | undefined>;
  /** The edit of a listing waiting for review, with its photos in order. */
  pendingRevision(listingId: number): Promise<{ revision: ListingRevision; images: ListingImage[] } | undefined>;

  /** Listings waiting for their county (municipality_number ''), newest first. */
  awaitingCounty(limit: number): Promise<{ id: number; address: string }[]>;
  /** Stores a listing's municipality and county if its address is still `address`; false when it changed meanwhile. */
  setCounty(id: number, address: string, municipalityNumber: string, county: string): Promise<boolean>;
}
