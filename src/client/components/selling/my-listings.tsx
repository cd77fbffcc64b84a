import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  HStack,
  Image,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BadgeCheck, CalendarDays, Car, Eye, EyeOff, MapPin, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatDate, formatPrice } from '../../../shared/format';
import type { ListingShape, ListingStatus } from '../../../shared/types/listing';
import { LISTING_DELETED_MESSAGE, LISTING_DELETED_TITLE } from '../../../shared/schemas/listing';
import { SOLD_TEXTS } from '../../../shared/texts/sold';
import { toast, toastError } from '../../lib/toaster';
import { usePhotoSources } from '../../lib/image-quality';
import { routeError } from '../../lib/route-retry';
import { useTRPC } from '../../trpc';
import { ConfirmDialog } from '../confirm-dialog';
import { EmptyCard } from '../empty-card';
import { reviewNotices, ReviewNotices } from '../buying/review-status';
import type { Palette } from '../../theme';

// docs/product/screens.md#mine-annonser, docs/product/states.md (status, active flag), docs/product/errors.md owner toasts.

const DELETE_CONFIRM = 'Er du sikker på at du vil slette denne annonsen permanent? Dette kan ikke angres.';

// The owner's words for the review status (docs/product/states.md; admins see 'Venter' for pending, elsewhere).
const STATUS: Record<ListingStatus, { label: string; palette: Palette }> = {
  pending: { label: 'Til kontroll', palette: 'yellow' },
  approved: { label: 'Godkjent', palette: 'green' },
  rejected: { label: 'Avvist', palette: 'red' },
};
// An edit of an approved listing waiting for review, or rejected (docs/decisions/007-pending-revisions.md).
const REVISION_STATUS = {
  pending: { label: 'Endringer til kontroll', palette: 'yellow' },
  rejected: { label: 'Endringer avvist', palette: 'red' },
} as const;
// The badges say "waiting" and "inactive"; the notices add what a badge cannot: a reason, what waits.
const CARD_NOTICES = new Set(['rejected', 'revision-pending', 'revision-rejected', 'report-hidden']);

export function MyListingsPage() {
  const trpc = useTRPC();
  const { data: listings } = useSuspenseQuery(trpc.listings.mine.queryOptions());
  const [toDelete, setToDelete] = useState<ListingShape | null>(null);
  const [toSell, setToSell] = useState<ListingShape | null>(null);

  return (
    <MyListingsShell count={listings.length}>
      {listings.length === 0 ? (
        <EmptyCard
          icon={<Car />}
          title="Du har ingen annonser ennå"
          description="Legg ut bilen din på noen minutter. Hent bildata automatisk med registreringsnummeret."
        >
          <Button asChild colorPalette="accent">
            <Link to="/ny-annonse">Opprett din første annonse</Link>
          </Button>
        </EmptyCard>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" data-testid="my-listings">
          {listings.map((l, i) => (
            <MyListingCard key={l.id} listing={l} first={i === 0} onDelete={() => setToDelete(l)} onSell={() => setToSell(l)} />
          ))}
        </Stack>
      )}

      <DeleteDialog listing={toDelete} onClose={() => setToDelete(null)} />
      <SoldDialog listing={toSell} onClose={() => setToSell(null)} />
    </MyListingsShell>
  );
}

export function MyListingsPending() {
  return (
    <MyListingsShell>
      <Stack gap="4" aria-busy="true" aria-label="Laster annonser">
        {[0, 1, 2].map((i) => (
          <CardSkeleton key={i} />
        ))}
      </Stack>
    </MyListingsShell>
  );
}

export const MyListingsError = routeError('Feil ved lasting av annonser', MyListingsShell);

/** The heading (with the count once it is known) and the 'Ny annonse' button around each state of the page. */
function MyListingsShell({ count, children }: { count?: number; children: ReactNode }) {
  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }}>
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="4" mb="6">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Mine annonser{' '}
          {count !== undefined && (
            <Text as="span" color="fg.muted" fontWeight="normal" data-testid="my-listings-count">
              ({count})
            </Text>
          )}
        </Heading>
        <Button asChild colorPalette="accent">
          <Link to="/ny-annonse">
            <Plus size={18} /> Ny annonse
          </Link>
        </Button>
      </Flex>
      {children}
    </Container>
  );
}

/** After a change to an own listing: its toast, then (after `closing`, a dialog's onClose) the lists refetched. */
function useChangedMine() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (title: string, text: string, closing?: () => void) => {
    toast(title, text);
    closing?.();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.listings.mine.queryKey() }),
      // Public lists and the detail page show the flag too.
      queryClient.invalidateQueries({ queryKey: trpc.listings.pathKey() }),
    ]);
  };
}

