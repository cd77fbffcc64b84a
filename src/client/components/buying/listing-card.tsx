import {
  AspectRatio,
  Box,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Stack,
  type SimpleGridProps,
  type SystemStyleObject,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { MapPin } from 'lucide-react';
import { Children, createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { FUEL_TYPES, labelOf, TRANSMISSIONS } from '../../../shared/codes';
import { formatMileage, formatPrice } from '../../../shared/format';
import type { ListingCardShape } from '../../../shared/types/listing';
import { photoFailed } from '../../lib/failed-photo';
import { useReducedImageQuality } from '../../lib/image-quality';
import { cardPhotoSources } from '../../../shared/photo-sources';
import { CarPlaceholder } from './car-placeholder';
import { CardPriceNotes } from './price-rating';
import { linkCardStyle } from '../link-card-style';
import { plainLinkBoxStyle, plainLinkOverlayStyle } from '../plain-styles';
import { StaticBox } from '../../lib/static-styles';

// The cover's srcset and sizes (CARD_PHOTO_SIZES) come from shared/photo-sources.ts, which the server's preload of the
// search page's first cover shares (docs/decisions/010-compression-and-bundle.md "The LCP photo in the page").

/** Cards in the grid's first row (three columns on a desktop) are the page's largest paint candidates. */
export const PRIORITY_CARDS = 3;

// A card's place in ListingGrid, so the first row loads eagerly without each page counting.
const GridPosition = createContext<number | null>(null);

/** "2019 · 45 000 km · Elektrisk · Automat": the facts a buyer scans first, empty parts left out. */
export function listingFacts(l: Pick<ListingCardShape, 'year' | 'mileage' | 'fuelType' | 'transmission'>): string {
  return [l.year ? String(l.year) : '', formatMileage(l.mileage), labelOf(FUEL_TYPES, l.fuelType), labelOf(TRANSMISSIONS, l.transmission)]
    .filter(Boolean)
    .join(' · ');
}

interface ListingCardProps {
  listing: ListingCardShape;
  /** Rendered under the price, above the card-wide link (e.g. a remove button on /lagrede-annonser). */
  action?: ReactNode;
  /** Rendered above the price: what changed since the card was saved ('Solgt', 'Prisen er satt ned'). */
  note?: ReactNode;
  /**
   * An above-the-fold card: its photo loads at once (not lazily) and with high priority. Default: the first
   * PRIORITY_CARDS cards of a ListingGrid.
   */
  priority?: boolean;
  /** The same as `priority` (its earlier name). */
  eager?: boolean;
  /**
   * The title's heading level: one below the heading the cards sit under (h3 under the home page's section h2s,
   * h2 straight under a page's h1), so screen-reader users' heading outline has no gap.
   */
  headingLevel?: 'h2' | 'h3';
}

// A card is one plain element with constant styles (lib/static-styles.ts) and plain elements styled by them, as the
// listing page's repeated rows are: a search page shows a card per result, and a Chakra element costs a style
// resolution on every render, on the server's render of the page and in the browser's hydration
// (docs/decisions/019-server-rendering.md).
const cardCss: SystemStyleObject = {
  // The card's frame: a LinkBox (plain-styles.ts) that lifts under the pointer (linkCardStyle).
  ...plainLinkBoxStyle,
  // A 4:3 box its photo or placeholder fills.
  '& [data-part=cover]': {
    position: 'relative',
    aspectRatio: '4 / 3',
    bg: 'bg.muted',
    overflow: 'hidden',
    '& > *': { position: 'absolute', inset: '0', width: '100%', height: '100%' },
    '& > img': { objectFit: 'cover', transition: 'transform 0.4s ease' },
  },
  '&:is(:hover, [data-hover]):not(:disabled, [data-disabled]) [data-part=cover] > img': { transform: 'scale(1.04)' },
  '& [data-part=body]': { display: 'flex', flexDirection: 'column', gap: '1', p: '4', flex: '1' },
  // Chakra's Heading (size md) with one line, its link the overlay that makes the whole card one link (LinkOverlay).
  '& [data-part=title]': { fontFamily: 'heading', fontWeight: 'semibold', fontSize: 'md', lineHeight: '1.5rem', lineClamp: 1 },
  '& [data-part=title] > a': { ...plainLinkOverlayStyle, _focusVisible: { outline: 'none' } },
  '& [data-part=facts]': { fontSize: 'sm', color: 'fg.muted', lineClamp: 1 },
  '& [data-part=place]': { display: 'flex', alignItems: 'center', gap: '1', fontSize: 'sm', color: 'fg.muted', minW: '0' },
  '& [data-part=place] > svg': { flexShrink: 0 },
  '& [data-part=place] > p': { truncate: true },
  '& [data-part=price]': { mt: 'auto', pt: '2', fontSize: 'xl', fontWeight: 'bold', color: 'fg', letterSpacing: '-0.01em' },
  ...linkCardStyle,
  borderWidth: '1px',
  borderColor: 'border.muted',
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
};

/** The card of every list view (home, search, saved). The whole card links to /listing/{id}. */
export function ListingCard({ listing: l, action, note, priority, eager, headingLevel = 'h3' }: ListingCardProps) {
  const title = `${l.make} ${l.model}`.trim();
  // A missing or broken photo shows the placeholder, never the browser's broken-image icon and alt text.
  const [broken, setBroken] = useState(false);
  // A photo that failed before hydration: lib/failed-photo.ts.
  const failedEarly = useCallback((img: HTMLImageElement | null) => {
    if (img && photoFailed(img)) setBroken(true);
  }, []);
  const position = useContext(GridPosition);
  const first = priority ?? eager ?? (position !== null && position < PRIORITY_CARDS);
  // Up to the medium size; the thumbnail alone on a slow connection or under memory pressure; a card from an older
  // answer (no coverPhoto) has only the thumbnail (photo-sources.ts cardPhotoSources).
  const sources = cardPhotoSources(l, useReducedImageQuality());
  const Title = headingLevel;
  return (
    <StaticBox as="article" styles={cardCss} data-testid="listing-card">
      <div data-part="cover">
        {sources && !broken ? (
          <img
            src={sources.src}
            srcSet={sources.srcSet}
            sizes={sources.sizes}
            alt={`${title} ${l.year}`}
            // Native lazy loading: the browser starts the fetch well before the card scrolls in (its distance
            // exceeds the 50 px docs/product/limits.md asks for; docs/product/limits.md#photo-sizes).
            loading={first ? 'eager' : 'lazy'}
            // A first-row cover may be the page's largest paint: not held back for an off-thread decode.
            decoding={first ? 'auto' : 'async'}
            ref={failedEarly}
            onError={() => setBroken(true)}
            // The 4:3 box holds the space before the photo arrives (no layout shift); these only give the ratio.
            width={480}
            height={360}
            // Lets the browser fetch above-the-fold covers before the rest of the page's images.
            {...(first ? { fetchPriority: 'high' as const } : {})}
          />
        ) : (
          <CarPlaceholder />
        )}
      </div>
      <div data-part="body">
        <Title data-part="title" title={title}>
          <Link className="chakra-linkbox__overlay" to="/listing/$id" params={{ id: String(l.id) }}>
            {title}
          </Link>
        </Title>
        <p data-part="facts">{listingFacts(l)}</p>
        {l.place && (
          <div data-part="place">
            <MapPin size={14} aria-hidden />
            <p>{l.place}</p>
          </div>
        )}
        {note}
        <p data-part="price" data-testid="card-price">
          {formatPrice(l.totalPrice)}
        </p>
        <CardPriceNotes listing={l} />
      </div>
      {action && (
        // Above the overlay link so the action gets its own clicks.
        <Box px="4" pb="4" position="relative" zIndex="1">
          {action}
        </Box>
      )}
    </StaticBox>
  );
}

export function ListingCardSkeleton() {
  return (
    <Box
      bg="bg"
      rounded="xl"
      borderWidth="1px"
      borderColor="border.muted"
      overflow="hidden"
      aria-hidden
      data-testid="listing-card-skeleton"
    >
      <AspectRatio ratio={4 / 3}>
        <Skeleton rounded="none" />
      </AspectRatio>
      <Stack p="4" gap="2.5">
        <Skeleton h="5" w="70%" />
        <SkeletonText noOfLines={2} gap="2" />
        <Skeleton h="6" w="40%" mt="1" />
      </Stack>
    </Box>
  );
}

/**
 * One column on phones, two on tablets, three from 1024 px. Tells each card its place, so the first row's photos
 * load first (ListingCard's `priority`).
 */
export function ListingGrid({ children, ...props }: SimpleGridProps) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: 4, md: 6 }} {...props}>
      {Children.map(children, (child, i) => (
        <GridPosition value={i}>{child}</GridPosition>
      ))}
    </SimpleGrid>
  );
}

export function ListingGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ListingGrid aria-busy="true" aria-label="Laster annonser">
      {Array.from({ length: count }, (_, i) => (
        <ListingCardSkeleton key={i} />
      ))}
    </ListingGrid>
  );
}
