import { HStack, type StackProps, type SystemStyleObject, type Tokens } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Ref } from 'react';
import type { ListingImageShape } from '../../../shared/types/listing';
import { photoFailed, useBrokenPhotos } from '../../lib/failed-photo';
import { CarPlaceholder } from '../buying/car-placeholder';
import { iconButtonLook, StaticButton, type ButtonLook, type ButtonVariants } from '../static-button';

// The controls the gallery and the full-screen viewer share; each passes its own sizes and colours.

/**
 * The previous/next arrows' looks, declared once by each view: a round icon button centred on the photo's edge, `inset`
 * from it, at `size`, then the view's own `styles` (colours, states).
 */
export function photoArrowLooks(size: ButtonVariants['size'], inset: SystemStyleObject['left'], styles: SystemStyleObject) {
  const look = (edge: 'left' | 'right') =>
    iconButtonLook({ size }, { position: 'absolute', top: '50%', transform: 'translateY(-50%)', rounded: 'full', [edge]: inset, ...styles });
  return { left: look('left'), right: look('right') } satisfies Record<'left' | 'right', ButtonLook>;
}

/** Previous/next over a photo, in its view's look (photoArrowLooks). */
export function PhotoArrow({ side, onClick, looks }: { side: 'left' | 'right'; onClick: () => void; looks: Record<'left' | 'right', ButtonLook> }) {
  return (
    <StaticButton look={looks[side]} aria-label={side === 'left' ? 'Forrige bilde' : 'Neste bilde'} onClick={onClick}>
      {side === 'left' ? <ChevronLeft /> : <ChevronRight />}
    </StaticButton>
  );
}

type ThumbStyle = { activeBorder: Tokens['colors']; inactiveOpacity: number; decoding?: 'async' } & SystemStyleObject;

/**
 * The strip of thumbnails under a photo, one button each; the current photo's is marked with aria-current. The buttons
 * are plain elements styled by the strip's `css`: a listing may have many photos, and a Chakra element costs a style
 * resolution on every render (docs/decisions/019-server-rendering.md).
 */
export function ThumbnailStrip({
  images,
  index,
  onSelect,
  thumb: { activeBorder, inactiveOpacity, decoding, ...thumbStyle },
  css,
  ...props
}: {
  images: ListingImageShape[];
  index: number;
  onSelect: (i: number) => void;
  thumb: ThumbStyle;
  ref?: Ref<HTMLDivElement>;
  css?: SystemStyleObject;
} & Omit<StackProps, 'onSelect' | 'css'>) {
  // A thumbnail that cannot be loaded shows the placeholder's tint and mark, never the browser's broken-image icon.
  const [broken, markBroken] = useBrokenPhotos();
  const stripCss: SystemStyleObject = {
    '& > button': {
      flexShrink: 0,
      overflow: 'hidden',
      borderWidth: '2px',
      borderColor: 'transparent',
      opacity: inactiveOpacity,
      _hover: { opacity: 1 },
      ...thumbStyle,
    },
    '& > button[aria-current]': { borderColor: activeBorder, opacity: 1 },
    '& img': { width: '100%', height: '100%', objectFit: 'cover' },
  };
  return (
    // A group, so that the name a caller gives it (aria-label) is allowed and read out.
    <HStack role="group" gap="2" overflowX="auto" css={[stripCss, css]} {...props}>
      {images.map((img, i) => (
        <button
          type="button"
          key={img.id ?? img.url}
          onClick={() => onSelect(i)}
          aria-label={`Vis bilde ${i + 1}`}
          aria-current={i === index ? 'true' : undefined}
        >
          {broken.has(img.thumbUrl) ? (
            <CarPlaceholder label="" size={20} />
          ) : (
            <img
              src={img.thumbUrl}
              alt=""
              loading="lazy"
              decoding={decoding}
              onError={() => markBroken(img.thumbUrl)}
              // A thumbnail that failed before hydration (lib/failed-photo.ts).
              ref={(el) => {
                if (el && photoFailed(el)) markBroken(img.thumbUrl);
              }}
            />
          )}
        </button>
      ))}
    </HStack>
  );
}
