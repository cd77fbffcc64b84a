import type { PgDb } from '../../../../db/pg/client';
import type { InboxRepo } from '../inbox';

export class PgInboxRepo implements InboxRepo {
  constructor(readonly db: PgDb) {}
}
