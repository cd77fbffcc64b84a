import { isVisible } from '../store/rules';
import type { Listing, ListingImage, ListingRevision, NewListing, Notification } from '../../../db/schema';
import {
  INSTANT_FIELDS,
  isDataUrl,
  LISTING_FORM_KEYS,
  reviewedChanges,
  SOLD_TEXTS,
  type ListingFormData,
  type ListingFormKey,
} from '../../shared/schemas/listing';
import type { ListingShape } from '../../shared/schemas/listing-shape';
import { AppError, listingNotFound as notFound } from '../errors';
import { keyFromUrl, type ImageStorage } from '../integrations/image-storage';
import type { EventHub } from '../realtime/hub';
import type { Store } from '../store';
import type { AuditWrite } from '../store/inbox';
import type { EditWrites, ImageWrite, ListingValues, ListingView, Saver } from '../store/listings';
import { listingAuditLabel } from './audit';
import { deleteImageFiles, storeDataUrls, type StoredImage } from './images';
import { placeFromAddress } from './listing-shape';
import { publishNotifications } from './notifications';
import { formatPrice } from '../../shared/format';
import { REPORT_TEXTS } from '../../shared/texts/reports';
import { proposedShape, sameFields, type RevisionFields } from './listing-revisions';
import { changesRegistryFacts, type RegistryChecks } from './registry-facts';

export { placeFromAddress };

// The seller side of listings: create, edit, activate/deactivate, delete, "my listings", load for edit.
// Decisions (docs/decisions/003-listing-editing.md, docs/decisions/007-pending-revisions.md):
// - An owner's edit of an approved listing that changes what moderation checks (the car, the text, the equipment, the
//   address, or adds photos) waits for review in listing_revisions while the approved version stays public; price,
//   fee, contact and privacy flags, removing or reordering photos apply at once (src/shared/schemas/listing.ts
//   INSTANT_FIELDS). A rejected listing the owner fixes goes back to the queue (pending). Admin edits apply at once and
//   never change the status.
// - The active flag may be set in any status; it matters for buyers only once the listing is approved.

export interface Actor {
  id: number;
  isAdmin: boolean;
}

export interface SellerDeps {
  store: Store;
  storage: ImageStorage;
  /** Where committed notifications (a price drop) are pushed live; without it they are only stored. */
  hub?: EventHub;
  /** Where a new or changed plate is sent to be looked up in the vehicle registry; without it, the sweep finds it. */
  registry?: Pick<RegistryChecks, 'listing'>;
}

export const UNKNOWN_IMAGE_MESSAGE = 'Ukjent bilde. Last opp bildet på nytt.';
export const NOT_YOURS_MESSAGE = 'Du har ikke tilgang til å endre denne annonsen.';
export const PRICE_DROP_TITLE = 'Prisen er satt ned';

/** The listing as its owner (and the edit form) sees it: a waiting edit applied, with its review status. */
const ownerShapeOf = (v: ListingView) => proposedShape(v.row, v.images, v.revision, v.newImages);

/**
 * The listing, if the actor may change it. Someone else gets 404 for a listing they cannot see anyway and 403 for
 * one that is public (docs/product/api.md: "404 or 403, never the data").
 */
function checkOwned<T extends Listing>(row: T | undefined, actor: Actor): T {
  if (!row) throw notFound();
  if (row.userId !== actor.id && !actor.isAdmin) throw isVisible(row) ? new AppError('FORBIDDEN', NOT_YOURS_MESSAGE) : notFound();
  return row;
}

