// The repository of notifications (docs/decisions/018-postgresql.md): implemented in store/sqlite/notifications.ts and store/pg/notifications.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the aggregate's services move over
export interface NotificationsRepo {}
