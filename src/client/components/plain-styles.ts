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
