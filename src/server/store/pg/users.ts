import type { PgDb } from '../../../../db/pg/client';
import type { UsersRepo } from '../users';

export class PgUsersRepo implements UsersRepo {
  constructor(readonly db: PgDb) {}
}
