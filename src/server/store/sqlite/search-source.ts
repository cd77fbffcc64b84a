import type { Db } from '../../../../db/client';
import type { SearchSource } from '../search-source';

export class SqliteSearchSource implements SearchSource {
  constructor(readonly db: Db) {}
}
