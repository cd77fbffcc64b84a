// The repository of chats and their messages (docs/decisions/018-postgresql.md): implemented in store/sqlite/chats.ts and store/pg/chats.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the aggregate's services move over
export interface ChatsRepo {}
