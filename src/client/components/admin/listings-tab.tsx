import {
  Box,
  Button,
  Flex,
  HStack,
  Input,
  InputGroup,
  Spinner,
  Table,
  Text,
} from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useRouterState } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, CheckCheck, ChevronLeft, ChevronRight, Eye, History, Pencil, Search, SearchX, Trash2 } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { formatDate, formatNumber, formatPrice } from '../../../shared/format';
import { ADMIN_STATUS_LABELS, ADMIN_TEXTS, type AdminListingRow, type AdminListingSort } from '../../../shared/schemas/admin';
import { useTRPC } from '../../trpc';
import { useDebouncedUrlValue } from '../search/use-debounced-url-value';
import { OptionSelect } from '../form/option-select';
import { SectionHeader } from './admin-layout';
import { type AdminSearch, STATUS_KEYS, tableParams } from './admin-search';
import { AuditDialog, type AuditTarget } from './audit-dialog';
import { ActionIcon, ActionsCell, DataCard, DataCards, DataTable, listingCode } from './data-view';
import { ConfirmDialog } from '../confirm-dialog';
import { EmptyCard } from '../empty-card';
import { carOf, useDeleteListing, useReviewListing } from './review';
import { AdminStatusBadge } from './status-badge';
import { pageWindow } from '../../lib/page-window';

// The all-listings tab (docs/product/screens.md#admin, docs/product/admin.md#listings): every listing with its code,
// car, price, status and date, sorted, filtered and paged by the server; everything of the view is in the URL.
// Rejected listings show their reason here and can be approved after all ('Godkjenn likevel').

const route = getRouteApi('/admin/');

type Patch = Partial<Omit<AdminSearch, 'tab'>>;

/** The direction a column starts in when first chosen: newest, dearest first; names and statuses A–Z. */
const FIRST_DIRECTION: Record<AdminListingSort, 'asc' | 'desc'> = { createdAt: 'desc', price: 'desc', make: 'asc', status: 'asc' };

const SORT_OPTIONS: { value: string; label: string }[] = [
  { value: 'createdAt:desc', label: 'Nyeste først' },
  { value: 'createdAt:asc', label: 'Eldste først' },
  { value: 'price:desc', label: 'Høyest pris' },
  { value: 'price:asc', label: 'Lavest pris' },
  { value: 'make:asc', label: 'Bil A–Å' },
  { value: 'make:desc', label: 'Bil Å–A' },
  { value: 'status:asc', label: 'Status' },
];

const STATUS_OPTIONS = [{ value: '', label: 'Alle statuser' }, ...STATUS_KEYS.map((s) => ({ value: s, label: ADMIN_STATUS_LABELS[s] }))];

