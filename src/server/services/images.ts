import { and, isNull, lt } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../../db/client';
import { listingImages, type ListingImage } from '../../../db/schema';
import type { ListingImageShape } from '../../shared/types/listing';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_TYPE_TITLE,
  MAX_IMAGE_BYTES,
  MAX_NEW_PHOTOS_PER_REQUEST,
  TOO_MANY_NEW_PHOTOS_MESSAGE,
} from '../../shared/schemas/listing';
import { AppError } from '../errors';
import { newImageKey, thumbKeyOf, type ImageStorage } from '../integrations/image-storage';
import { toImageShape } from './listing-shape';

// Photos arrive as data URLs (docs/product/data.md "images: list of image data strings in the create form"). Every photo is
// decoded from its real bytes, auto-oriented, stripped of metadata (EXIF GPS included) and re-encoded as WebP in
// two sizes: a large one for the gallery and a thumbnail for cards.

export { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES };
export const IMAGE_BROKEN_MESSAGE = 'Bildet er skadet eller ufullstendig. Prøv et annet bilde.';
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = 'Bildet har for høy oppløsning (maks 100 megapiksler).';
export const LARGE_MAX_PX = 1600;
export const THUMB_MAX_PX = 480;
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
 * decoded. Decoding time and memory grow with pixels, not with bytes (a flat 100 MP PNG is a few hundred KB).
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
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Real bytes → two WebPs. The type is read from the bytes (sharp's metadata), never from the declared mime type.
 * `.rotate()` applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF (GPS, camera serial)
 * and XMP are gone. A truncated or corrupt file is a 400 with a clear message, never a 500.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' as const };
  let format: string | undefined;
  try {
    const meta = await sharp(input, options).metadata();
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
    // Decode and shrink once (JPEG shrink-on-load makes this cheap), then encode both sizes from the pixels.
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ width: LARGE_MAX_PX, height: LARGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [large, thumb] = await Promise.all([
      sharp(data, raw).webp({ quality: 80, effort: 2 }).toBuffer(),
      sharp(data, raw)
        .resize({ width: THUMB_MAX_PX, height: THUMB_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75, effort: 2 })
        .toBuffer(),
    ]);
    return { large, thumb, width: info.width, height: info.height };
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message))) {
      throw new AppError('BAD_REQUEST', IMAGE_TOO_MANY_PIXELS_MESSAGE, { title: 'For stort bilde' });
    }
    throw new AppError('BAD_REQUEST', IMAGE_BROKEN_MESSAGE, { title: 'Ugyldig bilde' });
  }
}

export interface StoredImage {
  storageKey: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** Processes a data URL and writes both sizes under a fresh random key. */
export async function storeDataUrl(storage: ImageStorage, dataUrl: string): Promise<StoredImage> {
  const processed = await processImage(decodeDataUrl(dataUrl));
  return storeProcessed(storage, processed);
}

export async function storeProcessed(storage: ImageStorage, p: ProcessedImage): Promise<StoredImage> {
  const key = newImageKey('webp');
  const thumbKey = thumbKeyOf(key);
  await Promise.all([storage.put(key, p.large, 'image/webp'), storage.put(thumbKey, p.thumb, 'image/webp')]);
  return { storageKey: key, url: storage.url(key), thumbUrl: storage.url(thumbKey), width: p.width, height: p.height };
}

/** Removes the files of image rows (large + thumbnail). Failures are swallowed: a stray file harms no one. */
export async function deleteImageFiles(storage: ImageStorage, rows: Pick<ListingImage, 'storageKey'>[]): Promise<void> {
  await Promise.all(
    rows.flatMap((r) => [r.storageKey, thumbKeyOf(r.storageKey)]).map((k) => storage.delete(k).catch(() => undefined)),
  );
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

/** listings.uploadImage: one photo stored ahead of the form, owned by `userId`, attached on create/update. */
export async function stageImage(db: Db, storage: ImageStorage, userId: number, dataUrl: string): Promise<ListingImageShape> {
  const stored = await storeDataUrl(storage, dataUrl);
  try {
    const row = db
      .insert(listingImages)
      .values({ listingId: null, uploaderId: userId, position: 0, ...stored })
      .returning()
      .get();
    return toImageShape(row);
  } catch (err) {
    await deleteImageFiles(storage, [stored]);
    throw err;
  }
}

/** Deletes staged photos (rows and files) that were never attached and are older than the TTL. */
export async function cleanupStagedImages(db: Db, storage: ImageStorage, now = Date.now(), ttlMs = STAGED_IMAGE_TTL_MS): Promise<number> {
  // One statement picks and deletes, so a photo attached to a listing meanwhile is never touched; only the files
  // of rows actually deleted are removed.
  const removed = db
    .delete(listingImages)
    // A photo of an edit waiting for review (revision_listing_id) is not staged: it waits as long as the edit.
    .where(and(isNull(listingImages.listingId), isNull(listingImages.revisionListingId), lt(listingImages.createdAt, new Date(now - ttlMs))))
    .returning({ storageKey: listingImages.storageKey })
    .all();
  await deleteImageFiles(storage, removed);
  return removed.length;
}

/**
 * The cleanup on a timer, created in buildApp and stopped in onClose (docs/conventions.md: no timers in routers). Hourly is
 * plenty for a 24-hour rule.
 */
export function startStagedImageCleanup(
  deps: { db: Db; integrations: { imageStorage: ImageStorage }; log: { warn(obj: object, msg?: string): void } },
  everyMs = 60 * 60_000,
): () => void {
  const run = () =>
    cleanupStagedImages(deps.db, deps.integrations.imageStorage).catch((err) =>
      deps.log.warn({ err: { message: (err as Error).message } }, 'staged image cleanup failed'),
    );
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
