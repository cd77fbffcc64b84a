import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  HStack,
  Image,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarDays, Check, ClipboardCheck, Eye, History, UserRound, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { DRIVETRAINS, FUEL_TYPES, labelOf, TRANSMISSIONS } from '../../../shared/codes';
import { formatDateTime, formatMileage, formatPrice } from '../../../shared/format';
import { ADMIN_TEXTS } from '../../../shared/schemas/admin';
import { REJECTION_REASON_MAX, REJECTION_REASON_REQUIRED, type PendingListing } from '../../../shared/schemas/moderation';
import { toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { DialogFrame } from '../dialog-frame';
import { EmptyCard } from '../empty-card';
import { Gallery } from '../gallery/gallery';
import { SectionHeader } from './admin-layout';
import { AuditDialog, type AuditTarget } from './audit-dialog';
import { carOf, useReviewListing } from './review';
import { listingCode } from './data-view';
import { RegistryMismatches } from './registry-mismatches';

// The pending tab (docs/product/screens.md#admin, docs/product/states.md#listing-status): the listings waiting for
// review, oldest first, as cards with photos, price, mileage, fuel, gearbox, description and owner; an owner's edit
// of an approved listing shows what it changes, field by field. 'Godkjenn', or 'Avvis' with a reason the owner is
// shown (docs/product/validation.md#reject-listing: a blank reason is refused here, without a call).

export function PendingTab() {
  const trpc = useTRPC();
  const { data: listings } = useSuspenseQuery(trpc.admin.listings.pending.queryOptions());
  const [rejecting, setRejecting] = useState<PendingListing | null>(null);
  const [history, setHistory] = useState<AuditTarget | null>(null);

  return (
    <>
      <SectionHeader title="Annonser til kontroll" count={listings.length}>
        <Button asChild variant="ghost" size="sm" colorPalette="gray">
          <Link to="/admin" search={{ tab: 'all', status: 'rejected' }}>
            Se avviste annonser <ArrowRight size={16} />
          </Link>
        </Button>
      </SectionHeader>
      {listings.length === 0 ? (
        <EmptyCard
          icon={<ClipboardCheck />}
          color="green.solid"
          title="Ingen annonser venter på godkjenning"
          description="Alt er behandlet. Nye annonser og endringer dukker opp her."
        />
      ) : (
        <Stack as="ul" listStyleType="none" gap="5">
          {listings.map((l) => (
            <PendingCard
              key={l.id}
              listing={l}
              onReject={() => setRejecting(l)}
              onHistory={() => setHistory({ type: 'listing', id: l.id, label: `${l.uniqueCode} · ${carOf(l)}` })}
            />
          ))}
        </Stack>
      )}
      <RejectDialog listing={rejecting} onClose={() => setRejecting(null)} />
      <AuditDialog target={history} onClose={() => setHistory(null)} />
    </>
  );
}

function PendingCard({ listing: l, onReject, onHistory }: { listing: PendingListing; onReject: () => void; onHistory: () => void }) {
  const review = useReviewListing();
  const edit = l.kind === 'edit';
  const title = carOf(l);
  const facts = [
    { label: 'Kilometerstand', value: formatMileage(l.mileage) || '–' },
    { label: 'Drivstoff', value: labelOf(FUEL_TYPES, l.fuelType) || '–' },
    { label: 'Girkasse', value: labelOf(TRANSMISSIONS, l.transmission) || '–' },
    { label: 'Hjuldrift', value: labelOf(DRIVETRAINS, l.drivetrain) || '–' },
  ];

  return (
    <Card.Root as="li" overflow="hidden" data-testid="pending-card" data-code={l.uniqueCode} aria-label={title}>
      <Grid templateColumns={{ base: '1fr', lg: '380px 1fr' }}>
        <Box p={{ base: 3, md: 4 }} pe={{ lg: 0 }}>
          <Gallery images={l.imageDetails} title={title} />
        </Box>
        <Stack p={{ base: 4, md: 5 }} gap="4" minW="0">
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <Box minW="0">
              <HStack gap="2" mb="1" wrap="wrap">
                <Badge colorPalette={edit ? 'purple' : 'orange'} variant="subtle">
                  {edit ? 'Endring av godkjent annonse' : 'Ny annonse'}
                </Badge>
                <Text textStyle="xs" color="fg.muted" fontFamily="mono">
                  {listingCode(l)}
                </Text>
              </HStack>
              <Heading as="h3" size="xl" lineHeight="short">
                {title}
              </Heading>
            </Box>
            <Box textAlign={{ sm: 'end' }}>
              <Text textStyle="2xl" fontWeight="bold" color="brand.fg" whiteSpace="nowrap" data-testid="pending-price">
                {formatPrice(l.totalPrice)}
              </Text>
              {l.registrationFee > 0 && (
                <Text textStyle="xs" color="fg.muted">
                  {formatPrice(l.price)} + omreg. {formatPrice(l.registrationFee)}
                </Text>
              )}
            </Box>
          </Flex>

          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            {facts.map((f) => (
              <Box key={f.label} bg="bg.subtle" rounded="md" px="3" py="2">
                <Text textStyle="xs" color="fg.muted">
                  {f.label}
                </Text>
                <Text fontWeight="semibold" textStyle="sm">
                  {f.value}
                </Text>
              </Box>
            ))}
          </SimpleGrid>

          <HStack gap="4" textStyle="sm" color="fg.muted" wrap="wrap">
            <HStack gap="1.5">
              <UserRound size={14} aria-hidden />
              <Text data-testid="pending-owner">
                {l.owner.name} <Text as="span">(@{l.owner.username})</Text>
              </Text>
            </HStack>
            <HStack gap="1.5">
              <CalendarDays size={14} aria-hidden />
              <Text>
                {edit ? 'Endret' : 'Sendt inn'} {formatDateTime(l.submittedAt)}
              </Text>
            </HStack>
          </HStack>

          {edit && <ChangeList changes={l.changes} newImages={l.newImages} />}
          <RegistryMismatches listing={l} />

          {/* An edit that changes the description shows it in the change list already. */}
          {l.description && !l.changes.some((c) => c.field === 'description') && <Description text={l.description} />}

          <Flex gap="2" wrap="wrap" pt="4" borderTopWidth="1px" mt="auto">
            <Button
              colorPalette="green"
              loading={review.isPending && review.variables?.approved}
              disabled={review.isPending}
              onClick={() => review.mutate({ id: l.id, approved: true })}
            >
              <Check size={18} /> {ADMIN_TEXTS.approve}
            </Button>
            <Button colorPalette="red" variant="outline" disabled={review.isPending} onClick={onReject}>
              <X size={18} /> {ADMIN_TEXTS.reject}
            </Button>
            <HStack gap="1" ms={{ sm: 'auto' }}>
              <Button asChild variant="ghost" size="sm">
                <Link to="/listing/$id" params={{ id: String(l.id) }}>
                  <Eye size={16} /> Se annonse
                </Link>
              </Button>
              <Button variant="ghost" size="sm" onClick={onHistory}>
                <History size={16} /> Historikk
              </Button>
            </HStack>
          </Flex>
        </Stack>
      </Grid>
    </Card.Root>
  );
}

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 320 || text.split('\n').length > 5;
  return (
    <Box>
      <Text textStyle="sm" fontWeight="semibold" mb="1">
        Beskrivelse
      </Text>
      <Text textStyle="sm" whiteSpace="pre-line" lineClamp={open || !long ? undefined : 4} data-testid="pending-description">
        {text}
      </Text>
      {long && (
        <Button variant="plain" size="xs" px="0" color="brand.fg" onClick={() => setOpen((o) => !o)}>
          {open ? 'Vis mindre' : 'Vis hele beskrivelsen'}
        </Button>
      )}
    </Box>
  );
}

