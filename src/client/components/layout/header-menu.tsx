import { Badge, Menu, Portal, VisuallyHidden, type Tokens } from '@chakra-ui/react';
import { Link, type LinkOptions } from '@tanstack/react-router';
import { useRef, type ComponentProps, type ReactElement, type ReactNode } from 'react';

// The header's drop-down menus ('Mer' and the user menu) with Chakra's Menu: Zag's menu machine, Floating UI and the
// dismiss layer, ≈ 25 KB brotli the home page does not need until a menu is opened. header.tsx loads this module on
// the first sign of intent (pointer over or focus on a trigger) and mounts it on the first click, open
// (docs/decisions/010-compression-and-bundle.md).

/** A menu entry; `link` is checked against the route tree by TanStack Router (path and search). */
export type NavItem = { label: string; badge?: number; link: LinkOptions };

export interface HeaderMenuProps {
  /** The trigger button, the same element header.tsx shows before this module loads (no layout shift). */
  trigger: ReactElement;
  placement: 'bottom-start' | 'bottom-end';
  minW: Tokens['sizes'];
  items: NavItem[];
  /** Adds 'Logg ut' after a separator. */
  onLogout?: () => void;
  /** Mounted by the click that asked for it, so open at once. */
  defaultOpen?: boolean;
}

export function HeaderMenu({ trigger, placement, minW, items, onLogout, defaultOpen }: HeaderMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Mounted open, this menu replaced the header's stand-in button, which had the focus: the menu may then remember the
  // page as what to give focus back to. So, for a moment after it closes (its content may keep focus while it leaves),
  // focus that falls to the page goes to the trigger, as a keyboard user expects; focus moved anywhere else (a
  // navigation's heading) is left alone.
  const onOpenChange = ({ open }: { open: boolean }) => {
    if (open) return;
    const until = performance.now() + 500;
    const check = () => {
      const active = document.activeElement;
      if (active === null || active === document.body) triggerRef.current?.focus();
      else if (active.closest('[role="menu"]') && performance.now() < until) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  return (
    <Menu.Root positioning={{ placement }} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <Menu.Trigger asChild ref={triggerRef}>
        {trigger}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={minW}>
            {items.map((item) => (
              <Menu.Item key={item.label} value={item.label} asChild>
                <NavItemLink item={item}>
                  {item.label}
                  <CountBadge n={item.badge} />
                </NavItemLink>
              </Menu.Item>
            ))}
            {onLogout && (
              <>
                <Menu.Separator />
                <Menu.Item value="logout" onClick={onLogout} color="fg.error">
                  Logg ut
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
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

// Menu.Item asChild hands its props (role, handlers, ref) to this component; they reach the anchor.
function NavItemLink({ item, children, ...rest }: { item: NavItem; children: ReactNode } & ComponentProps<'a'>) {
  return (
    <Link {...rest} {...item.link}>
      {children}
    </Link>
  );
}
