import { assertAxes, assertBox, assertBoxes } from './sweep-checks.js';

/**
 * Each body's fat box (Box2D's fat AABB): a box that holds the body's swept box with room to spare,
 * kept until the swept box leaves it. The sorted lists hold the fat boxes, so a body that moves
 * a little inside its fat box changes nothing in them: no swaps, and the held pairs stay. The pairs
 * the lists hold are those of the fat boxes, a superset of the swept boxes' pairs (each swept box
 * lies in its fat box); a search keeps those whose own boxes overlap.
 *
 * A box that leaves is made fat again around where it is now, grown on every side by half its
 * largest side: enough to absorb to-and-fro motion of up to half the body's size (and, for a fast
 * body whose swept box is long, of half its step) without a change to the lists. Fat boxes of
 * neighbours then overlap more often than their swept boxes; the step keeps only the held pairs
 * whose own boxes meet (a test of two boxes a pair, against the swaps and pair changes a smaller
 * room costs each time a body drifts out: on the bench's lattice, a quarter of the side made 142 fat
 * boxes anew and 2.8·10⁵ swaps a step, half of it none).
 *
 * @example
 * ```ts
 * import { FatBoxes } from '@firsttouch/world';
 * const fat = new FatBoxes(2);
 * fat.append();
 * console.log(fat.refit(new Float64Array([0, 0, 1, 1])), fat.refit(new Float64Array([0.1, 0, 1.1, 1]))); // 1 0
 * ```
 */
export class FatBoxes {
  /** 2 or 3 axes. */
  readonly dim: 2 | 3;
  #count = 0;
  /** `dim` mins then `dim` maxes a box. */
  #fat = new Float64Array(0);

  /** @throws `FirstTouchError` `INVALID_OPTION` for a `dim` other than 2 or 3. */
  constructor(dim: 2 | 3) {
    assertAxes(dim, 'FatBoxes');
    this.dim = dim;
  }

  /**
   * The fat boxes, `2 · dim` numbers a box; a view, valid until the next change.
   *
   * @example
   * ```ts
   * import { FatBoxes } from '@firsttouch/world';
   * const fat = new FatBoxes(2);
   * fat.append();
   * fat.refit(new Float64Array([0, 0, 4, 2]));
   * console.log(Array.from(fat.boxes())); // [-2, -2, 6, 4]
   * ```
   */
  boxes(): Float64Array {
    return this.#fat.subarray(0, 2 * this.dim * this.#count);
  }

  /**
   * Adds a box as the last one; it has no room yet (the next `refit` makes it fat).
   *
   * @example
   * ```ts
   * import { FatBoxes } from '@firsttouch/world';
   * const fat = new FatBoxes(3);
   * console.log(fat.append(), fat.append()); // 0 1
   * ```
   */
  append(): number {
    const n = this.#count;
    const w = 2 * this.dim;
    if (this.#fat.length < w * (n + 1)) {
      const grown = new Float64Array(w * Math.max(16, 2 * (n + 1)));
      grown.set(this.#fat);
      this.#fat = grown;
    }
    // an empty box (min > max): holds nothing, so the next refit replaces it
    for (let a = 0; a < this.dim; a++) {
      this.#fat[w * n + a] = Number.POSITIVE_INFINITY;
      this.#fat[w * n + this.dim + a] = Number.NEGATIVE_INFINITY;
    }
    this.#count = n + 1;
    return n;
  }

  /**
   * Removes box k; the boxes after it are numbered one lower.
   *
   * @example
   * ```ts
   * import { FatBoxes } from '@firsttouch/world';
   * const fat = new FatBoxes(2);
   * fat.append();
   * fat.append();
   * fat.remove(0);
   * console.log(fat.boxes().length); // 4
   * ```
   */
  remove(k: number): void {
    assertBox(k, this.#count, 'FatBoxes.remove');
    const w = 2 * this.dim;
    this.#fat.copyWithin(w * k, w * (k + 1), w * this.#count);
    this.#count--;
  }

  /**
   * Takes each body's box `reach` (any box that holds its swept box, `2 · dim` numbers a body) and
   * makes the fat box of each one that left its own anew. Returns how many did (0: the fat boxes,
   * and so the sorted lists and their pairs, are as they were).
   *
   * @example
   * ```ts
   * import { FatBoxes } from '@firsttouch/world';
   * const fat = new FatBoxes(2);
   * fat.append();
   * fat.refit(new Float64Array([0, 0, 1, 1]));
   * // a move of a tenth stays inside; a move of 0.6 leaves
   * console.log(fat.refit(new Float64Array([0.1, 0, 1.1, 1])), fat.refit(new Float64Array([0.6, 0, 1.6, 1]))); // 0 1
   * ```
   */
  refit(reach: Float64Array): number {
    const dim = this.dim;
    const w = 2 * dim;
    const F = this.#fat;
    const n = this.#count;
    assertBoxes(reach, w * n, 'FatBoxes.refit');
    let changed = 0;
    for (let i = 0; i < n; i++) {
      const o = w * i;
      let inside = true;
      for (let a = 0; a < dim; a++) {
        if (reach[o + a] < F[o + a] || reach[o + dim + a] > F[o + dim + a]) {
          inside = false;
          break;
        }
      }
      if (inside) continue;
      let side = 0;
      for (let a = 0; a < dim; a++) {
        const s = reach[o + dim + a] - reach[o + a];
        if (s > side) side = s;
      }
      const room = 0.5 * side;
      for (let a = 0; a < dim; a++) {
        const lo = reach[o + a] - room;
        const hi = reach[o + dim + a] + room;
        // (room 0, lost to rounding far from the origin, or overflowing: the box itself still holds
        // the swept box)
        F[o + a] = lo < reach[o + a] && lo > Number.NEGATIVE_INFINITY ? lo : reach[o + a];
        F[o + dim + a] = hi > reach[o + dim + a] && hi < Number.POSITIVE_INFINITY ? hi : reach[o + dim + a];
      }
      changed++;
    }
    return changed;
  }
}
