import { Box, Text, VisuallyHidden, type SystemStyleObject } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link, linkOptions, type LinkOptions } from '@tanstack/react-router';
import { ChevronDown, Menu as MenuIcon, Plus, UserRound } from 'lucide-react';
import { cloneElement, lazy, Suspense, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { useCurrentUser } from '../../hooks/use-current-user';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { useLoginDialog } from '../auth/login-dialog-context';
import { StaticBox } from '../../lib/static-styles';
import { plainContainerStyle } from '../plain-styles';
import { buttonLook, iconButtonLook, StaticButton } from '../static-button';
import { Brand } from './brand';
import { useUnreadCounts } from '../../hooks/use-unread-counts';
import type { HeaderMenuProps, NavItem } from './header-menu';

const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));

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

const MORE_ITEMS: NavItem[] = [
  { link: linkOptions({ to: '/about' }), label: 'Om oss' },
  { link: linkOptions({ to: '/kontakt' }), label: 'Kontakt' },
];

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
    { link: linkOptions({ to: '/lagrede-sok' }), label: 'Lagrede søk' },
    { link: linkOptions({ to: '/chats' }), label: 'Meldinger', badge: counts.chats },
    { link: linkOptions({ to: '/varslinger' }), label: 'Varslinger', badge: counts.notifications },
  ];
}

// The header is a plain element with constant styles (lib/static-styles.ts), its layout plain elements styled by them:
// Chakra's Container and three HStacks (the bar, the desktop navigation, the actions). The buttons have constant
// looks (static-button.tsx).
const headerCss: SystemStyleObject = {
  bg: 'bg',
  borderBottomWidth: '1px',
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  shadow: 'xs',
  '& [data-part=container]': { ...plainContainerStyle, py: '3' },
  '& [data-part=bar]': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4' },
  '& [data-part=bar] > nav': { display: { base: 'none', md: 'flex' }, alignItems: 'center', gap: '1' },
  '& [data-part=actions]': { display: 'flex', alignItems: 'center', gap: '2', minW: '0', flexShrink: 1 },
  '& [data-part=sr]': { srOnly: true },
};

const navLook = buttonLook({ variant: 'ghost', size: 'sm' }, { fontWeight: 'semibold' });
const createLook = buttonLook({ size: 'sm' }, { colorPalette: 'accent', display: { base: 'none', sm: 'inline-flex' } });
const userLook = buttonLook({ variant: 'outline', size: 'sm' }, { minW: '0', flexShrink: 1, maxW: { base: '36', md: '56' }, position: 'relative' });
const loginLook = buttonLook({ size: 'sm' }, { colorPalette: 'brand' });
const drawerLook = iconButtonLook({ variant: 'ghost', size: 'sm' }, { display: { base: 'inline-flex', md: 'none' } });

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
    <StaticBox as="header" styles={headerCss}>
      <div data-part="container">
        <div data-part="bar">
          {/* Named by its visible text (axe: label-content-name-mismatch) plus where it leads. */}
          <Link to="/" style={{ flexShrink: 0 }}>
            <Brand />
            <span data-part="sr"> – til forsiden</span>
          </Link>

          <nav aria-label="Hovedmeny">
            <NavButton to="/annonser">Kjøp bil</NavButton>
            <NavButton to="/ny-annonse">Selg bil</NavButton>
            <DeferredMenu
              placement="bottom-start"
              minW="44"
              items={MORE_ITEMS}
              trigger={
                <StaticButton look={navLook}>
                  Mer <ChevronDown size={16} />
                </StaticButton>
              }
            />
          </nav>

          {/* Shrinks before anything else: a long display name is truncated rather than widening a phone's page. */}
          <div data-part="actions">
            <StaticButton as={Link} look={createLook} to="/ny-annonse">
              <Plus size={16} /> Opprett annonse
            </StaticButton>
            {user ? (
              <DeferredMenu
                placement="bottom-end"
                minW="60"
                items={items}
                onLogout={() => logout.mutate()}
                trigger={
                  <StaticButton look={userLook} data-testid="user-menu">
                    <UserRound size={16} />
                    <Text as="span" truncate>
                      {label}
                    </Text>
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
                  </StaticButton>
                }
              />
            ) : (
              <StaticButton look={loginLook} onClick={() => openLogin()}>
                Logg inn
              </StaticButton>
            )}
            <StaticButton
              look={drawerLook}
              aria-label="Åpne meny"
              onClick={() => {
                setDrawerMounted(true);
                setDrawerOpen(true);
              }}
            >
              <MenuIcon />
            </StaticButton>
          </div>
        </div>
      </div>

      {/* Mounted on the first open and kept mounted afterwards, so closing still animates. */}
      {drawerMounted && (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
    </StaticBox>
  );
}

const loadHeaderMenu = () => import('./header-menu');
/** The menus' module once loaded; a menu mounted later renders at once. */
let headerMenu: Awaited<ReturnType<typeof loadHeaderMenu>> | undefined;

/**
 * A header menu whose machinery (header-menu.tsx: Zag's menu, Floating UI) stays out of the first load. Until its first
 * opening it renders the very trigger the menu will use (same size and place: nothing moves when the menu takes over),
 * announced as a menu button; pointing at it or focusing it fetches the module, and a click or Arrow Down/Up mounts
 * the menu open (docs/decisions/010-compression-and-bundle.md). The trigger's own content (the unread dot) is the
 * header's, so the badges work before any menu has loaded.
 */
function DeferredMenu({ trigger, ...menu }: Omit<HeaderMenuProps, 'defaultOpen'> & { trigger: ReactElement<Record<string, unknown>> }) {
  const [loaded, setLoaded] = useState(headerMenu);
  const [requested, setRequested] = useState(false);
  if (requested && loaded) return <loaded.HeaderMenu trigger={trigger} defaultOpen {...menu} />;

  const preload = () => {
    void loadHeaderMenu().catch(() => undefined);
  };
  const open = () => {
    setRequested(true);
    loadHeaderMenu().then(
      (m) => {
        headerMenu = m;
        setLoaded(m);
      },
      // Offline before the module came: the button stays as it is, and the next click tries again.
      () => setRequested(false),
    );
  };
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: open,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      e.preventDefault();
      open();
    },
  });
}

function NavButton({ to, children }: { to: LinkOptions['to']; children: ReactNode }) {
  return (
    <StaticButton as={Link} look={navLook} to={to} activeProps={{ style: { color: 'var(--chakra-colors-brand-600)' } }}>
      {children}
    </StaticButton>
  );
}
