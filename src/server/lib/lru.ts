/**
 * The server's one LRU map, with an optional time-to-live per entry: the upstream clients' caches (with a TTL) and the
 * search's per-version caches (without). Map keeps insertion order, so the first key is the least recently used; a
 * hit moves its key to the end.
 */
export class TtlLru<V> {
  private entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly max: number,
    /** Infinity: entries live until evicted or cleared. */
    private readonly defaultTtlMs = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.expiresAt !== Infinity && hit.expiresAt <= this.now()) return undefined;
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V, ttlMs: number = this.defaultTtlMs) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: ttlMs === Infinity ? Infinity : this.now() + ttlMs });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The cached value, computed and stored on a miss. */
  getOrSet(key: string, compute: () => V): V {
    let v = this.get(key);
    if (v === undefined) this.set(key, (v = compute()));
    return v;
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
