import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import {
  isVisible,
  listingImages,
  listingRevisions,
  listings,
  users,
  type Listing,
  type ListingImage,
  type ListingRevision,
  type NewListing,
} from '../../../db/schema';
import {
  INSTANT_FIELDS,
  isDataUrl,
  LISTING_FORM_KEYS,
  reviewedChanges,
  type ListingFormData,
  type ListingFormKey,
} from '../../shared/schemas/listing';
import type { ListingShape } from '../../shared/schemas/listing-shape';
import { AppError, listingNotFound as notFound } from '../errors';
import { keyFromUrl, type ImageStorage } from '../integrations/image-storage';
import { listingAuditLabel, recordAudit } from './audit';
import { deleteImageFiles, storeDataUrls, type StoredImage } from './images';
import { placeFromAddress, toListingShape } from './listing-shape';
import { proposedShape, revisionImagesOf, revisionOf, revisionsOf, sameFields, type RevisionFields } from './listing-revisions';
import { randomCode } from './users';

export { placeFromAddress };

// The seller side of listings (issue 3): create, edit, activate/deactivate, delete, "my listings", load for edit.
// Decisions (docs/decisions/003-listing-editing.md, docs/decisions/007-pending-revisions.md):
// - An owner's edit of an approved listing that changes what moderation checks (the car, the text, the equipment, the
//   address, or adds photos) waits for review in listing_revisions while the approved version stays public; price,
//   fee, contact and privacy flags, removing or reordering photos apply at once (src/shared/schemas/listing.ts
//   INSTANT_FIELDS). A rejected listing the owner fixes goes back to the queue (pending). Admin edits apply at once and
//   never change the status.
// - The active flag may be set in any status; it matters for buyers only once the listing is approved.

/** The database or a transaction on it: what the helpers below need is common to both. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Q = BaseSQLiteDatabase<'sync', any, any>;

export interface Actor {
  id: number;
  isAdmin: boolean;
}

export interface SellerDeps {
  db: Db;
  storage: ImageStorage;
}

export const UNKNOWN_IMAGE_MESSAGE = 'Ukjent bilde. Last opp bildet på nytt.';
export const NOT_YOURS_MESSAGE = 'Du har ikke tilgang til å endre denne annonsen.';

/** Images of many listings in one query (no N+1), each list ordered by position. */
export function loadImages(db: Db, listingIds: number[]): Map<number, ListingImage[]> {
  const map = new Map<number, ListingImage[]>();
  if (listingIds.length === 0) return map;
  const rows = db
    .select()
    .from(listingImages)
    .where(inArray(listingImages.listingId, listingIds))
    .orderBy(listingImages.listingId, listingImages.position)
    .all();
  for (const row of rows) {
    const list = map.get(row.listingId!) ?? [];
    list.push(row);
    map.set(row.listingId!, list);
  }
  return map;
}

function shapeOf(db: Db, row: Listing): ListingShape {
  return toListingShape(row, loadImages(db, [row.id]).get(row.id) ?? []);
}

/** The listing as its owner (and the edit form) sees it: a waiting edit applied, with its review status. */
function ownerShapeOf(db: Db, row: Listing): ListingShape {
  const { revision, newImages } = revisionOf(db, row.id);
  return proposedShape(row, loadImages(db, [row.id]).get(row.id) ?? [], revision, newImages);
}

/**
 * Every photo row of these listings: the approved ones and those of a waiting edit. Whoever deletes listings removes
 * these files after the commit (the rows go with the listing by foreign key).
 */
export function listingPhotoRows(db: Q, listingIds: number[]): ListingImage[] {
  if (listingIds.length === 0) return [];
  return db
    .select()
    .from(listingImages)
    .where(or(inArray(listingImages.listingId, listingIds), inArray(listingImages.revisionListingId, listingIds)))
    .all();
}

function findListing(db: Q, id: number): Listing | undefined {
  return db.select().from(listings).where(eq(listings.id, id)).get();
}

