import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import { isVisible, listingImages, listings, type Listing, type ListingImage, type NewListing } from '../../../db/schema';
import { isDataUrl, LISTING_FORM_KEYS, type ListingFormData, type ListingFormKey } from '../../shared/schemas/listing';
import type { ListingShape } from '../../shared/types/listing';
import { AppError, listingNotFound as notFound } from '../errors';
import { keyFromUrl, type ImageStorage } from '../integrations/image-storage';
import { deleteImageFiles, storeDataUrls, type StoredImage } from './images';
import { toListingShape } from './listing-shape';
import { randomCode } from './users';

// The seller side of listings (issue 3): create, edit, activate/deactivate, delete, "my listings", load for edit.
// Decisions (docs/decisions/003-listing-editing.md):
// - An owner's edit of an approved (or rejected) listing sends it back to review (pending) when it changes what
//   moderation checks: the car, the text, the equipment or new photos. Price, fee, contact and privacy flags,
//   removing or reordering photos are applied at once and keep the status. Admin edits never change the status.
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

/** The place name of an address: the text after the 4-digit postal code, title-cased ('0155 OSLO' → 'Oslo'). */
export function placeFromAddress(address: string): string {
  const afterCode = /\b\d{4}\s+([^,\d][^,]*)$/u.exec(address.trim())?.[1];
  const raw = afterCode ?? '';
  const small = new Set(['i', 'på', 'og', 'ved']);
  return raw
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((word, i) =>
      i > 0 && small.has(word) ? word : word.split('-').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('-'),
    )
    .join(' ');
}

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

/**
 * Resolves stored references inside the transaction: a photo already on this listing, or one staged by the actor.
 * Anything else (someone else's photo, an expired staged photo) is refused.
 */
function resolveExisting(tx: Q, plan: Planned[], actorId: number, listingId: number | null): Map<string, ListingImage> {
  const keys = plan.flatMap((p) => (p.kind === 'existing' ? [p.storageKey] : []));
  const found = new Map<string, ListingImage>();
  if (keys.length === 0) return found;
  const mine = listingId === null ? isNull(listingImages.listingId) : or(eq(listingImages.listingId, listingId), isNull(listingImages.listingId));
  const rows = tx.select().from(listingImages).where(and(inArray(listingImages.storageKey, keys), mine)).all();
  for (const row of rows) {
    if (row.listingId === null && row.uploaderId !== actorId) continue;
    found.set(row.storageKey, row);
  }
  for (const p of plan) {
    if (p.kind === 'existing' && !found.has(p.storageKey)) {
      throw new AppError('BAD_REQUEST', UNKNOWN_IMAGE_MESSAGE, { [`images.${p.index}`]: UNKNOWN_IMAGE_MESSAGE });
    }
  }
  return found;
}

