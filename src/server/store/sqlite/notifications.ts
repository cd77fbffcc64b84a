import type { Db } from '../../../../db/client';
import type { NotificationsRepo } from '../notifications';

export class SqliteNotificationsRepo implements NotificationsRepo {
  constructor(readonly db: Db) {}
}
