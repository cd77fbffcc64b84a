import { Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PAGE_NOT_FOUND_TEXT, PAGE_NOT_FOUND_TITLE } from '../../../shared/texts/not-found';

// docs/product/screens.md: any other route shows this page with these exact texts.
export function NotFoundPage() {
  return (
    <Container maxW="2xl" py={{ base: 16, md: 24 }}>
      <VStack gap="4" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.600" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          {PAGE_NOT_FOUND_TITLE}
        </Heading>
        <Text color="fg.muted">{PAGE_NOT_FOUND_TEXT}</Text>
        <Button asChild colorPalette="brand" mt="4">
          <Link to="/">Til forsiden</Link>
        </Button>
      </VStack>
    </Container>
  );
}
