import type { PgDb } from '../../../../db/pg/client';
import type { SavedListingsRepo } from '../saved-listings';

export class PgSavedListingsRepo implements SavedListingsRepo {
  constructor(readonly db: PgDb) {}
}
