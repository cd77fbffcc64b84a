import { Alert, Box, HStack, IconButton, Text, Textarea } from '@chakra-ui/react';
import { SendHorizontal } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { CHAT_MESSAGE_MAX, CHAT_TEXTS } from '../../../shared/schemas/chat';
import { cleanMessage } from './use-chat-actions';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (content: string) => void;
  pending: boolean;
  /** The textarea's accessible name. */
  label: string;
  /** Focus the input when it appears (desktop only: on a phone it would throw the keyboard over the conversation). */
  focusOnDesktop?: boolean;
  /** Why nothing can be written here (the other party is gone, the listing is one's own): shown in the input's place. */
  closed?: string;
}

/** The foot of a chat pane: the message input, or in its place why no message can be sent. */
export function Composer({ closed, ...input }: ComposerProps) {
  if (closed) {
    return (
      <Alert.Root status="info" rounded="none" borderTopWidth="1px" size="sm">
        <Alert.Indicator />
        <Alert.Description>{closed}</Alert.Description>
      </Alert.Root>
    );
  }
  return <MessageInput {...input} />;
}

/**
 * The message input (docs/product/screens.md#chats): Enter sends, Shift+Enter inserts a newline, and sending is
 * disabled while the text is blank or a send is pending. `onSend` gets the text as the server will store it.
 */
function MessageInput({ value, onChange, onSend, pending, label, focusOnDesktop = true }: Omit<ComposerProps, 'closed'>) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const content = cleanMessage(value);
  const blocked = content === '' || pending;
  const submit = () => {
    if (blocked) return;
    onSend(content);
    // After a click on the send button too, the next message is typed straight away.
    ref.current?.focus();
  };

  useEffect(() => {
    if (focusOnDesktop && window.matchMedia('(min-width: 48em)').matches) ref.current?.focus();
  }, [focusOnDesktop]);

  return (
    <Box
      as="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      px="3"
      pt="3"
      pb="2"
      borderTopWidth="1px"
      borderColor="border.muted"
      bg="bg"
    >
      <HStack align="flex-end" gap="2">
        <Textarea
          ref={ref}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            // An IME composition's Enter picks a candidate, it does not send.
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          placeholder={CHAT_TEXTS.placeholder}
          aria-label={label}
          autoresize
          rows={1}
          maxH="32"
          maxLength={CHAT_MESSAGE_MAX}
          rounded="xl"
          bg="bg.subtle"
          borderColor="border"
          _focusVisible={{ bg: 'bg', borderColor: 'brand.400', outline: '2px solid', outlineColor: 'brand.200', outlineOffset: '0' }}
        />
        <IconButton type="submit" aria-label="Send melding" colorPalette="brand" rounded="xl" disabled={blocked} loading={pending} size="md">
          <SendHorizontal size={18} aria-hidden />
        </IconButton>
      </HStack>
      <Text fontSize="2xs" color="fg.subtle" mt="1" ps="1" display={{ base: 'none', md: 'block' }}>
        Enter sender · Shift+Enter gir ny linje
        {value.length > CHAT_MESSAGE_MAX * 0.9 && ` · ${value.length}/${CHAT_MESSAGE_MAX} tegn`}
      </Text>
    </Box>
  );
}
