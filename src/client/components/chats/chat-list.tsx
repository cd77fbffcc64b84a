import { Badge, Box, Button, Checkbox, Flex, HStack, IconButton, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Star, Trash2 } from 'lucide-react';
import { CHAT_TEXTS, chatCarName, chatPartyName, type ChatShape } from '../../../shared/schemas/chat';
import { ChatThumb } from './chat-thumb';
import { formatFullTime, formatListDate } from './format';
import { ChatsEmpty } from './chats-empty';

// The left side of /chats (docs/product/screens.md#chats): every conversation with a checkbox, the other party with the
// name fallbacks, the unread badge, the car, the last message's date and the listing's first photo, and the mark.

interface ChatListProps {
  chats: ChatShape[];
  selectedId?: number;
  checked: Set<number>;
  onCheck: (chatId: number, on: boolean) => void;
  onCheckAll: (on: boolean) => void;
  onDeleteChecked: () => void;
  deleting: boolean;
  onMark: (chat: ChatShape) => void;
  markingId?: number;
}

export function ChatList(props: ChatListProps) {
  const { chats, checked, onCheckAll, onDeleteChecked, deleting } = props;
  const all = chats.length > 0 && chats.every((c) => checked.has(c.id));
  const some = !all && chats.some((c) => checked.has(c.id));
  const count = chats.filter((c) => checked.has(c.id)).length;
  return (
    <Flex direction="column" h="full" minH="0">
      <HStack px="3" py="2.5" gap="3" borderBottomWidth="1px" borderColor="border.muted" bg="bg" minH="12">
        <Checkbox.Root
          size="sm"
          colorPalette="brand"
          checked={all ? true : some ? 'indeterminate' : false}
          onCheckedChange={(e) => onCheckAll(e.checked === true)}
          disabled={chats.length === 0}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontSize="sm" color="fg.muted" fontWeight="medium">
            {count > 0 ? `${count} valgt` : 'Velg alle'}
          </Checkbox.Label>
        </Checkbox.Root>
        <Button size="xs" variant={count > 0 ? 'solid' : 'ghost'} colorPalette="red" ms="auto" disabled={count === 0} loading={deleting} onClick={onDeleteChecked}>
          <Trash2 size={14} aria-hidden /> {CHAT_TEXTS.deleteSelected}
        </Button>
      </HStack>
      {chats.length === 0 ? (
        <ChatsEmpty flex="1" size="sm" title="Ingen chatter ennå" text="Trykk «Start chat» på en annonse for å skrive til selgeren.">
          <Button asChild size="sm" colorPalette="brand" variant="outline">
            <Link to="/annonser">Søk biler</Link>
          </Button>
        </ChatsEmpty>
      ) : (
        <Box as="ul" flex="1" overflowY="auto" aria-label="Chatter" data-testid="chat-list">
          {chats.map((c) => (
            <ChatRow key={c.id} chat={c} {...props} />
          ))}
        </Box>
      )}
    </Flex>
  );
}

function ChatRow({ chat: c, selectedId, checked, onCheck, onMark, markingId }: ChatListProps & { chat: ChatShape }) {
  const name = chatPartyName(c.otherUser);
  const car = chatCarName(c);
  const selected = c.id === selectedId;
  const unread = c.unreadCount > 0;
  return (
    <LinkBox
      as="li"
      listStyleType="none"
      data-testid="chat-row"
      data-marked={c.marked || undefined}
      display="flex"
      alignItems="center"
      gap="3"
      ps="3"
      pe="2"
      py="3"
      borderBottomWidth="1px"
      borderColor="border.muted"
      borderStartWidth="3px"
      borderStartColor={selected ? 'brand.solid' : c.marked ? 'accent.400' : 'transparent'}
      bg={selected ? 'brand.subtle' : c.marked ? 'accent.subtle' : 'bg'}
      transition="background 0.15s"
      _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
    >
      <Checkbox.Root
        size="sm"
        colorPalette="brand"
        position="relative"
        zIndex="1"
        checked={checked.has(c.id)}
        onCheckedChange={(e) => onCheck(c.id, e.checked === true)}
      >
        <Checkbox.HiddenInput aria-label={`Velg chatten med ${name} om ${car}`} />
        <Checkbox.Control />
      </Checkbox.Root>
      <ChatThumb src={c.listing?.thumbUrl} alt={car} />
      <Stack gap="0.5" flex="1" minW="0">
        <HStack gap="2" justify="space-between">
          <LinkOverlay asChild>
            <Link to="/chats" search={{ chat: c.id }} aria-current={selected ? 'page' : undefined}>
              <Text as="span" truncate fontWeight={unread ? 'bold' : 'semibold'} fontSize="sm" display="block">
                {name}
              </Text>
            </Link>
          </LinkOverlay>
          <Text as="span" fontSize="xs" color={unread ? 'brand.fg' : 'fg.muted'} fontWeight={unread ? 'semibold' : 'normal'} flexShrink={0}>
            {c.lastMessageAt ? (
              <time dateTime={c.lastMessageAt} title={formatFullTime(c.lastMessageAt)}>
                {formatListDate(c.lastMessageAt)}
              </time>
            ) : (
              CHAT_TEXTS.noMessages
            )}
          </Text>
        </HStack>
        <Text fontSize="xs" color="fg.muted" truncate data-testid="chat-car">
          {car}
        </Text>
        <HStack gap="2">
          <Text fontSize="sm" color={unread ? 'fg' : 'fg.muted'} truncate flex="1" minW="0">
            {c.lastMessagePreview ?? ''}
          </Text>
          {unread && (
            <Badge colorPalette="red" variant="solid" rounded="full" size="sm" data-testid="unread-badge" aria-label={`${c.unreadCount} uleste`}>
              {c.unreadCount}
            </Badge>
          )}
        </HStack>
      </Stack>
      <IconButton
        size="xs"
        variant="ghost"
        colorPalette={c.marked ? 'accent' : 'gray'}
        position="relative"
        zIndex="1"
        aria-label={c.marked ? `Fjern markering av chatten med ${name}` : `Marker chatten med ${name}`}
        aria-pressed={c.marked}
        loading={markingId === c.id}
        onClick={() => onMark(c)}
        color={c.marked ? 'accent.500' : 'fg.subtle'}
      >
        <Star size={16} fill={c.marked ? 'currentColor' : 'none'} aria-hidden />
      </IconButton>
    </LinkBox>
  );
}
