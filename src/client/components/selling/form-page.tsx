import { Card, Container, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The page around the listing form (/ny-annonse, /rediger-annonse): heading, intro, then the form or a state. */
export function FormPageShell({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }}>
      <Stack gap="2" mb={{ base: 5, md: 8 }}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {title}
        </Heading>
        {intro && <Text color="fg.muted">{intro}</Text>}
      </Stack>
      {children}
    </Container>
  );
}


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
