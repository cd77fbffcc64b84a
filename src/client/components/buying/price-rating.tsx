import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { PriceRatingBadge as Rating, PriceRatingCode, PriceRatingDetail } from '../../../shared/price-rating';
import { PRICE_TEXTS } from '../../../shared/texts/prices';

// The price rating (docs/decisions/025-buyer-trust.md): a card's label, and on the listing page the label with how
// many cars it rests on and a scale of where the price sits among theirs, as CarGurus' deal gauge.

/** Cheap is green, dear is red; 'normal' is neutral. */
const PALETTE = { godt_kjop: 'green', bra_pris: 'teal', normal_pris: 'gray', litt_hoy: 'orange', hoy_pris: 'red' } as const satisfies Record<PriceRatingCode, string>;

export function PriceRatingBadge({ rating }: { rating: Rating | null | undefined }) {
  if (!rating) return null;
  return (
    <Badge colorPalette={PALETTE[rating.rating]} variant="subtle" size="md" alignSelf="start" data-testid="price-rating">
      {rating.label}
    </Badge>
  );
}

/** The label, its basis and the scale, as a card beside the price; nothing without a rating. */
export function PriceRatingPanel({ rating, totalPrice }: { rating: PriceRatingDetail | null; totalPrice: number }) {
  if (!rating) return null;
  return (
    <Stack gap="3" bg="bg" rounded="xl" borderWidth="1px" borderColor="border.muted" p={{ base: 4, md: 6 }} data-testid="price-rating-panel">
      <Text fontSize="sm" color="fg.muted">
        {PRICE_TEXTS.rating}
      </Text>
      <HStack gap="2" flexWrap="wrap">
        <PriceRatingBadge rating={rating} />
        <Text fontSize="sm" color="fg.muted">
          {PRICE_TEXTS.basedOn(rating.comparables)}
        </Text>
      </HStack>
      <PriceScale price={totalPrice} low={rating.low} high={rating.high} median={rating.median} />
    </Stack>
  );
}

/**
 * A track from a little below the cheaper comparables to a little above the dearer ones, their middle half (low to
 * high) marked, and the listing's price as a dot on it.
 */
function PriceScale({ price, low, high, median }: { price: number; low: number; high: number; median: number }) {
  const from = Math.min(price, low, median * 0.8);
  const to = Math.max(price, high, median * 1.2);
  const at = (v: number) => `${(((v - from) / (to - from || 1)) * 100).toFixed(1)}%`;
  return (
    <Box role="img" aria-label={PRICE_TEXTS.scale(price, low, high)}>
      <Box position="relative" h="3" my="2" rounded="full" bgGradient="to-r" gradientFrom="green.solid" gradientVia="gray.muted" gradientTo="red.solid">
        {/* Positions are fractions of the track: plain style, not tokens. */}
        <Box position="absolute" top="-1" bottom="-1" style={{ left: at(low), width: `calc(${at(high)} - ${at(low)})` }} borderWidth="2px" borderColor="fg" rounded="sm" />
        <Box
          position="absolute"
          top="50%"
          style={{ left: at(price) }}
          transform="translate(-50%, -50%)"
          boxSize="5"
          rounded="full"
          bg="bg"
          borderWidth="4px"
          borderColor="fg"
          data-testid="price-scale-marker"
        />
      </Box>
      <Text fontSize="xs" color="fg.muted">
        {PRICE_TEXTS.range(low, high)}
      </Text>
    </Box>
  );
}

/** Under a card's price: its rating and how much it was reduced since first published ('Satt ned 20 000 kr'). */
export function CardPriceNotes({ listing: l }: { listing: { priceRating?: Rating | null; priceReducedBy?: number | null } }) {
  if (!l.priceRating && !l.priceReducedBy) return null;
  return (
    <HStack gap="2" flexWrap="wrap">
      <PriceRatingBadge rating={l.priceRating} />
      {!!l.priceReducedBy && (
        <Text fontSize="sm" color="fg.success" fontWeight="medium" data-testid="price-reduced">
          {PRICE_TEXTS.reducedBy(l.priceReducedBy)}
        </Text>
      )}
    </HStack>
  );
}
