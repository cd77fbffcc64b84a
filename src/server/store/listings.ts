// The repository of listings, their photos, revisions, moderation and inquiries (docs/decisions/018-postgresql.md): implemented in store/sqlite/listings.ts and store/pg/listings.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the aggregate's services move over
export interface ListingsRepo {}
