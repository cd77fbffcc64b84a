import { createFileRoute } from '@tanstack/react-router';
import { ChatsOldPage } from '../../components/chats/chats-old-page';
import { chatListQuery } from '../../components/chats/queries';
import { loadForUser } from '../../lib/guarded-loader';

// docs/product/screens.md#chats-old: the older, simpler chat page over the same data as /chats.
export const Route = createFileRoute('/_innlogget/chats-old')({
  staticData: { loginRequired: { title: 'Logg inn påkrevd', description: 'Logg inn for å se meldingene dine.' } },
  loader: loadForUser(chatListQuery),
  component: ChatsOldPage,
});
