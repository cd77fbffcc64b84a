import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * Chakra's Link recipe (variant plain) for a plain `<a>` styled by its parent's `css`, where a page renders many links
 * and a Chakra element would cost a style resolution each (docs/decisions/019-server-rendering.md). The colour is the
 * parent's to set.
 */
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
