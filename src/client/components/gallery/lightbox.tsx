import { CloseButton, Dialog, Flex, HStack, Portal, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import type { ListingImageShape } from '../../../shared/types/listing';
import { photoSources, useReducedImageQuality } from '../../lib/image-quality';
import { wrap } from './cycle';
import { PhotoArrow, photoArrowLooks, ThumbnailStrip } from './photo-controls';
import { useSwipe } from './use-swipe';

interface LightboxProps {
  images: ListingImageShape[];
  title: string;
  index: number;
  onIndexChange: (i: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Full-screen photo viewer: previous/next buttons, ←/→ keys, swipe, a counter 'N / M'. The dialog traps focus,
 * locks page scroll and closes on Escape; closing leaves the gallery on the photo last viewed.
 */
export default function Lightbox({ images, title, index, onIndexChange, open, onOpenChange }: LightboxProps) {
  const n = images.length;
  const go = (delta: number) => onIndexChange(wrap(index + delta, n));
  const swipe = useSwipe({ onLeft: () => go(1), onRight: () => go(-1) });
  const stripRef = useRef<HTMLDivElement>(null);
  const current = images[index]!;
  const largest = useReducedImageQuality() ? 'medium' : 'large';
  const viewerSources = photoSources(current, largest);

  // Neighbours load in the background so stepping through feels instant (the size the viewer will pick for them).
  useEffect(() => {
    if (!open || n < 2) return;
    for (const d of [1, -1]) {
      const { src, srcSet } = photoSources(images[wrap(index + d, n)]!, largest);
      const next = new Image();
      if (srcSet) {
        next.sizes = '100vw';
        next.srcset = srcSet;
      }
      next.src = src;
    }
  }, [open, index, n, images, largest]);

  // Keep the active thumbnail in view.
  useEffect(() => {
    stripRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [index, open]);

  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} size="full" motionPreset="none">
      <Portal>
        <Dialog.Backdrop bg="black" />
        <Dialog.Positioner>
          <Dialog.Content
            bg="gray.950"
            color="white"
            rounded="none"
            data-testid="lightbox"
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') {
                e.preventDefault();
                go(1);
              } else if (e.key === 'ArrowLeft') {
                e.preventDefault();
                go(-1);
              }
            }}
          >
            <Flex direction="column" h="100dvh">
              <HStack justify="space-between" px={{ base: 3, md: 6 }} py="3" flexShrink={0}>
                <Text
                  fontWeight="semibold"
                  fontSize="sm"
                  whiteSpace="nowrap"
                  flexShrink={0}
                  aria-live="polite"
                  data-testid="lightbox-counter"
                >
                  {index + 1} / {n}
                </Text>
                <Dialog.Title fontSize="sm" fontWeight="medium" color="whiteAlpha.800" truncate px="3">
                  {title}
                </Dialog.Title>
                <Dialog.CloseTrigger asChild position="static">
                  <CloseButton aria-label="Lukk" color="white" _hover={{ bg: 'whiteAlpha.200' }} />
                </Dialog.CloseTrigger>
              </HStack>

              <Flex flex="1" minH="0" align="center" justify="center" position="relative" px={{ base: 0, md: 20 }} {...swipe}>
                <img
                  key={current.url}
                  {...viewerSources}
                  // Full screen: up to the large size (the medium one when quality is reduced).
                  sizes={viewerSources.srcSet ? '100vw' : undefined}
                  alt={`${title} – bilde ${index + 1} av ${n}`}
                  style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', userSelect: 'none' }}
                  draggable={false}
                />
                {n > 1 && (
                  <>
                    <ViewerArrow side="left" onClick={() => go(-1)} />
                    <ViewerArrow side="right" onClick={() => go(1)} />
                  </>
                )}
              </Flex>

              {n > 1 && (
                <ThumbnailStrip
                  ref={stripRef}
                  images={images}
                  index={index}
                  onSelect={onIndexChange}
                  thumb={{ activeBorder: 'white', inactiveOpacity: 0.5, w: '16', h: '12', rounded: 'sm' }}
                  px="3"
                  py="3"
                  justify={{ md: 'center' }}
                  flexShrink={0}
                />
              )}
            </Flex>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const viewerArrowLooks = photoArrowLooks({ base: 'md', md: 'lg' }, { base: 2, md: 4 }, { bg: 'whiteAlpha.200', color: 'white', _hover: { bg: 'whiteAlpha.300' } });

function ViewerArrow({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  return <PhotoArrow side={side} onClick={onClick} looks={viewerArrowLooks} />;
}
