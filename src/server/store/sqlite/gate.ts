import { wrapRepositories } from '../repository';

// A transaction that awaits leaves better-sqlite3's one connection inside it while other requests run: every repository call on
// SQLite passes this gate, one at a time, and a call finding it free runs at once, synchronously if it can (docs/store.md#the-gate).

export class Gate {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  /** Runs `work` when no other call holds the gate, holding it until `work`'s promise (if any) settles. */
  run<T>(work: () => T): T | Promise<Awaited<T>> {
    if (this.busy) return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.hold(work) as Promise<Awaited<T>>);
    this.busy = true;
    return this.hold(work);
  }

  /** Runs `work` with the gate already held by this call, and hands the gate on when it is done. */
  private hold<T>(work: () => T): T | Promise<Awaited<T>> {
    let result: T;
    try {
      result = work();
    } catch (err) {
      this.release();
      throw err;
    }
    if (result instanceof Promise) return result.finally(() => this.release()) as Promise<Awaited<T>>;
    this.release();
    return result;
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
}

/** A copy of the store whose every repository call passes one gate (store/repository.ts wrapRepositories). */
export function gateRepositories<S extends object>(store: S): S {
  const gate = new Gate();
  return wrapRepositories(store, (_name, _method, original) => (...args) => gate.run(() => original(...args)));
}
