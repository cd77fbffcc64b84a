import { Box, HStack, Text } from '@chakra-ui/react';
import { CarFront } from 'lucide-react';

/** docs/product/overview.md: a car icon, the product name with '.no' and the tagline 'Din bilpartner'. */
export function Brand({ inverted = false }: { inverted?: boolean }) {
  return (
    <HStack gap="2.5">
      <Box bg={inverted ? 'white' : 'brand.600'} color={inverted ? 'brand.700' : 'white'} p="2" rounded="lg" display="flex">
        <CarFront size={22} aria-hidden />
      </Box>
      <Box lineHeight="1.1">
        <Text fontWeight="800" fontSize="lg" letterSpacing="-0.02em" color={inverted ? 'white' : 'brand.800'}>
          Bilpartner<Text as="span" color={inverted ? 'accent.300' : 'accent.600'}>.no</Text>
        </Text>
        <Text fontSize="xs" color={inverted ? 'whiteAlpha.800' : 'fg.muted'}>
          Din bilpartner
        </Text>
      </Box>
    </HStack>
  );
}