/**
 * The listing, if the actor may change it. Someone else gets 404 for a listing they cannot see anyway and 403 for
 * one that is public (docs/product/api.md: "404 or 403, never the data").
 */
function ownedListing(db: Q, actor: Actor, id: number): Listing {
  const row = findListing(db, id);
  if (!row) throw notFound();
  if (row.userId !== actor.id && !actor.isAdmin) throw isVisible(row) ? new AppError('FORBIDDEN', NOT_YOURS_MESSAGE) : notFound();
  return row;
}

/** Form data → the listing's columns. totalPrice and place are the server's (docs/product/states.md; docs/product/api.md). */
function columnsOf(data: ListingFormData) {
  const { images: _images, ...fields } = data;
  return {
    ...fields,
    totalPrice: data.price + data.registrationFee,
    place: placeFromAddress(data.address),
  } satisfies Partial<NewListing>;
}

// --- images of a form ---------------------------------------------------------------------------------------

type Planned = { kind: 'new'; index: number } | { kind: 'existing'; storageKey: string; index: number };

/** Splits the form's images into new photos (data URLs) and references to stored ones, keeping order, once each. */
function planImages(images: string[]): Planned[] {
  const seen = new Set<string>();
  const plan: Planned[] = [];
  images.forEach((img, index) => {
    if (isDataUrl(img)) return void plan.push({ kind: 'new', index });
    let key = keyFromUrl(img);
    if (!key) throw new AppError('BAD_REQUEST', UNKNOWN_IMAGE_MESSAGE, { [`images.${index}`]: UNKNOWN_IMAGE_MESSAGE });
    key = key.replace(/-thumb(\.[a-z0-9]+)$/, '$1'); // a thumbnail URL names the same photo
    if (seen.has(key)) return;
    seen.add(key);
    plan.push({ kind: 'existing', storageKey: key, index });
  });
  return plan;
}

/** A photo uploaded ahead of the form and not yet on any listing or edit. */
const isStaged = (row: ListingImage) => row.listingId === null && row.revisionListingId === null;

/**
 * Resolves stored references inside the transaction: a photo already on this listing or its waiting edit, or one
 * staged by the actor. Anything else (someone else's photo, an expired staged photo, another listing's) is refused.
 */
function resolveExisting(tx: Q, plan: Planned[], actorId: number, listingId: number | null): Map<string, ListingImage> {
  const keys = plan.flatMap((p) => (p.kind === 'existing' ? [p.storageKey] : []));
  const found = new Map<string, ListingImage>();
  if (keys.length === 0) return found;
  const staged = and(isNull(listingImages.listingId), isNull(listingImages.revisionListingId));
  const mine = listingId === null ? staged : or(eq(listingImages.listingId, listingId), eq(listingImages.revisionListingId, listingId), staged);
  const rows = tx.select().from(listingImages).where(and(inArray(listingImages.storageKey, keys), mine)).all();
  for (const row of rows) {
    if (isStaged(row) && row.uploaderId !== actorId) continue;
    found.set(row.storageKey, row);
  }
  for (const p of plan) {
    if (p.kind === 'existing' && !found.has(p.storageKey)) {
      throw new AppError('BAD_REQUEST', UNKNOWN_IMAGE_MESSAGE, { [`images.${p.index}`]: UNKNOWN_IMAGE_MESSAGE });
    }
  }
  return found;
}

/**
 * Writes the image rows in form order (position = index in the form): kept ones re-positioned, staged ones attached,
 * new ones inserted. A photo goes on the listing itself, or, when `waiting(row)` says so (a photo an owner adds to an
 * approved listing), on its waiting edit, hidden from buyers. Returns the cover: the first photo on the listing.
 */
