import { Badge, Box, Container, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CHAT_TEXTS, chatCarName, chatPartyName } from '../../../shared/schemas/chat';
import { useTRPC } from '../../trpc';
import { Conversation } from './conversation';
import { formatListDate } from './format';
import { chatListQuery } from './queries';
import { RowButton } from '../row-button';

// /chats-old (docs/product/screens.md#chats-old): the older, simpler page — a plain list and a message pane over the
// same queries as /chats (so it is live too), without selection, marking or new-chat mode.

export function ChatsOldPage() {
  const trpc = useTRPC();
  const { data: chats } = useSuspenseQuery(chatListQuery(trpc));
  const [openId, setOpenId] = useState<number | undefined>();
  const open = chats.find((c) => c.id === openId);

  return (
    <Container maxW="6xl" py={{ base: 5, md: 8 }}>
      <Flex align="baseline" justify="space-between" gap="3" mb="5" wrap="wrap">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }}>
          Meldinger
        </Heading>
        <ChakraLink asChild fontSize="sm" color="brand.fg">
          <Link to="/chats">Til den nye meldingssiden</Link>
        </ChakraLink>
      </Flex>
      <Flex direction={{ base: 'column', md: 'row' }} gap="4" align="stretch">
        <Box as="ul" w={{ base: 'full', md: '300px' }} flexShrink={0} bg="bg" borderWidth="1px" rounded="md" maxH={{ md: '500px' }} overflowY="auto">
          {chats.length === 0 && (
            <Text as="li" listStyleType="none" p="4" color="fg.muted" fontSize="sm">
              Ingen chatter ennå
            </Text>
          )}
          {chats.map((c) => (
            <Box as="li" key={c.id} listStyleType="none" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
              <RowButton active={c.id === openId} onClick={() => setOpenId(c.id)} data-testid="old-chat-row">
                <Flex justify="space-between" gap="2">
                  <Text fontWeight="semibold" fontSize="sm" truncate>
                    {chatPartyName(c.otherUser)}
                  </Text>
                  {c.unreadCount > 0 && (
                    <Badge colorPalette="red" variant="solid" rounded="full" size="sm">
                      {c.unreadCount}
                    </Badge>
                  )}
                </Flex>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {chatCarName(c)} · {c.lastMessageAt ? formatListDate(c.lastMessageAt) : CHAT_TEXTS.noMessages}
                </Text>
              </RowButton>
            </Box>
          ))}
        </Box>
        <Box flex="1" minW="0" h="500px" bg="bg" borderWidth="1px" rounded="md" overflow="hidden">
          {open ? (
            <Conversation key={open.id} chatId={open.id} chat={open} />
          ) : (
            <Stack h="full" align="center" justify="center" color="fg.muted">
              <Text>{CHAT_TEXTS.selectChat}</Text>
            </Stack>
          )}
        </Box>
      </Flex>
    </Container>
  );
}
