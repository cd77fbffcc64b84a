// The repository of what the search engine reads: the visible listings' rows and the change log (docs/decisions/018-postgresql.md): implemented in store/sqlite/search-source.ts and store/pg/search-source.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the aggregate's services move over
export interface SearchSource {}
