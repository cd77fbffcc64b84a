import type { SystemStyleObject } from '@chakra-ui/react';

// Chakra's recipes as style objects for plain elements styled by their parent's `css`, where a part of every page (the
// header, the footer) or a repeated row would otherwise be a Chakra element, each a style resolution on every render,
// the server's included (docs/decisions/019-server-rendering.md).

/** Chakra's Link recipe, variant plain. The colour is the parent's to set. */
export const plainLinkStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  borderRadius: 'l1',
  outline: 'none',
  cursor: 'pointer',
  focusVisibleRing: 'outside',
  _hover: { textDecoration: 'underline', textUnderlineOffset: '3px', textDecorationColor: 'currentColor/20' },
} as const satisfies SystemStyleObject;

/** Chakra's Container recipe at the pages' width (maxW="7xl"). */
export const plainContainerStyle = {
  position: 'relative',
  maxW: '7xl',
  w: '100%',
  mx: 'auto',
  px: { base: '4', md: '6', lg: '8' },
} as const satisfies SystemStyleObject;

/**
 * Chakra's LinkOverlay for a plain link with the class `chakra-linkbox__overlay` inside a LinkBox: the link's box
 * covers the whole card, so the card is one link.
 */
export const plainLinkOverlayStyle = {
  position: 'static',
  _before: { content: "''", cursor: 'inherit', display: 'block', position: 'absolute', top: '0', left: '0', zIndex: '0', width: '100%', height: '100%' },
} as const satisfies SystemStyleObject;

/** Chakra's Icon recipe for a plain (lucide) svg; the size is the parent's to set. */
export const plainIconStyle = {
  display: 'inline-block',
  lineHeight: '1em',
  flexShrink: '0',
  color: 'currentColor',
  verticalAlign: 'middle',
} as const satisfies SystemStyleObject;

/** Chakra's LinkBox: the card its LinkOverlay covers, other links in it lifted above the overlay. */
export const plainLinkBoxStyle = {
  position: 'relative',
  '& a[href]:not(.chakra-linkbox__overlay), abbr[title]': { position: 'relative', zIndex: 1 },
} as const satisfies SystemStyleObject;

/**
 * Chakra's AspectRatio: a frame `ratio` (width / height; one value, or one below and one from `md`) high, its child
 * filling it, centred.
 */
export function plainAspectRatioStyle(ratio: number | { base: number; md: number }): SystemStyleObject {
  const pad = (r: number): `${number}%` => `${(1 / r) * 100}%`;
  return {
    position: 'relative',
    _before: { height: 0, content: '""', display: 'block', paddingBottom: typeof ratio === 'number' ? pad(ratio) : { base: pad(ratio.base), md: pad(ratio.md) } },
    '& > *:not(style)': {
      overflow: 'hidden',
      position: 'absolute',
      inset: '0',
      display: 'flex',
      justifyContent: 'center',
      alignItems: 'center',
      width: '100%',
      height: '100%',
    },
  };
}
