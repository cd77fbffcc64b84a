import { Flex, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** One reason to trust the marketplace, as the home and about pages list them: an icon, a heading and a line. */
export function FeatureCard({ icon, title, text }: Feature) {
  return (
    <Stack bg="bg" p="6" rounded="xl" borderWidth="1px" borderColor="border.muted" gap="3">
      <Flex w="11" h="11" rounded="lg" bg="brand.50" color="brand.600" align="center" justify="center">
        <Icon as={icon} boxSize="5" aria-hidden />
      </Flex>
      <Heading as="h3" size="md">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" lineHeight="tall">
        {text}
      </Text>
    </Stack>
  );
}
