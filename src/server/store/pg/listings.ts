import type { PgDb } from '../../../../db/pg/client';
import type { ListingsRepo } from '../listings';

export class PgListingsRepo implements ListingsRepo {
  constructor(readonly db: PgDb) {}
}
