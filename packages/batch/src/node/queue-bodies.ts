// The bodies a queue worker keeps: the most recently used, at most `max` of them, except that a body
// a job in hand still names is never dropped (the cache then holds more until the job is done).

/** A worker's bodies by id, least recently used first, with the jobs in hand that name each. */
export class HeldBodies {
  readonly #max: number;
  readonly #drop: (id: string) => void;
  /** Ids held, least recently used first (a Set keeps insertion order). */
  readonly #held = new Set<string>();
  /** Jobs in hand that name each id: such a body is not dropped. */
  readonly #inUse = new Map<string, number>();

  /** `drop` is told each id that leaves the cache. */
  constructor(max: number, drop: (id: string) => void) {
    this.#max = max;
    this.#drop = drop;
  }

  /** Marks `ids` as named by a job in hand (call {@link HeldBodies.release} when it is done). */
  use(ids: Iterable<string>): void {
    for (const id of ids) this.#inUse.set(id, (this.#inUse.get(id) ?? 0) + 1);
  }

  /** A job that named `ids` is done: they may leave the cache again. */
  release(ids: Iterable<string>): void {
    for (const id of ids) {
      const n = (this.#inUse.get(id) ?? 1) - 1;
      if (n > 0) this.#inUse.set(id, n);
      else this.#inUse.delete(id);
    }
    this.#trim();
  }

  /** Whether `id` is held; if so it becomes the most recently used. */
  touch(id: string): boolean {
    if (!this.#held.delete(id)) return false;
    this.#held.add(id);
    return true;
  }

  /** Holds `id` (most recently used), dropping the least recently used bodies no job needs. */
  add(id: string): void {
    this.#held.delete(id);
    this.#held.add(id);
    this.#trim();
  }

  /** How many bodies are held. */
  get size(): number {
    return this.#held.size;
  }

  #trim(): void {
    if (this.#held.size <= this.#max) return;
    for (const id of [...this.#held]) {
      if (this.#held.size <= this.#max) return;
      if (this.#inUse.has(id)) continue;
      this.#held.delete(id);
      this.#drop(id);
    }
  }
}
