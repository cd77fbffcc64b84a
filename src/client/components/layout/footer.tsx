import type { SystemStyleObject } from '@chakra-ui/react';
import { Link, type LinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StaticBox } from '../../lib/static-styles';
import { plainContainerStyle, plainLinkStyle } from '../plain-styles';
import { Brand } from './brand';

// Brand marks as inline SVG (lucide no longer ships brand icons).
const FacebookIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden><path d="M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.5 1.6-1.5h1.7V4.4c-.3 0-1.3-.1-2.4-.1-2.4 0-4 1.5-4 4.1v2.4H7.7V14h2.7v8z" /></svg>
);
const InstagramIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden><rect x="3" y="3" width="18" height="18" rx="5" /><circle cx="12" cy="12" r="4" /><circle cx="17.5" cy="6.5" r="1" fill="currentColor" /></svg>
);
const LinkedinIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden><path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z" /></svg>
);

// The footer is a plain element with constant styles (lib/static-styles.ts); its layout, texts and links are plain
// elements styled by them (as Chakra's link recipe styles a link): the footer is on every page, and a Chakra element
// costs a style resolution on every render, the server's included.
const footerCss: SystemStyleObject = {
  bg: 'brand.900',
  color: 'white',
  mt: '16',
  // Chakra's Container (max width 7xl), a grid of four columns on a desktop, each a Stack, and the bottom row.
  '& [data-part=container]': { ...plainContainerStyle, py: { base: '10', md: '14' } },
  '& [data-part=columns]': { display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' }, gap: '8' },
  '& [data-part=column]': { display: 'flex', flexDirection: 'column', gap: '2' },
  '& [data-part=column][data-gap="3"]': { gap: '3' },
  '& [data-part=bottom]': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: '4',
    mt: '10',
    pt: '6',
    borderTopWidth: '1px',
    borderColor: 'whiteAlpha.300',
  },
  '& [data-part=social]': { display: 'flex', alignItems: 'center', gap: '4', color: 'whiteAlpha.800' },
  '& a': plainLinkStyle,
  '& [data-part=link]': { color: 'whiteAlpha.800', fontSize: 'sm', _hover: { color: 'white' } },
  '& [data-part=heading]': { fontWeight: 'semibold' },
  '& [data-part=pitch]': { fontSize: 'sm', color: 'whiteAlpha.800', maxW: 'xs' },
  '& [data-part=copyright]': { fontSize: 'sm', color: 'whiteAlpha.700' },
};

function FooterLink({ to, children }: { to: LinkOptions['to']; children: ReactNode }) {
  return (
    <Link to={to} data-part="link">
      {children}
    </Link>
  );
}

export function Footer() {
  return (
    <StaticBox as="footer" styles={footerCss}>
      <div data-part="container">
        <div data-part="columns">
          <div data-part="column" data-gap="3">
            <Brand inverted />
            <p data-part="pitch">
              Norges trygge markedsplass for kjøp og salg av bruktbil. Kontrollerte annonser og direkte kontakt mellom kjøper og
              selger.
            </p>
          </div>
          <div data-part="column">
            <p data-part="heading">Bil</p>
            <FooterLink to="/annonser">Kjøp bil</FooterLink>
            <FooterLink to="/ny-annonse">Selg bil</FooterLink>
          </div>
          <div data-part="column">
            <p data-part="heading">Hjelp</p>
            <FooterLink to="/kontakt">Kontakt oss</FooterLink>
            <FooterLink to="/about">Om oss</FooterLink>
          </div>
          <div data-part="column">
            <p data-part="heading">Juridisk</p>
            <FooterLink to="/personvern">Personvern</FooterLink>
            <FooterLink to="/vilkar">Vilkår</FooterLink>
            <FooterLink to="/cookies">Informasjonskapsler</FooterLink>
          </div>
        </div>
        <div data-part="bottom">
          <p data-part="copyright">© {new Date().getFullYear()} Bilpartner.no. Alle rettigheter reservert.</p>
          <div data-part="social">
            <a href="https://www.facebook.com/" target="_blank" rel="noopener noreferrer" aria-label="Bilpartner.no på Facebook">
              <FacebookIcon />
            </a>
            <a href="https://www.instagram.com/" target="_blank" rel="noopener noreferrer" aria-label="Bilpartner.no på Instagram">
              <InstagramIcon />
            </a>
            <a href="https://www.linkedin.com/" target="_blank" rel="noopener noreferrer" aria-label="Bilpartner.no på LinkedIn">
              <LinkedinIcon />
            </a>
          </div>
        </div>
      </div>
    </StaticBox>
  );
}
