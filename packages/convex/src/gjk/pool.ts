/**
 * A get/release pool of caller-state objects for the convenience calls (`shapeDistance`,
 * `castShape`): a call borrows one, runs, and gives it back, so that repeated calls reuse the same
 * scratch without a module-level object in use, and a call made from within another (a pose's
 * getter calling back) simply borrows a second one. `release` runs `clear` first, so that a pooled
 * object holds no shape between calls.
 */
export class Pool<T> {
  readonly #free: T[] = [];
  readonly #make: () => T;
  readonly #clear: (item: T) => void;
  /** Objects kept at most; more are left to the collector. */
  readonly #limit: number;

  constructor(make: () => T, clear: (item: T) => void, limit = 4) {
    this.#make = make;
    this.#clear = clear;
    this.#limit = limit;
  }

  /** A free object, or a new one. */
  get(): T {
    return this.#free.pop() ?? this.#make();
  }

  /** Gives `item` back, cleared. */
  release(item: T): void {
    this.#clear(item);
    if (this.#free.length < this.#limit) this.#free.push(item);
  }

  /** Free objects held (for tests). */
  get size(): number {
    return this.#free.length;
  }
}
