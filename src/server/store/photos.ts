// The repository of listing photos: staged uploads, their bounds, attachment, the clean-up and the medium-size backfill (docs/decisions/018-postgresql.md): implemented in store/sqlite/photos.ts and store/pg/photos.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the aggregate's services move over
export interface PhotosRepo {}
