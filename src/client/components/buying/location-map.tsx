import type { SystemStyleObject } from '@chakra-ui/react';
import { ExternalLink, Map as MapIcon, MapPin } from 'lucide-react';
import { useState } from 'react';
import { plainAspectRatioStyle, plainLinkStyle } from '../plain-styles';
import { Section } from './listing-specs';
import { buttonLook, StaticButton } from '../static-button';

const showMapLook = buttonLook({ size: 'sm', variant: 'outline' }, { colorPalette: 'brand' });

// The section's rows and the map's box are plain elements styled by the section's `css` (listing-specs.tsx): the box is
// Chakra's AspectRatio (4:3 on a phone, 16:7 wider) and its placeholder a centred VStack.
const mapCss: SystemStyleObject = {
  '& [data-part=head]': { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', mb: '3', flexWrap: 'wrap' },
  '& [data-part=where]': { display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' },
  '& [data-part=head] > a': { ...plainLinkStyle, color: 'brand.600', fontWeight: 'semibold', fontSize: 'sm' },
  '& [data-part=map]': { ...plainAspectRatioStyle({ base: 4 / 3, md: 16 / 7 }), rounded: 'lg', overflow: 'hidden', bg: 'bg.muted' },
  '& iframe': { border: '0' },
  '& [data-part=placeholder]': { flexDirection: 'column', gap: '3', p: '4', textAlign: 'center' },
  '& [data-part=placeholder] > p': { fontWeight: 'semibold' },
};

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
    <Section title="Beliggenhet" css={mapCss}>
      <div data-part="head">
        <div data-part="where">
          <MapPin size={16} aria-hidden />
          <p>{approximate ? `Omtrentlig område: ${query}` : query}</p>
        </div>
        <a href={`https://www.google.com/maps/search/?api=1&query=${q}`} target="_blank" rel="noopener noreferrer">
          Åpne i kart <ExternalLink size={14} aria-hidden />
        </a>
      </div>
      <div data-part="map">
        {shown ? (
          <iframe title={`Kart over ${query}`} src={`https://maps.google.com/maps?q=${q}&z=13&output=embed`} referrerPolicy="no-referrer-when-downgrade" />
        ) : (
          <div data-part="placeholder" data-testid="map-placeholder">
            <MapPin size={28} aria-hidden color="var(--chakra-colors-brand-600)" />
            <p>{query}</p>
            <StaticButton look={showMapLook} onClick={() => setShown(true)}>
              <MapIcon aria-hidden /> Vis kart
            </StaticButton>
          </div>
        )}
      </div>
    </Section>
  );
}
