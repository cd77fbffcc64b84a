import { AspectRatio, Badge, Box, type SystemStyleObject } from '@chakra-ui/react';
import { Expand } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { ListingImageShape } from '../../../shared/types/listing';
import { photoFailed, useBrokenPhotos } from '../../lib/failed-photo';
import { useReducedImageQuality } from '../../lib/image-quality';
import { stagePhotoSources } from '../../../shared/photo-sources';
import { CarPlaceholder } from '../buying/car-placeholder';
import { plainAspectRatioStyle } from '../plain-styles';
import { wrap } from './cycle';
import { buttonLook, StaticButton } from '../static-button';
import { PhotoArrow, photoArrowLooks, ThumbnailStrip } from './photo-controls';
import { useSwipe } from './use-swipe';

// The stage's srcset and sizes come from shared/photo-sources.ts, which the server's preload of the first photo shares
// (docs/decisions/010-compression-and-bundle.md "The LCP photo in the page").

// The full-screen viewer loads on first open: most visitors never open it.
const loadLightbox = () => import('./lightbox');
const Lightbox = lazy(loadLightbox);

// The stage's frame (Chakra's AspectRatio, 4:3 on a phone and 16:10 wider), the counter's corner, the button's label
// and the photo are plain elements styled by the gallery's `css` (docs/decisions/019-server-rendering.md).
const galleryCss: SystemStyleObject = {
  '& [data-part=stage]': plainAspectRatioStyle({ base: 4 / 3, md: 16 / 10 }),
  // contain: the whole photo shows (an ordinary 4:3 phone photo is not cropped to the 16:10 stage).
  '& [data-part=stage] > picture': { cursor: 'zoom-in' },
  '& [data-part=stage] img': { width: '100%', height: '100%', objectFit: 'contain' },
  '& [data-part=counter]': { display: 'flex', alignItems: 'center', gap: '2', position: 'absolute', bottom: '3', right: '3' },
  '& [data-part=wide]': { display: { base: 'none', sm: 'inline' } },
};

/** The listing's photos: one large image with previous/next and a counter, a thumbnail strip, full screen on click. */
export function Gallery({ images, title }: { images: ListingImageShape[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [viewerLoaded, setViewerLoaded] = useState(false);
  const [broken, markBroken] = useBrokenPhotos();
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
      css={galleryCss}
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
        <div data-part="stage">
          {broken.has(current.url) ? (
            <CarPlaceholder label="Bildet kunne ikke lastes" size={56} />
          ) : (
            <StagePhoto
              image={current}
              alt={`${title} – bilde ${index + 1} av ${n}`}
              first={index === 0}
              onClick={open}
              onError={markBroken}
            />
          )}
        </div>
        {n > 1 && (
          <>
            <StageArrow side="left" onClick={() => go(-1)} />
            <StageArrow side="right" onClick={() => go(1)} />
          </>
        )}
        <div data-part="counter">
          <Badge bg="blackAlpha.700" color="white" px="2.5" py="1" rounded="full" fontSize="sm" aria-live="polite" data-testid="gallery-counter">
            {index + 1} / {n}
          </Badge>
        </div>
        <StaticButton look={fullScreenLook} onClick={open} aria-label="Vis bildene i fullskjerm">
          <Expand size={16} aria-hidden />
          <span data-part="wide">Fullskjerm</span>
        </StaticButton>
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

/**
 * The photo on the stage: on a phone (below 768 px) up to the medium size, wider screens every size, one size lower
 * each when quality is reduced (photo-sources.ts stagePhotoSources says why). The full-screen viewer still offers the
 * large size.
 */
function StagePhoto({
  image,
  alt,
  first,
  onClick,
  onError,
}: {
  image: ListingImageShape;
  alt: string;
  first: boolean;
  onClick: () => void;
  onError: (url: string) => void;
}) {
  const { phone, img } = stagePhotoSources(image, useReducedImageQuality());
  // The first photo may have failed before hydration attached onError (lib/failed-photo.ts).
  const failedEarly = useCallback((el: HTMLImageElement | null) => {
    if (el && photoFailed(el)) onError(image.url);
  }, [image.url, onError]);
  return (
    <picture key={image.url}>
        {phone && <source media={phone.media} srcSet={phone.srcSet} sizes={phone.sizes} />}
        <img
          src={img.src}
          srcSet={img.srcSet}
          sizes={img.sizes}
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
          onError={() => onError(image.url)}
          ref={failedEarly}
          draggable={false}
        />
    </picture>
  );
}

const fullScreenLook = buttonLook(
  { size: 'sm' },
  { position: 'absolute', top: '3', right: '3', bg: 'blackAlpha.700', color: 'white', _hover: { bg: 'blackAlpha.800' } },
);

const stageArrowLooks = photoArrowLooks({ base: 'sm', md: 'md' }, '3', {
  bg: 'whiteAlpha.900',
  color: 'gray.900',
  shadow: 'md',
  _hover: { bg: 'white' },
  // Always there on touch screens; on desktop they appear when the pointer is over the photo.
  opacity: { base: 1, md: 0 },
  _groupHover: { opacity: 1 },
  _focusVisible: { opacity: 1 },
  transition: 'opacity 0.2s',
});

function StageArrow({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  return <PhotoArrow side={side} onClick={onClick} looks={stageArrowLooks} />;
}