async function ownerView(store: Store, id: number): Promise<ListingShape> {
  const view = await store.listings.view(id);
  if (!view) throw notFound();
  return ownerShapeOf(view);
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

const photoKeysOf = (plan: Planned[]) => plan.flatMap((p) => (p.kind === 'existing' ? [p.storageKey] : []));

/**
 * Resolves stored references against the rows the transaction read (on this listing or its waiting edit, or staged):
 * a staged photo counts only when the actor uploaded it. Anything else (someone else's photo, an expired staged photo,
 * another listing's) is refused.
 */
function resolveExisting(rows: ListingImage[], plan: Planned[], actorId: number): Map<string, ListingImage> {
  const found = new Map<string, ListingImage>();
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
 * The image rows in form order (position = index in the form): kept ones re-positioned, staged ones attached, new
 * ones inserted. A photo goes on the listing itself, or, when `waiting(row)` says so (a photo an owner adds to an
 * approved listing), on its waiting edit, hidden from buyers. With the cover: the first photo on the listing.
 */
function imageWrites(
  plan: Planned[],
  existing: Map<string, ListingImage>,
  stored: StoredImage[],
  waiting: (row: ListingImage | null) => boolean = () => false,
): { images: ImageWrite[]; cover: string | null } {
  let cover: string | null = null;
  let nextNew = 0;
  const images = plan.map((p, position): ImageWrite => {
    const row = p.kind === 'existing' ? existing.get(p.storageKey)! : null;
    const place = waiting(row) ? ('revision' as const) : ('listing' as const);
    const image = row ? null : stored[nextNew++];
    if (cover === null && place === 'listing') cover = row ? row.thumbUrl : image!.thumbUrl;
    return row ? { kind: 'existing', id: row.id, place, position } : { kind: 'new', image: image!, place, position };
  });
  return { images, cover };
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
export async function createListing({ store, storage, registry }: SellerDeps, actor: Actor, data: ListingFormData): Promise<ListingShape> {
  const plan = planImages(data.images);
  const stored = await storeNewImages(storage, data.images, plan);
  try {
    const id = await store.listings.create(actor.id, photoKeysOf(plan), ({ photos }) => {
      const { images, cover } = imageWrites(plan, resolveExisting(photos, plan, actor.id), stored);
      return {
        values: { ...columnsOf(data), userId: actor.id, status: 'pending', active: true, rejectionReason: null },
        images,
        coverImage: cover,
      };
    });
    if (data.registrationNumber) registry?.listing(id);
    return await ownerView(store, id);
  } catch (err) {
    await deleteImageFiles(storage, stored);
    throw err;
  }
}

/** The form's values of the fields that apply at once, as columns (totalPrice follows price and fee). */
function instantColumnsOf(data: ListingFormData) {
  const values = Object.fromEntries(INSTANT_FIELDS.map((f) => [f, data[f]])) as Pick<ListingFormData, (typeof INSTANT_FIELDS)[number]>;
  return { ...values, totalPrice: data.price + data.registrationFee } satisfies Partial<NewListing>;
}

/**
 * 'Prisen er satt ned' (docs/product/notifications.md): when an edit lowers the total price of a listing buyers can
 * see, each saver is told the old and the new price (the editor excepted), but only when the new price is below the
 * lowest they have been told of (the price when they saved it, or the last drop told): a price moved up and down
 * again is not news. Total price as buyers see it: src/shared/listing-price.ts.
 */
function priceDropNotices(
  before: Listing,
  set: Partial<ListingValues>,
  savers: Saver[],
  actorId: number,
): Pick<EditWrites, 'notifications' | 'priceAnnounced'> {
  const to = set.totalPrice;
  if (to === undefined || to >= before.totalPrice || !isVisible(before)) return { notifications: [] };
  const car = `${before.make} ${before.model} ${before.year}`.trim();
  const told = savers.filter((s) => s.userId !== actorId && to < (s.lowestKnownPrice ?? before.totalPrice)).map((s) => s.userId);
  return {
    notifications: told.map((userId) => ({
      userId,
      type: 'info' as const,
      title: PRICE_DROP_TITLE,
      message: `${car}: fra ${formatPrice(before.totalPrice)} til ${formatPrice(to)}.`,
      data: { listingId: before.id, oldPrice: before.totalPrice, newPrice: to },
    })),
    priceAnnounced: { userIds: told, totalPrice: to },
  };
}

/** The form fields whose value the edit changes (for the audit log); photos count when their list changes. */
function editedFields(before: Listing, data: ListingFormData, photosChanged: boolean): ListingFormKey[] {
  const reviewed = new Set<ListingFormKey>(reviewedChanges(before, data));
  return LISTING_FORM_KEYS.filter((k) =>
    k === 'images' ? photosChanged : reviewed.has(k) || ((INSTANT_FIELDS as readonly string[]).includes(k) && before[k as keyof Listing] !== data[k]),
  );
}

interface EditContext {
  before: Listing;
  revision: ListingRevision | undefined;
  data: ListingFormData;
  plan: Planned[];
  existing: Map<string, ListingImage>;
  stored: StoredImage[];
  /** The photos of the waiting edit before this save, and whether each is kept. */
  revisionPhotos: ListingImage[];
  kept: Set<number>;
}

/**
 * An owner's edit of an approved listing: instant fields and photo removal/order apply to the listing; changed
 * reviewed fields and added photos wait in its revision (created, replaced, or dropped when the owner has undone every
 * reviewed change). Answers the writes, and whether anything waits for review now.
 */
function stageEdit(c: EditContext): Pick<EditWrites, 'revision' | 'images' | 'listing'> & { waits: boolean } {
  const { before, revision, data } = c;
  const id = before.id;
  const changed = reviewedChanges(before, data);
  const fields = Object.fromEntries(changed.map((f) => [f, data[f]])) as RevisionFields;
  const addsPhotos = c.stored.length > 0 || [...c.existing.values()].some((r) => r.listingId === null);
  const waits = changed.length > 0 || addsPhotos;
  let revisionWrite: EditWrites['revision'];
  if (!waits) {
    // Nothing left to review (every photo of the old revision was removed, or it would be a new photo).
    revisionWrite = revision ? { kind: 'delete' } : { kind: 'keep' };
  } else if (!revision) {
    revisionWrite = { kind: 'insert', values: { fields, status: 'pending', rejectionReason: null, submittedAt: new Date() } };
  } else {
    // Re-saving the same proposal (e.g. only a price change) keeps its place in the queue and its verdict; anything
    // new is a new submission.
    const samePhotos = c.stored.length === 0 && ![...c.existing.values()].some(isStaged) && c.revisionPhotos.every((r) => c.kept.has(r.id));
    const resubmitted = !(samePhotos && sameFields(revision.fields, fields));
    revisionWrite = { kind: 'update', set: resubmitted ? { fields, status: 'pending', rejectionReason: null, submittedAt: new Date() } : { fields } };
  }
  // Photos already public stay on the listing; every other photo of the form waits with the edit.
  const { images, cover } = imageWrites(c.plan, c.existing, c.stored, (row) => row?.listingId !== id);
  return { revision: revisionWrite, images, listing: { ...instantColumnsOf(data), coverImage: cover, updatedAt: new Date() }, waits };
}

/**
 * Full edit (docs/product/api.md PATCH with the form data). Photos kept, removed (files deleted) and added in one go.
 * An owner's change of what moderation checks on an approved listing waits for review while the approved version
 * stays public (stageEdit); on a rejected listing it sends the listing back to the queue. An admin's edit applies at
 * once, a waiting edit included (the edit form shows it), and never changes the status. Answers the listing as the
 * editor sees it (the waiting edit applied).
 */
export async function updateListing({ store, storage, hub, registry }: SellerDeps, actor: Actor, id: number, data: ListingFormData): Promise<ListingShape> {
  checkOwned(await store.listings.find(id), actor);
  const plan = planImages(data.images);
  const stored = await storeNewImages(storage, data.images, plan);
  let written: { removed: ListingImage[]; notifications: Notification[] };
  // Whether the listing's plate or a field the registry confirms changed now (an edit waiting for review changes them on approval).
  let registryChanged = false;
  try {
    written = await store.listings.edit(id, actor.id, photoKeysOf(plan), (state): EditWrites => {
      // Decided on the listing as the transaction reads it: it may have been deleted while photos were processed.
      const before = checkOwned(state.before, actor);
      const { revision, current } = state;
      const existing = resolveExisting(state.photos, plan, actor.id);
      const kept = new Set([...existing.values()].map((r) => r.id));
      const removedRows = current.filter((r) => !kept.has(r.id));
      const byOwner = before.userId === actor.id && !actor.isAdmin;
      const staging = byOwner && before.status === 'approved';
      // For the audit entry: a photo added, removed, moved, or (an admin's edit) a waiting one published.
      const photosChanged =
        stored.length > 0 ||
        removedRows.length > 0 ||
        plan.some((p, i) => {
          const row = p.kind === 'existing' ? existing.get(p.storageKey)! : null;
          return row !== null && (row.position !== i || (staging ? isStaged(row) : row.listingId !== id));
        });

      let review: 'waiting' | 'queued' | 'none' = 'none';
      let writes: Pick<EditWrites, 'revision' | 'images' | 'listing'>;
      if (staging) {
        const revisionPhotos = current.filter((r) => r.revisionListingId === id);
        const { waits, ...staged } = stageEdit({ before, revision, data, plan, existing, stored, revisionPhotos, kept });
        if (waits) review = 'waiting';
        writes = staged;
      } else {
        const addsPhotos = stored.length > 0 || [...existing.values()].some(isStaged);
        const { images, cover } = imageWrites(plan, existing, stored);
        const backToReview = byOwner && before.status === 'rejected' && (addsPhotos || reviewedChanges(before, data).length > 0);
        if (backToReview) review = 'queued';
        writes = {
          // Its photos are on the listing now, the rest removed.
          revision: revision ? { kind: 'delete' } : { kind: 'keep' },
          images,
          listing: {
            ...columnsOf(data),
            coverImage: cover,
            updatedAt: new Date(),
            ...(backToReview ? { status: 'pending' as const, rejectionReason: null } : {}),
          },
        };
      }

      registryChanged = changesRegistryFacts(before, writes.listing);
      const priceDrop = priceDropNotices(before, writes.listing, state.savers, actor.id);
      const fields = editedFields(before, data, photosChanged);
      let audit: AuditWrite | null = null;
      if (fields.length > 0) {
        const details: Record<string, unknown> = { fields, byOwner };
        if (review !== 'none') details.review = review;
        if (revision && !byOwner) details.appliedWaitingEdit = true;
        audit = { actor: { id: actor.id, name: state.actorName }, action: 'listing.edit', target: { type: 'listing', id, label: listingAuditLabel(before) }, details };
      }
      return { removeImageIds: removedRows.map((r) => r.id), ...writes, audit, ...priceDrop };
    });
  } catch (err) {
    await deleteImageFiles(storage, stored);
    throw err;
  }
  if (hub) publishNotifications(hub, written.notifications);
  if (registryChanged) registry?.listing(id);
  await deleteImageFiles(storage, written.removed);
  return ownerView(store, id);
}

/** Aktiver / Deaktiver (docs/product/states.md). Allowed in any status; buyers see it only when approved and active. */
export async function setListingActive(store: Store, actor: Actor, id: number, active: boolean): Promise<ListingShape> {
  const row = checkOwned(await store.listings.find(id), actor);
  if (active) refuseWhileReportHidden(row);
  if (!(await store.listings.setActive(id, active))) throw (await store.listings.find(id))?.reportHiddenAt ? reportHidden() : notFound();
  return ownerView(store, id);
}

const reportHidden = () => new AppError('CONFLICT', REPORT_TEXTS.activationRefused);

/**
 * A listing reports hid stays out of sight until an admin decides (services/reports.ts): neither activated, nor sold
 * (a sold listing's page opens for everyone), nor put back on sale.
 */
function refuseWhileReportHidden(row: Listing) {
  if (row.reportHiddenAt) throw reportHidden();
}

/**
 * 'Marker som solgt' (docs/product/states.md#sold): owner or admin. Only an approved listing is sold (a listing
 * waiting for review was never for sale); `sold: false` puts it back on the market, active. Answers the listing as
 * its editor sees it; the caller runs the saved-search alerts when it is for sale again.
 */
export async function setListingSold(store: Store, actor: Actor, id: number, sold: boolean): Promise<ListingShape> {
  const row = checkOwned(await store.listings.find(id), actor);
  if (sold && row.status !== 'approved') throw new AppError('BAD_REQUEST', SOLD_TEXTS.onlyApproved, { sold: SOLD_TEXTS.onlyApproved });
  refuseWhileReportHidden(row);
  if (!(await store.listings.setSold(id, sold))) throw (await store.listings.find(id))?.reportHiddenAt ? reportHidden() : notFound();
  return ownerView(store, id);
}

/** 'Slett permanent': the row (images, a waiting edit, saved entries, inquiries cascade) and the photo files. */
export async function deleteListing({ store, storage }: SellerDeps, actor: Actor, id: number): Promise<void> {
  const images = await store.listings.remove(id, (target) => {
    checkOwned(target, actor);
    return null;
  });
  await deleteImageFiles(storage, images);
}

/**
 * /mine-annonser: the user's listings, newest first, with their images, each as its owner sees it (a waiting edit
 * applied, with its review status).
 */
export async function myListings(store: Store, userId: number): Promise<ListingShape[]> {
  return (await store.listings.viewsOfOwner(userId)).map(ownerShapeOf);
}

/**
 * /rediger-annonse/{id}: owner or admin, with a waiting edit applied (the form edits the proposal, not a copy of the
 * approved version); anyone else is told it does not exist (docs/product/screens.md).
 */
export async function listingForEdit(store: Store, actor: Actor, id: number): Promise<ListingShape> {
  const view = await store.listings.view(id);
  if (!view || (view.row.userId !== actor.id && !actor.isAdmin)) throw notFound();
  return ownerShapeOf(view);
}
