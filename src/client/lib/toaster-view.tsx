import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { attachToaster, type ToastRequest } from './toaster';

// The toast machinery (Chakra's Toaster on @zag-js/toast), loaded by toaster.tsx at the first interaction or toast so the first
// page load does not carry it.

// docs/product/limits.md: one toast at a time, 5 000 ms by default.
const toaster = createToaster({ placement: 'bottom-end', max: 1, duration: 5000, pauseOnPageIdle: true });

function show({ title, description, type }: ToastRequest) {
  // One toast at a time means the newest replaces the one on screen, rather than waiting behind it in a queue.
  // remove(), not dismiss(): a dismissed toast still counts against `max` until its exit has run, so toasts made in
  // quick succession (five failed logins) queued behind it and then showed one after another for 5 s each.
  toaster.remove();
  toaster.create({ title, description, type });
}

/**
 * Hands show() to toaster.tsx once the toast group listens to the store (a toast created before that is not shown).
 * It sits after the group inside the portal, which mounts its children a render later, so the group's layout effect
 * has run by this effect; that effect starts the group's machine in a microtask, so this one queues behind it.
 */
function Attach() {
  useEffect(() => {
    let detach: (() => void) | undefined;
    let gone = false;
    queueMicrotask(() => {
      if (!gone) detach = attachToaster(show);
    });
    return () => {
      gone = true;
      detach?.();
    };
  }, []);
  return null;
}

export default function ToasterView() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(t) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {t.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {t.title && <Toast.Title>{t.title}</Toast.Title>}
              {t.description && <Toast.Description>{t.description}</Toast.Description>}
            </Stack>
            {t.closable !== false && <Toast.CloseTrigger aria-label="Lukk" />}
          </Toast.Root>
        )}
      </ChakraToaster>
      <Attach />
    </Portal>
  );
}
