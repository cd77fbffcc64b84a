import { Alert, Badge, Button, Card, Container, Flex, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Bell, BellOff, Pencil, Search, Trash2 } from 'lucide-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '../../../server/trpc/root';
import { FILTERS, filterValueLabel, type FilterKey } from '../../../shared/codes';
import { formatDate, formatNumber, formatPrice } from '../../../shared/format';
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXTS as T } from '../../../shared/texts/saved-searches';
import { useRouteRetry } from '../../lib/route-retry';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC, type TRPCOptions } from '../../trpc';
import { ConfirmDialog } from '../confirm-dialog';
import { DialogFrame } from '../dialog-frame';
import { FormField } from '../form/form-field';
import { searchOfSaved } from './search-params';
import { EmptyCard } from '../empty-card';

// /lagrede-sok (docs/decisions/022-market-alerts.md): each saved search with its filters in words and its new hits
// (listings alerted since it was last opened here that are still for sale). 'Vis treff' opens the search on /annonser
// and marks its hits seen; each can be renamed, switched to e-mail or not, and deleted.

export const savedSearchesQuery = (trpc: TRPCOptions) => trpc.savedSearches.list.queryOptions(undefined, { staleTime: 0 });

type SavedSearch = inferRouterOutputs<AppRouter>['savedSearches']['list'][number];

const LABELS: Record<string, string> = {
  query: 'Tekst',
  make: 'Merke',
  model: 'Modell',
  fuelType: 'Drivstoff',
  transmission: 'Girkasse',
  driveType: 'Hjuldrift',
  bodyType: 'Karosseri',
  color: 'Farge',
  location: 'Område',
};

/** The filters of a saved search in words: 'Merke: Volvo · Pris: til 300 000 kr · Tekst: hengerfeste'. */
export function describeParams(p: Record<string, string | number>): string {
  const parts: string[] = [];
  const range = (label: string, from: unknown, to: unknown, fmt: (n: number) => string) => {
    if (from === undefined && to === undefined) return;
    const f = from === undefined ? undefined : fmt(Number(from));
    const t = to === undefined ? undefined : fmt(Number(to));
    parts.push(`${label}: ${f && t ? `${f}–${t}` : f ? `fra ${f}` : `til ${t}`}`);
  };
  for (const [key, label] of Object.entries(LABELS)) {
    if (p[key] === undefined || key === 'query') continue;
    const value = String(p[key]);
    parts.push(`${label}: ${key in FILTERS ? filterValueLabel(key as FilterKey, value) : value}`);
  }
  range('Pris', p.priceFrom, p.priceTo, formatPrice);
  range('Årsmodell', p.yearFrom, p.yearTo, String);
  range('Km', p.mileageFrom, p.mileageTo, formatNumber);
  if (p.query !== undefined) parts.push(`Tekst: «${p.query}»`);
  return parts.length ? parts.join(' · ') : T.allCars;
}

function Shell({ count, children }: { count?: number; children: ReactNode }) {
  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }}>
      <Flex align="center" gap="3" mb={{ base: 5, md: 8 }}>
        <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em">
          {T.title}
        </Heading>
        {count !== undefined && (
          <Badge colorPalette="brand" variant="subtle" size="lg" rounded="full" aria-label={`${count} lagrede søk`}>
            {count}
          </Badge>
        )}
      </Flex>
      {children}
    </Container>
  );
}

export function SavedSearchesPending() {
  return (
    <Shell>
      <Stack gap="3" aria-busy="true" aria-label="Laster lagrede søk">
        {[0, 1].map((i) => (
          <Skeleton key={i} h="28" rounded="xl" />
        ))}
      </Stack>
    </Shell>
  );
}

export function SavedSearchesError() {
  const retry = useRouteRetry();
  return (
    <Shell>
      <Alert.Root status="error" rounded="xl">
        <Alert.Indicator />
        <Alert.Title>Kunne ikke hente lagrede søk</Alert.Title>
        <Button size="sm" variant="outline" ms="auto" onClick={retry}>
          Prøv igjen
        </Button>
      </Alert.Root>
    </Shell>
  );
}

export function SavedSearchesPage() {
  const trpc = useTRPC();
  const { data: searches } = useSuspenseQuery(savedSearchesQuery(trpc));
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  return (
    <Shell count={searches.length}>
      {searches.length === 0 ? (
        <EmptyCard icon={<Bell />} color="brand.400" borderStyle="dashed" title={T.empty} description={T.emptyText}>
          <Button asChild colorPalette="brand">
            <Link to="/annonser">Søk biler</Link>
          </Button>
        </EmptyCard>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="saved-searches">
          {searches.map((s) => (
            <SavedSearchCard key={s.id} search={s} onRename={() => setRenaming(s)} onDelete={() => setDeleting(s)} />
          ))}
        </Stack>
      )}
      {renaming && <RenameDialog search={renaming} onClose={() => setRenaming(null)} />}
      <DeleteDialog search={deleting} onClose={() => setDeleting(null)} />
    </Shell>
  );
}

