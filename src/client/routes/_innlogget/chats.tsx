import { createFileRoute } from '@tanstack/react-router';
import { validateChatSearch } from '../../components/chats/chat-search';
import { ChatsError, ChatsPage, ChatsPending } from '../../components/chats/chats-page';
import { chatListQuery } from '../../components/chats/queries';
import { pageHead } from '../../components/layout/page-title';
import { loadForUser } from '../../lib/guarded-loader';

// docs/product/screens.md#chats. The page lives in components/chats so the router's code splitting keeps it (and the
// chat schema's zod) out of the first load; the search validation and the loader here stay small.
export const Route = createFileRoute('/_innlogget/chats')({
  head: () => pageHead('Meldinger'),
  validateSearch: validateChatSearch,
  staticData: { loginRequired: { title: 'Logg inn påkrevd', description: 'Logg inn for å se meldingene dine.' } },
  loader: loadForUser(chatListQuery),
  pendingComponent: ChatsPending,
  errorComponent: ChatsError,
  component: ChatsPage,
});
