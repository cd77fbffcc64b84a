import { Badge, Box, Button, Container, HStack, IconButton, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link, linkOptions, type LinkOptions } from '@tanstack/react-router';
import { ChevronDown, Menu as MenuIcon, Plus, UserRound } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { useCurrentUser } from '../../hooks/use-current-user';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { useLoginDialog } from '../auth/login-dialog-context';
import { Brand } from './brand';
import { useUnreadCounts } from '../../hooks/use-unread-counts';

const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));

/** A menu entry; `link` is checked against the route tree by TanStack Router (path and search). */
type NavItem = { label: string; badge?: number; link: LinkOptions };

function useLogout() {
  const trpc = useTRPC();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => {
        toast('Logget ut');
        // docs/product/states.md: logout returns to unauthenticated and reloads the page.
        setTimeout(() => window.location.reload(), 400);
      },
      onError: () => toastError('Feil', 'Kunne ikke logge ut.'),
    }),
  );
}

function userMenuItems(isAdmin: boolean, counts: { chats: number; notifications: number }): NavItem[] {
  if (isAdmin) {
    return [
      { link: linkOptions({ to: '/admin', search: { tab: 'all' } }), label: 'Alle annonser' },
      { link: linkOptions({ to: '/admin', search: { tab: 'pending' } }), label: 'Annonser til kontroll' },
      { link: linkOptions({ to: '/admin', search: { tab: 'users' } }), label: 'Brukere' },
      { link: linkOptions({ to: '/admin/feedbacks' }), label: 'Tilbakemeldinger' },
      { link: linkOptions({ to: '/admin/messages' }), label: 'Kontaktmeldinger' },
    ];
  }
  return [
    { link: linkOptions({ to: '/mine-annonser' }), label: 'Mine annonser' },
    { link: linkOptions({ to: '/lagrede-annonser' }), label: 'Lagrede annonser' },
    { link: linkOptions({ to: '/chats' }), label: 'Meldinger', badge: counts.chats },
    { link: linkOptions({ to: '/varslinger' }), label: 'Varslinger', badge: counts.notifications },
  ];
}

// Same size whatever the count (tabular digits, a minimum width), so a count that changes moves nothing beside it.
function CountBadge({ n }: { n?: number }) {
  if (n === undefined) return null;
  return (
    <Badge
      colorPalette={n > 0 ? 'red' : 'gray'}
      variant={n > 0 ? 'solid' : 'subtle'}
      rounded="full"
      ms="auto"
      minW="6"
      justifyContent="center"
      fontVariantNumeric="tabular-nums"
      data-testid="count-badge"
    >
      {n}
      <VisuallyHidden> uleste</VisuallyHidden>
    </Badge>
  );
}

export function Header() {
  const { user } = useCurrentUser();
  const { openLogin } = useLoginDialog();
  const logout = useLogout();
  const counts = useUnreadCounts(!!user && !user.isAdmin);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerMounted, setDrawerMounted] = useState(false);
  const label = user ? user.displayName || user.username : '';
  const items: NavItem[] = user ? [{ link: linkOptions({ to: '/profil' }), label: 'Min profil' }, ...userMenuItems(user.isAdmin, counts)] : [];

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky" shadow="xs">
      <Container maxW="7xl" py="3">
        <HStack justify="space-between" gap="4">
          {/* Named by its visible text (axe: label-content-name-mismatch) plus where it leads. */}
          <Link to="/" style={{ flexShrink: 0 }}>
            <Brand />
            <VisuallyHidden> – til forsiden</VisuallyHidden>
          </Link>

          <HStack as="nav" aria-label="Hovedmeny" gap="1" display={{ base: 'none', md: 'flex' }}>
            <NavButton to="/annonser">Kjøp bil</NavButton>
            <NavButton to="/ny-annonse">Selg bil</NavButton>
            <Menu.Root positioning={{ placement: 'bottom-start' }}>
              <Menu.Trigger asChild>
                <Button variant="ghost" size="sm" fontWeight="semibold">
                  Mer <ChevronDown size={16} />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content minW="44">
                    <Menu.Item value="about" asChild>
                      <Link to="/about">Om oss</Link>
                    </Menu.Item>
                    <Menu.Item value="kontakt" asChild>
                      <Link to="/kontakt">Kontakt</Link>
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>

          {/* Shrinks before anything else: a long display name is truncated rather than widening a phone's page. */}
          <HStack gap="2" minW="0" flexShrink={1}>
            <Button asChild colorPalette="accent" size="sm" display={{ base: 'none', sm: 'inline-flex' }}>
              <Link to="/ny-annonse">
                <Plus size={16} /> Opprett annonse
              </Link>
            </Button>
            {user ? (
              <Menu.Root positioning={{ placement: 'bottom-end' }}>
                <Menu.Trigger asChild>
                  <Button variant="outline" size="sm" minW="0" flexShrink={1} maxW={{ base: '36', md: '56' }} position="relative" data-testid="user-menu">
                    <UserRound size={16} />
                    <Text truncate>{label}</Text>
                    <ChevronDown size={14} />
                    {/* On the corner, out of the flow: appearing or going, it moves nothing in the header. */}
                    {!user.isAdmin && counts.chats + counts.notifications > 0 && (
                      <Box
                        position="absolute"
                        top="-1"
                        insetEnd="-1"
                        boxSize="3"
                        bg="red.500"
                        rounded="full"
                        borderWidth="2px"
                        borderColor="bg"
                        data-testid="unread-dot"
                      >
                        <VisuallyHidden>Uleste meldinger eller varslinger</VisuallyHidden>
                      </Box>
                    )}
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content minW="60">
                      {items.map((item) => (
                        <Menu.Item key={item.label} value={item.label} asChild>
                          <NavItemLink item={item}>
                            {item.label}
                            <CountBadge n={item.badge} />
                          </NavItemLink>
                        </Menu.Item>
                      ))}
                      <Menu.Separator />
                      <Menu.Item value="logout" onClick={() => logout.mutate()} color="fg.error">
                        Logg ut
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            ) : (
              <Button size="sm" colorPalette="brand" onClick={() => openLogin()}>
                Logg inn
              </Button>
            )}
            <IconButton
              aria-label="Åpne meny"
              variant="ghost"
              size="sm"
              display={{ base: 'inline-flex', md: 'none' }}
              onClick={() => {
                setDrawerMounted(true);
                setDrawerOpen(true);
              }}
            >
              <MenuIcon />
            </IconButton>
          </HStack>
        </HStack>
      </Container>

      {/* Mounted on the first open and kept mounted afterwards, so closing still animates. */}
      {drawerMounted && (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
    </Box>
  );
}

// Menu.Item asChild hands its props (role, handlers, ref) to this component; they reach the anchor.
function NavItemLink({ item, children, ...rest }: { item: NavItem; children: ReactNode } & ComponentProps<'a'>) {
  return (
    <Link {...rest} {...item.link}>
      {children}
    </Link>
  );
}

function NavButton({ to, children }: { to: LinkOptions['to']; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm" fontWeight="semibold">
      <Link to={to} activeProps={{ style: { color: 'var(--chakra-colors-brand-600)' } }}>
        {children}
      </Link>
    </Button>
  );
}
