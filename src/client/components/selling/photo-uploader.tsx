import { AspectRatio, Badge, Box, Button, HStack, IconButton, Image, Progress, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, GripVertical, ImagePlus, RotateCcw, Star, Trash2, TriangleAlert } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { toastError } from '../../lib/toaster';
import { INVALID_TYPE_MESSAGE, INVALID_TYPE_TITLE, type PhotoItem, type PhotoUploads } from './photo-uploads';

// The Bilder section of the listing form: pick or drop files, see each upload's progress, fix failures,
// and put the photos in order. Reordering works by dragging (mouse) and by the arrow buttons on each tile
// (keyboard and touch, where HTML drag and drop does not work). The first photo is the cover.

const STATUS_TEXT: Record<PhotoItem['status'], string> = {
  preparing: 'Forbereder…',
  uploading: 'Laster opp…',
  processing: 'Behandler…',
  done: 'Lastet opp',
  error: 'Feilet',
};

export function PhotoUploader({ uploads, invalid }: { uploads: PhotoUploads; invalid?: boolean }) {
  const { items, addFiles, pending, failed } = uploads;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dropActive, setDropActive] = useState(false);
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const tileButtons = useRef(new Map<string, HTMLButtonElement | null>());

  const take = (files: FileList | File[] | null) => {
    if (!files || !files.length) return;
    const refused = addFiles(files);
    if (refused > 0) toastError(INVALID_TYPE_TITLE, INVALID_TYPE_MESSAGE);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropActive(false);
    if (dragKey) return; // a tile being reordered, not files
    take(e.dataTransfer.files);
  };

  const move = (item: PhotoItem, to: number, focus: 'left' | 'right') => {
    uploads.moveTo(item.key, to);
    const pos = Math.max(0, Math.min(items.length - 1, to));
    setAnnounce(`Bilde flyttet til posisjon ${pos + 1} av ${items.length}${pos === 0 ? ', forsidebilde' : ''}.`);
    // Keep the keyboard where the user is: the same button on the moved tile (or its other arrow at an edge).
    requestAnimationFrame(() => {
      const atEdge = (focus === 'left' && pos === 0) || (focus === 'right' && pos === items.length - 1);
      const which = atEdge ? (focus === 'left' ? 'right' : 'left') : focus;
      tileButtons.current.get(`${item.key}:${which}`)?.focus();
    });
  };

  return (
    <Stack gap="4">
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dropActive ? 'brand.solid' : invalid ? 'border.error' : 'border.emphasized'}
        bg={dropActive ? 'brand.subtle' : 'bg.subtle'}
        rounded="l2"
        px="6"
        py="8"
        textAlign="center"
        transition="background 0.15s, border-color 0.15s"
        onDragOver={(e) => {
          if (dragKey) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setDropActive(true);
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={onDrop}
        data-testid="photo-dropzone"
      >
        <Stack align="center" gap="3">
          <Box color="brand.solid">
            <ImagePlus size={36} aria-hidden />
          </Box>
          {/* Touch screens have no drag and drop from the file system: offer only the button there. */}
          <Text fontWeight="medium" display={{ base: 'none', md: 'block' }}>
            Dra og slipp bilder her
          </Text>
          <Text textStyle="sm" color="fg.muted" display={{ base: 'none', md: 'block' }}>
            eller
          </Text>
          <Text fontWeight="medium" display={{ base: 'block', md: 'none' }}>
            Legg til bilder av bilen
          </Text>
          <Button type="button" colorPalette="brand" variant="outline" onClick={() => inputRef.current?.click()}>
            Velg bilder
          </Button>
          <Text textStyle="xs" color="fg.muted">
            JPG, PNG, WebP og andre bildeformater. Ingen grense på antall. Det første bildet blir forsidebilde.
          </Text>
        </Stack>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="photo-input"
          aria-label="Velg bilder"
          onChange={(e) => {
            take(e.target.files);
            e.target.value = ''; // the same file can be picked again after removing it
          }}
        />
      </Box>

      {items.length > 0 && (
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {items.length} {items.length === 1 ? 'bilde' : 'bilder'}
          {pending > 0 && ` · ${pending} lastes opp`}
          {failed > 0 && ` · ${failed} feilet`}
        </Text>
      )}
      <VisuallyHidden aria-live="polite">{announce}</VisuallyHidden>

      {items.length > 0 && (
        <SimpleGrid as="ol" columns={{ base: 2, sm: 3, lg: 4 }} gap="3" listStyleType="none" aria-label="Bilder i rekkefølge" data-testid="photo-list">
          {items.map((item, index) => (
            <Box
              as="li"
              key={item.key}
              draggable
              onDragStart={(e: DragEvent) => {
                setDragKey(item.key);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', item.key);
              }}
              onDragEnd={() => setDragKey(null)}
              onDragOver={(e: DragEvent) => {
                if (!dragKey) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
              }}
              onDrop={(e: DragEvent) => {
                if (!dragKey) return;
                e.preventDefault();
                e.stopPropagation();
                uploads.moveTo(dragKey, index);
                setDragKey(null);
              }}
              opacity={dragKey === item.key ? 0.5 : 1}
              bg="bg"
              borderWidth="1px"
              borderColor={item.status === 'error' ? 'border.error' : index === 0 ? 'accent.solid' : 'border'}
              rounded="l2"
              overflow="hidden"
              shadow="xs"
              data-testid="photo-tile"
              data-status={item.status}
            >
              <Box position="relative" cursor="grab">
                <AspectRatio ratio={4 / 3}>
                  <Image src={item.preview} alt={`Bilde ${index + 1}${item.name ? ` (${item.name})` : ''}`} objectFit="cover" draggable={false} />
                </AspectRatio>
                {index === 0 && (
                  <Badge position="absolute" top="2" left="2" colorPalette="accent" variant="solid" shadow="sm">
                    <Star size={12} aria-hidden /> Forsidebilde
                  </Badge>
                )}
                <Box position="absolute" top="2" right="2" color="white" bg="blackAlpha.500" rounded="sm" p="0.5" display={{ base: 'none', md: 'block' }}>
                  <GripVertical size={16} aria-hidden />
                </Box>
                {item.status !== 'done' && item.status !== 'error' && (
                  <Box position="absolute" insetX="0" bottom="0" bg="blackAlpha.600" color="white" px="2" py="1.5">
                    <HStack justify="space-between" textStyle="xs" mb="1">
                      <Text>{STATUS_TEXT[item.status]}</Text>
                      {item.status === 'uploading' && <Text>{item.progress} %</Text>}
                    </HStack>
                    <Progress.Root
                      size="xs"
                      colorPalette="brand"
                      value={item.status === 'preparing' || item.status === 'processing' ? null : item.progress}
                      aria-label={`Opplasting av bilde ${index + 1}`}
                    >
                      <Progress.Track bg="whiteAlpha.400">
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Box>
                )}
                {item.status === 'error' && (
                  <Stack position="absolute" inset="0" bg="blackAlpha.700" color="white" p="2" gap="1" justify="center" align="center" textAlign="center">
                    <TriangleAlert size={20} aria-hidden />
                    <Text textStyle="xs" fontWeight="semibold">
                      {item.error?.title}
                    </Text>
                    <Text textStyle="xs" lineClamp={2}>
                      {item.error?.message}
                    </Text>
                    {item.file && (
                      <Button type="button" size="2xs" variant="solid" colorPalette="gray" onClick={() => uploads.retry(item.key)}>
                        <RotateCcw size={12} /> Prøv igjen
                      </Button>
                    )}
                  </Stack>
                )}
              </Box>
              <HStack justify="space-between" px="1" py="1" gap="0">
                <HStack gap="0">
                  {(['left', 'right'] as const).map((side) => {
                    const to = side === 'left' ? index - 1 : index + 1;
                    return (
                      <IconButton
                        key={side}
                        ref={(el) => {
                          tileButtons.current.set(`${item.key}:${side}`, el);
                        }}
                        type="button"
                        size="sm"
                        variant="ghost"
                        aria-label={`Flytt bilde ${index + 1} til ${side === 'left' ? 'venstre' : 'høyre'}`}
                        disabled={to < 0 || to === items.length}
                        onClick={() => move(item, to, side)}
                      >
                        {side === 'left' ? <ChevronLeft /> : <ChevronRight />}
                      </IconButton>
                    );
                  })}
                </HStack>
                <Text textStyle="xs" color="fg.muted" aria-hidden>
                  {index + 1}
                </Text>
                <IconButton
                  type="button"
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`Fjern bilde ${index + 1}`}
                  onClick={() => {
                    uploads.remove(item.key);
                    setAnnounce(`Bilde ${index + 1} fjernet.`);
                  }}
                >
                  <Trash2 />
                </IconButton>
              </HStack>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
