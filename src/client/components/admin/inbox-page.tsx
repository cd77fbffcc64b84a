import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  HStack,
  Separator,
  Skeleton,
  Stack,
  Text,
  Textarea,
  VStack,
} from '@chakra-ui/react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { CalendarDays, Inbox, Mail, MailOpen, MessageSquareText, Phone, Reply, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { ADMIN_TEXTS } from '../../../shared/schemas/admin';
import type { InboxMessageShape } from '../../../shared/schemas/inbox';
import { routeError } from '../../lib/route-retry';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { SectionHeader } from './admin-layout';
import { ConfirmDialog } from '../confirm-dialog';
import { EmptyCard } from '../empty-card';
import { sharedLooks, StaticButton } from '../static-button';
import { RowButton } from '../row-button';

// docs/product/screens.md#admin-feedbacks-and-admin-messages: a list (newest first, 'Ny' on unread, its height capped
// at about 24rem) and a detail pane with the sender, the date (dd.MM.yyyy HH:mm, docs/product/limits.md), the
// subject, the message read-only, a Lest/Ulest badge, the read toggle and delete.

type Kind = InboxMessageShape['kind'];

const PAGE: Record<Kind, { title: string; empty: string; emptyText: string; deleteTitle: string; deleteFailed: string; noun: string }> = {
  feedback: {
    title: 'Tilbakemeldinger',
    empty: 'Ingen tilbakemeldinger',
    emptyText: 'Tilbakemeldinger sendt fra nettstedet vises her.',
    deleteTitle: 'Slett tilbakemelding',
    deleteFailed: ADMIN_TEXTS.feedbackDeleteFailed,
    noun: 'tilbakemeldingen',
  },
  contact: {
    title: 'Kontaktmeldinger',
    empty: 'Ingen kontaktmeldinger',
    emptyText: 'Meldinger sendt fra kontaktskjemaet vises her.',
    deleteTitle: 'Slett melding',
    deleteFailed: ADMIN_TEXTS.messageDeleteFailed,
    noun: 'meldingen',
  },
};

/** Who sent it: feedback may come without a name or an address. */
const senderOf = (m: InboxMessageShape) => m.name || m.email || 'Anonym';

