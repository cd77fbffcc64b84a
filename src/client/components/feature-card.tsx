import { Stack, type SystemStyleObject } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import { plainIconStyle } from './plain-styles';

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

// The icon's tile, the heading (Chakra's Heading at size md) and the line are plain elements styled by the card's
// `css` (docs/decisions/019-server-rendering.md): the home and about pages show several cards.
const featureCss: SystemStyleObject = {
  '& [data-part=icon]': { display: 'flex', w: '11', h: '11', rounded: 'lg', bg: 'brand.50', color: 'brand.600', alignItems: 'center', justifyContent: 'center' },
  '& [data-part=icon] > svg': { ...plainIconStyle, boxSize: '5' },
  '& h3': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: 'md' },
  '& p': { color: 'fg.muted', fontSize: 'sm', lineHeight: 'tall' },
};

/** One reason to trust the marketplace, as the home and about pages list them: an icon, a heading and a line. */
export function FeatureCard({ icon: Icon, title, text }: Feature) {
  return (
    <Stack bg="bg" p="6" rounded="xl" borderWidth="1px" borderColor="border.muted" gap="3" css={featureCss}>
      <div data-part="icon">
        <Icon aria-hidden focusable="false" />
      </div>
      <h3>{title}</h3>
      <p>{text}</p>
    </Stack>
  );
}
