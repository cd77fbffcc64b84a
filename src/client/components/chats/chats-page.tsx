import { Box, Container, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { CHAT_TEXTS, type ChatShape } from '../../../shared/schemas/chat';
import { routeError } from '../../lib/route-retry';
import { useTRPC } from '../../trpc';
import { ChatList } from './chat-list';
import { Conversation } from './conversation';
import { NewChatPane } from './new-chat-pane';
import { chatListQuery } from './queries';
import { useDeleteChats, useMarkChat } from './use-chat-actions';
import { ChatsEmpty } from './chats-empty';

// /chats (docs/product/screens.md#chats): the list left, the selected conversation right (500 px high on a desktop,
// docs/product/limits.md); on a phone one of the two at a time. The open chat lives in the URL (?chat=12) so reload
// and back work; new-chat mode comes from ?startChat=true&listingId=..&sellerId=.., which is then removed.

const route = getRouteApi('/_innlogget/chats');

type Pane = { kind: 'none' } | { kind: 'chat'; chatId: number } | { kind: 'new'; listingId: number; sellerId: number };

export function ChatsPage() {
  const trpc = useTRPC();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: chats } = useSuspenseQuery(chatListQuery(trpc));
  const [checked, setChecked] = useState<Set<number>>(() => new Set());
  // New-chat mode outlives its URL parameters (removed at once) in the history entry's state, so reload keeps it and
  // opening a chat (a new entry) ends it.
  const draft = useLocation({ select: (l) => l.state.newChat });

  // The buyer's existing chat about this listing opens directly: the server would add the message to it anyway, and
  // the buyer sees what was said before.
  const wanted = search.startChat ? { listingId: search.listingId!, sellerId: search.sellerId! } : null;
  const existing = wanted && chats.find((c) => c.listingId === wanted.listingId && c.otherUser.id === wanted.sellerId);

  useEffect(() => {
    if (!wanted) return;
    void navigate(existing ? { search: { chat: existing.id }, replace: true } : { search: {}, state: { newChat: wanted }, replace: true });
    // Runs when new-chat parameters arrive; the rest is read from that render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.startChat, search.listingId, search.sellerId]);

  const pane: Pane = existing
    ? { kind: 'chat', chatId: existing.id }
    : wanted
      ? { kind: 'new', ...wanted }
      : search.chat
        ? { kind: 'chat', chatId: search.chat }
        : draft
          ? { kind: 'new', ...draft }
          : { kind: 'none' };

  const back = () => void navigate({ search: {} });

  const mark = useMarkChat();
  const remove = useDeleteChats((ids) => {
    setChecked((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
    if (pane.kind === 'chat' && ids.includes(pane.chatId)) void navigate({ search: {}, replace: true });
  });

  // Checked rows that have left the list (deleted elsewhere) do not count.
  const listed = new Set(chats.map((c) => c.id));
  const checkedListed = new Set([...checked].filter((id) => listed.has(id)));
  const paneOpen = pane.kind !== 'none';

  return (
    <ChatsShell paneOpen={paneOpen} unread={chats.reduce((n, c) => n + (c.unreadCount > 0 ? 1 : 0), 0)}>
      <ChatsFrame
        paneOpen={paneOpen}
        list={
          <ChatList
            chats={chats}
            selectedId={pane.kind === 'chat' ? pane.chatId : undefined}
            checked={checkedListed}
            onCheck={(id, on) =>
              setChecked((prev) => {
                const next = new Set(prev);
                if (on) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onCheckAll={(on) => setChecked(on ? new Set(chats.map((c) => c.id)) : new Set())}
            onDeleteChecked={() => remove.mutate([...checkedListed])}
            deleting={remove.isPending}
            onMark={(c: ChatShape) => mark.mutate({ chatId: c.id, isMarked: !c.marked })}
            markingId={mark.isPending ? Number(mark.variables?.chatId) : undefined}
          />
        }
        pane={
          pane.kind === 'chat' ? (
            <Conversation key={pane.chatId} chatId={pane.chatId} chat={chats.find((c) => c.id === pane.chatId)} onBack={back} />
          ) : pane.kind === 'new' ? (
            <NewChatPane key={`${pane.listingId}-${pane.sellerId}`} listingId={pane.listingId} sellerId={pane.sellerId} onBack={back} />
          ) : (
            <NothingSelected hasChats={chats.length > 0} />
          )
        }
      />
    </ChatsShell>
  );
}

function NothingSelected({ hasChats }: { hasChats: boolean }) {
  return (
    <ChatsEmpty
      h="full"
      bg="bg.subtle"
      title={CHAT_TEXTS.selectChat}
      text={hasChats ? 'Velg en samtale i listen for å lese og svare.' : 'Samtalene dine med kjøpere og selgere vises her.'}
    />
  );
}

/** The page title above the two panes; on a phone it gives way to an open conversation. */
function ChatsShell({ paneOpen = false, unread, children }: { paneOpen?: boolean; unread?: number; children: ReactNode }) {
  return (
    <Container maxW="7xl" py={{ base: paneOpen ? 2 : 5, md: 8 }} px={{ base: paneOpen ? 2 : 4, md: 6 }}>
      <Stack gap="1" mb={{ base: 4, md: 6 }} display={{ base: paneOpen ? 'none' : 'flex', md: 'flex' }}>
        <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em">
          Meldinger
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {unread ? `${unread} ${unread === 1 ? 'samtale' : 'samtaler'} med nye meldinger` : 'Dine samtaler med kjøpere og selgere'}
        </Text>
      </Stack>
      {children}
    </Container>
  );
}

/** Two panes, 500 px high on a desktop (docs/product/limits.md); on a phone the list or the open pane. */
function ChatsFrame({ paneOpen, list, pane }: { paneOpen: boolean; list: ReactNode; pane: ReactNode }) {
  return (
    <Flex
      // On a phone the open pane fills the screen under the sticky header; the list just grows with the page.
      h={{ base: paneOpen ? 'calc(100dvh - 5.5rem)' : 'auto', md: '500px' }}
      minH={{ base: paneOpen ? '26rem' : '20rem', md: '500px' }}
      bg="bg"
      rounded="xl"
      borderWidth="1px"
      borderColor="border.muted"
      shadow="sm"
      overflow="hidden"
      data-testid="chats-frame"
    >
      <Box
        w={{ base: 'full', md: '340px', lg: '380px' }}
        flexShrink={0}
        borderEndWidth={{ base: 0, md: '1px' }}
        borderColor="border.muted"
        display={{ base: paneOpen ? 'none' : 'block', md: 'block' }}
        minH="0"
      >
        {list}
      </Box>
      <Box flex="1" minW="0" minH="0" display={{ base: paneOpen ? 'block' : 'none', md: 'block' }}>
        {pane}
      </Box>
    </Flex>
  );
}

export function ChatsPending() {
  return (
    <ChatsShell>
      <ChatsFrame
        paneOpen={false}
        list={
          <Stack p="3" gap="4" aria-busy="true" aria-label="Henter chatter">
            {[0, 1, 2, 3].map((i) => (
              <Flex key={i} gap="3" align="center">
                <Skeleton w="14" h="14" rounded="lg" />
                <Stack flex="1" gap="2">
                  <Skeleton h="3.5" w="60%" />
                  <Skeleton h="3" w="80%" />
                </Stack>
              </Flex>
            ))}
          </Stack>
        }
        pane={<Box h="full" bg="bg.subtle" />}
      />
    </ChatsShell>
  );
}

export const ChatsError = routeError('Kunne ikke hente chattene', ChatsShell);