/** What the owner's edit changes: the approved value, then the proposed one. */
function ChangeList({ changes, newImages }: Pick<PendingListing, 'changes' | 'newImages'>) {
  return (
    <Box borderWidth="1px" borderColor="purple.muted" bg="purple.subtle/40" rounded="l2" p="3">
      <Text textStyle="sm" fontWeight="semibold" mb="2">
        Endringer som venter på godkjenning ({changes.length})
      </Text>
      <Table.ScrollArea>
        <Table.Root size="sm" variant="line" data-testid="pending-changes" bg="transparent">
          <Table.Header>
            <Table.Row bg="transparent">
              <Table.ColumnHeader ps="0">Felt</Table.ColumnHeader>
              <Table.ColumnHeader>Før</Table.ColumnHeader>
              <Table.ColumnHeader pe="0">Etter</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {changes.map((c) => (
              <Table.Row key={c.field} bg="transparent" data-field={c.field}>
                <Table.Cell ps="0" fontWeight="medium" whiteSpace="nowrap" verticalAlign="top">
                  {c.label}
                </Table.Cell>
                <Table.Cell color="fg.muted" textDecoration="line-through" verticalAlign="top" whiteSpace="pre-line" maxW="xs">
                  {c.before}
                </Table.Cell>
                <Table.Cell pe="0" fontWeight="medium" color="green.fg" verticalAlign="top" whiteSpace="pre-line" maxW="xs">
                  {c.after}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {newImages.length > 0 && (
        <Box mt="3">
          <Text textStyle="xs" color="fg.muted" mb="1.5">
            Nye bilder
          </Text>
          <HStack gap="2" wrap="wrap">
            {newImages.map((src, i) => (
              <Image key={src} src={src} alt={`Nytt bilde ${i + 1}`} w="20" h="14" objectFit="cover" rounded="md" borderWidth="1px" loading="lazy" />
            ))}
          </HStack>
        </Box>
      )}
    </Box>
  );
}

function RejectDialog({ listing, onClose }: { listing: PendingListing | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const close = () => {
    setReason('');
    onClose();
  };
  const review = useReviewListing({ onSuccess: close });
  const submit = () => {
    if (!listing) return;
    // docs/product/validation.md#reject-listing: a blank reason is an error toast and no call.
    if (!reason.trim()) {
      toastError(REJECTION_REASON_REQUIRED);
      field.current?.focus();
      return;
    }
    review.mutate({ id: listing.id, approved: false, rejectionReason: reason });
  };
  const edit = listing?.kind === 'edit';

  return (
    <DialogFrame
      open={!!listing}
      busy={review.isPending}
      onClose={close}
      initialFocusEl={() => field.current}
      form={{
        onSubmit: (e) => {
          e.preventDefault();
          submit();
        },
      }}
      title={edit ? 'Avvis endringen' : 'Avvis annonse'}
      submit={{ label: ADMIN_TEXTS.reject, colorPalette: 'red' }}
    >
      <Stack gap="3">
        {listing && (
          <Text color="fg.muted" textStyle="sm">
            {carOf(listing)} · {listing.uniqueCode} · {listing.owner.name}
          </Text>
        )}
        <Box>
          <Text asChild textStyle="sm" fontWeight="medium" display="block" mb="1.5">
            <label htmlFor="reject-reason">Årsak til avvisning</label>
          </Text>
          <Textarea
            id="reject-reason"
            ref={field}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={REJECTION_REASON_MAX}
            rows={4}
            placeholder="F.eks. Bildene viser ikke bilen, eller prisen mangler."
          />
          <Text textStyle="xs" color="fg.muted" mt="1.5">
            Eieren får se årsaken i Mine annonser og i varslingene sine.
          </Text>
        </Box>
      </Stack>
    </DialogFrame>
  );
}
