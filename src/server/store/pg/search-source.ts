import type { PgDb } from '../../../../db/pg/client';
import type { SearchSource } from '../search-source';

export class PgSearchSource implements SearchSource {
  constructor(readonly db: PgDb) {}
}
