import type { ListingImageShape } from './types/listing';

// The one home of the rule that says which files a listing photo offers the browser (`src`, `srcset`, `sizes`,
// docs/product/limits.md#photo-sizes), for the client's <img> elements and for the server, which names the first
// paint's photo in the page before any script has run (src/server/http/html-shell.ts, `<link rel="preload"
// as="image">`, docs/decisions/010-compression-and-bundle.md "The LCP photo in the page"). The preload is used only
// if it asks for exactly what the <img> will ask for, so both are built here. Plain data, no React and no DOM: the
// server imports this module.

export type PhotoSize = 'thumb' | 'medium' | 'large';
export type PhotoSizes = Pick<ListingImageShape, 'url' | 'width' | 'mediumUrl' | 'mediumWidth' | 'thumbUrl' | 'thumbWidth'>;

const ORDER: readonly PhotoSize[] = ['thumb', 'medium', 'large'];

/** The size one step smaller (a reduced quality's cap); the thumbnail stays the thumbnail. */
export function smallerSize(size: PhotoSize): PhotoSize {
  return ORDER[Math.max(0, ORDER.indexOf(size) - 1)]!;
}

/**
 * `src` and `srcset` (w descriptors) offering the sizes up to `largest`, smallest first. A size the server has not made
 * yet is answered with the large file (the same URL): each file is listed once. A photo with unknown widths gets no
 * srcset.
 */
export function photoSources(img: PhotoSizes, largest: PhotoSize): { src: string; srcSet?: string } {
  const all: [PhotoSize, string, number][] = [
    ['thumb', img.thumbUrl, img.thumbWidth],
    ['medium', img.mediumUrl, img.mediumWidth],
    ['large', img.url, img.width],
  ];
  const wanted = all.slice(0, ORDER.indexOf(largest) + 1);
  // src: the largest offered (for a browser without srcset, and the photo's URL when there is nothing to pick from).
  const src = wanted[wanted.length - 1]![1];
  if (wanted.some(([, , width]) => !(width > 0))) return { src };
  const seen = new Set<string>();
  const candidates = wanted.filter(([, url]) => !seen.has(url) && Boolean(seen.add(url)));
  if (candidates.length < 2) return { src };
  return { src, srcSet: candidates.map(([, url, width]) => `${url} ${width}w`).join(', ') };
}

/** What an <img> (or a <picture>'s <source>) asks for: `sizes` only with a `srcset`. */
export interface ImgSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

// --- the result card (components/buying/listing-card.tsx) ---------------------------------------------------------

/**
 * The cover's box in ListingGrid (one column on phones, two from 480 px, three from 1024 px, inside the 7xl container
 * with its 16/24/32 px padding and 16/24 px gaps): the browser picks the photo size from it and the screen's density
 * (docs/product/limits.md#photo-sizes). A narrower box (the search page's, next to its filters) only makes it pick a
 * size larger than needed, never a blurry one.
 */
export const CARD_PHOTO_SIZES =
  '(min-width: 1280px) 390px, (min-width: 1024px) calc(33.4vw - 38px), (min-width: 768px) calc(50vw - 36px), (min-width: 480px) calc(50vw - 24px), calc(100vw - 32px)';

/** The card's cover as a list answer gives it: every size (coverPhoto), or, from an older answer, the thumbnail alone. */
export interface CardCover {
  coverPhoto: PhotoSizes | null;
  coverImage: string | null;
}

/**
 * A card's cover: up to the medium size (the box is at most 390 px wide, 780 px at twice the density); the thumbnail
 * alone when quality is reduced (a slow connection, data saver, memory pressure). Null without a photo.
 */
export function cardPhotoSources(cover: CardCover, reduced: boolean): ImgSources | null {
  if (!cover.coverPhoto) return cover.coverImage ? { src: cover.coverImage } : null;
  const s = photoSources(cover.coverPhoto, reduced ? 'thumb' : 'medium');
  return s.srcSet ? { ...s, sizes: CARD_PHOTO_SIZES } : s;
}

// --- the listing page's gallery stage (components/gallery/gallery.tsx) ----------------------------------------------

/**
 * The stage's width on the listing page (routes/listing.$id.tsx: the 7xl container with its 16/24/32 px padding; from
 * 1024 px a 380 px column and a 32 px gap beside it), for the browser to pick the photo size (docs/product/limits.md#photo-sizes).
 */
export const GALLERY_PHOTO_SIZES = '(min-width: 1280px) 800px, (min-width: 1024px) calc(100vw - 476px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)';

/** Below this width the stage is a phone's: the medium size is its largest (see stagePhotoSources). */
export const PHONE_STAGE = '(max-width: 767px)';

/**
 * The photo on the stage: a <picture> whose <source> (`phone`, for PHONE_STAGE; absent when it would offer the same)
 * goes up to the medium size, and whose <img> offers every size. On a phone the stage is at most 736 px wide, and
 * 800 px is 2.2× a 360 px stage, where the eye no longer tells the difference on a photo; without this cap Chromium
 * takes the large file (several times the bytes) on a 3× phone, for the page's largest paint. Wider screens get
 * every size. One size lower each when quality is reduced.
 */
export function stagePhotoSources(image: PhotoSizes, reduced: boolean): { phone?: ImgSources & { media: string }; img: ImgSources } {
  const phone = photoSources(image, reduced ? 'thumb' : 'medium');
  const { src, srcSet } = photoSources(image, reduced ? 'medium' : 'large');
  const img: ImgSources = srcSet ? { src, srcSet, sizes: GALLERY_PHOTO_SIZES } : { src };
  if (!srcSet || phone.srcSet === srcSet) return { img };
  return { phone: { src: phone.src, srcSet: phone.srcSet ?? phone.src, sizes: GALLERY_PHOTO_SIZES, media: PHONE_STAGE }, img };
}

// --- preload hints (src/server/http/html-shell.ts) ------------------------------------------------------------------

/** One `<link rel="preload" as="image">`: what the browser fetches before the <img> exists. */
export interface PhotoPreload {
  /** Only without `imageSrcSet` (with one, a browser that does not read it should fetch nothing rather than a wrong size). */
  href?: string;
  imageSrcSet?: string;
  imageSizes?: string;
  /** For a <picture>'s sources: the preload applies only where its media query matches. */
  media?: string;
}

const preloadOf = (s: ImgSources, media?: string): PhotoPreload => ({
  ...(s.srcSet ? { imageSrcSet: s.srcSet, imageSizes: s.sizes } : { href: s.src }),
  ...(media ? { media } : {}),
});

/**
 * The preload for a result card's cover at full quality (the page is the same for every visitor, so it cannot know
 * whether this one's quality is reduced; such a visitor's card asks for the thumbnail and the preloaded file goes unused).
 */
export function cardPhotoPreloads(cover: CardCover): PhotoPreload[] {
  const s = cardPhotoSources(cover, false);
  return s ? [preloadOf(s)] : [];
}

/** The preloads for the gallery's first photo: one per <picture> branch, each for the screens it applies to. */
export function stagePhotoPreloads(image: PhotoSizes): PhotoPreload[] {
  const { phone, img } = stagePhotoSources(image, false);
  if (!phone) return [preloadOf(img)];
  return [preloadOf(phone, phone.media), preloadOf(img, `not all and ${PHONE_STAGE}`)];
}
