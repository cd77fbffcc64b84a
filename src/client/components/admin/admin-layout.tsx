import { Badge, Box, Button, Container, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation, type LinkOptions, linkOptions } from '@tanstack/react-router';
import { ClipboardCheck, Flag, Inbox, LayoutList, type LucideIcon, MessageSquareText, ShieldAlert, Users } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ADMIN_TEXTS } from '../../../shared/schemas/admin';
import { meQueryOptions } from '../../hooks/use-current-user';
import { useTRPC } from '../../trpc';
import { useLoginDialog } from '../auth/login-dialog-context';
import { PageNotice } from '../empty-card';
import type { AdminTab } from './admin-search';
import { MetricsPanel, MetricsToggle, useMetricsStore } from './metrics-panel';

// The administrators' pages (docs/product/screens.md#admin, docs/product/admin.md): one shell with the panel's title
// and a navigation between the four tabs of /admin and the two inbox pages. The server refuses every admin call to
// anyone else (docs/product/permissions.md); this guard only spares them a page of errors.

type Section = AdminTab | 'feedbacks' | 'messages';

const SECTIONS: { key: Section; label: string; icon: LucideIcon; link: LinkOptions }[] = [
  { key: 'all', label: 'Alle annonser', icon: LayoutList, link: linkOptions({ to: '/admin', search: { tab: 'all' } }) },
  { key: 'pending', label: 'Til kontroll', icon: ClipboardCheck, link: linkOptions({ to: '/admin', search: { tab: 'pending' } }) },
  { key: 'users', label: 'Brukere', icon: Users, link: linkOptions({ to: '/admin', search: { tab: 'users' } }) },
  { key: 'reports', label: 'Rapporter', icon: Flag, link: linkOptions({ to: '/admin', search: { tab: 'reports' } }) },
  { key: 'feedbacks', label: 'Tilbakemeldinger', icon: MessageSquareText, link: linkOptions({ to: '/admin/feedbacks' }) },
  { key: 'messages', label: 'Kontaktmeldinger', icon: Inbox, link: linkOptions({ to: '/admin/messages' }) },
];

export function AdminLayout() {
  const { data: user } = useSuspenseQuery(meQueryOptions(useTRPC()));
  useDocumentTitle(ADMIN_TEXTS.panelTitle);
  // The performance panel (docs/product/admin.md#performance-panel): measuring starts when an admin's panel mounts;
  // the panel itself, with its login check every 5 s, is mounted only while open.
  const metrics = useMetricsStore(!!user?.isAdmin);
  const [metricsOpen, setMetricsOpen] = useState(false);
  const metricsId = useId();
  if (!user?.isAdmin) return <NoAccess loggedIn={!!user} />;
  return (
    <Container maxW="7xl" py={{ base: 5, md: 8 }}>
      <Flex justify="space-between" align="flex-end" wrap="wrap" gap="3" mb={{ base: 4, md: 5 }}>
        <Stack gap="1">
          <Text textStyle="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="brand.fg">
            Administrasjon
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            {ADMIN_TEXTS.panelTitle}
          </Heading>
        </Stack>
        <MetricsToggle open={metricsOpen} onToggle={() => setMetricsOpen((o) => !o)} controls={metricsId} />
      </Flex>
      {metricsOpen && <MetricsPanel id={metricsId} metrics={metrics} />}
      <AdminNav />
      <Box pt={{ base: 4, md: 6 }}>
        <Outlet />
      </Box>
    </Container>
  );
}

