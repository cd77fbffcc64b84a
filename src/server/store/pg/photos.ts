import type { PgDb } from '../../../../db/pg/client';
import type { PhotosRepo } from '../photos';

export class PgPhotosRepo implements PhotosRepo {
  constructor(readonly db: PgDb) {}
}
