import { Badge, Box, Button, Card, Flex, Heading, HStack, Skeleton, SkeletonText, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Check, CircleCheck, CircleX, Info, MessageCircle, SquareArrowOutUpRight, Trash2, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatAge, formatDateTime } from '../../../shared/format';
import { NOTIFICATION_TEXTS, NOTIFICATION_TYPE_LABELS, type NotificationShape, type NotificationType } from '../../../shared/schemas/notification';
import type { Palette } from '../../theme';

// One notification on /varslinger (docs/product/screens.md#varslinger): icon and badge by type, title, message, age,
// unread dot and highlight, 'Merk som lest' while unread, delete.

const LOOK: Record<NotificationType, { icon: LucideIcon; palette: Palette }> = {
  success: { icon: CircleCheck, palette: 'green' },
  error: { icon: CircleX, palette: 'red' },
  warning: { icon: TriangleAlert, palette: 'orange' },
  info: { icon: Info, palette: 'blue' },
};

const positiveInt = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);

export interface NotificationCardProps {
  notification: NotificationShape;
  /** Milliseconds since the epoch the ages are counted from (ticks on the page, so 'Akkurat nå' ages by itself). */
  now: number;
  /** A card that arrived while the page was open eases in. */
  fresh?: boolean;
  markingRead: boolean;
  onMarkRead: () => void;
  onDelete: () => void;
  /** The user follows the card's link (to the chat or the listing). */
  onOpen: () => void;
}

export function NotificationCard({ notification: n, now, fresh, markingRead, onMarkRead, onDelete, onOpen }: NotificationCardProps) {
  const look = LOOK[n.type] ?? LOOK.info;
  const Icon = look.icon;
  const unread = !n.read;
  // Where it came from (data of the producer: an inquiry or approval carries listingId, a new chat chatId too).
  const chatId = positiveInt(n.data?.chatId);
  const listingId = positiveInt(n.data?.listingId);

  return (
    <Card.Root
      as="li"
      size="sm"
      position="relative"
      overflow="hidden"
      bg={unread ? 'brand.subtle' : 'bg'}
      borderColor={unread ? 'brand.emphasized' : 'border'}
      transition="background-color 0.25s, border-color 0.25s"
      animation={fresh ? 'fade-in 0.35s ease-out, slide-from-top 0.35s ease-out' : undefined}
      data-testid="notification"
      data-read={n.read}
      data-type={n.type}
    >
      {unread && <Box position="absolute" insetStart="0" top="0" bottom="0" w="1" bg="brand.solid" aria-hidden />}
      <Card.Body px={{ base: 4, md: 5 }} py="4">
        <Flex gap={{ base: 3, md: 4 }} align="start">
          <Flex
            flexShrink={0}
            boxSize={{ base: 9, md: 10 }}
            rounded="full"
            align="center"
            justify="center"
            bg={`${look.palette}.muted`}
            color={`${look.palette}.fg`}
            aria-hidden
          >
            <Icon size={20} />
          </Flex>

          <Stack flex="1" minW="0" gap="1.5">
            <Flex gap="3" justify="space-between" align="start">
              <Flex gap="2" align="center" wrap="wrap" minW="0">
                <Heading as="h2" textStyle="md" fontWeight={unread ? 'bold' : 'semibold'} lineHeight="short" overflowWrap="anywhere">
                  {n.title}
                </Heading>
                <Badge colorPalette={look.palette} variant="subtle" size="sm" data-testid="notification-type">
                  {NOTIFICATION_TYPE_LABELS[n.type]}
                </Badge>
              </Flex>
              <HStack gap="2" flexShrink={0} pt="0.5">
                <Text asChild textStyle="xs" color="fg.muted" whiteSpace="nowrap">
                  <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)} data-testid="notification-age">
                    {formatAge(n.createdAt, now)}
                  </time>
                </Text>
                {unread && (
                  <Box boxSize="2.5" rounded="full" bg="brand.solid" data-testid="unread-dot">
                    <VisuallyHidden>Ulest</VisuallyHidden>
                  </Box>
                )}
              </HStack>
            </Flex>

            {/* Inquiries carry the buyer's contact line and their own line breaks. */}
            <Text textStyle="sm" color="fg.muted" whiteSpace="pre-line" overflowWrap="anywhere" data-testid="notification-message">
              {n.message}
            </Text>

            <Flex gap="2" wrap="wrap" align="center" pt="1.5">
              {chatId ? (
                <Button asChild size="xs" variant="outline" bg="bg">
                  <Link to="/chats" search={{ chat: chatId }} onClick={onOpen}>
                    <MessageCircle size={14} aria-hidden /> Åpne chat
                  </Link>
                </Button>
              ) : (
                listingId && (
                  <Button asChild size="xs" variant="outline" bg="bg">
                    <Link to="/listing/$id" params={{ id: String(listingId) }} onClick={onOpen}>
                      <SquareArrowOutUpRight size={14} aria-hidden /> Se annonse
                    </Link>
                  </Button>
                )
              )}
              {unread && (
                <Button size="xs" variant="ghost" colorPalette="brand" loading={markingRead} onClick={onMarkRead}>
                  <Check size={14} aria-hidden /> {NOTIFICATION_TEXTS.markRead}
                </Button>
              )}
              <Button size="xs" variant="ghost" colorPalette="red" ms="auto" onClick={onDelete} aria-label={`Slett varslingen «${n.title}»`}>
                <Trash2 size={14} aria-hidden /> Slett
              </Button>
            </Flex>
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

export function NotificationCardSkeleton() {
  return (
    <Card.Root size="sm" as="li">
      <Card.Body px={{ base: 4, md: 5 }} py="4">
        <Flex gap={{ base: 3, md: 4 }} align="start">
          <Skeleton boxSize={{ base: 9, md: 10 }} rounded="full" flexShrink={0} />
          <Stack flex="1" gap="2.5">
            <Flex justify="space-between" gap="3">
              <Skeleton h="5" w="55%" />
              <Skeleton h="4" w="16" />
            </Flex>
            <SkeletonText noOfLines={2} gap="2" />
            <HStack pt="1">
              <Skeleton h="6" w="24" />
              <Skeleton h="6" w="28" />
            </HStack>
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

export function NotificationList({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-busy={busy || undefined} data-testid="notifications">
      {children}
    </Stack>
  );
}
