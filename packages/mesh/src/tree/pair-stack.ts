import { PairArrays } from './pair-arrays.js';

/**
 * The explicit stack of a descent of two trees: node pairs with a key (a bound) each, in flat typed
 * arrays that grow by doubling and are kept between descents, so a descent allocates nothing once
 * warm. Read an entry right after `pop()`, before the next `push()` overwrites its slot.
 *
 * @example
 * ```ts
 * import { PairStack } from '@firsttouch/mesh/internal';
 * const stack = new PairStack();
 * stack.push(0, 0, 0.5);
 * const slot = stack.pop();
 * console.log(stack.nodes[2 * slot], stack.keys[slot], stack.size); // 0 0.5 0
 * ```
 */
export class PairStack extends PairArrays {
  /** Pushes the pair (i, j) with its key. */
  push(i: number, j: number, key: number): void {
    this.one[0] = key;
    this.pushKeyAt(i, j, this.one, 0);
  }

  /**
   * Pushes the pair (i, j) with the key `src[at]`: what a search calls, so that no double crosses
   * the call (a double passed to a call that is not inlined is boxed, a heap allocation a node pair).
   */
  pushKeyAt(i: number, j: number, src: Float64Array, at: number): void {
    if (this.size === this.keys.length) this.grow();
    const s = this.size++;
    this.nodes[2 * s] = i;
    this.nodes[2 * s + 1] = j;
    this.keys[s] = src[at];
  }

  /** Takes the top entry and returns its slot. */
  pop(): number {
    return --this.size;
  }
}
