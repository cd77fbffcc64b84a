import { Box, Flex } from '@chakra-ui/react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Header } from '../components/layout/header';
import { Footer } from '../components/layout/footer';
import { NotFoundPage } from '../components/layout/not-found';
import type { RouterContext } from '../router';
import { LiveUpdates } from '../realtime/live-updates';

export const Route = createRootRouteWithContext<RouterContext>()({
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
      <LiveUpdates />
    </Flex>
  );
}
