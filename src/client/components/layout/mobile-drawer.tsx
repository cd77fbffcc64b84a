import { Button, Drawer, IconButton, Portal, Separator, Stack } from '@chakra-ui/react';
import { Link, type LinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';

// The header's mobile menu. Loaded on the first 'Åpne meny' click (header.tsx), so the Drawer's dialog
// machine, focus trap and scroll lock stay out of the entry chunk.
export function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="end" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Meny</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="1" onClick={() => onOpenChange(false)}>
                <DrawerLink to="/annonser">Kjøp bil</DrawerLink>
                <DrawerLink to="/ny-annonse">Selg bil</DrawerLink>
                <DrawerLink to="/about">Om oss</DrawerLink>
                <DrawerLink to="/kontakt">Kontakt</DrawerLink>
                <Separator my="2" />
                <Button asChild colorPalette="accent">
                  <Link to="/ny-annonse">Opprett annonse</Link>
                </Button>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <IconButton aria-label="Lukk meny" variant="ghost" size="sm" position="absolute" top="3" insetEnd="3">
                ✕
              </IconButton>
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function DrawerLink({ to, children }: { to: LinkOptions['to']; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" justifyContent="flex-start" size="lg">
      <Link to={to}>{children}</Link>
    </Button>
  );
}
