import type { Store } from '../store';
import { dbQueryDuration } from './metrics';

// Database time, measured at the store layer (docs/conventions.md: services reach the database only through the
// repositories), the same way on both stores: each repository method is timed, labelled `repository.method`. A method
// answering a Promise is timed until it settles; one answering at once (SQLite's synchronous reads) as it returns.

const REPOSITORIES = ['users', 'listings', 'photos', 'chats', 'notifications', 'inbox', 'savedListings', 'searchSource'] as const;

/** The store with every repository method timed into bilpartner_db_query_duration_seconds; `store` itself is unchanged. */
export function timedStore<S extends Store>(store: S): S {
  const timed = { ...store } as S;
  for (const name of REPOSITORIES) (timed as unknown as Record<string, unknown>)[name] = timedRepository(store[name] as object, name, store.dialect);
  return timed;
}

function timedRepository<R extends object>(repo: R, name: string, dialect: string): R {
  // Inherits the repository's fields; its methods are replaced by own properties that call the original on `repo`.
  const timed = Object.create(repo) as Record<string, unknown>;
  for (const key of methodNames(repo)) {
    const method = (repo as Record<string, unknown>)[key] as (...args: unknown[]) => unknown;
    const child = dbQueryDuration.labels({ store: dialect, operation: `${name}.${key}` });
    timed[key] = function (...args: unknown[]) {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      const result = method.apply(repo, args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).finally(() => child.observe(seconds()));
      }
      child.observe(seconds());
      return result;
    };
  }
  return timed as R;
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
