import type { PgDb } from '../../../../db/pg/client';
import * as tables from '../../../../db/pg/schema';
import { insertNotification, type NewNotification, type NotificationRow } from '../notifications';
import { pgDialect } from './dialect';

// Transitional: the PostgreSQL insert for the repositories not yet written once.
export { NOTIFICATION_ORDER_LOCK } from '../notifications';
export function insertNotificationPg(tx: Pick<PgDb, 'insert' | 'execute'>, userId: number, n: NewNotification): Promise<NotificationRow> {
  return insertNotification(tx as never, { t: tables, d: pgDialect }, userId, n);
}