function writeImages(
  tx: Q,
  listingId: number,
  plan: Planned[],
  existing: Map<string, ListingImage>,
  stored: StoredImage[],
  uploaderId: number,
  waiting: (row: ListingImage | null) => boolean = () => false,
): string | null {
  let cover: string | null = null;
  let nextNew = 0;
  plan.forEach((p, position) => {
    const row = p.kind === 'existing' ? existing.get(p.storageKey)! : null;
    const place = waiting(row) ? { listingId: null, revisionListingId: listingId } : { listingId, revisionListingId: null };
    let thumbUrl: string;
    if (row) {
      tx.update(listingImages).set({ ...place, position }).where(eq(listingImages.id, row.id)).run();
      thumbUrl = row.thumbUrl;
    } else {
      const s = stored[nextNew++];
      tx.insert(listingImages).values({ ...place, uploaderId, position, ...s }).run();
      thumbUrl = s.thumbUrl;
    }
    if (cover === null && place.listingId !== null) cover = thumbUrl;
  });
  return cover;
}

async function storeNewImages(storage: ImageStorage, images: string[], plan: Planned[]): Promise<StoredImage[]> {
  const dataUrls = plan.flatMap((p) => (p.kind === 'new' ? [images[p.index]] : []));
  try {
    return await storeDataUrls(storage, dataUrls);
  } catch (err) {
    // Point the form at the photo that failed when we can tell which one it was.
    if (err instanceof AppError && dataUrls.length === 1) {
      const index = plan.find((p) => p.kind === 'new')!.index;
      const details = typeof err.details === 'object' && err.details ? err.details : {};
      throw new AppError(err.code, err.message, { ...details, [`images.${index}`]: err.message });
    }
    throw err;
  }
}

// --- operations ---------------------------------------------------------------------------------------------

/** docs/product/validation.md#create-listing: pending, active, a BP-code, server-computed totalPrice, photos processed or attached. */
export async function createListing({ db, storage }: SellerDeps, actor: Actor, data: ListingFormData): Promise<ListingShape> {
  const plan = planImages(data.images);
  const stored = await storeNewImages(storage, data.images, plan);
  try {
    const id = db.transaction((tx) => {
      const existing = resolveExisting(tx, plan, actor.id, null);
      const row = insertWithFreshCode(tx, {
        ...columnsOf(data),
        userId: actor.id,
        status: 'pending',
        active: true,
        rejectionReason: null,
      });
      const cover = writeImages(tx, row.id, plan, existing, stored, actor.id);
      if (cover) tx.update(listings).set({ coverImage: cover }).where(eq(listings.id, row.id)).run();
      return row.id;
    });
    return shapeOf(db, findListing(db, id)!);
  } catch (err) {
    await deleteImageFiles(storage, stored);
    throw err;
  }
}

function insertWithFreshCode(tx: Q, values: Omit<NewListing, 'uniqueCode'>): Listing {
  for (let attempt = 0; ; attempt++) {
    const uniqueCode = `BP-${randomCode(6)}`;
    const clash = tx.select({ id: listings.id }).from(listings).where(eq(listings.uniqueCode, uniqueCode)).get();
    if (clash && attempt < 5) continue;
    return tx.insert(listings).values({ ...values, uniqueCode }).returning().get();
  }
}

/** The form's values of the fields that apply at once, as columns (totalPrice follows price and fee). */
function instantColumnsOf(data: ListingFormData) {
  const values = Object.fromEntries(INSTANT_FIELDS.map((f) => [f, data[f]])) as Pick<ListingFormData, (typeof INSTANT_FIELDS)[number]>;
  return { ...values, totalPrice: data.price + data.registrationFee } satisfies Partial<NewListing>;
}

/** The form fields whose value the edit changes (for the audit log); photos count when their list changes. */
function editedFields(before: Listing, data: ListingFormData, photosChanged: boolean): ListingFormKey[] {
  const reviewed = new Set<ListingFormKey>(reviewedChanges(before, data));
  return LISTING_FORM_KEYS.filter((k) =>
    k === 'images' ? photosChanged : reviewed.has(k) || ((INSTANT_FIELDS as readonly string[]).includes(k) && before[k as keyof Listing] !== data[k]),
  );
}

interface EditContext {
  tx: Q;
  before: Listing;
  revision: ListingRevision | undefined;
  data: ListingFormData;
  plan: Planned[];
  existing: Map<string, ListingImage>;
  stored: StoredImage[];
  /** The photos of the waiting edit before this save, and whether each is kept. */
  revisionPhotos: ListingImage[];
  kept: Set<number>;
  actorId: number;
}

