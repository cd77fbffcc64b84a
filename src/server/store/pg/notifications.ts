import type { PgDb } from '../../../../db/pg/client';
import type { NotificationsRepo } from '../notifications';

export class PgNotificationsRepo implements NotificationsRepo {
  constructor(readonly db: PgDb) {}
}