function useInvalidate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.savedSearches.pathKey() });
}

function SavedSearchCard({ search: s, onRename, onDelete }: { search: SavedSearch; onRename: () => void; onDelete: () => void }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const seen = useMutation(trpc.savedSearches.seen.mutationOptions({ onSettled: () => invalidate() }));
  const update = useMutation(
    trpc.savedSearches.update.mutationOptions({
      onSuccess: (row) => {
        toast(T.renamed, row.email ? 'Du får også e-post om nye treff.' : 'Du får varsler uten e-post.');
        return invalidate();
      },
      onError: () => toastError('Feil', 'Kunne ikke endre søket. Prøv igjen.'),
    }),
  );
  const open = () => {
    // The hits shown now stop counting as new; the search opens at once either way.
    seen.mutate({ id: s.id });
    void navigate({ to: '/annonser', search: searchOfSaved(s.params) });
  };
  return (
    <Card.Root as="li" size="sm" data-testid="saved-search" data-name={s.name}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="1" minW="0" flex="1">
            <HStack gap="2" wrap="wrap">
              <Heading as="h2" size="md" lineClamp={1}>
                {s.name}
              </Heading>
              {s.newHits > 0 && (
                <Badge colorPalette="accent" variant="solid" rounded="full" data-testid="new-hits">
                  {s.newHits} {s.newHits === 1 ? 'nytt treff' : 'nye treff'}
                </Badge>
              )}
            </HStack>
            <Text textStyle="sm" color="fg.muted">
              {describeParams(s.params)}
            </Text>
            <Text textStyle="xs" color="fg.subtle">
              Lagret {formatDate(s.createdAt)} · {s.email ? 'Varsler og e-post' : 'Bare varsler'}
            </Text>
          </Stack>
          <Button colorPalette="brand" size="sm" onClick={open}>
            <Search size={16} aria-hidden /> {T.open}
          </Button>
        </Flex>
        <Flex gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={onRename}>
            <Pencil size={16} aria-hidden /> {T.rename}
          </Button>
          <Button size="sm" variant="outline" loading={update.isPending} onClick={() => update.mutate({ id: s.id, email: !s.email })}>
            {s.email ? <BellOff size={16} aria-hidden /> : <Bell size={16} aria-hidden />} {s.email ? 'Slå av e-post' : 'Slå på e-post'}
          </Button>
          <Button size="sm" variant="ghost" colorPalette="red" onClick={onDelete} ms={{ md: 'auto' }} aria-label={`${T.delete} ${s.name}`}>
            <Trash2 size={16} aria-hidden /> {T.delete}
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function RenameDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string>();
  const rename = useMutation(
    trpc.savedSearches.update.mutationOptions({
      onSuccess: async () => {
        toast(T.renamed);
        onClose();
        await invalidate();
      },
      onError: (err) => (err.data?.code === 'BAD_REQUEST' ? setError(err.message) : toastError('Feil', 'Kunne ikke endre søket. Prøv igjen.')),
    }),
  );
  return (
    <DialogFrame
      open
      onClose={onClose}
      busy={rename.isPending}
      title={T.rename}
      form={{
        onSubmit: (e) => {
          e.preventDefault();
          if (!name.trim()) return setError(T.nameRequired);
          rename.mutate({ id: search.id, name });
        },
      }}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={rename.isPending}>
            Avbryt
          </Button>
          <Button type="submit" colorPalette="brand" loading={rename.isPending}>
            Lagre
          </Button>
        </>
      }
    >
      <FormField label={T.name} required error={error}>
        <Input value={name} maxLength={SAVED_SEARCH_NAME_MAX} onChange={(e) => (setName(e.currentTarget.value), setError(undefined))} />
      </FormField>
    </DialogFrame>
  );
}

function DeleteDialog({ search, onClose }: { search: SavedSearch | null; onClose: () => void }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const del = useMutation(
    trpc.savedSearches.delete.mutationOptions({
      onSuccess: async () => {
        toast(T.deleted);
        onClose();
        await invalidate();
      },
      onError: () => toastError('Feil', 'Kunne ikke slette søket. Prøv igjen.'),
    }),
  );
  return (
    <ConfirmDialog
      open={!!search}
      title={`Slett søk${search ? `: ${search.name}` : ''}`}
      confirmLabel={T.delete}
      pending={del.isPending}
      onConfirm={() => search && del.mutate({ id: search.id })}
      onClose={onClose}
    >
      {T.deleteConfirm}
    </ConfirmDialog>
  );
}
