import { Alert, Box, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { MessageCirclePlus } from 'lucide-react';
import { useState } from 'react';
import { CHAT_OWN_LISTING_MESSAGE, CHAT_TEXTS } from '../../../shared/schemas/chat';
import { errorMessage } from '../../lib/server-errors';
import { formatPrice } from '../../../shared/format';
import { useTRPC } from '../../trpc';
import { ChatThumb } from './chat-thumb';
import { Composer } from './composer';
import { PaneHeader } from './conversation';
import { useStartChat } from './use-chat-actions';

// New-chat mode of /chats (docs/product/screens.md#chats): the first message to a listing's seller. The listing is
// shown so the buyer sees whom and what they are writing about (it is usually cached from the listing page).

export function NewChatPane({ listingId, sellerId, onBack }: { listingId: number; sellerId: number; onBack?: () => void }) {
  const trpc = useTRPC();
  const listing = useQuery(trpc.listings.byId.queryOptions({ id: listingId }, { retry: false }));
  const start = useStartChat();
  const [text, setText] = useState('');
  const l = listing.data;
  const seller = l ? l.seller.displayName?.trim() || l.seller.name : '';

  return (
    <Flex direction="column" h="full" minH="0" data-testid="new-chat">
      <PaneHeader onBack={onBack}>
        <Heading as="h2" fontSize="md" fontWeight="semibold">
          {CHAT_TEXTS.newChatTitle}
        </Heading>
      </PaneHeader>
      <Flex flex="1" minH="0" overflowY="auto" direction="column" align="center" justify="center" gap="5" px="6" py="6" bg="bg.subtle" textAlign="center">
        <Flex w="14" h="14" rounded="full" bg="brand.subtle" color="brand.solid" align="center" justify="center">
          <MessageCirclePlus size={28} aria-hidden />
        </Flex>
        <Stack gap="1" maxW="sm">
          <Text fontWeight="semibold">{CHAT_TEXTS.newChatHint}</Text>
          <Text color="fg.muted" fontSize="sm">
            Selgeren får beskjed med en gang, og svaret kommer her.
          </Text>
        </Stack>
        {listing.isPending ? (
          <Skeleton h="16" w="full" maxW="sm" rounded="xl" />
        ) : listing.isError ? (
          <Alert.Root status="warning" maxW="sm" rounded="lg" textAlign="start">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(listing.error, 'Fant ikke annonsen.')}</Alert.Title>
          </Alert.Root>
        ) : l ? (
          <HStack gap="3" bg="bg" borderWidth="1px" borderColor="border.muted" rounded="xl" p="3" w="full" maxW="sm" textAlign="start" shadow="xs" data-testid="new-chat-listing">
            <ChatThumb src={l.imageDetails?.[0]?.thumbUrl ?? l.images[0]} alt={`${l.make} ${l.model}`} />
            <Box minW="0">
              <Text fontWeight="semibold" fontSize="sm" truncate>
                {`${l.make} ${l.model} ${l.year}`}
              </Text>
              <Text fontSize="xs" color="fg.muted" truncate>
                {formatPrice((l.price || 0) + (l.registrationFee || 0))} · Selger: {seller}
              </Text>
            </Box>
          </HStack>
        ) : null}
      </Flex>
      <Composer
        value={text}
        onChange={setText}
        pending={start.isPending}
        label="Første melding"
        onSend={(message) => start.mutate({ listingId, sellerId, message })}
        closed={l?.isOwner ? CHAT_OWN_LISTING_MESSAGE : undefined}
      />
    </Flex>
  );
}