/**
 * An owner's edit of an approved listing: instant fields and photo removal/order apply to the listing; changed
 * reviewed fields and added photos wait in its revision (created, replaced, or dropped when the owner has undone every
 * reviewed change). Returns whether anything waits for review now.
 */
function stageEdit(c: EditContext): boolean {
  const { tx, before, revision, data } = c;
  const id = before.id;
  const changed = reviewedChanges(before, data);
  const fields = Object.fromEntries(changed.map((f) => [f, data[f]])) as RevisionFields;
  const addsPhotos = c.stored.length > 0 || [...c.existing.values()].some((r) => r.listingId === null);
  const waits = changed.length > 0 || addsPhotos;
  if (!waits) {
    // Nothing left to review (every photo of the old revision was removed above, or it would be a new photo).
    if (revision) tx.delete(listingRevisions).where(eq(listingRevisions.listingId, id)).run();
  } else if (!revision) {
    tx.insert(listingRevisions).values({ listingId: id, fields, status: 'pending', rejectionReason: null, submittedAt: new Date() }).run();
  } else {
    // Re-saving the same proposal (e.g. only a price change) keeps its place in the queue and its verdict; anything
    // new is a new submission.
    const samePhotos = c.stored.length === 0 && ![...c.existing.values()].some(isStaged) && c.revisionPhotos.every((r) => c.kept.has(r.id));
    const resubmitted = !(samePhotos && sameFields(revision.fields, fields));
    tx.update(listingRevisions)
      .set(resubmitted ? { fields, status: 'pending', rejectionReason: null, submittedAt: new Date() } : { fields })
      .where(eq(listingRevisions.listingId, id))
      .run();
  }
  // Photos already public stay on the listing; every other photo of the form waits with the edit.
  const cover = writeImages(tx, id, c.plan, c.existing, c.stored, c.actorId, (row) => row?.listingId !== id);
  tx.update(listings)
    .set({ ...instantColumnsOf(data), coverImage: cover, updatedAt: new Date() })
    .where(eq(listings.id, id))
    .run();
  return waits;
}

/**
 * Full edit (docs/product/api.md PATCH with the form data). Photos kept, removed (files deleted) and added in one go.
 * An owner's change of what moderation checks on an approved listing waits for review while the approved version
 * stays public (stageEdit); on a rejected listing it sends the listing back to the queue. An admin's edit applies at
 * once, a waiting edit included (the edit form shows it), and never changes the status. Answers the listing as the
 * editor sees it (the waiting edit applied).
 */
