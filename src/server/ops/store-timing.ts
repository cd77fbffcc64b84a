import type { Store } from '../store';
import { wrapRepositories } from '../store/repository';
import { dbQueryDuration } from './metrics';

// Database time, measured at the store layer (docs/conventions.md: services reach the database only through the
// repositories), the same way on both stores: each method of every repository the store holds is timed, labelled
// `repository.method`. A method answering a Promise is timed until it settles; one answering at once as it returns.

/** The store with every repository method timed into bilpartner_db_query_duration_seconds; `store` itself is unchanged. */
export function timedStore<S extends Store>(store: S): S {
  return wrapRepositories(store, (name, key, method) => {
    const child = dbQueryDuration.labels({ store: store.dialect, operation: `${name}.${key}` });
    return (...args) => {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      const result = method(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).finally(() => child.observe(seconds()));
      }
      child.observe(seconds());
      return result;
    };
  });
}