/** The card photo's box: the card's full width on phones, a 256 px column beside the text from 768 px. */
const MY_CARD_PHOTO_SIZES = '(min-width: 768px) 256px, calc(100vw - 32px)';

function MyListingCard({ listing: l, first, onDelete, onSell }: { listing: ListingShape; first: boolean; onDelete: () => void; onSell: () => void }) {
  const trpc = useTRPC();
  const changed = useChangedMine();
  const setActive = useMutation(
    trpc.listings.setActive.mutationOptions({
      onSuccess: (_data, vars) => (vars.active ? changed('Annonse aktivert', 'synlig for kjøpere') : changed('Annonse deaktivert', 'skjult fra søkeresultater')),
      onError: () => toastError('Feil', 'Kunne ikke endre status. Prøv igjen.'),
    }),
  );
  // Back on the market needs no confirmation: it is what 'Aktiver' does too (docs/product/states.md#sold).
  const unsell = useMutation(
    trpc.listings.setSold.mutationOptions({
      onSuccess: () => changed(SOLD_TEXTS.markedUnsold, 'synlig for kjøpere'),
      onError: () => toastError('Feil', 'Kunne ikke endre status. Prøv igjen.'),
    }),
  );
  const status = STATUS[l.status] ?? STATUS.pending;
  // Up to the medium size (the thumbnail alone on a slow connection or under memory pressure).
  const photo = usePhotoSources(l.imageDetails?.[0], 'medium');
  const cover = photo ?? (l.images?.[0] ? { src: l.images[0] } : null);
  const title = `${l.make} ${l.model}`;

  return (
    <Card.Root as="li" flexDirection={{ base: 'column', md: 'row' }} overflow="hidden" size="sm" data-testid="my-listing-card" data-status={l.status}>
      <Box flexShrink={0} w={{ base: 'full', md: '64' }} bg="bg.muted" aspectRatio={{ base: 16 / 9, md: 'auto' }} minH={{ md: '44' }} position="relative">
        {cover ? (
          <Image
            src={cover.src}
            srcSet={cover.srcSet}
            sizes={cover.srcSet ? MY_CARD_PHOTO_SIZES : undefined}
            alt={title}
            position="absolute"
            inset="0"
            w="full"
            h="full"
            objectFit="cover"
            // The first card's photo is at the top of the page: its largest paint on a phone.
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
          />
        ) : (
          <Flex position="absolute" inset="0" align="center" justify="center" color="fg.subtle" direction="column" gap="1">
            <Car size={40} aria-hidden />
            <Text textStyle="xs">Ingen bilde</Text>
          </Flex>
        )}
      </Box>
      <Stack flex="1" minW="0" p="4" gap="3">
        <Flex justify="space-between" gap="3" align="start" wrap="wrap">
          <Box minW="0">
            <Heading as="h2" size="lg" truncate>
              {title}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              {l.year}
              {l.registrationNumber && ` · ${l.registrationNumber}`}
            </Text>
          </Box>
          <Text fontWeight="bold" textStyle="xl" color="brand.fg" whiteSpace="nowrap" data-testid="total-price">
            {formatPrice(l.totalPrice)}
          </Text>
        </Flex>

        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={status.palette} variant="subtle" size="md" data-testid="status-badge">
            {status.label}
          </Badge>
          {l.status === 'approved' && !l.sold && (
            <Badge colorPalette={l.active ? 'green' : 'gray'} variant="outline" size="md" data-testid="active-badge">
              {l.active ? 'Aktiv' : 'Inaktiv'}
            </Badge>
          )}
          {l.sold && (
            <Badge colorPalette="purple" variant="solid" size="md" data-testid="sold-badge">
              {SOLD_TEXTS.badge}
            </Badge>
          )}
          {l.status === 'approved' && l.revision && (
            <Badge colorPalette={REVISION_STATUS[l.revision.status].palette} variant="subtle" size="md" data-testid="revision-badge">
              {REVISION_STATUS[l.revision.status].label}
            </Badge>
          )}
        </HStack>

        <ReviewNotices notices={reviewNotices(l, 'owner').filter((n) => CARD_NOTICES.has(n.key))} size="sm" />

        <Stack gap="1" textStyle="sm" color="fg.muted">
          <HStack gap="1.5">
            <CalendarDays size={14} aria-hidden />
            <Text>Publisert {formatDate(l.createdAt)}</Text>
          </HStack>
          {l.address && (
            <HStack gap="1.5" minW="0">
              <MapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text truncate>{l.address}</Text>
            </HStack>
          )}
        </Stack>

        <Flex gap="2" wrap="wrap" mt="auto" pt="1">
          <Button asChild size="sm" variant="outline">
            <Link to="/listing/$id" params={{ id: String(l.id) }}>
              <Eye size={16} /> Se annonse
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to="/rediger-annonse/$id" params={{ id: String(l.id) }}>
              <Pencil size={16} /> Rediger
            </Link>
          </Button>
          {l.status === 'approved' && !l.sold && !l.reportHidden && (
            <Button size="sm" variant="outline" onClick={onSell}>
              <BadgeCheck size={16} /> {SOLD_TEXTS.markSold}
            </Button>
          )}
          {l.sold && (
            <Button size="sm" variant="outline" loading={unsell.isPending} onClick={() => unsell.mutate({ id: l.id, sold: false })}>
              <RotateCcw size={16} /> {SOLD_TEXTS.markUnsold}
            </Button>
          )}
          {/* Reports hid it: only an admin's decision shows it again (the server refuses too). */}
          {l.status === 'approved' && !l.sold && !l.reportHidden && (
            <Button size="sm" variant="outline" loading={setActive.isPending} onClick={() => setActive.mutate({ id: l.id, active: !l.active })}>
              {l.active ? (
                <>
                  <EyeOff size={16} /> Deaktiver
                </>
              ) : (
                <>
                  <Eye size={16} /> Aktiver
                </>
              )}
            </Button>
          )}
          <Button size="sm" variant="ghost" colorPalette="red" onClick={onDelete} ms={{ md: 'auto' }}>
            <Trash2 size={16} /> Slett permanent
          </Button>
        </Flex>
      </Stack>
    </Card.Root>
  );
}

