import type { Db } from '../../../../db/client';
import type { SavedListingsRepo } from '../saved-listings';

export class SqliteSavedListingsRepo implements SavedListingsRepo {
  constructor(readonly db: Db) {}
}
