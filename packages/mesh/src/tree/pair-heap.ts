import { PairArrays } from './pair-arrays.js';

/**
 * Dives after which a search without a hint goes on as the descent (both children on the stack, the
 * heap's pairs taken when the stack runs out): by then its best is near the answer, and the heap's
 * operations, about a tenth of the query, buy little more (the measurement is in DECISIONS.md).
 */
export const DIVES = 32;

/**
 * A binary min-heap of node pairs keyed by a bound, in flat typed arrays that grow by doubling and
 * are kept between descents (a descent allocates nothing once warm): the frontier of a best-first
 * search. `pop()` moves the smallest entry just past the heap and returns its slot; read it there
 * before the next `push()` overwrites it. Among equal keys the order is the heap's own (a fixed
 * function of the pushes and pops, so the same descent pops the same pairs in the same order).
 *
 * @example
 * ```ts
 * import { PairHeap } from '@firsttouch/mesh/internal';
 * const heap = new PairHeap();
 * heap.push(1, 2, 0.5);
 * heap.push(3, 4, 0.25);
 * const slot = heap.pop();
 * console.log(heap.nodes[2 * slot], heap.keys[slot], heap.size); // 3 0.25 1
 * ```
 */
export class PairHeap extends PairArrays {
  /** Adds the pair (i, j) with its key. */
  push(i: number, j: number, key: number): void {
    this.one[0] = key;
    this.pushKeyAt(i, j, this.one, 0);
  }

  /**
   * Adds the pair (i, j) with the key `src[at]`: what a search calls, so that no double crosses the
   * call (see `PairStack.pushKeyAt`).
   */
  pushKeyAt(i: number, j: number, src: Float64Array, at: number): void {
    const key = src[at];
    if (this.size === this.keys.length) this.grow();
    const nodes = this.nodes;
    const keys = this.keys;
    let x = this.size++;
    while (x > 0) {
      const p = (x - 1) >> 1;
      if (keys[p] <= key) break;
      nodes[2 * x] = nodes[2 * p];
      nodes[2 * x + 1] = nodes[2 * p + 1];
      keys[x] = keys[p];
      x = p;
    }
    nodes[2 * x] = i;
    nodes[2 * x + 1] = j;
    keys[x] = key;
  }

  /** Removes the entry of the smallest key; returns the slot (just past the heap) that now holds it. */
  pop(): number {
    const nodes = this.nodes;
    const keys = this.keys;
    const n = --this.size;
    // The last entry sinks from the root; the smallest goes to the slot it left.
    const li = nodes[2 * n];
    const lj = nodes[2 * n + 1];
    const lk = keys[n];
    const mi = nodes[0];
    const mj = nodes[1];
    const mk = keys[0];
    let x = 0;
    for (;;) {
      let c = 2 * x + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1] < keys[c]) c++;
      if (keys[c] >= lk) break;
      nodes[2 * x] = nodes[2 * c];
      nodes[2 * x + 1] = nodes[2 * c + 1];
      keys[x] = keys[c];
      x = c;
    }
    if (n > 0) {
      nodes[2 * x] = li;
      nodes[2 * x + 1] = lj;
      keys[x] = lk;
    }
    nodes[2 * n] = mi;
    nodes[2 * n + 1] = mj;
    keys[n] = mk;
    return n;
  }
}
