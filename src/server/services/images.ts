import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { ListingImage } from '../../../db/schema';
import type { ListingImageShape } from '../../shared/schemas/listing-shape';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_TYPE_TITLE,
  MAX_IMAGE_BYTES,
  MAX_NEW_PHOTOS_PER_REQUEST,
  TOO_MANY_NEW_PHOTOS_MESSAGE,
} from '../../shared/schemas/listing';
import { STAGED_PHOTOS_MAX_MB_DEFAULT, type AppConfig } from '../config';
import { AppError } from '../errors';
import { waitInWords } from '../limits/rate-limits';
import { TooManyRequestsError } from '../limits/too-many-requests';
import { newImageKey, thumbKeyOf, type ImageStorage } from '../integrations/image-storage';
import type { Store } from '../store';
import type { StagingBounds, StagingRefusal } from '../store/photos';
import { LARGE_MAX_PX, mediumSize, THUMB_MAX_PX, thumbSize, toImageShape } from './listing-shape';

// Photos arrive as data URLs (docs/product/data.md "images: list of image data strings in the create form"). Every photo is
// decoded from its real bytes, auto-oriented, stripped of metadata (EXIF GPS included) and re-encoded as WebP in
// three sizes: a large one (≤ 1600 px) for the gallery on big screens and full screen, a medium one (800 px wide) for
// cards on high-density screens and the gallery on phones, and a thumbnail (≤ 480 px) for cards and strips. The
// browser picks one through srcset (docs/product/limits.md#photo-sizes).

export { IMAGE_TOO_LARGE_MESSAGE, LARGE_MAX_PX, MAX_IMAGE_BYTES, THUMB_MAX_PX };
export { MEDIUM_MAX_WIDTH } from './listing-shape';
export const IMAGE_BROKEN_MESSAGE = 'Bildet er skadet eller ufullstendig. Prøv et annet bilde.';
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = 'Bildet har for høy oppløsning (maks 100 megapiksler).';
/** Staged photos not attached to a listing within this time are deleted. */
export const STAGED_IMAGE_TTL_MS = 24 * 60 * 60_000;

// What sharp's prebuilt libvips decodes. 'heif' covers AVIF (HEIC needs a patent-encumbered decoder sharp does not
// ship; such files fail to decode and get the "broken" message below).
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);
// A decompression bomb (a tiny file claiming gigapixels) is refused before decoding.
const MAX_INPUT_PIXELS = 100_000_000;
/**
 * Pixels decoded for one create or edit, all new photos together (docs/product/limits.md#photos): 20 photos of a
 * 24-megapixel camera (a phone's full-resolution JPEG is 12–24 MP), read from the headers before anything is
 * decoded. Decoding time and memory grow with pixels, not with bytes (a flat 100 MP PNG is a small file).
 */
export const MAX_PIXELS_PER_REQUEST = MAX_NEW_PHOTOS_PER_REQUEST * 24_000_000;
export const TOO_MANY_PIXELS_PER_REQUEST_MESSAGE = `Bildene har for høy oppløsning til å lagres samtidig (til sammen høyst ${MAX_PIXELS_PER_REQUEST / 1_000_000} megapiksler per lagring). Lagre annonsen med færre nye bilder, og legg til resten etterpå ved å redigere den.`;

const typeError = () => new AppError('BAD_REQUEST', IMAGE_TYPE_MESSAGE, { title: IMAGE_TYPE_TITLE });

/** `data:image/...;base64,...` → its bytes. Anything else (or too big) is refused before decoding. */
export function decodeDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  const header = comma > 0 && comma < 200 ? dataUrl.slice(0, comma) : '';
  const m = /^data:([^;,]*)((?:;[^;,]*)*)$/i.exec(header);
  if (!m || !/^image\//i.test(m[1]) || !/;base64$/i.test(m[2])) throw typeError();
  const payloadLength = dataUrl.length - comma - 1;
  if (Math.floor((payloadLength * 3) / 4) - 2 > MAX_IMAGE_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE, { title: 'For stort bilde' });
  }
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length === 0) throw typeError();
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE, { title: 'For stort bilde' });
  return bytes;
}

