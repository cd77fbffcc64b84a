// The repository of users and sessions (docs/decisions/018-postgresql.md): implemented in store/sqlite/users.ts and store/pg/users.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the aggregate's services move over
export interface UsersRepo {}
