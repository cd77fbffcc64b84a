import { Alert, Box, Button, EmptyState, Flex, Heading, HStack, IconButton, Link as ChakraLink, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, MessageCircleDashed, TriangleAlert } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  CHAT_PARTY_GONE_MESSAGE,
  CHAT_TEXTS,
  chatCarName,
  chatPartyName,
  OWN_NAME_FALLBACK,
  type ChatShape,
  type MessageShape,
} from '../../../shared/schemas/chat';
import { CHAT_WARNING_TEXT } from '../../../shared/chat-warning';
import { useUser } from '../../hooks/use-user';
import { isOptimistic } from '../../realtime/live-updates';
import { errorMessage } from '../../lib/server-errors';
import { useTRPC } from '../../trpc';
import { ChatThumb } from './chat-thumb';
import { Composer } from './composer';
import { dayKey, dayLabel, formatFullTime, formatTime } from './format';
import { chatMessagesQuery } from './queries';
import { useSendMessage } from './use-chat-actions';

// The right side of /chats (docs/product/screens.md#chats): one conversation. New messages arrive through the live
// updates (src/client/realtime/live-updates.tsx), which write into the same query this pane reads.

interface ConversationProps {
  chatId: number;
  /** The chat's row of chats.list (names, car, photo); undefined while a just-started chat is not listed yet. */
  chat: ChatShape | undefined;
  /** On a phone: back to the list. */
  onBack?: () => void;
}

/** Render keyed by chatId: the typed text belongs to one conversation. */
export function Conversation({ chatId, chat, onBack }: ConversationProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useUser();
  const messages = useQuery(chatMessagesQuery(trpc, chatId));
  const [text, setText] = useState('');

  const ownName = chat?.currentUser.displayName?.trim() || me.displayName?.trim() || me.name?.trim() || OWN_NAME_FALLBACK;
  // Without the list's row (a chat not listed yet), the other party is named by their messages.
  const otherName = chat ? chatPartyName(chat.otherUser) : messages.data?.find((m) => m.senderId !== me.id)?.senderDisplayName;
  const car = chat ? chatCarName(chat) : '';
  const partyGone = chat !== undefined && chat.otherUser.id === null;

  // A failed send puts its text back; anything typed meanwhile is kept after it.
  const send = useSendMessage(chatId, { id: me.id, name: ownName }, (failed) => setText((now) => (now.trim() ? `${failed}\n${now}` : failed)));

  // Reading marks the chat read on the server: its unread badge goes at once instead of at the list's next refresh.
  const { isSuccess, isFetching, dataUpdatedAt } = messages;
  useEffect(() => {
    if (!isSuccess || isFetching) return;
    queryClient.setQueryData(trpc.chats.list.queryKey(), (old) =>
      old?.some((c) => c.id === chatId && c.unreadCount > 0) ? old.map((c) => (c.id === chatId ? { ...c, unreadCount: 0 } : c)) : old,
    );
  }, [isSuccess, isFetching, dataUpdatedAt, chatId, queryClient, trpc]);

  return (
    <Flex direction="column" h="full" minH="0" data-testid="conversation">
      <PaneHeader onBack={onBack}>
        <ChatThumb src={chat?.listing?.thumbUrl} alt={car} size={10} />
        <Stack gap="0" minW="0">
          <Heading as="h2" fontSize="md" fontWeight="semibold" truncate data-testid="conversation-title">
            {otherName ?? 'Chat'}
          </Heading>
          {chat &&
            (chat.listing ? (
              <ChakraLink asChild fontSize="xs" color="brand.fg" truncate>
                <Link to="/listing/$id" params={{ id: String(chat.listing.id) }}>
                  {car}
                </Link>
              </ChakraLink>
            ) : (
              <Text fontSize="xs" color="fg.muted" truncate>
                {car}
              </Text>
            ))}
        </Stack>
      </PaneHeader>

      <MessageList
        messages={messages.data}
        loading={messages.isPending}
        error={messages.isError && !messages.data ? errorMessage(messages.error, 'Kunne ikke hente meldingene.') : undefined}
        onRetry={() => void messages.refetch()}
        myId={me.id}
        ownName={ownName}
        otherName={otherName}
      />

      <Composer
        value={text}
        onChange={setText}
        pending={send.isPending}
        label={otherName ? `Melding til ${otherName}` : 'Melding'}
        onSend={(content) => {
          setText('');
          send.mutate({ chatId, content });
        }}
        closed={partyGone ? CHAT_PARTY_GONE_MESSAGE : undefined}
      />
    </Flex>
  );
}