function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} – Bilpartner.no`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

function useSection(): Section {
  return useLocation({
    select: (l): Section => {
      if (l.pathname.startsWith('/admin/feedbacks')) return 'feedbacks';
      if (l.pathname.startsWith('/admin/messages')) return 'messages';
      const tab = (l.search as { tab?: AdminTab }).tab;
      return tab === 'pending' || tab === 'users' || tab === 'reports' ? tab : 'all';
    },
  });
}

/** The six places of the panel as a row of tabs; on a phone the row scrolls sideways. */
function AdminNav() {
  const current = useSection();
  const pending = usePendingCount();
  const unread = useUnreadInbox();
  const counts: Partial<Record<Section, number>> = { pending, feedbacks: unread.feedback, messages: unread.contact };
  const scroller = useRef<HTMLDivElement>(null);
  // On a phone the row scrolls: keep the current tab in view (a link to 'Kontaktmeldinger' lands far right).
  useEffect(() => {
    const row = scroller.current;
    const link = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !link || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = link.offsetLeft - (row.clientWidth - link.offsetWidth) / 2;
  }, [current]);
  return (
    <Box as="nav" ref={scroller} aria-label="Administrasjon" position="relative" borderBottomWidth="1px" overflowX="auto" mx={{ base: -4, md: 0 }} px={{ base: 4, md: 0 }} css={{ scrollbarWidth: 'none' }}>
      <HStack as="ul" gap={{ base: 1, md: 2 }} listStyleType="none" minW="max-content">
        {SECTIONS.map((s) => {
          const active = s.key === current;
          const Icon = s.icon;
          const n = counts[s.key];
          return (
            <Box as="li" key={s.key}>
              <Link
                {...s.link}
                aria-current={active ? 'page' : undefined}
                // A tab's own search (tab=…) replaces the table's sort/filter, so each tab starts clean.
                activeOptions={{ exact: true, includeSearch: true }}
              >
                <Flex
                  align="center"
                  gap="2"
                  px={{ base: 2.5, md: 3 }}
                  py="2.5"
                  mb="-1px"
                  borderBottomWidth="2px"
                  borderColor={active ? 'brand.solid' : 'transparent'}
                  color={active ? 'brand.fg' : 'fg.muted'}
                  fontWeight={active ? 'semibold' : 'medium'}
                  textStyle="sm"
                  whiteSpace="nowrap"
                  _hover={{ color: 'fg', borderColor: active ? 'brand.solid' : 'border.emphasized' }}
                  transition="colors"
                >
                  <Icon size={16} aria-hidden />
                  {s.label}
                  {!!n && (
                    <Badge size="sm" colorPalette={s.key === 'pending' ? 'orange' : 'red'} variant="solid" rounded="full" data-testid={`nav-count-${s.key}`}>
                      {n}
                    </Badge>
                  )}
                </Flex>
              </Link>
            </Box>
          );
        })}
      </HStack>
    </Box>
  );
}

function usePendingCount(): number | undefined {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.listings.pending.queryOptions(), select: (d) => d.length }).data;
}

function useUnreadInbox(): { feedback?: number; contact?: number } {
  const trpc = useTRPC();
  const unread = (d: { isRead: boolean }[]) => d.filter((m) => !m.isRead).length;
  const feedback = useQuery({ ...trpc.admin.inbox.list.queryOptions({ kind: 'feedback' }), select: unread }).data;
  const contact = useQuery({ ...trpc.admin.inbox.list.queryOptions({ kind: 'contact' }), select: unread }).data;
  return { feedback, contact };
}

/** docs/product/screens.md#admin: what a user without the admin right (or a visitor) sees instead of the panel. */
export function NoAccess({ loggedIn }: { loggedIn: boolean }) {
  const { openLogin } = useLoginDialog();
  return (
    <PageNotice icon={<ShieldAlert />} color="red.solid" title={ADMIN_TEXTS.noAccessTitle} description={ADMIN_TEXTS.noAccessText} data-testid="admin-no-access">
      <HStack gap="3">
        <Button asChild variant="outline">
          <Link to="/">Til forsiden</Link>
        </Button>
        {!loggedIn && (
          <Button colorPalette="brand" onClick={() => openLogin()}>
            Logg inn
          </Button>
        )}
      </HStack>
    </PageNotice>
  );
}

/** The frame of one admin page's section: a heading row with an optional count and actions on the right. */
export function SectionHeader({ title, count, children }: { title: string; count?: number; children?: ReactNode }) {
  return (
    <Flex justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="3" mb="4">
      <Heading as="h2" size="lg">
        {title}{' '}
        {count !== undefined && (
          <Text as="span" color="fg.muted" fontWeight="normal">
            ({count})
          </Text>
        )}
      </Heading>
      {children}
    </Flex>
  );
}
