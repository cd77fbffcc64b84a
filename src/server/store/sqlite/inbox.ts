import type { Db } from '../../../../db/client';
import type { InboxRepo } from '../inbox';

export class SqliteInboxRepo implements InboxRepo {
  constructor(readonly db: Db) {}
}
