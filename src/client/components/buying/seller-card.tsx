import { Alert, Avatar, Box, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { ExternalLink, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { LinkButton } from '../link-button';
import { Section } from './listing-specs';
import { StartChatButton, type ListingDetail } from './price-box';

/**
 * Seller name, phone and address. docs/product/screens.md: with hideAddress the seller's details are hidden and a notice points to
 * messaging; hideContactInfo hides only the phone number.
 */
export function SellerCard({ listing: l }: { listing: ListingDetail }) {
  const name = l.seller.displayName || l.seller.name;
  const phone = l.hideContactInfo ? '' : l.contactPhone || l.seller.phone || '';
  const address = l.address || l.seller.address || '';

  return (
    <Section title="Selger">
      {l.hideAddress ? (
        <Stack gap="3">
          <Alert.Root status="info" rounded="lg" data-testid="seller-hidden">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Selger har skjult kontaktinformasjon</Alert.Title>
              <Alert.Description>Bruk meldingsfunksjonen for å kontakte selgeren.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          {!l.isOwner && <StartChatButton listing={l} variant="outline" />}
        </Stack>
      ) : (
        <Stack gap="3" data-testid="seller-info">
          <HStack gap="3">
            <Avatar.Root colorPalette="brand" size="md">
              <Avatar.Fallback name={name} />
            </Avatar.Root>
            <Text fontWeight="semibold">{name}</Text>
          </HStack>
          {phone && (
            <HStack gap="2" fontSize="sm">
              <Phone size={16} aria-hidden />
              <ChakraLink href={`tel:${phone.replace(/\s/g, '')}`} color="brand.600" fontWeight="medium">
                {phone}
              </ChakraLink>
            </HStack>
          )}
          {address && (
            <HStack gap="2" fontSize="sm" align="flex-start">
              <Box pt="0.5">
                <MapPin size={16} aria-hidden />
              </Box>
              <Text>{address}</Text>
            </HStack>
          )}
        </Stack>
      )}
    </Section>
  );
}

/** Statens vegvesen's public check page for the plate (docs/external-services.md). */
export function VegvesenCheck({ registrationNumber }: { registrationNumber: string }) {
  const plate = registrationNumber.replace(/\s/g, '').toUpperCase();
  if (!plate) return null;
  const href = `https://www.vegvesen.no/kjoretoy/kjop-og-salg/kjoretoyopplysninger/sjekk-kjoretoyopplysninger/?registreringsnummer=${encodeURIComponent(plate)}`;
  return (
    <Section>
      <HStack gap="3" align="flex-start">
        <Box color="brand.600" pt="0.5">
          <ShieldCheck size={22} aria-hidden />
        </Box>
        <Stack gap="2">
          <Text fontWeight="semibold">Sjekk bilen før du kjøper</Text>
          <Text fontSize="sm" color="fg.muted">
            Se EU-kontroll, tekniske data og registreringsstatus for {plate} hos Statens vegvesen.
          </Text>
          <LinkButton href={href} target="_blank" rel="noopener noreferrer" variant="outline" size="sm" alignSelf="flex-start">
            Sjekk kjøretøyopplysninger <ExternalLink size={14} aria-hidden />
          </LinkButton>
        </Stack>
      </HStack>
    </Section>
  );
}
