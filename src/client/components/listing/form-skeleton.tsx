import { Card, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';

/** Placeholder of the listing form while the user or the listing loads. */
export function FormSkeleton() {
  return (
    <Stack gap="6" aria-busy="true" aria-label="Laster skjema">
      {[2, 6, 3].map((fields, i) => (
        <Card.Root key={i}>
          <Card.Body>
            <Skeleton h="6" w="40" mb="5" />
            <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
              {Array.from({ length: fields }, (_, j) => (
                <Stack key={j} gap="2">
                  <Skeleton h="4" w="24" />
                  <Skeleton h="10" />
                </Stack>
              ))}
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
