/**
 * Node pairs with a key (a bound) each, in flat typed arrays that grow by doubling and are kept
 * between descents: what `PairStack` and `PairHeap` hold, so that a descent allocates
 * nothing once warm.
 *
 * @example
 * ```ts
 * import { PairStack } from '@firsttouch/mesh/internal';
 * const stack = new PairStack(); // a PairArrays: its entries are `nodes` and `keys`
 * stack.push(4, 7, 0.5);
 * console.log(stack.nodes[0], stack.nodes[1], stack.keys[0]); // 4 7 0.5
 * ```
 */
export class PairArrays {
  /** Node of the first tree, then of the second, two numbers an entry. */
  nodes = new Uint32Array(512);
  /** The key of each entry. */
  keys = new Float64Array(256);
  /** Entries held. */
  size = 0;
  /** The key `push` hands to `pushKeyAt`. */
  protected readonly one = new Float64Array(1);

  /** Doubles the room, entries kept. */
  protected grow(): void {
    const nodes = new Uint32Array(2 * this.nodes.length);
    nodes.set(this.nodes);
    this.nodes = nodes;
    const keys = new Float64Array(2 * this.keys.length);
    keys.set(this.keys);
    this.keys = keys;
  }
}
