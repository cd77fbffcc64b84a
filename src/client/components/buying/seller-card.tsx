import { Alert, Avatar, Stack, type SystemStyleObject } from '@chakra-ui/react';
import { ExternalLink, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { StaticButton } from '../static-button';
import { plainLinkStyle } from '../plain-styles';
import { outsideLinkLook, Section } from './listing-specs';
import { StartChatButton, type ListingDetail } from './price-box';

// The seller's rows are plain elements styled by their one parent's `css`, as the page's other rows are
// (listing-specs.tsx): a row with an icon and a text, the phone a link.
const sellerCss: SystemStyleObject = {
  '& [data-part=name]': { display: 'flex', alignItems: 'center', gap: '3' },
  '& [data-part=name] > p': { fontWeight: 'semibold' },
  '& [data-part=line]': { display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' },
  '& [data-part=line][data-align=start]': { alignItems: 'flex-start' },
  '& [data-part=icon]': { pt: '0.5' },
  '& a': { ...plainLinkStyle, color: 'brand.600', fontWeight: 'medium' },
};

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
        <Stack gap="3" css={sellerCss} data-testid="seller-info">
          <div data-part="name">
            <Avatar.Root colorPalette="brand" size="md">
              <Avatar.Fallback name={name} />
            </Avatar.Root>
            <p>{name}</p>
          </div>
          {phone && (
            <div data-part="line">
              <Phone size={16} aria-hidden />
              <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
            </div>
          )}
          {address && (
            <div data-part="line" data-align="start">
              <div data-part="icon">
                <MapPin size={16} aria-hidden />
              </div>
              <p>{address}</p>
            </div>
          )}
        </Stack>
      )}
    </Section>
  );
}

const checkCss: SystemStyleObject = {
  '& [data-part=row]': { display: 'flex', alignItems: 'flex-start', gap: '3' },
  '& [data-part=icon]': { color: 'brand.600', pt: '0.5' },
  '& [data-part=text]': { display: 'flex', flexDirection: 'column', gap: '2' },
  '& [data-part=title]': { fontWeight: 'semibold' },
  '& [data-part=note]': { fontSize: 'sm', color: 'fg.muted' },
};

/** Statens vegvesen's public check page for the plate (docs/external-services.md). */
export function VegvesenCheck({ registrationNumber }: { registrationNumber: string }) {
  const plate = registrationNumber.replace(/\s/g, '').toUpperCase();
  if (!plate) return null;
  const href = `https://www.vegvesen.no/kjoretoy/kjop-og-salg/kjoretoyopplysninger/sjekk-kjoretoyopplysninger/?registreringsnummer=${encodeURIComponent(plate)}`;
  return (
    <Section css={checkCss}>
      <div data-part="row">
        <div data-part="icon">
          <ShieldCheck size={22} aria-hidden />
        </div>
        <div data-part="text">
          <p data-part="title">Sjekk bilen før du kjøper</p>
          <p data-part="note">Se EU-kontroll, tekniske data og registreringsstatus for {plate} hos Statens vegvesen.</p>
          <StaticButton as="a" look={outsideLinkLook} href={href} target="_blank" rel="noopener noreferrer">
            Sjekk kjøretøyopplysninger <ExternalLink size={14} aria-hidden />
          </StaticButton>
        </div>
      </div>
    </Section>
  );
}