export function ListingsTab() {
  const trpc = useTRPC();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const params = tableParams(search);
  const { data } = useSuspenseQuery(trpc.admin.listings.list.queryOptions(params));
  const loading = useRouterState({ select: (s) => s.isLoading });
  const [toDelete, setToDelete] = useState<AdminListingRow | null>(null);
  const [history, setHistory] = useState<AuditTarget | null>(null);
  const review = useReviewListing();
  const del = useDeleteListing({ onSuccess: () => setToDelete(null) });

  // A filter or search change starts again at page 1; typing replaces the history entry instead of adding one per pause.
  const apply = useCallback(
    (patch: Patch, opts?: { replace?: boolean }) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace: opts?.replace, resetScroll: false }),
    [navigate],
  );
  const [text, setText, flush] = useDebouncedUrlValue(search.q ?? '', (v) => apply({ q: v || undefined }, { replace: true }));

  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  const page = params.page;
  const filtered = !!(search.q || search.status);
  const actions: RowActions = {
    onDelete: setToDelete,
    onHistory: (l) => setHistory({ type: 'listing', id: l.id, label: `${l.uniqueCode} · ${carOf(l)}` }),
    onApprove: (l) => review.mutate({ id: l.id, approved: true }),
    approvingId: review.isPending ? Number(review.variables?.id) : undefined,
  };

  return (
    <>
      <SectionHeader title="Alle annonser" count={data.total}>
        <Flex
          as="form"
          role="search"
          gap="2"
          direction={{ base: 'column', sm: 'row' }}
          onSubmit={(e) => {
            e.preventDefault();
            flush();
          }}
        >
          <InputGroup startElement={<Search size={16} />} endElement={loading ? <Spinner size="xs" color="fg.muted" /> : undefined} w={{ base: 'full', sm: '80' }}>
            <Input
              type="search"
              bg="bg"
              placeholder="Søk på ID eller registreringsnummer"
              aria-label="Søk på ID eller registreringsnummer"
              value={text}
              maxLength={40}
              onChange={(e) => setText(e.target.value)}
            />
          </InputGroup>
          <HStack gap="2">
            <OptionSelect
              root={{ w: { base: 'full', sm: '44' } }}
              bg="bg"
              aria-label="Status"
              value={search.status ?? ''}
              onChange={(e) => apply({ status: (STATUS_KEYS as readonly string[]).includes(e.target.value) ? (e.target.value as AdminSearch['status']) : undefined })}
              options={STATUS_OPTIONS}
            />
            {/* The table's headers sort on a wide screen; a phone has the cards and this list. */}
            <OptionSelect
              root={{ w: 'full', display: { base: 'block', md: 'none' } }}
              bg="bg"
              aria-label="Sortering"
              value={`${params.sort}:${params.direction}`}
              onChange={(e) => {
                const [sort, dir] = e.target.value.split(':') as [AdminListingSort, 'asc' | 'desc'];
                apply({ sort, dir });
              }}
              options={SORT_OPTIONS}
            />
          </HStack>
        </Flex>
      </SectionHeader>

      {data.items.length === 0 ? (
        <EmptyCard
          icon={<SearchX />}
          color="fg.muted"
          title={filtered ? 'Ingen annonser passer søket' : 'Ingen annonser ennå'}
          description={filtered && 'Prøv en annen status, eller søk på en annen kode eller et annet registreringsnummer.'}
        >
          {filtered && (
            <Button variant="outline" onClick={() => navigate({ search: { tab: search.tab }, resetScroll: false })}>
              Nullstill søk og filter
            </Button>
          )}
        </EmptyCard>
      ) : (
        <Box opacity={loading ? 0.6 : 1} transition="opacity 0.15s">
          <ListingsTable rows={data.items} sort={params.sort} direction={params.direction} actions={actions} />
          <ListingCards rows={data.items} actions={actions} />
          <Pager page={page} pages={pages} total={data.total} offset={data.offset} shown={data.items.length} />
        </Box>
      )}

      <ConfirmDialog
        open={!!toDelete}
        title={toDelete ? `Slett annonse ${toDelete.uniqueCode}` : 'Slett annonse'}
        confirmLabel="Slett permanent"
        pending={del.isPending}
        onConfirm={() => toDelete && del.mutate({ id: toDelete.id })}
        onClose={() => setToDelete(null)}
      >
        {toDelete && `${carOf(toDelete)} (eier: ${toDelete.ownerName}) slettes permanent, med bilder. Dette kan ikke angres.`}
      </ConfirmDialog>
      <AuditDialog target={history} onClose={() => setHistory(null)} />
    </>
  );
}

interface RowActions {
  onDelete: (l: AdminListingRow) => void;
  onHistory: (l: AdminListingRow) => void;
  onApprove: (l: AdminListingRow) => void;
  approvingId: number | undefined;
}

function ListingsTable({ rows, sort, direction, actions }: { rows: AdminListingRow[]; sort: AdminListingSort; direction: 'asc' | 'desc'; actions: RowActions }) {
  const header = (column: AdminListingSort, label: string, props: { textAlign?: 'end' } = {}) => (
    <SortHeader column={column} label={label} sort={sort} direction={direction} {...props} />
  );
  return (
    <DataTable
      testId="admin-listings-table"
      head={
        <>
          <Table.ColumnHeader ps="4">ID</Table.ColumnHeader>
          {header('make', 'Bil')}
          {header('price', 'Pris', { textAlign: 'end' })}
          {header('status', 'Status')}
          {header('createdAt', 'Opprettet')}
        </>
      }
    >
      {rows.map((l) => (
        <Table.Row key={l.id} data-testid="admin-listing-row" data-code={l.uniqueCode}>
          <Table.Cell ps="4" fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
            {l.uniqueCode}
          </Table.Cell>
          <Table.Cell minW="48">
            <Text fontWeight="medium">{carOf(l)}</Text>
            <Text textStyle="xs" color="fg.muted">
              {[l.registrationNumber, l.ownerName].filter(Boolean).join(' · ')}
            </Text>
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
            {formatPrice(l.totalPrice)}
          </Table.Cell>
          <Table.Cell maxW="64">
            <AdminStatusBadge status={l.status} active={l.active} />
            {l.rejectionReason && <RejectionReason reason={l.rejectionReason} />}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap" color="fg.muted">
            {formatDate(l.createdAt)}
          </Table.Cell>
          <ActionsCell>
            <RowButtons listing={l} actions={actions} />
          </ActionsCell>
        </Table.Row>
      ))}
    </DataTable>
  );
}

function RejectionReason({ reason }: { reason: string }) {
  return (
    <Text textStyle="xs" color="fg.error" mt="1" lineClamp={2} title={reason} data-testid="rejection-reason">
      Årsak: {reason}
    </Text>
  );
}

