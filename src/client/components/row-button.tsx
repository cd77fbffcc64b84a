import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * A list row that opens something in a pane beside the list (an inbox message, a chat): the open one is marked for
 * the eye and for screen readers (aria-current), and keyboard focus is outlined inside the row.
 */
export function RowButton({ active, ...props }: BoxProps & { active: boolean; onClick: () => void }) {
  return (
    <Box
      as="button"
      w="full"
      textAlign="start"
      px="4"
      py="3"
      bg={active ? 'brand.subtle' : undefined}
      _hover={{ bg: active ? 'brand.subtle' : 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
      aria-current={active ? 'true' : undefined}
      {...props}
    />
  );
}