/** The top bar of the right pane; on a phone it carries the way back to the list. */
export function PaneHeader({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  return (
    <HStack gap="3" px={{ base: 2, md: 4 }} py="2.5" borderBottomWidth="1px" borderColor="border.muted" bg="bg" minH="14">
      {onBack && (
        <IconButton aria-label="Tilbake til chattene" variant="ghost" size="sm" display={{ base: 'inline-flex', md: 'none' }} onClick={onBack}>
          <ArrowLeft size={18} aria-hidden />
        </IconButton>
      )}
      {children}
    </HStack>
  );
}

interface MessageListProps {
  messages: MessageShape[] | undefined;
  loading: boolean;
  error?: string;
  onRetry: () => void;
  myId: number;
  ownName: string;
  /** Undefined: each of the other party's messages carries its sender's name. */
  otherName: string | undefined;
}

function MessageList({ messages, loading, error, onRetry, myId, ownName, otherName }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // Whether the reader is at the newest message; someone scrolled up to read older ones is not pulled down.
  const atBottom = useRef(true);
  const last = messages?.[messages.length - 1];
  // Newest at the bottom, in view: on open, for one's own message, and for a new one while reading the newest.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && (atBottom.current || last?.senderId === myId)) el.scrollTop = el.scrollHeight;
  }, [messages?.length, last?.id, last?.senderId, myId]);

  let body: ReactNode;
  if (loading) {
    body = (
      <Stack gap="4" aria-busy="true" aria-label="Henter meldinger">
        <Skeleton h="12" w="55%" rounded="2xl" />
        <Skeleton h="9" w="40%" rounded="2xl" alignSelf="flex-end" />
        <Skeleton h="16" w="60%" rounded="2xl" />
      </Stack>
    );
  } else if (error) {
    body = (
      <Alert.Root status="error" rounded="lg">
        <Alert.Indicator />
        <Alert.Title>{error}</Alert.Title>
        <Button size="xs" variant="outline" ms="auto" onClick={onRetry}>
          Prøv igjen
        </Button>
      </Alert.Root>
    );
  } else if (!messages || messages.length === 0) {
    body = (
      <EmptyState.Root h="full" size="sm">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.300">
            <MessageCircleDashed />
          </EmptyState.Indicator>
          <EmptyState.Title fontSize="md">{CHAT_TEXTS.noMessagesYet}</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    body = (
      <Stack gap="3">
        {messages.map((m, i) => {
          const own = m.senderId === myId;
          const newDay = i === 0 || dayKey(messages[i - 1].createdAt) !== dayKey(m.createdAt);
          return (
            <Fragment key={m.id}>
              {newDay && <DayDivider iso={m.createdAt} />}
              {/* The recipient is warned of a message that moves the conversation off the site; the sender is not. */}
              {!own && m.warning && <OffSiteWarning />}
              <Bubble message={m} own={own} sender={own ? ownName : (otherName ?? m.senderDisplayName)} />
            </Fragment>
          );
        })}
      </Stack>
    );
  }

  return (
    <Box
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
      flex="1"
      minH="0"
      overflowY="auto"
      px={{ base: 3, md: 5 }}
      py="4"
      bg="bg.subtle"
      role="log"
      aria-live="polite"
      aria-label="Meldinger"
    >
      {body}
    </Box>
  );
}

function OffSiteWarning() {
  return (
    <HStack gap="2" alignSelf="flex-start" maxW={{ base: '85%', md: '75%' }} px="3" py="2" rounded="md" bg="orange.subtle" color="orange.fg" textStyle="sm" data-testid="chat-warning">
      <TriangleAlert size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text>{CHAT_WARNING_TEXT}</Text>
    </HStack>
  );
}

function DayDivider({ iso }: { iso: string }) {
  return (
    <HStack gap="3" color="fg.subtle" fontSize="xs" fontWeight="medium" py="1" aria-hidden>
      <Box flex="1" h="1px" bg="border.muted" />
      <Text>{dayLabel(iso)}</Text>
      <Box flex="1" h="1px" bg="border.muted" />
    </HStack>
  );
}

/** Own messages right on the brand colour, the other party's left on white; line breaks kept. */
function Bubble({ message: m, own, sender }: { message: MessageShape; own: boolean; sender: string }) {
  const pending = isOptimistic(m);
  return (
    <Flex justify={own ? 'flex-end' : 'flex-start'}>
      <VStack align={own ? 'flex-end' : 'flex-start'} gap="1" maxW={{ base: '85%', md: '75%' }} data-testid="message" data-own={own || undefined} data-pending={pending || undefined}>
        <HStack gap="1.5" fontSize="xs" color="fg.muted" px="1">
          <Text fontWeight="semibold" color="fg" data-testid="message-sender">
            {sender}
          </Text>
          <Text aria-hidden>·</Text>
          {pending ? (
            <Text>Sender…</Text>
          ) : (
            <time dateTime={m.createdAt} title={formatFullTime(m.createdAt)}>
              {formatTime(m.createdAt)}
            </time>
          )}
        </HStack>
        <Box
          px="3.5"
          py="2"
          rounded="2xl"
          roundedBottomRight={own ? 'md' : '2xl'}
          roundedBottomLeft={own ? '2xl' : 'md'}
          bg={own ? 'brand.solid' : 'bg'}
          color={own ? 'brand.contrast' : 'fg'}
          borderWidth={own ? '0' : '1px'}
          borderColor="border.muted"
          shadow="xs"
          fontSize="sm"
          lineHeight="1.5"
          whiteSpace="pre-wrap"
          overflowWrap="anywhere"
          opacity={pending ? 0.7 : 1}
          data-testid="message-content"
        >
          {m.content}
        </Box>
      </VStack>
    </Flex>
  );
}