function SortHeader({
  column,
  label,
  sort,
  direction,
  textAlign,
}: {
  column: AdminListingSort;
  label: string;
  sort: AdminListingSort;
  direction: 'asc' | 'desc';
  textAlign?: 'end';
}) {
  const active = sort === column;
  const next = active ? (direction === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[column];
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Table.ColumnHeader textAlign={textAlign} aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Button asChild variant="ghost" size="xs" mx="-2" fontWeight="semibold" color={active ? 'fg' : 'fg.muted'}>
        <Link from="/admin/" to="." search={(prev) => ({ ...prev, sort: column, dir: next, page: undefined })} resetScroll={false} replace>
          {label}
          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
        </Link>
      </Button>
    </Table.ColumnHeader>
  );
}

function RowButtons({ listing: l, actions }: { listing: AdminListingRow; actions: RowActions }) {
  const id = String(l.id);
  return (
    <HStack gap="1" justify="flex-end" wrap={{ base: 'wrap', md: 'nowrap' }}>
      {l.status === 'rejected' && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="green"
          me="1"
          loading={actions.approvingId === l.id}
          onClick={() => actions.onApprove(l)}
        >
          <CheckCheck size={14} /> {ADMIN_TEXTS.approveAnyway}
        </Button>
      )}
      {l.status === 'pending' && (
        <Button asChild size="xs" variant="outline" colorPalette="orange" me="1">
          <Link to="/admin" search={{ tab: 'pending' }}>
            Til kontroll
          </Link>
        </Button>
      )}
      <ActionIcon label="Se annonse">
        <Link to="/listing/$id" params={{ id }}>
          <Eye size={16} />
        </Link>
      </ActionIcon>
      <ActionIcon label="Rediger">
        <Link to="/rediger-annonse/$id" params={{ id }}>
          <Pencil size={16} />
        </Link>
      </ActionIcon>
      <ActionIcon label="Historikk" onClick={() => actions.onHistory(l)}>
        <History size={16} />
      </ActionIcon>
      <ActionIcon label="Slett" danger onClick={() => actions.onDelete(l)}>
        <Trash2 size={16} />
      </ActionIcon>
    </HStack>
  );
}

function ListingCards({ rows, actions }: { rows: AdminListingRow[]; actions: RowActions }) {
  return (
    <DataCards>
      {rows.map((l) => (
        <DataCard
          key={l.id}
          testId="admin-listing-card"
          title={carOf(l)}
          subtitle={listingCode(l)}
          mono
          aside={
            <Text fontWeight="bold" whiteSpace="nowrap" color="brand.fg">
              {formatPrice(l.totalPrice)}
            </Text>
          }
          actions={<RowButtons listing={l} actions={actions} />}
        >
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            <AdminStatusBadge status={l.status} active={l.active} />
            <Text textStyle="xs" color="fg.muted">
              {l.ownerName} · {formatDate(l.createdAt)}
            </Text>
          </Flex>
          {l.rejectionReason && <RejectionReason reason={l.rejectionReason} />}
        </DataCard>
      ))}
    </DataCards>
  );
}

function Pager({ page, pages, total, offset, shown }: { page: number; pages: number; total: number; offset: number; shown: number }) {
  return (
    <Flex justify="space-between" align="center" gap="3" mt="4" direction={{ base: 'column', sm: 'row' }}>
      <Text textStyle="sm" color="fg.muted" data-testid="admin-listings-range">
        Viser {formatNumber(offset + 1)}–{formatNumber(offset + shown)} av {formatNumber(total)}
      </Text>
      {pages > 1 && (
        <HStack as="nav" aria-label="Sider" gap="1" wrap="wrap" justify="center">
          <PageLink page={page - 1} disabled={page <= 1} label="Forrige side">
            <ChevronLeft size={16} aria-hidden />
          </PageLink>
          {pageWindow(page, pages).map((p, i) =>
            p === 'gap' ? (
              <Text key={`gap${i}`} px="1" color="fg.muted" aria-hidden>
                …
              </Text>
            ) : (
              <PageLink key={p} page={p} current={p === page} label={`Side ${p}`}>
                {formatNumber(p)}
              </PageLink>
            ),
          )}
          <PageLink page={page + 1} disabled={page >= pages} label="Neste side">
            <ChevronRight size={16} aria-hidden />
          </PageLink>
        </HStack>
      )}
    </Flex>
  );
}

function PageLink({ page, label, disabled, current, children }: { page: number; label: string; disabled?: boolean; current?: boolean; children: ReactNode }) {
  if (disabled) {
    return (
      <Button variant="ghost" size="sm" disabled aria-label={label}>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant={current ? 'solid' : 'ghost'} colorPalette={current ? 'brand' : 'gray'} size="sm" minW="9" px="2">
      <Link
        from="/admin/"
        to="."
        search={(prev) => ({ ...prev, page: page > 1 ? page : undefined })}
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        resetScroll={false}
      >
        {children}
      </Link>
    </Button>
  );
}
