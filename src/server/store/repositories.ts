import { ChatsRepo } from './chats';
import { InboxRepo } from './inbox';
import { ListingsRepo } from './listings';
import { MailQueueRepo } from './mail-queue';
import { NotificationsRepo } from './notifications';
import { ReportsRepo } from './reports';
import type { PhotosRepo } from './photos';
import { PricesRepo } from './prices';
import type { StoreParts } from './repository';
import { RegistryFactsRepo } from './registry-facts';
import { SavedListingsRepo } from './saved-listings';
import { SavedSearchesRepo } from './saved-searches';
import type { SearchSource } from './search-source';
import { UsersRepo } from './users';

/** The store's repositories over `parts`; each dialect brings the ones that differ by nature (see their files). */
export function repositories(parts: StoreParts, own: { photos: PhotosRepo; chats: ChatsRepo; searchSource: SearchSource }) {
  return {
    users: new UsersRepo(parts),
    listings: new ListingsRepo(parts),
    notifications: new NotificationsRepo(parts),
    inbox: new InboxRepo(parts),
    savedListings: new SavedListingsRepo(parts),
    savedSearches: new SavedSearchesRepo(parts),
    mailQueue: new MailQueueRepo(parts),
    registryFacts: new RegistryFactsRepo(parts),
    prices: new PricesRepo(parts),
    reports: new ReportsRepo(parts),
    ...own,
  };
}

export type Repositories = ReturnType<typeof repositories>;
