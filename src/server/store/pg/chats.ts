import type { PgDb } from '../../../../db/pg/client';
import type { ChatsRepo } from '../chats';

export class PgChatsRepo implements ChatsRepo {
  constructor(readonly db: PgDb) {}
}
