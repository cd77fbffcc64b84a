import type { SystemStyleObject } from '@chakra-ui/react';
import { CarFront } from 'lucide-react';
import { StaticBox } from '../../lib/static-styles';

// The brand is a plain element with constant styles (lib/static-styles.ts), its mark and words plain elements styled
// by them: the brand is on every page twice (header and footer), and a Chakra element costs a style resolution on
// every render (docs/decisions/019-server-rendering.md).
const brandCss: SystemStyleObject = {
  // Chakra's HStack, gap 2.5.
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  '& [data-part=mark]': { display: 'flex', p: '2', rounded: 'lg', bg: 'brand.600', color: 'white' },
  '& [data-part=words]': { lineHeight: '1.1' },
  '& [data-part=name]': { fontWeight: '800', fontSize: 'lg', letterSpacing: '-0.02em', color: 'brand.800' },
  '& [data-part=name] > span': { color: 'accent.600' },
  '& [data-part=tagline]': { fontSize: 'xs', color: 'fg.muted' },
  // On the footer's dark blue.
  '&[data-inverted] [data-part=mark]': { bg: 'white', color: 'brand.700' },
  '&[data-inverted] [data-part=name]': { color: 'white' },
  '&[data-inverted] [data-part=name] > span': { color: 'accent.300' },
  '&[data-inverted] [data-part=tagline]': { color: 'whiteAlpha.800' },
};

/** docs/product/overview.md: a car icon, the product name with '.no' and the tagline 'Din bilpartner'. */
export function Brand({ inverted = false }: { inverted?: boolean }) {
  return (
    <StaticBox as="div" styles={brandCss} data-inverted={inverted || undefined}>
      <div data-part="mark">
        <CarFront size={22} aria-hidden />
      </div>
      <div data-part="words">
        <p data-part="name">
          Bilpartner<span>.no</span>
        </p>
        <p data-part="tagline">Din bilpartner</p>
      </div>
    </StaticBox>
  );
}
