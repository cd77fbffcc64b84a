import { Container, Heading, Text } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({ component: HomePage });

// Placeholder until the buyer issue builds the home page (hero, quick search, latest listings).
function HomePage() {
  return (
    <Container maxW="7xl" py="16">
      <Heading size="3xl">Finn din neste bil</Heading>
      <Text color="fg.muted" mt="2">Kjøp og salg av bruktbil i Norge.</Text>
    </Container>
  );
}
