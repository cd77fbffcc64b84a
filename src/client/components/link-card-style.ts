import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * A card that is one link (a LinkBox: a listing card, a service on the home page). It lifts under the pointer and
 * outlines itself while its link has keyboard focus, so every such card answers the same way.
 */
export const linkCardStyle = {
  bg: 'bg',
  rounded: 'xl',
  shadow: 'xs',
  transition: 'box-shadow 0.2s, transform 0.2s',
  _hover: { shadow: 'lg', transform: 'translateY(-2px)' },
  _focusWithin: { shadow: 'lg', outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
} as const satisfies SystemStyleObject;
