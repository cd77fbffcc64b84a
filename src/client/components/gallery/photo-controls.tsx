import { Box, HStack, IconButton, type BoxProps, type IconButtonProps, type StackProps, type Tokens } from '@chakra-ui/react';
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

type ThumbStyle = { activeBorder: Tokens['colors']; inactiveOpacity: number; decoding?: 'async' } & BoxProps;

/** The strip of thumbnails under a photo, one button each; the current photo's is marked with aria-current. */
export function ThumbnailStrip({
  images,
  index,
  onSelect,
  thumb: { activeBorder, inactiveOpacity, decoding, ...thumbProps },
  ...props
}: {
  images: ListingImageShape[];
  index: number;
  onSelect: (i: number) => void;
  thumb: ThumbStyle;
  ref?: Ref<HTMLDivElement>;
} & Omit<StackProps, 'onSelect'>) {
  return (
    // A group, so that the name a caller gives it (aria-label) is allowed and read out.
    <HStack role="group" gap="2" overflowX="auto" {...props}>
      {images.map((img, i) => (
        <Box
          as="button"
          key={img.id ?? img.url}
          flexShrink={0}
          overflow="hidden"
          borderWidth="2px"
          borderColor={i === index ? activeBorder : 'transparent'}
          opacity={i === index ? 1 : inactiveOpacity}
          _hover={{ opacity: 1 }}
          onClick={() => onSelect(i)}
          aria-label={`Vis bilde ${i + 1}`}
          aria-current={i === index ? 'true' : undefined}
          {...thumbProps}
        >
          <img src={img.thumbUrl} alt="" loading="lazy" decoding={decoding} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        </Box>
      ))}
    </HStack>
  );
}
