// The repository of saved listings (docs/decisions/018-postgresql.md): implemented in store/sqlite/saved-listings.ts and store/pg/saved-listings.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the aggregate's services move over
export interface SavedListingsRepo {}
