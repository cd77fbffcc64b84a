// The one place that reads a driver's error (docs/decisions/018-postgresql.md): a unique violation is told by its
// code and the index's name, never by matching error text elsewhere.

/** The columns SQLite names each caught unique index by when violated; '' where it names the index (docs/store.md#driver-errors). */
const SQLITE_UNIQUE_COLUMNS: Record<string, string> = {
  users_username_lower_uq: '',
  users_username_key_uq: 'users.username_key',
  users_email_lower_uq: '',
  users_unique_id_uq: 'users.unique_id',
  listing_images_storage_key_uq: 'listing_images.storage_key',
  saved_listings_user_listing_uq: 'saved_listings.user_id, saved_listings.listing_id',
  chats_listing_buyer_uq: 'chats.listing_id, chats.buyer_id',
  sessions_pkey: 'sessions.id',
};

export type UniqueIndex = keyof typeof SQLITE_UNIQUE_COLUMNS;

/** drizzle (since 0.44) wraps the driver's error in its own query error: the driver's is its `cause`. */
function driverError(err: unknown): unknown {
  const cause = (err as { cause?: unknown } | null)?.cause;
  return cause && typeof cause === 'object' && 'code' in cause ? cause : err;
}

/** True when `err` is a unique violation of `index`, on either store. */
export function isUniqueViolation(err: unknown, index: UniqueIndex): boolean {
  const e = driverError(err) as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === '23505') return e.constraint === index;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const failed = String(e.message).replace(/^UNIQUE constraint failed: /, '');
    return failed === `index '${index}'` || failed === SQLITE_UNIQUE_COLUMNS[index];
  }
  return false;
}

/** A foreign key that points nowhere (a listing or user deleted meanwhile), on either store. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (driverError(err) as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
