import { Button, Dialog, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';

/**
 * "Are you sure?" before something that cannot be undone (deleting a listing, a user, all notifications): 'Avbryt' and
 * a red confirm button. With `pending`, the confirm button spins and the dialog stays open while the call runs.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: ReactNode;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      role="alertdialog"
      open={open}
      busy={pending}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" disabled={pending}>
              Avbryt
            </Button>
          </Dialog.ActionTrigger>
          <Button colorPalette="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{children}</Text>
    </DialogFrame>
  );
}
