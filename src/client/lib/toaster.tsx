import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';

// SPEC §9: one toast at a time, 5 000 ms by default.
export const toaster = createToaster({ placement: 'top-end', max: 1, duration: 5000, pauseOnPageIdle: true });

type ToastType = 'success' | 'error' | 'info' | 'warning' | 'loading';

/** toast('Annonse lagret') or toast('Feil', 'Kunne ikke …', 'error'). */
export function toast(title: string, description?: string, type: ToastType = 'success') {
  // One toast at a time means the newest replaces the one on screen, rather than waiting behind it in a queue.
  toaster.dismiss();
  return toaster.create({ title, description, type });
}
export const toastError = (title: string, description?: string) => toast(title, description, 'error');

export function Toaster() {
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
    </Portal>
  );
}
