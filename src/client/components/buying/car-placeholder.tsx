import { Flex, Text } from '@chakra-ui/react';
import { CarFront } from 'lucide-react';

/** Stands in for a missing photo: calm brand tint, a car mark and a short note (none when empty), never a broken image. */
export function CarPlaceholder({ label = 'Ingen bilde', size = 44 }: { label?: string; size?: number }) {
  return (
    <Flex
      direction="column"
      align="center"
      justify="center"
      gap="2"
      bgGradient="to-br"
      gradientFrom="brand.50"
      gradientTo="brand.100"
      color="brand.300"
      w="full"
      h="full"
    >
      <CarFront size={size} strokeWidth={1.5} aria-hidden />
      {label && (
        <Text fontSize="xs" fontWeight="medium" color="brand.400">
          {label}
        </Text>
      )}
    </Flex>
  );
}
