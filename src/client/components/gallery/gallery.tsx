import { AspectRatio, Badge, Box, Button, HStack } from '@chakra-ui/react';
import { Expand } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ListingImageShape } from '../../../shared/types/listing';
import { photoSources, useReducedImageQuality } from '../../lib/image-quality';
import { CarPlaceholder } from '../listings/car-placeholder';
import { wrap } from './cycle';
import { PhotoArrow, ThumbnailStrip } from './photo-controls';
import { useSwipe } from './use-swipe';

/**
 * The stage's width on the listing page (routes/listing.$id.tsx: the 7xl container with its 16/24/32 px padding; from
 * 1024 px a 380 px column and a 32 px gap beside it), for the browser to pick the photo size (docs/product/limits.md#photo-sizes).
 */
export const GALLERY_PHOTO_SIZES = '(min-width: 1280px) 800px, (min-width: 1024px) calc(100vw - 476px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)';

// The full-screen viewer loads on first open: most visitors never open it.
const loadLightbox = () => import('./lightbox');
const Lightbox = lazy(loadLightbox);

/** The listing's photos: one large image with previous/next and a counter, a thumbnail strip, full screen on click. */
export function Gallery({ images, title }: { images: ListingImageShape[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [viewerLoaded, setViewerLoaded] = useState(false);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const n = images.length;
  const go = (delta: number) => setIndex((i) => wrap(i + delta, n));
  const swipe = useSwipe({ onLeft: () => go(1), onRight: () => go(-1) });
  const open = () => {
    setViewerLoaded(true);
    setViewerOpen(true);
  };

  if (n === 0) {
    return (
      <AspectRatio ratio={16 / 10} rounded="xl" overflow="hidden" borderWidth="1px" borderColor="border.muted">
        <CarPlaceholder label="Ingen bilder" size={64} />
      </AspectRatio>
    );
  }

  const current = images[index]!;
  return (
    // ←/→ from the stage, its arrows or a thumbnail step through the photos (focus stays where it is).
    <Box
      onKeyDown={(e) => {
        // defaultPrevented: the full-screen viewer (a portal, but inside this tree for React's events) took the key.
        if (n < 2 || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
          e.preventDefault();
          go(e.key === 'ArrowRight' ? 1 : -1);
        }
      }}
    >
      <Box
        position="relative"
        rounded={{ base: 'lg', md: 'xl' }}
        overflow="hidden"
        // A neutral frame around photos whose shape differs from the stage's (a portrait shot, 4:3 on desktop).
        bg="gray.800"
        className="group"
        onPointerEnter={() => void loadLightbox()}
        // ←/→ step through the photos whenever the gallery has focus, not only in full screen.
        role="region"
        aria-roledescription="bildegalleri"
        aria-label={`Bilder av ${title}`}
        tabIndex={0}
        focusRing="outside"
        {...swipe}
      >
        <AspectRatio ratio={{ base: 4 / 3, md: 16 / 10 }}>
          {broken.has(current.url) ? (
            <CarPlaceholder label="Bildet kunne ikke lastes" size={56} />
          ) : (
            <StagePhoto
              image={current}
              alt={`${title} – bilde ${index + 1} av ${n}`}
              first={index === 0}
              onClick={open}
              onError={() => setBroken((b) => new Set(b).add(current.url))}
            />
          )}
        </AspectRatio>
        {n > 1 && (
          <>
            <StageArrow side="left" onClick={() => go(-1)} />
            <StageArrow side="right" onClick={() => go(1)} />
          </>
        )}
        <HStack position="absolute" bottom="3" right="3" gap="2">
          <Badge bg="blackAlpha.700" color="white" px="2.5" py="1" rounded="full" fontSize="sm" aria-live="polite" data-testid="gallery-counter">
            {index + 1} / {n}
          </Badge>
        </HStack>
        <Button
          position="absolute"
          top="3"
          right="3"
          size="sm"
          bg="blackAlpha.700"
          color="white"
          _hover={{ bg: 'blackAlpha.800' }}
          onClick={open}
          aria-label="Vis bildene i fullskjerm"
        >
          <Expand size={16} aria-hidden />
          <Box as="span" display={{ base: 'none', sm: 'inline' }}>
            Fullskjerm
          </Box>
        </Button>
      </Box>

      {n > 1 && (
        <ThumbnailStrip
          images={images}
          index={index}
          onSelect={setIndex}
          thumb={{
            activeBorder: 'brand.500',
            inactiveOpacity: 0.75,
            decoding: 'async',
            w: { base: '20', md: '24' },
            h: { base: '14', md: '16' },
            rounded: 'md',
            cursor: 'pointer',
          }}
          mt="2"
          pb="1"
          css={{ scrollbarWidth: 'thin' }}
          aria-label="Miniatyrbilder"
        />
      )}

      {viewerLoaded && (
        <Suspense fallback={null}>
          <Lightbox images={images} title={title} index={index} onIndexChange={setIndex} open={viewerOpen} onOpenChange={setViewerOpen} />
        </Suspense>
      )}
    </Box>
  );
}

/** Below this width the stage is a phone's: the medium size is its largest (see StagePhoto). */
const PHONE_STAGE = '(max-width: 767px)';

/**
 * The photo on the stage. On a phone (below 768 px) up to the medium size: the stage is at most 736 px wide there, and
 * 800 px is 2.2× a 360 px stage, where the eye no longer tells the difference on a photo; without this cap Chromium
 * takes the large file (up to five times the bytes) on a 3× phone, for the page's largest paint. The full-screen
 * viewer still offers the large size. Wider screens get every size. One size lower each when quality is reduced.
 */
function StagePhoto({ image, alt, first, onClick, onError }: { image: ListingImageShape; alt: string; first: boolean; onClick: () => void; onError: () => void }) {
  const reduced = useReducedImageQuality();
  const phone = photoSources(image, reduced ? 'thumb' : 'medium');
  const { src, srcSet } = photoSources(image, reduced ? 'medium' : 'large');
  return (
    // contain: the whole photo shows (an ordinary 4:3 phone photo is not cropped to the 16:10 stage).
    <Box asChild cursor="zoom-in" css={{ '& img': { width: '100%', height: '100%', objectFit: 'contain' } }}>
      <picture key={image.url}>
        {srcSet && phone.srcSet !== srcSet && <source media={PHONE_STAGE} srcSet={phone.srcSet ?? phone.src} sizes={GALLERY_PHOTO_SIZES} />}
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? GALLERY_PHOTO_SIZES : undefined}
          alt={alt}
          // The stage's aspect ratio holds the space; these give the photo's own (no layout shift either way).
          width={image.width || undefined}
          height={image.height || undefined}
          // The first photo is the page's largest paint: fetched at once (never lazily) and first. The others are
          // shown only after a click, when they are wanted at once too.
          loading="eager"
          fetchPriority={first ? 'high' : 'auto'}
          // The largest paint is not held back for an off-thread decode; the others decode off the main thread.
          decoding={first ? 'auto' : 'async'}
          onClick={onClick}
          onError={onError}
          draggable={false}
        />
      </picture>
    </Box>
  );
}

function StageArrow({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  return (
    <PhotoArrow
      side={side}
      onClick={onClick}
      {...(side === 'left' ? { left: '3' } : { right: '3' })}
      size={{ base: 'sm', md: 'md' }}
      bg="whiteAlpha.900"
      color="gray.900"
      shadow="md"
      _hover={{ bg: 'white' }}
      // Always there on touch screens; on desktop they appear when the pointer is over the photo.
      opacity={{ base: 1, md: 0 }}
      _groupHover={{ opacity: 1 }}
      _focusVisible={{ opacity: 1 }}
      transition="opacity 0.2s"
    />
  );
}
