/**
 * The facet pairs a search from the candidates evaluated exactly (the hint apart): each with its leaf
 * pair, its slots in the two leaves and its gap, in flat lists grown by doubling and kept.
 */
export class ExactGaps {
  /** Leaf of A, leaf of B, slot in A's `order`, slot in B's `order`: 4 numbers an entry. */
  where = new Uint32Array(256);
  gap = new Float64Array(64);
  count = 0;
  /** Scratch: the entries near the gap, in the order of the search from the roots. */
  near = new Uint32Array(64);

  /**
   * Adds the facet pair at slots (x, y) of leaves (i, j), its gap `src[at]` (read from an array: a
   * double passed to a call that is not inlined is boxed, and a search adds one a facet pair).
   */
  pushAt(i: number, j: number, x: number, y: number, src: Float64Array, at: number): void {
    const d = src[at];
    if (this.count === this.gap.length) this.#grow();
    const n = this.count++;
    const w = this.where;
    w[4 * n] = i;
    w[4 * n + 1] = j;
    w[4 * n + 2] = x;
    w[4 * n + 3] = y;
    this.gap[n] = d;
  }

  #grow(): void {
    const size = 2 * this.gap.length;
    const where = new Uint32Array(4 * size);
    where.set(this.where);
    this.where = where;
    const gap = new Float64Array(size);
    gap.set(this.gap);
    this.gap = gap;
    this.near = new Uint32Array(size);
  }
}
