import { HStack, IconButton, type IconButtonProps, type StackProps, type SystemStyleObject, type Tokens } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Ref } from 'react';
import type { ListingImageShape } from '../../../shared/types/listing';

// The controls the gallery and the full-screen viewer share; each passes its own sizes and colours.

/** Previous/next over a photo, centred on its edge. */
export function PhotoArrow({ side, onClick, ...props }: { side: 'left' | 'right'; onClick: () => void } & Omit<IconButtonProps, 'onClick'>) {
  return (
    <IconButton
      aria-label={side === 'left' ? 'Forrige bilde' : 'Neste bilde'}
      position="absolute"
      top="50%"
      transform="translateY(-50%)"
      rounded="full"
      {...props}
      onClick={onClick}
    >
      {side === 'left' ? <ChevronLeft /> : <ChevronRight />}
    </IconButton>
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
          <img src={img.thumbUrl} alt="" loading="lazy" decoding={decoding} />
        </button>
      ))}
    </HStack>
  );
}