export function InboxPage({ kind }: { kind: Kind }) {
  const trpc = useTRPC();
  const { data: messages } = useSuspenseQuery(trpc.admin.inbox.list.queryOptions({ kind }));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const selected = messages.find((m) => m.id === selectedId) ?? null;
  const unread = messages.filter((m) => !m.isRead).length;
  const texts = PAGE[kind];

  const select = (id: number) => {
    setSelectedId(id);
    // On a phone the pane is below the list: bring it into view.
    if (window.matchMedia('(max-width: 61.99em)').matches) requestAnimationFrame(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  return (
    <>
      <SectionHeader title={texts.title} count={messages.length}>
        {unread > 0 && (
          <Text textStyle="sm" color="fg.muted" data-testid="inbox-unread-count">
            {unread} {unread === 1 ? 'ulest' : 'uleste'}
          </Text>
        )}
      </SectionHeader>
      {messages.length === 0 ? (
        <EmptyCard icon={<Inbox />} title={texts.empty} description={texts.emptyText} />
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(300px, 380px) 1fr' }} gap={{ base: 4, lg: 6 }} alignItems="start">
          <MessageList messages={messages} selectedId={selectedId} onSelect={select} label={texts.title} />
          <Box ref={detailRef} scrollMarginTop="20">
            {selected ? (
              <MessageDetail key={selected.id} message={selected} onDeleted={() => setSelectedId(null)} />
            ) : (
              <Card.Root variant="outline" borderStyle="dashed" display={{ base: 'none', lg: 'flex' }}>
                <Card.Body>
                  <VStack py="16" color="fg.muted" gap="2" textAlign="center">
                    <MessageSquareText size={32} aria-hidden />
                    <Text>Velg en melding i listen for å lese den.</Text>
                  </VStack>
                </Card.Body>
              </Card.Root>
            )}
          </Box>
        </Grid>
      )}
    </>
  );
}

function MessageList({
  messages,
  selectedId,
  onSelect,
  label,
}: {
  messages: InboxMessageShape[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  label: string;
}) {
  return (
    <Box bg="bg" borderWidth="1px" rounded="l3" overflow="hidden" shadow="xs">
      {/* docs/product/screens.md: the list's height is capped at about 24rem and scrolls. */}
      <Box as="ul" listStyleType="none" maxH="24rem" overflowY="auto" aria-label={label} data-testid="inbox-list">
        {messages.map((m, i) => {
          const active = m.id === selectedId;
          return (
            <Box as="li" key={m.id} borderTopWidth={i === 0 ? 0 : '1px'}>
              <RowButton
                active={active}
                borderStartWidth="3px"
                borderStartColor={active ? 'brand.solid' : 'transparent'}
                onClick={() => onSelect(m.id)}
                data-testid="inbox-item"
                data-read={m.isRead}
              >
                <Flex justify="space-between" gap="2" align="center">
                  <Text fontWeight={m.isRead ? 'medium' : 'bold'} truncate>
                    {senderOf(m)}
                  </Text>
                  <HStack gap="2" flexShrink={0}>
                    {!m.isRead && (
                      <Badge colorPalette="blue" variant="solid" size="sm">
                        {ADMIN_TEXTS.new}
                      </Badge>
                    )}
                    <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap">
                      {formatDateTime(m.createdAt)}
                    </Text>
                  </HStack>
                </Flex>
                {/* Feedback has one subject for all ('Tilbakemelding'): its list shows more of the text instead. */}
                {m.kind === 'contact' && (
                  <Text textStyle="sm" fontWeight={m.isRead ? 'normal' : 'semibold'} truncate mt="0.5">
                    {m.subject}
                  </Text>
                )}
                <Text textStyle="sm" color="fg.muted" lineClamp={m.kind === 'contact' ? 1 : 2} mt="0.5">
                  {m.message}
                </Text>
              </RowButton>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function useInvalidateInbox(kind: Kind) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.admin.inbox.list.queryKey({ kind }) });
}

function MessageDetail({ message: m, onDeleted }: { message: InboxMessageShape; onDeleted: () => void }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateInbox(m.kind);
  const [confirming, setConfirming] = useState(false);
  const texts = PAGE[m.kind];
  const markRead = useMutation(
    trpc.admin.inbox.markRead.mutationOptions({
      onSuccess: () => invalidate(),
      onError: () => toastError('Feil', ADMIN_TEXTS.inboxStatusFailed),
    }),
  );
  const del = useMutation(
    trpc.admin.inbox.delete.mutationOptions({
      onSuccess: async () => {
        toast('Slettet');
        setConfirming(false);
        onDeleted();
        await invalidate();
      },
      onError: () => toastError('Feil', texts.deleteFailed),
    }),
  );
  const replyHref = m.email ? `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}` : undefined;

  return (
    <Card.Root as="article" aria-labelledby="inbox-subject" size={{ base: 'sm', md: 'md' }} data-testid="inbox-detail">
      <Card.Header gap="3" pb={{ base: 4, md: 5 }}>
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Heading as="h3" size="lg" id="inbox-subject" minW="0" wordBreak="break-word">
            {m.subject}
          </Heading>
          <Badge colorPalette={m.isRead ? 'gray' : 'blue'} variant={m.isRead ? 'subtle' : 'solid'} size="md" data-testid="read-badge">
            {m.isRead ? ADMIN_TEXTS.read : ADMIN_TEXTS.unread}
          </Badge>
        </Flex>
        <Stack gap="1.5" textStyle="sm">
          <Text fontWeight="semibold" data-testid="inbox-sender">
            {m.name || 'Anonym'}
          </Text>
          {m.email && (
            <HStack gap="2" color="fg.muted">
              <Mail size={14} aria-hidden />
              <a href={`mailto:${m.email}`} style={{ textDecoration: 'underline' }}>
                {m.email}
              </a>
            </HStack>
          )}
          {m.phone && (
            <HStack gap="2" color="fg.muted">
              <Phone size={14} aria-hidden />
              <a href={`tel:${m.phone.replace(/\s+/g, '')}`}>{m.phone}</a>
            </HStack>
          )}
          <HStack gap="2" color="fg.muted">
            <CalendarDays size={14} aria-hidden />
            <Text>
              Sendt <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </Text>
          </HStack>
        </Stack>
      </Card.Header>
      <Separator />
      <Card.Body>
        <Text asChild textStyle="sm" fontWeight="medium" display="block" mb="1.5">
          <label htmlFor={`inbox-message-${m.id}`}>Melding</label>
        </Text>
        <Textarea id={`inbox-message-${m.id}`} value={m.message} readOnly autoresize minH="32" maxH="96" variant="subtle" resize="none" />
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button
          variant="outline"
          size="sm"
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ id: m.id, isRead: !m.isRead })}
        >
          {m.isRead ? <Mail size={16} /> : <MailOpen size={16} />}
          {m.isRead ? ADMIN_TEXTS.markUnread : ADMIN_TEXTS.markRead}
        </Button>
        {replyHref && (
          <StaticButton as="a" look={sharedLooks.smallOutline} href={replyHref}>
            <Reply size={16} /> Svar på e-post
          </StaticButton>
        )}
        <Button variant="ghost" colorPalette="red" size="sm" ms="auto" onClick={() => setConfirming(true)}>
          <Trash2 size={16} /> Slett
        </Button>
      </Card.Footer>
      <ConfirmDialog
        open={confirming}
        title={texts.deleteTitle}
        confirmLabel="Slett"
        pending={del.isPending}
        onConfirm={() => del.mutate({ id: m.id })}
        onClose={() => setConfirming(false)}
      >
        Vil du slette {texts.noun} fra {senderOf(m)}? Dette kan ikke angres.
      </ConfirmDialog>
    </Card.Root>
  );
}

export function InboxPagePending() {
  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(300px, 380px) 1fr' }} gap={{ base: 4, lg: 6 }} aria-busy="true" aria-label="Laster meldinger">
      <Stack gap="0" borderWidth="1px" rounded="l3" bg="bg" p="4">
        {[0, 1, 2, 3].map((i) => (
          <Stack key={i} gap="2" py="3">
            <Skeleton h="4" w="60%" />
            <Skeleton h="3" w="80%" />
          </Stack>
        ))}
      </Stack>
      <Skeleton h="80" rounded="l3" display={{ base: 'none', lg: 'block' }} />
    </Grid>
  );
}

export const InboxPageError = routeError('Kunne ikke laste meldingene');