export async function updateListing({ db, storage }: SellerDeps, actor: Actor, id: number, data: ListingFormData): Promise<ListingShape> {
  ownedListing(db, actor, id);
  const plan = planImages(data.images);
  const stored = await storeNewImages(storage, data.images, plan);
  let removed: ListingImage[] = [];
  try {
    db.transaction((tx) => {
      // Re-read inside the transaction: the listing may have been deleted while photos were processed.
      const before = ownedListing(tx, actor, id);
      const revision = tx.select().from(listingRevisions).where(eq(listingRevisions.listingId, id)).get();
      const existing = resolveExisting(tx, plan, actor.id, id);
      const current = listingPhotoRows(tx, [id]);
      const kept = new Set([...existing.values()].map((r) => r.id));
      removed = current.filter((r) => !kept.has(r.id));
      if (removed.length) tx.delete(listingImages).where(inArray(listingImages.id, removed.map((r) => r.id))).run();
      const byOwner = before.userId === actor.id && !actor.isAdmin;
      const staging = byOwner && before.status === 'approved';
      // For the audit entry: a photo added, removed, moved, or (an admin's edit) a waiting one published.
      const photosChanged =
        stored.length > 0 ||
        removed.length > 0 ||
        plan.some((p, i) => {
          const row = p.kind === 'existing' ? existing.get(p.storageKey)! : null;
          return row !== null && (row.position !== i || (staging ? isStaged(row) : row.listingId !== id));
        });

      let review: 'waiting' | 'queued' | 'none' = 'none';
      if (staging) {
        const revisionPhotos = current.filter((r) => r.revisionListingId === id);
        const waits = stageEdit({ tx, before, revision, data, plan, existing, stored, revisionPhotos, kept, actorId: actor.id });
        if (waits) review = 'waiting';
      } else {
        const addsPhotos = stored.length > 0 || [...existing.values()].some(isStaged);
        const cover = writeImages(tx, id, plan, existing, stored, actor.id);
        // Its photos are on the listing now, the rest were removed above.
        if (revision) tx.delete(listingRevisions).where(eq(listingRevisions.listingId, id)).run();
        const backToReview = byOwner && before.status === 'rejected' && (addsPhotos || reviewedChanges(before, data).length > 0);
        if (backToReview) review = 'queued';
        tx.update(listings)
          .set({
            ...columnsOf(data),
            coverImage: cover,
            updatedAt: new Date(),
            ...(backToReview ? { status: 'pending' as const, rejectionReason: null } : {}),
          })
          .where(eq(listings.id, id))
          .run();
      }

      const fields = editedFields(before, data, photosChanged);
      if (fields.length > 0) {
        const name = tx.select({ name: users.name }).from(users).where(eq(users.id, actor.id)).get()?.name ?? '';
        const details: Record<string, unknown> = { fields, byOwner };
        if (review !== 'none') details.review = review;
        if (revision && !byOwner) details.appliedWaitingEdit = true;
        recordAudit(tx, { id: actor.id, name }, 'listing.edit', { type: 'listing', id, label: listingAuditLabel(before) }, details);
      }
    });
  } catch (err) {
    await deleteImageFiles(storage, stored);
    throw err;
  }
  await deleteImageFiles(storage, removed);
  return ownerShapeOf(db, findListing(db, id)!);
}

/** Aktiver / Deaktiver (docs/product/states.md). Allowed in any status; buyers see it only when approved and active. */
export function setListingActive(db: Db, actor: Actor, id: number, active: boolean): ListingShape {
  ownedListing(db, actor, id);
  db.update(listings).set({ active, updatedAt: new Date() }).where(eq(listings.id, id)).run();
  return ownerShapeOf(db, findListing(db, id)!);
}

/** 'Slett permanent': the row (images, a waiting edit, saved entries, inquiries cascade) and the photo files. */
export async function deleteListing({ db, storage }: SellerDeps, actor: Actor, id: number): Promise<void> {
  ownedListing(db, actor, id);
  const images = db.transaction((tx) => {
    const rows = listingPhotoRows(tx, [id]);
    tx.delete(listings).where(eq(listings.id, id)).run();
    return rows;
  });
  await deleteImageFiles(storage, images);
}

/**
 * /mine-annonser: the user's listings, newest first, with their images, each as its owner sees it (a waiting edit
 * applied, with its review status). One query each for the listings, their photos, the edits and the edits' photos.
 */
export function myListings(db: Db, userId: number): ListingShape[] {
  const rows = db.select().from(listings).where(eq(listings.userId, userId)).orderBy(desc(listings.createdAt), desc(listings.id)).all();
  const ids = rows.map((r) => r.id);
  const images = loadImages(db, ids);
  const revisions = revisionsOf(db, ids);
  const newImages = revisionImagesOf(db, [...revisions.keys()]);
  return rows.map((r) => proposedShape(r, images.get(r.id) ?? [], revisions.get(r.id), newImages.get(r.id) ?? []));
}

/**
 * /rediger-annonse/{id}: owner or admin, with a waiting edit applied (the form edits the proposal, not a copy of the
 * approved version); anyone else is told it does not exist (docs/product/screens.md).
 */
export function listingForEdit(db: Db, actor: Actor, id: number): ListingShape {
  const row = findListing(db, id);
  if (!row || (row.userId !== actor.id && !actor.isAdmin)) throw notFound();
  return ownerShapeOf(db, row);
}
