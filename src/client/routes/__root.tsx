import { Box, Flex } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Header } from '../components/layout/header';
import { Footer } from '../components/layout/footer';
import { NotFoundPage } from '../components/layout/not-found';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <Flex direction="column" minH="100dvh">
      <Header />
      <Box as="main" flex="1" id="main">
        <Outlet />
      </Box>
      <Footer />
    </Flex>
  );
}