/** Writes the listing's image rows in form order: kept ones re-positioned, staged ones attached, new ones inserted. */
function writeImages(tx: Q, listingId: number, plan: Planned[], existing: Map<string, ListingImage>, stored: StoredImage[], uploaderId: number): string | null {
  let cover: string | null = null;
  let nextNew = 0;
  plan.forEach((p, position) => {
    if (p.kind === 'existing') {
      const row = existing.get(p.storageKey)!;
      tx.update(listingImages).set({ listingId, position }).where(eq(listingImages.id, row.id)).run();
      if (position === 0) cover = row.thumbUrl;
    } else {
      const s = stored[nextNew++];
      tx.insert(listingImages).values({ listingId, uploaderId, position, ...s }).run();
      if (position === 0) cover = s.thumbUrl;
    }
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

// What an owner may change without a new review (see the decision at the top); every other form field is reviewed,
// so a field added to the form is reviewed unless it is listed here.
const APPLIED_AT_ONCE = new Set<ListingFormKey>(['price', 'registrationFee', 'contactPhone', 'hideAddress', 'hideContactInfo', 'images']);
const REVIEWED_FIELDS = LISTING_FORM_KEYS.filter((k): k is Exclude<ListingFormKey, 'images'> => !APPLIED_AT_ONCE.has(k));

function needsReview(before: Listing, data: ListingFormData, addsPhotos: boolean): boolean {
  if (addsPhotos) return true;
  return REVIEWED_FIELDS.some((f) => JSON.stringify(before[f]) !== JSON.stringify(data[f]));
}

/** Full edit (docs/product/api.md PATCH with the form data). Photos kept, removed (files deleted) and added in one go. */
export async function updateListing({ db, storage }: SellerDeps, actor: Actor, id: number, data: ListingFormData): Promise<ListingShape> {
  ownedListing(db, actor, id);
  const plan = planImages(data.images);
  const stored = await storeNewImages(storage, data.images, plan);
  let removed: ListingImage[] = [];
  try {
    db.transaction((tx) => {
      const t = tx;
      // Re-read inside the transaction: the listing may have been deleted while photos were processed.
      const before = ownedListing(t, actor, id);
      const existing = resolveExisting(t, plan, actor.id, id);
      const current = t.select().from(listingImages).where(eq(listingImages.listingId, id)).all();
      const keep = new Set([...existing.values()].map((r) => r.id));
      removed = current.filter((r) => !keep.has(r.id));
      if (removed.length) t.delete(listingImages).where(inArray(listingImages.id, removed.map((r) => r.id))).run();
      const addsPhotos = stored.length > 0 || [...existing.values()].some((r) => r.listingId === null);
      const cover = writeImages(t, id, plan, existing, stored, actor.id);
      const backToReview = before.userId === actor.id && !actor.isAdmin && before.status !== 'pending' && needsReview(before, data, addsPhotos);
      t.update(listings)
        .set({
          ...columnsOf(data),
          coverImage: cover,
          updatedAt: new Date(),
          ...(backToReview ? { status: 'pending' as const, rejectionReason: null } : {}),
        })
        .where(eq(listings.id, id))
        .run();
    });
  } catch (err) {
    await deleteImageFiles(storage, stored);
    throw err;
  }
  await deleteImageFiles(storage, removed);
  return shapeOf(db, findListing(db, id)!);
}

/** Aktiver / Deaktiver (docs/product/states.md). Allowed in any status; buyers see it only when approved and active. */
export function setListingActive(db: Db, actor: Actor, id: number, active: boolean): ListingShape {
  ownedListing(db, actor, id);
  db.update(listings).set({ active, updatedAt: new Date() }).where(eq(listings.id, id)).run();
  return shapeOf(db, findListing(db, id)!);
}

/** 'Slett permanent': the row (images, saved entries, inquiries cascade) and the photo files. */
export async function deleteListing({ db, storage }: SellerDeps, actor: Actor, id: number): Promise<void> {
  ownedListing(db, actor, id);
  const images = db.select().from(listingImages).where(eq(listingImages.listingId, id)).all();
  db.delete(listings).where(eq(listings.id, id)).run();
  await deleteImageFiles(storage, images);
}

/** /mine-annonser: the user's listings, newest first, with their images (one query for all images). */
export function myListings(db: Db, userId: number): ListingShape[] {
  const rows = db.select().from(listings).where(eq(listings.userId, userId)).orderBy(desc(listings.createdAt), desc(listings.id)).all();
  const images = loadImages(db, rows.map((r) => r.id));
  return rows.map((r) => toListingShape(r, images.get(r.id) ?? []));
}

/** /rediger-annonse/{id}: owner or admin; anyone else is told it does not exist (docs/product/screens.md). */
export function listingForEdit(db: Db, actor: Actor, id: number): ListingShape {
  const row = findListing(db, id);
  if (!row || (row.userId !== actor.id && !actor.isAdmin)) throw notFound();
  return shapeOf(db, row);
}
