import type { Db } from '../../../../db/client';
import type { PhotosRepo } from '../photos';

export class SqlitePhotosRepo implements PhotosRepo {
  constructor(readonly db: Db) {}
}
