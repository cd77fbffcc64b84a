import { EmptyState, VStack } from '@chakra-ui/react';
import { MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';

/** An empty part of the chats page (no chats yet, none chosen): the chat icon, a title, a line and any actions. */
export function ChatsEmpty({ title, text, children, ...root }: Omit<EmptyState.RootProps, 'title'> & { title: string; text: string; children?: ReactNode }) {
  return (
    <EmptyState.Root {...root}>
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.300">
          <MessagesSquare />
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{text}</EmptyState.Description>
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