export interface ProcessedImage {
  large: Buffer;
  medium: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Real bytes → three WebPs. The type is read from the bytes (sharp's metadata), never from the declared mime type.
 * `.rotate()` applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF (GPS, camera serial)
 * and XMP are gone. A truncated or corrupt file is a 400 with a clear message, never a 500.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' as const };
  let format: string | undefined;
  try {
    // The header read alone, without the pixel limit: with it, sharp stops at an oversized header with an error that
    // names no type, which read as 'not an image'. The size is checked here instead, by us, before
    // anything is decoded.
    const meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    format = meta.format;
    if (meta.width && meta.height && meta.width * meta.height > MAX_INPUT_PIXELS) {
      throw new AppError('BAD_REQUEST', IMAGE_TOO_MANY_PIXELS_MESSAGE, { title: 'For stort bilde' });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw typeError();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw typeError();

  try {
    // Decode and shrink once (JPEG shrink-on-load makes this cheap), then encode every size from the pixels.
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ width: LARGE_MAX_PX, height: LARGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    // The smaller sizes are exactly the ones listing-shape.ts computes for srcset.
    const [large, medium, thumb] = await Promise.all([
      sharp(data, raw).webp({ quality: 80, effort: 2 }).toBuffer(),
      sharp(data, raw).resize({ ...mediumSize(info.width, info.height), fit: 'fill' }).webp(MEDIUM_WEBP).toBuffer(),
      sharp(data, raw).resize({ ...thumbSize(info.width, info.height), fit: 'fill' }).webp({ quality: 75, effort: 2 }).toBuffer(),
    ]);
    return { large, medium, thumb, width: info.width, height: info.height };
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message))) {
      throw new AppError('BAD_REQUEST', IMAGE_TOO_MANY_PIXELS_MESSAGE, { title: 'For stort bilde' });
    }
    throw new AppError('BAD_REQUEST', IMAGE_BROKEN_MESSAGE, { title: 'Ugyldig bilde' });
  }
}

const MEDIUM_WEBP = { quality: 75, effort: 2 } as const;

/** The medium size lives next to the large image: `ab/xyz.webp` → `ab/xyz-medium.webp`. */
export function mediumKeyOf(key: string): string {
  return key.replace(/(\.[a-z0-9]+)$/, '-medium$1');
}

/** Every file of a photo: the large one, its medium size and its thumbnail. */
export function photoFileKeys(storageKey: string): string[] {
  return [storageKey, mediumKeyOf(storageKey), thumbKeyOf(storageKey)];
}

/** The photo a file belongs to: its own key, or the key whose medium or thumbnail size it is (photoFileKeys' inverse). */
export function photoKeyOfFile(fileKey: string): string {
  return fileKey.replace(/-(?:medium|thumb)(\.[a-z0-9]+)$/, '$1');
}

import type { StoredImage } from '../store/photos';

export type { StoredImage };

/** Processes a data URL and writes every size under a fresh random key. */
export async function storeDataUrl(storage: ImageStorage, dataUrl: string): Promise<StoredImage> {
  const processed = await processImage(decodeDataUrl(dataUrl));
  return storeProcessed(storage, processed);
}

export async function storeProcessed(storage: ImageStorage, p: ProcessedImage): Promise<StoredImage> {
  const key = newImageKey('webp');
  const thumbKey = thumbKeyOf(key);
  const mediumKey = mediumKeyOf(key);
  await Promise.all([
    storage.put(key, p.large, 'image/webp'),
    storage.put(mediumKey, p.medium, 'image/webp'),
    storage.put(thumbKey, p.thumb, 'image/webp'),
  ]);
  return {
    storageKey: key,
    url: storage.url(key),
    thumbUrl: storage.url(thumbKey),
    mediumUrl: storage.url(mediumKey),
    width: p.width,
    height: p.height,
    storedBytes: p.large.length + p.medium.length + p.thumb.length,
  };
}

/** Removes the files of image rows (every size). Failures are swallowed: a stray file harms no one. */
export async function deleteImageFiles(storage: ImageStorage, rows: Pick<ListingImage, 'storageKey'>[]): Promise<void> {
  await Promise.all(rows.flatMap((r) => photoFileKeys(r.storageKey)).map((k) => storage.delete(k).catch(() => undefined)));
}

