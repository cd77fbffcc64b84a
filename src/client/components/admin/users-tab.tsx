import {
  Badge,
  Button,
  HStack,
  Input,
  InputGroup,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { History, Pencil, Search, ShieldCheck, Trash2, UserX } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { formatDate } from '../../../shared/format';
import {
  ADMIN_NOT_DELETABLE_MESSAGE,
  ADMIN_NOT_EDITABLE_MESSAGE,
  ADMIN_TEXTS,
  adminUpdateUserInput,
  type AdminUserRow,
} from '../../../shared/schemas/admin';
import { registerInput } from '../../../shared/schemas/auth';
import { errorMessage, formFailure } from '../../lib/server-errors';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { FormField } from '../form/form-field';
import { useZodForm } from '../form/use-zod-form';
import { AddressField, EmailPhoneFields } from '../form/user-fields';
import { SectionHeader } from './admin-layout';
import { AuditDialog, type AuditTarget } from './audit-dialog';
import { ConfirmDialog } from '../confirm-dialog';
import { DialogFrame } from '../dialog-frame';
import { EmptyCard } from '../empty-card';
import { ActionIcon, ActionsCell, DataCard, DataCards, DataTable } from './data-view';

// The users tab (docs/product/screens.md#admin, docs/product/admin.md#users): name, e-mail, phone and the admin flag;
// edit with the profile's rules; delete with confirmation. Admin rows can be neither (the server refuses too, 403).

/** Rows drawn at once; the search box narrows a long list. */
const SHOWN_MAX = 100;

/** A user matches by name, username, display name or e-mail; a number (spaces ignored) by phone. */
function matches(u: AdminUserRow, q: string): boolean {
  if ([u.name, u.username, u.displayName ?? '', u.email].some((v) => v.toLowerCase().includes(q))) return true;
  const digits = q.replace(/\s+/g, '');
  return /^\+?\d+$/.test(digits) && u.phone.replace(/\s+/g, '').includes(digits);
}

export function UsersTab() {
  const trpc = useTRPC();
  const { data: users } = useSuspenseQuery(trpc.admin.users.list.queryOptions());
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim().toLowerCase());
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const [toDelete, setToDelete] = useState<AdminUserRow | null>(null);
  const [history, setHistory] = useState<AuditTarget | null>(null);
  const del = useDeleteUser(() => setToDelete(null));

  const found = q ? users.filter((u) => matches(u, q)) : users;
  const shown = found.slice(0, SHOWN_MAX);
  const actions: UserActions = {
    onEdit: setEditing,
    onDelete: setToDelete,
    onHistory: (u) => setHistory({ type: 'user', id: u.id, label: `${u.name} (@${u.username})` }),
  };

  return (
    <>
      <SectionHeader title="Brukere" count={users.length}>
        <InputGroup startElement={<Search size={16} />} w={{ base: 'full', md: '80' }}>
          <Input
            type="search"
            bg="bg"
            placeholder="Søk på navn, e-post eller telefon"
            aria-label="Søk etter bruker"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </InputGroup>
      </SectionHeader>

      {shown.length === 0 ? (
        <EmptyCard icon={<UserX />} color="fg.muted" title="Ingen brukere funnet" description={q && `Ingen bruker passer «${query.trim()}».`} />
      ) : (
        <>
          <UsersTable users={shown} actions={actions} />
          <UserCards users={shown} actions={actions} />
          {found.length > shown.length && (
            <Text textStyle="sm" color="fg.muted" mt="3">
              Viser {shown.length} av {found.length}. Søk for å finne flere.
            </Text>
          )}
        </>
      )}

      {/* Mounted per user, so the form starts from that user's values. */}
      {editing && <EditUserDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!toDelete}
        title={toDelete ? `Slett bruker ${toDelete.name}` : 'Slett bruker'}
        confirmLabel="Slett bruker"
        pending={del.isPending}
        onConfirm={() => toDelete && del.mutate({ id: toDelete.id })}
        onClose={() => setToDelete(null)}
      >
        {toDelete && deleteText(toDelete)}
      </ConfirmDialog>
      <AuditDialog target={history} onClose={() => setHistory(null)} />
    </>
  );
}

function deleteText(u: AdminUserRow) {
  const listings = u.listingCount === 1 ? '1 annonse' : `${u.listingCount} annonser`;
  return (
    `${u.name} (@${u.username}) slettes sammen med ${listings} med bilder, lagrede annonser og varslinger, og blir logget ut overalt. ` +
    'Samtalene beholdes for den andre parten. Dette kan ikke angres.'
  );
}

interface UserActions {
  onEdit: (u: AdminUserRow) => void;
  onDelete: (u: AdminUserRow) => void;
  onHistory: (u: AdminUserRow) => void;
}

function AdminFlag({ isAdmin }: { isAdmin: boolean }) {
  return isAdmin ? (
    <Badge colorPalette="purple" variant="subtle" data-testid="admin-flag">
      <ShieldCheck size={12} /> Admin
    </Badge>
  ) : (
    <Text as="span" color="fg.subtle" data-testid="admin-flag">
      Nei
    </Text>
  );
}

