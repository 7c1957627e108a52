/**
 * A get/release pool of reusable objects (three-mesh-bvh's `PrimitivePool`): what a convenience
 * call borrows instead of allocating its scratch at every call, or keeping it in a module-level
 * object. `release` first calls `clear` on the object, which drops every reference it holds to a
 * body (the surfaces or curves it was pointed at, and anything derived from them): the pool holds
 * scratch only, so a body queried once can be collected once its caller lets go of it. A call that
 * starts another from within (a getter of an argument calling back) simply gets another object.
 * At most `size` objects are kept; more are left to the collector.
 *
 * Not exported by the package's main entry (`@firsttouch/mesh/internal`).
 *
 * @example
 * ```ts
 * import { Pool } from '@firsttouch/mesh/internal';
 * const pool = new Pool<{ body: object | undefined }>(2, (o) => {
 *   o.body = undefined;
 * });
 * const item = pool.get() ?? { body: undefined };
 * item.body = {};
 * pool.release(item);
 * console.log(pool.get() === item, item.body); // true undefined
 * ```
 */
export class Pool<T> {
  readonly #free: T[] = [];
  readonly #size: number;
  readonly #clear: ((item: T) => void) | undefined;

  constructor(size: number, clear?: (item: T) => void) {
    this.#size = size;
    this.#clear = clear;
  }

  /** A released object, or undefined when none is free (the caller makes one). */
  get(): T | undefined {
    return this.#free.pop();
  }

  /** Gives an object back: cleared of its bodies, and kept when the pool has room. */
  release(item: T): void {
    this.#clear?.(item);
    if (this.#free.length < this.#size) this.#free.push(item);
  }
}
