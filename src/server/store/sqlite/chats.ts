import type { Db } from '../../../../db/client';
import type { ChatsRepo } from '../chats';

export class SqliteChatsRepo implements ChatsRepo {
  constructor(readonly db: Db) {}
}
