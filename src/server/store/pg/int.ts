// PostgreSQL's integer columns hold 32 bits, and a parameter outside them is an error (22003), where SQLite just finds
// no row. Ids from requests are only checked to be positive integers, so a repository asks this first and answers as
// for a missing row; the replay's "after id" is clamped instead (nothing is stored above the largest integer).

export const PG_INT_MAX = 2_147_483_647;

/** Whether `id` can be a row's id (an integer column's value). */
export const isPgInt = (id: number) => Number.isSafeInteger(id) && id >= -PG_INT_MAX - 1 && id <= PG_INT_MAX;

/** An "after this id" bound as an integer parameter: beyond the largest id, nothing comes after. */
export const afterIdParam = (afterId: number) => Math.min(afterId, PG_INT_MAX);