function DeleteDialog({ listing, onClose }: { listing: ListingShape | null; onClose: () => void }) {
  const trpc = useTRPC();
  const changed = useChangedMine();
  const del = useMutation(
    trpc.listings.delete.mutationOptions({
      onSuccess: () => changed(LISTING_DELETED_TITLE, LISTING_DELETED_MESSAGE, onClose),
      onError: () => toastError('Feil', 'Kunne ikke slette annonsen. Prøv igjen.'),
    }),
  );
  return (
    <ConfirmDialog
      open={!!listing}
      title={`Slett annonse${listing ? `: ${listing.make} ${listing.model}` : ''}`}
      confirmLabel="Slett permanent"
      pending={del.isPending}
      onConfirm={() => listing && del.mutate({ id: listing.id })}
      onClose={onClose}
    >
      {DELETE_CONFIRM}
    </ConfirmDialog>
  );
}

/** 'Marker som solgt' after a confirmation (docs/product/states.md#sold). */
function SoldDialog({ listing, onClose }: { listing: ListingShape | null; onClose: () => void }) {
  const trpc = useTRPC();
  const changed = useChangedMine();
  const sell = useMutation(
    trpc.listings.setSold.mutationOptions({
      onSuccess: () => changed(SOLD_TEXTS.markedSold, 'fjernet fra søkeresultater', onClose),
      onError: (err) => toastError('Feil', err.message || 'Kunne ikke endre status. Prøv igjen.'),
    }),
  );
  return (
    <ConfirmDialog
      open={!!listing}
      title={`${SOLD_TEXTS.markSold}${listing ? `: ${listing.make} ${listing.model}` : ''}`}
      confirmLabel={SOLD_TEXTS.markSold}
      pending={sell.isPending}
      onConfirm={() => listing && sell.mutate({ id: listing.id, sold: true })}
      onClose={onClose}
    >
      {SOLD_TEXTS.confirm}
    </ConfirmDialog>
  );
}

function CardSkeleton() {
  return (
    <Card.Root flexDirection={{ base: 'column', md: 'row' }} overflow="hidden" size="sm">
      <Skeleton w={{ base: 'full', md: '64' }} h={{ base: '48', md: '44' }} flexShrink={0} rounded="0" />
      <Stack flex="1" p="4" gap="3">
        <Skeleton h="6" w="50%" />
        <Skeleton h="5" w="24" />
        <SkeletonText noOfLines={2} />
        <HStack>
          <Skeleton h="8" w="28" />
          <Skeleton h="8" w="24" />
        </HStack>
      </Stack>
    </Card.Root>
  );
}
