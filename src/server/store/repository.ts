import type { Db, SqlDialect, Tables } from './dialect';

/** What every repository written once is built from: the database, its tables and its dialect (store/dialect.ts). */
export type StoreParts = { db: Db; t: Tables; d: SqlDialect };

export abstract class Repository {
  readonly db: Db;
  readonly t: Tables;
  readonly d: SqlDialect;

  constructor({ db, t, d }: StoreParts) {
    [this.db, this.t, this.d] = [db, t, d];
  }
}

// A parameter beyond PostgreSQL's 32-bit integers is an error where SQLite finds no row: repositories check ids from requests first,
// answering as for a missing row, and clamp "after id" bounds (docs/store.md#ids-and-postgresqls-integer-range).
const INT_MAX = 2_147_483_647;

/** Whether `id` can be a row's id (an integer column's value). */
export const isRowId = (id: number) => Number.isSafeInteger(id) && id >= -INT_MAX - 1 && id <= INT_MAX;

/** An "after this id" bound as an integer parameter: beyond the largest id, nothing comes after. */
export const afterIdParam = (afterId: number) => Math.min(afterId, INT_MAX);

/** Rows an insert, update or delete without `returning` touched, as either driver reports it. */
export const affectedRows = (result: unknown) => {
  const r = result as { changes?: number; rowCount?: number | null };
  return r.changes ?? r.rowCount ?? 0;
};

/** `rows` grouped by `key`, each group in the order of `rows`. */
export function groupBy<R, K>(rows: Iterable<R>, key: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The columns `keys` of a table, as a select's shape: `select(columnsOf(t.listings, ['id', 'make']))`. */
export const columnsOf = <T, K extends keyof T>(table: T, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, table[k]])) as Pick<T, K>;

type Method = (...args: unknown[]) => unknown;

/** A copy of the store, each repository method replaced by `wrap(repository, method, original)`; its calls of its own stay unwrapped. */
export function wrapRepositories<S extends object>(store: S, wrap: (repository: string, method: string, original: Method) => Method): S {
  const wrapped = { ...store } as Record<string, unknown>;
  // The store's repositories, found by what they are: every object it holds but the database itself.
  for (const [name, repo] of Object.entries(store)) {
    if (name === 'db' || repo === null || typeof repo !== 'object') continue;
    // Inherits the repository's fields; its methods are replaced by own properties.
    const copy = Object.create(repo) as Record<string, unknown>;
    for (const key of methodNames(repo)) {
      const original = (repo as Record<string, Method>)[key];
      copy[key] = wrap(name, key, (...args: unknown[]) => original.apply(repo, args));
    }
    wrapped[name] = copy;
  }
  return wrapped as S;
}

/** The methods along the repository's prototype chain (class methods are not own, enumerable properties). */
function methodNames(repo: object): string[] {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(repo); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      // Getters are left alone (reading them here would run them).
      if (key !== 'constructor' && typeof Object.getOwnPropertyDescriptor(proto, key)?.value === 'function') names.add(key);
    }
  }
  for (const key of Object.keys(repo)) if (typeof (repo as Record<string, unknown>)[key] === 'function') names.add(key);
  return [...names];
}
