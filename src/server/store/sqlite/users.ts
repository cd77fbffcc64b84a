import type { Db } from '../../../../db/client';
import type { UsersRepo } from '../users';

export class SqliteUsersRepo implements UsersRepo {
  constructor(readonly db: Db) {}
}
