import { AspectRatio, Box, Button, Flex, Link, Text, VStack } from '@chakra-ui/react';
import { ExternalLink, Map as MapIcon, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Section } from './listing-specs';

/**
 * docs/product/screens.md: an embedded map by address and a link to a maps search (docs/external-services.md#maps: keyless Google embed;
 * the CSP allows frames from that host). A hidden address (the server blanks it) shows only the place, never the street.
 * The map loads when asked: until 'Vis kart' is pressed a still placeholder stands in its place, as the embed costs a
 * phone megabytes of scripts and tiles for a section far down the page.
 */
export function LocationMap({ address, place, hidden }: { address: string; place: string; hidden: boolean }) {
  const [shown, setShown] = useState(false);
  const approximate = hidden || !address.trim();
  const query = approximate ? place.trim() : address.trim();
  if (!query) return null;
  const q = encodeURIComponent(query);
  return (
    <Section title="Beliggenhet">
      <Flex justify="space-between" align="center" gap="3" mb="3" wrap="wrap">
        <Flex align="center" gap="2" fontSize="sm" color="fg.muted">
          <MapPin size={16} aria-hidden />
          <Text>{approximate ? `Omtrentlig område: ${query}` : query}</Text>
        </Flex>
        <Link
          href={`https://www.google.com/maps/search/?api=1&query=${q}`}
          target="_blank"
          rel="noopener noreferrer"
          color="brand.600"
          fontWeight="semibold"
          fontSize="sm"
        >
          Åpne i kart <ExternalLink size={14} aria-hidden />
        </Link>
      </Flex>
      <AspectRatio ratio={{ base: 4 / 3, md: 16 / 7 }} rounded="lg" overflow="hidden" bg="bg.muted">
        {shown ? (
          <Box asChild border="0">
            <iframe title={`Kart over ${query}`} src={`https://maps.google.com/maps?q=${q}&z=13&output=embed`} referrerPolicy="no-referrer-when-downgrade" />
          </Box>
        ) : (
          <VStack gap="3" p="4" textAlign="center" data-testid="map-placeholder">
            <MapPin size={28} aria-hidden color="var(--chakra-colors-brand-600)" />
            <Text fontWeight="semibold">{query}</Text>
            <Button size="sm" variant="outline" colorPalette="brand" onClick={() => setShown(true)}>
              <MapIcon aria-hidden /> Vis kart
            </Button>
          </VStack>
        )}
      </AspectRatio>
    </Section>
  );
}