function UserButtons({ user: u, actions }: { user: AdminUserRow; actions: UserActions }) {
  return (
    <HStack gap="1" justify="flex-end">
      <ActionIcon label="Rediger" title={u.isAdmin ? ADMIN_NOT_EDITABLE_MESSAGE : undefined} disabled={u.isAdmin} onClick={() => actions.onEdit(u)}>
        <Pencil size={16} />
      </ActionIcon>
      <ActionIcon label="Historikk" onClick={() => actions.onHistory(u)}>
        <History size={16} />
      </ActionIcon>
      <ActionIcon label="Slett" danger title={u.isAdmin ? ADMIN_NOT_DELETABLE_MESSAGE : undefined} disabled={u.isAdmin} onClick={() => actions.onDelete(u)}>
        <Trash2 size={16} />
      </ActionIcon>
    </HStack>
  );
}

function UsersTable({ users, actions }: { users: AdminUserRow[]; actions: UserActions }) {
  return (
    <DataTable
      testId="admin-users-table"
      head={
        <>
          <Table.ColumnHeader ps="4">Navn</Table.ColumnHeader>
          <Table.ColumnHeader>E-post</Table.ColumnHeader>
          <Table.ColumnHeader>Telefon</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Annonser</Table.ColumnHeader>
          <Table.ColumnHeader>Admin</Table.ColumnHeader>
          <Table.ColumnHeader>Registrert</Table.ColumnHeader>
        </>
      }
    >
      {users.map((u) => (
        <Table.Row key={u.id} data-testid="admin-user-row" data-username={u.username}>
          <Table.Cell ps="4" minW="44">
            <Text fontWeight="medium">{u.name}</Text>
            <Text textStyle="xs" color="fg.muted">
              @{u.username}
            </Text>
          </Table.Cell>
          <Table.Cell maxW="64" truncate title={u.email}>
            {u.email}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{u.phone || '–'}</Table.Cell>
          <Table.Cell textAlign="end">{u.listingCount}</Table.Cell>
          <Table.Cell>
            <AdminFlag isAdmin={u.isAdmin} />
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap" color="fg.muted">
            {formatDate(u.createdAt)}
          </Table.Cell>
          <ActionsCell>
            <UserButtons user={u} actions={actions} />
          </ActionsCell>
        </Table.Row>
      ))}
    </DataTable>
  );
}

function UserCards({ users, actions }: { users: AdminUserRow[]; actions: UserActions }) {
  return (
    <DataCards>
      {users.map((u) => (
        <DataCard
          key={u.id}
          testId="admin-user-card"
          title={u.name}
          subtitle={`@${u.username} · ${u.listingCount === 1 ? '1 annonse' : `${u.listingCount} annonser`}`}
          aside={u.isAdmin && <AdminFlag isAdmin />}
          compact
          actions={<UserButtons user={u} actions={actions} />}
        >
          <Text textStyle="sm" truncate>
            {u.email}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {u.phone || '–'}
          </Text>
        </DataCard>
      ))}
    </DataCards>
  );
}

function useDeleteUser(onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.users.delete.mutationOptions({
      onSuccess: async () => {
        toast(ADMIN_TEXTS.userDeleted);
        onDone();
        // Their listings went with them.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.listings.pathKey() }),
        ]);
      },
      onError: (err) => toastError(ADMIN_TEXTS.userDeleteFailed, errorMessage(err, ADMIN_TEXTS.userDeleteFailed)),
    }),
  );
}

// docs/product/validation.md#profile: the profile's rules (the shared schema). The phone is required as on the profile
// and at registration; the address stays optional, so an account registered without one can still be corrected.
const editUserForm = adminUpdateUserInput.omit({ id: true, displayName: true }).extend({ phone: registerInput.shape.phone });

const valuesOf = (u: AdminUserRow) => ({ name: u.name, email: u.email, phone: u.phone, address: u.address });

function EditUserDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(editUserForm, { defaultValues: valuesOf(user) });
  const phone = useWatch({ control: form.control, name: 'phone' });
  const save = useMutation(
    trpc.admin.users.update.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.admin.users.list.queryKey(), (rows) => rows?.map((r) => (r.id === updated.id ? updated : r)));
        toast(ADMIN_TEXTS.userUpdated);
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.admin.audit.pathKey() });
      },
      onError: formFailure(form, ADMIN_TEXTS.userUpdateFailed),
    }),
  );

  return (
    <DialogFrame
      open
      busy={save.isPending}
      onClose={onClose}
      size="lg"
      form={{ onSubmit: form.handleSubmit((values) => save.mutate({ id: user.id, ...values })) }}
      testId="edit-user-dialog"
      title="Rediger bruker"
      subtitle={`@${user.username} · Bruker-ID ${user.uniqueId}`}
      footer={
        <>
          <Button variant="outline" type="button" disabled={save.isPending} onClick={onClose}>
            Avbryt
          </Button>
          <Button colorPalette="brand" type="submit" loading={save.isPending} loadingText="Lagrer...">
            Lagre
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <FormField label="Navn" required error={form.errorOf('name')}>
          <Input {...form.register('name')} autoComplete="off" />
        </FormField>
        <EmailPhoneFields form={form} phone={phone} />
        <AddressField form={form} name="address" />
      </Stack>
    </DialogFrame>
  );
}
