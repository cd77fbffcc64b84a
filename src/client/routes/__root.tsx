import { Box, Flex } from '@chakra-ui/react';
import { createRootRouteWithContext, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Header } from '../components/layout/header';
import { AfterFirstPaint } from '../components/layout/after-first-paint';
import { Footer } from '../components/layout/footer';
import { NotFoundPage } from '../components/layout/not-found';
import { HOME_TITLE } from '../components/layout/page-title';
import type { RouterContext } from '../router';
import { LiveUpdates } from '../realtime/live-updates';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The default tab title; routes name themselves with their own `head` (components/layout/page-title.ts).
  head: () => ({ meta: [{ title: HOME_TITLE }] }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  useDocumentTitle();
  useMarkHydrated();
  useFocusHeadingOnNavigation();
  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <Header />
      {/* tabIndex -1: the skip link and a route change can move focus here. */}
      <Box as="main" flex="1" id="main" tabIndex={-1} _focus={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <AfterFirstPaint>
        <Footer />
      </AfterFirstPaint>
      <LiveUpdates />
    </Flex>
  );
}

/**
 * `<html data-hydrated>` once the page answers to input: after hydration of a server-rendered page (or the first render
 * of a plain one). Until then a click or a keystroke may go to markup React has not taken over yet; the browser tests
 * wait for it.
 */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}

/** The first stop of the Tab key: hidden until focused, then shown over the header. */
function SkipLink() {
  return (
    <Box
      asChild
      position="absolute"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      bg="bg"
      color="brand.700"
      fontWeight="semibold"
      px="4"
      py="2"
      rounded="md"
      shadow="md"
      textDecoration="underline"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
    >
      <a href="#main">Hopp til innholdet</a>
    </Box>
  );
}

/**
 * Sets document.title from the deepest route whose `head` gives a title (TanStack Router's head option). The root
 * renders no <HeadContent/>: index.html already has a <title>, and a second one would not change the tab.
 */
function useDocumentTitle() {
  const title = useRouterState({
    select: (s) => {
      for (let i = s.matches.length - 1; i >= 0; i--) {
        const meta = s.matches[i].meta as ({ title?: string } | undefined)[] | undefined;
        const found = meta?.findLast((m) => m?.title)?.title;
        if (found) return found;
      }
      return undefined;
    },
  });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/**
 * After a route change (a new path, not new search parameters or a hash) focus moves to the new page's heading, so
 * a screen reader announces it and Tab continues from the content, as after a full page load. The page may still be
 * rendering its content (a pending component, a suspense fallback): the heading is looked for for up to 2 s.
 */
function useFocusHeadingOnNavigation() {
  const router = useRouter();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = router.subscribe('onRendered', (e) => {
      if (!e.fromLocation || !e.pathChanged) return;
      clearTimeout(timer);
      const deadline = Date.now() + 2000;
      const tryFocus = () => {
        // A dialog or a menu the user opened meanwhile keeps the focus.
        if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
        const heading = document.querySelector<HTMLElement>('#main h1');
        if (heading) {
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.style.outline = 'none';
          heading.focus({ preventScroll: true });
        } else if (Date.now() < deadline) {
          timer = setTimeout(tryFocus, 50);
        } else {
          document.getElementById('main')?.focus({ preventScroll: true });
        }
      };
      tryFocus();
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [router]);
}
