// The repository of the inbox (contact and feedback) and the admin audit log (docs/decisions/018-postgresql.md): implemented in store/sqlite/inbox.ts and store/pg/inbox.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the aggregate's services move over
export interface InboxRepo {}
