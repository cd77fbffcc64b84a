import type { Db } from '../../../../db/client';
import type { ListingsRepo } from '../listings';

export class SqliteListingsRepo implements ListingsRepo {
  constructor(readonly db: Db) {}
}