/**
 * Runs `fn` over `items` with at most `limit` at a time, keeping order (photos are memory-hungry to decode). On the
 * first failure no new item starts, running ones finish, then the error is thrown: nothing is left running.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failure: { err: unknown } | undefined;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i], i);
      } catch (err) {
        failure ??= { err };
      }
    }
  });
  await Promise.all(workers);
  if (failure) throw failure.err;
  return out;
}

/** Width × height from the header (no decoding); 0 when sharp cannot tell (the photo then fails on its own). */
async function pixelsOf(bytes: Buffer): Promise<number> {
  try {
    const { width, height } = await sharp(bytes, { failOn: 'none' }).metadata();
    return (width ?? 0) * (height ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Stores the new photos of one create or edit. The request's bounds are checked first, before any photo is decoded
 * or written: at most MAX_NEW_PHOTOS_PER_REQUEST photos and MAX_PIXELS_PER_REQUEST pixels in all. If any photo
 * fails, the ones already written are removed before the error is rethrown, so a refused form leaves no files.
 */
export async function storeDataUrls(storage: ImageStorage, dataUrls: readonly string[]): Promise<StoredImage[]> {
  if (dataUrls.length > MAX_NEW_PHOTOS_PER_REQUEST) {
    throw new AppError('BAD_REQUEST', TOO_MANY_NEW_PHOTOS_MESSAGE, { images: TOO_MANY_NEW_PHOTOS_MESSAGE });
  }
  const inputs = dataUrls.map(decodeDataUrl);
  let pixels = 0;
  for (const bytes of inputs) pixels += await pixelsOf(bytes);
  if (pixels > MAX_PIXELS_PER_REQUEST) {
    throw new AppError('BAD_REQUEST', TOO_MANY_PIXELS_PER_REQUEST_MESSAGE, { images: TOO_MANY_PIXELS_PER_REQUEST_MESSAGE });
  }
  const written: StoredImage[] = [];
  try {
    return await mapLimit(inputs, 2, async (bytes) => {
      const s = await storeProcessed(storage, await processImage(bytes));
      written.push(s);
      return s;
    });
  } catch (err) {
    await deleteImageFiles(storage, written);
    throw err;
  }
}

// --- bounds on staged photos (docs/product/limits.md#photos) ---------------------------------------------------------
// A staged photo stays on disk for up to 24 hours if it is never attached, so uploads alone could fill the disk. An
// account may hold a bounded number and weight of staged photos uploaded within that window, and all staged photos
// together a bounded weight (STAGED_PHOTOS_MAX_MB). Attaching photos to a listing (saving the form) frees the room.
// How often one account may upload at all is a rate limit (RATE_LIMITS.photoUpload, src/server/limits/rate-limits.ts).

const MiB = 1024 * 1024;
/** Staged photos one account may hold: two listings of 40 photos, plus some removed from the form, fit. */
export const ACCOUNT_STAGED_PHOTOS = 100;
/** Their bytes on disk: 100 MiB, one MiB each (a grainy phone photo stores as just under that, a typical one far less). */
export const ACCOUNT_STAGED_BYTES = 100 * MiB;

export interface StagingLimits {
  /** Staged photos one account uploaded within STAGED_IMAGE_TTL_MS. */
  accountPhotos: number;
  /** Their stored bytes. */
  accountBytes: number;
  /** Stored bytes of every staged photo, whoever uploaded it (AppConfig.stagedPhotosMaxBytes). */
  totalBytes: number;
}

/** The bounds a server runs with: the account's fixed (tests may lower them), the total from the environment. */
export function stagingLimitsOf(config: Pick<AppConfig, 'stagedPhotosMaxBytes' | 'stagedPhotosPerAccount'>): StagingLimits {
  return {
    accountPhotos: config.stagedPhotosPerAccount?.photos ?? ACCOUNT_STAGED_PHOTOS,
    accountBytes: config.stagedPhotosPerAccount?.bytes ?? ACCOUNT_STAGED_BYTES,
    totalBytes: config.stagedPhotosMaxBytes,
  };
}

export const ACCOUNT_STAGING_TITLE = 'For mange bilder';
/** The seller's own bound: saving the listing frees it, or waiting until the oldest staged photos leave the window. */
export function accountStagingMessage(limits: Pick<StagingLimits, 'accountPhotos' | 'accountBytes'>, waitMs: number): string {
  const mb = Math.max(1, Math.round(limits.accountBytes / MiB));
  return `Du har lastet opp mange bilder som ikke er lagret i en annonse ennå (høyst ${limits.accountPhotos} bilder eller ${mb} MB). Lagre annonsen før du laster opp flere bilder, eller prøv igjen om ${waitInWords(waitMs)}.`;
}
export const STAGING_FULL_TITLE = 'Ikke plass til flere bilder';
export const STAGING_FULL_MESSAGE =
  'Det er ikke plass til flere nye bilder akkurat nå. Lagre annonsen med bildene som allerede er lastet opp, og prøv å legge til flere senere.';
/**
 * Retry-After of the total bound: the clean-up's interval. Room comes back as sellers save their listings and as the
 * hourly clean-up removes staged photos past 24 hours; which comes first cannot be known here.
 */
const STAGING_FULL_RETRY_MS = 60 * 60_000;

/** 429 with Retry-After (trpc/init.ts) and a title for the upload tile (`details.title`, as the other photo errors). */
export class StagingLimitError extends TooManyRequestsError {
  override readonly details: { title: string };
  constructor(message: string, msBeforeNext: number, title: string) {
    super(message, msBeforeNext, 'staged_photos');
    this.details = { title };
  }
}

/** The bounds at `now` as the repository checks them: the account's counted photos are those of the last 24 hours. */
function boundsAt(limits: StagingLimits, now: number): StagingBounds {
  return { ...limits, since: new Date(now - STAGED_IMAGE_TTL_MS) };
}

/** The answer to a photo with no room: for the account's bound, when enough of its oldest photos leave the window. */
function stagingLimitError(refusal: StagingRefusal, bytes: number, limits: StagingLimits, now: number): StagingLimitError {
  if (refusal.bound === 'total') return new StagingLimitError(STAGING_FULL_MESSAGE, STAGING_FULL_RETRY_MS, STAGING_FULL_TITLE);
  let photos = refusal.held.length;
  let held = refusal.held.reduce((sum, r) => sum + r.bytes, 0);
  let waitMs = STAGED_IMAGE_TTL_MS;
  for (const r of refusal.held) {
    photos -= 1;
    held -= r.bytes;
    if (photos + 1 <= limits.accountPhotos && held + bytes <= limits.accountBytes) {
      waitMs = r.createdAt.getTime() + STAGED_IMAGE_TTL_MS - now;
      break;
    }
  }
  return new StagingLimitError(accountStagingMessage(limits, waitMs), waitMs, ACCOUNT_STAGING_TITLE);
}

/**
 * listings.uploadImage: one photo stored ahead of the form, owned by `userId`, attached on create/update. The bounds
 * are checked twice: before the photo is decoded (no CPU spent on an upload that has no room; a photo is at least one
 * byte), and with its real size in the transaction that inserts its row, so uploads running at the same time cannot
 * pass a bound together. A refused photo's files are removed.
 */
export async function stageImage(
  store: Store,
  storage: ImageStorage,
  userId: number,
  dataUrl: string,
  limits: StagingLimits = stagingLimitsOf({ stagedPhotosMaxBytes: STAGED_PHOTOS_MAX_MB_DEFAULT * MiB }),
  now: () => number = Date.now,
): Promise<ListingImageShape> {
  const at = now();
  const early = await store.photos.stagingRefusal(userId, 1, boundsAt(limits, at));
  if (early) throw stagingLimitError(early, 1, limits, at);
  const stored = await storeDataUrl(storage, dataUrl);
  let result;
  try {
    const later = now();
    result = await store.photos.stage({ uploaderId: userId, ...stored }, boundsAt(limits, later));
    if ('refused' in result) throw stagingLimitError(result.refused, stored.storedBytes, limits, later);
  } catch (err) {
    await deleteImageFiles(storage, [stored]);
    throw err;
  }
  return toImageShape(result.staged);
}

/** Deletes staged photos (rows and files) that were never attached and are older than the TTL. */
export async function cleanupStagedImages(store: Store, storage: ImageStorage, now = Date.now(), ttlMs = STAGED_IMAGE_TTL_MS): Promise<number> {
  // One statement picks and deletes, so a photo attached to a listing meanwhile is never touched; only the files
  // of rows actually deleted are removed.
  const removed = await store.photos.deleteStagedBefore(new Date(now - ttlMs));
  await deleteImageFiles(storage, removed);
  return removed.length;
}

// --- the medium size of photos stored before it existed -----------------------------------------------------------

/** Reads a stored photo's bytes by its storage key. */
export type ReadStoredImage = (key: string) => Promise<Buffer>;

const STORED_KEY_RE = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

/** Reads from UPLOAD_DIR, as createDiskStorage writes it (a key can never point outside the folder). */
export function readFromUploadDir(uploadDir: string): ReadStoredImage {
  const root = path.resolve(uploadDir);
  return (key) => {
    if (!STORED_KEY_RE.test(key)) return Promise.reject(new Error(`invalid storage key: ${key}`));
    return fs.promises.readFile(path.join(root, key));
  };
}

export interface BackfillResult {
  /** Medium sizes written. */
  made: number;
  /** Photos whose large file could not be read or decoded (left as they are: the API keeps answering the large URL). */
  failed: number;
}

/**
 * Makes the medium size of every photo that has none (`medium_url` null: stored before the size existed), from its
 * large file, one photo at a time in id order. Idempotent: a photo gets its medium URL only once its file is written,
 * and a run stopped half-way resumes where the rows say. A photo deleted meanwhile loses the file just written. Rows
 * with no size (width 0) get it from the file.
 */
export async function backfillMediumImages(
  store: Store,
  storage: ImageStorage,
  read: ReadStoredImage,
  { batchSize = 100, stopped = () => false }: { batchSize?: number; stopped?: () => boolean } = {},
): Promise<BackfillResult> {
  const result: BackfillResult = { made: 0, failed: 0 };
  let afterId = 0;
  for (;;) {
    if (stopped()) return result;
    const rows = await store.photos.missingMedium(afterId, batchSize);
    if (rows.length === 0) return result;
    for (const row of rows) {
      afterId = row.id;
      if (stopped()) return result;
      const key = mediumKeyOf(row.storageKey);
      let size: { width: number; height: number };
      try {
        const bytes = await read(row.storageKey);
        const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' });
        const meta = await image.metadata();
        size = { width: meta.width ?? 0, height: meta.height ?? 0 };
        const medium = await image.resize({ ...mediumSize(size.width, size.height), fit: 'fill' }).webp(MEDIUM_WEBP).toBuffer();
        await storage.put(key, medium, 'image/webp');
      } catch {
        result.failed += 1;
        continue;
      }
      if (stopped()) return result; // the database may be closed by now; the file is rewritten by the next run
      const known = row.width > 0 && row.height > 0;
      if (await store.photos.setMedium(row.id, storage.url(key), known ? undefined : size)) result.made += 1;
      else if (!(await store.photos.exists(row.id))) {
        await storage.delete(key).catch(() => undefined); // deleted while we worked: its files went before ours came
      }
    }
  }
}

/**
 * The photos' upkeep on timers, created in buildApp and stopped in onClose (docs/conventions.md: no timers in routers):
 * the staged-photo cleanup hourly (plenty for a 24-hour rule), and the medium-size backfill once, a few seconds after
 * start, off the start-up path (one photo at a time, which takes long on a big database, so it is never waited for). A
 * run cut short by a shutdown resumes at the next start; a photo whose large file cannot be read is not retried until
 * then (it would fail again).
 */
export function startImageUpkeep(
  deps: {
    store: Store;
    integrations: { imageStorage: ImageStorage };
    log: { warn(obj: object, msg?: string): void; info?(obj: object, msg?: string): void };
    config?: { uploadDir: string };
  },
  { everyMs = 60 * 60_000, backfillAfterMs = 5_000 }: { everyMs?: number; backfillAfterMs?: number } = {},
): () => void {
  let stopped = false;
  const storage = deps.integrations.imageStorage;
  const cleanup = () =>
    cleanupStagedImages(deps.store, storage).catch((err) =>
      deps.log.warn({ err: { message: (err as Error).message } }, 'staged image cleanup failed'),
    );
  const uploadDir = deps.config?.uploadDir;
  const backfill = async () => {
    if (!uploadDir || stopped) return;
    try {
      const r = await backfillMediumImages(deps.store, storage, readFromUploadDir(uploadDir), { stopped: () => stopped });
      if (r.made || r.failed) (r.failed ? deps.log.warn : (deps.log.info ?? deps.log.warn)).call(deps.log, r, 'medium photo sizes backfilled');
    } catch (err) {
      if (!stopped) deps.log.warn({ err: { message: (err as Error).message } }, 'medium photo backfill failed');
    }
  };
  const timer = setInterval(() => void cleanup(), everyMs);
  timer.unref();
  const first = setTimeout(() => void backfill(), backfillAfterMs);
  first.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
  };
}

/** The name buildApp knows the upkeep by (it began as the staged-photo cleanup). */
export const startStagedImageCleanup = startImageUpkeep;
