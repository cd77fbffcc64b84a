import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import type { FormHTMLAttributes, ReactNode } from 'react';

/**
 * The frame every small dialog of the site shares: centred, a title (and an optional line under it), the body, the
 * footer's buttons and the 'Lukk' cross. While `busy` (a call runs) it cannot be dismissed, so the call's answer still
 * finds it. With `form`, the content is that form, so Enter submits and the footer's submit button belongs to it; a form
 * dialog's usual footer ('Avbryt' and the submit button) comes from `submit`.
 */
export function DialogFrame({
  open,
  onClose,
  busy = false,
  title,
  subtitle,
  footer,
  children,
  role,
  size,
  scrollBehavior,
  initialFocusEl,
  form,
  submit,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  busy?: boolean;
  title: ReactNode;
  subtitle?: ReactNode;
  /** The footer's buttons; without it, `submit`'s. */
  footer?: ReactNode;
  /** The form's submit button (its label and colour), after an 'Avbryt' that closes the dialog. */
  submit?: { label: ReactNode; colorPalette: 'brand' | 'red' };
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  scrollBehavior?: 'inside' | 'outside';
  initialFocusEl?: () => HTMLElement | null;
  form?: FormHTMLAttributes<HTMLFormElement>;
  testId?: string;
}) {
  const parts = (
    <>
      {subtitle === undefined ? (
        <Dialog.Header>
          <Dialog.Title pe="8">{title}</Dialog.Title>
        </Dialog.Header>
      ) : (
        <Dialog.Header flexDirection="column" alignItems="start" gap="1">
          <Dialog.Title pe="8">{title}</Dialog.Title>
          {subtitle && (
            <Text textStyle="sm" color="fg.muted">
              {subtitle}
            </Text>
          )}
        </Dialog.Header>
      )}
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        {footer ??
          (submit && (
            <>
              <Button variant="outline" type="button" disabled={busy} onClick={onClose}>
                Avbryt
              </Button>
              <Button type="submit" colorPalette={submit.colorPalette} loading={busy}>
                {submit.label}
              </Button>
            </>
          ))}
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Lukk" />
      </Dialog.CloseTrigger>
    </>
  );
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !busy) onClose();
      }}
      placement="center"
      size={size}
      scrollBehavior={scrollBehavior}
      initialFocusEl={initialFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {form ? (
            <Dialog.Content mx="4" asChild data-testid={testId}>
              <form noValidate {...form}>
                {parts}
              </form>
            </Dialog.Content>
          ) : (
            <Dialog.Content mx="4" data-testid={testId}>
              {parts}
            </Dialog.Content>
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
