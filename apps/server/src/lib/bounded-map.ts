/**
 * A Map that holds at most `capacity` entries, dropping the longest-held one when full, and,
 * given `idleMs`, also the entries nobody has read or set for that long. Without the idle
 * rule a cache of people fills up to its capacity with everyone who ever came, long after
 * they left (issue 28: the soak's live heap grew with every guest); with it, it holds about
 * the people active in the last `idleMs`. Idle entries are swept while the map is used (at a
 * `set`, at most once per half of `idleMs`), so no timer keeps anything alive.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; usedAt: number }>();
  private sweptAt = 0;

  constructor(
    private readonly capacity: number,
    private readonly idleMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.idleMs !== Number.POSITIVE_INFINITY) entry.usedAt = this.now();
    return entry.value;
  }

  set(key: K, value: V): void {
    const now = this.now();
    this.sweepIdle(now);
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      // Maps iterate in insertion order: the first key is the longest-held entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, usedAt: now });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  private sweepIdle(now: number): void {
    if (this.idleMs === Number.POSITIVE_INFINITY || now - this.sweptAt < this.idleMs / 2) return;
    this.sweptAt = now;
    for (const [key, entry] of this.entries) if (now - entry.usedAt >= this.idleMs) this.entries.delete(key);
  }
}
