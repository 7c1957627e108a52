/** Children a node of a {@link BoxTree} holds at most (and boxes a leaf node). */
const FAN = 8;

/**
 * A static tree of boxes in the plane, for one question: which boxes hold a point. The section's
 * hole rule asks it once a loop, of every other loop's box; asked box by box, a section of L small
 * loops cost O(L²). Here the boxes are packed bottom-up, 8 to a node, each level laid out in
 * sort-tile-recursive order (by the centres' u in ⌈√⌉ slabs, by their v within a slab) so that a
 * node's boxes lie near each other, and a point descends only into the nodes whose box holds it:
 * O(log L + k) for k boxes found, when the boxes are mostly apart.
 *
 * Exactness: a node's box is the `Math.min` / `Math.max` of its children's, exact, so a point that
 * a box holds is held by every node above it; the nodes only leave out boxes that the test would
 * refuse. A box itself is tested as the rule always did, closed, `qu < minU || qu > maxU || qv <
 * minV || qv > maxV` refusing: the same boxes are found as by testing them all, whatever the
 * coordinates (a NaN, which no comparison refuses, reaches the root's box and is refused by none).
 * The order of the found boxes is the tree's; the hole rule only counts them.
 *
 * @example
 * ```ts
 * import { box, Surface } from '@firsttouch/mesh';
 * import { sliceSurface } from '@firsttouch/io';
 * // A cube of side 1 inside a cube of side 3: the inner loop is inside one other, a hole.
 * const a = box(3);
 * const b = box(1);
 * const nested = Surface.fromIndexed(
 *   [...a.positions, ...b.positions],
 *   [...a.indices, ...Array.from(b.indices, (i) => i + a.vertexCount)],
 * );
 * const c = sliceSurface(nested, 2, 0);
 * console.log(c.loops.length); // 2
 * // The outer square runs counter-clockwise from (-1.5, -1.5), the hole clockwise from (-0.5, -0.5).
 * console.log(Array.from(c.positions.subarray(0, 4)), Array.from(c.positions.subarray(16, 20))); // [-1.5, -1.5, 0, -1.5] [-0.5, -0.5, -0.5, 0]
 * ```
 */
export class BoxTree {
  /** Boxes found by the last {@link BoxTree.holding}, in `found[0..count)`. */
  found = new Uint32Array(16);
  /** 4 numbers an entry (min u, min v, max u, max v): the boxes (level 0), then each level's nodes. */
  readonly #box: Float64Array;
  /** Level 0: the box's index as given. Above: the entry of the node's first child. */
  readonly #first: Uint32Array;
  /** The node's children; 0 for a box. */
  readonly #count: Uint8Array;
  /** The root's entry (the last), −1 without boxes. */
  readonly #root: number;
  readonly #stack: Uint32Array;

  /** The tree of `boxes`, 4 numbers a box: min u, min v, max u, max v. O(L log L). */
  constructor(boxes: Float64Array) {
    const n = boxes.length >>> 2;
    let total = n;
    let levels = 1;
    for (let size = n; size > 1; levels++) {
      size = Math.ceil(size / FAN);
      total += size;
    }
    this.#box = new Float64Array(4 * total);
    this.#first = new Uint32Array(total);
    this.#count = new Uint8Array(total);
    // A descent holds at most FAN − 1 waiting siblings a level, and the entry it takes.
    this.#stack = new Uint32Array(FAN * levels + 1);
    this.#box.set(boxes.subarray(0, 4 * n));
    for (let i = 0; i < n; i++) this.#first[i] = i;
    let start = 0;
    let size = n;
    for (;;) {
      this.#tileOrder(start, size);
      if (size <= 1) break;
      // Each run of FAN neighbours (in tile order) under one node, its box their union.
      const up = start + size;
      const parents = Math.ceil(size / FAN);
      const b = this.#box;
      for (let p = 0; p < parents; p++) {
        const from = start + p * FAN;
        const to = Math.min(from + FAN, up);
        let lu = b[4 * from];
        let lv = b[4 * from + 1];
        let hu = b[4 * from + 2];
        let hv = b[4 * from + 3];
        for (let c = from + 1; c < to; c++) {
          // Math.min and max, not comparisons: a NaN goes up with them and no node refuses it.
          lu = Math.min(lu, b[4 * c]);
          lv = Math.min(lv, b[4 * c + 1]);
          hu = Math.max(hu, b[4 * c + 2]);
          hv = Math.max(hv, b[4 * c + 3]);
        }
        const o = 4 * (up + p);
        b[o] = lu;
        b[o + 1] = lv;
        b[o + 2] = hu;
        b[o + 3] = hv;
        this.#first[up + p] = from;
        this.#count[up + p] = to - from;
      }
      start = up;
      size = parents;
    }
    this.#root = n === 0 ? -1 : total - 1;
  }

  /**
   * The boxes that hold the point `(qu, qv)` (closed: a point on a box's border is held) into
   * `found`; returns how many.
   */
  holding(qu: number, qv: number): number {
    let count = 0;
    if (this.#root < 0) return count;
    const b = this.#box;
    const first = this.#first;
    const children = this.#count;
    const stack = this.#stack;
    let top = 0;
    stack[top++] = this.#root;
    while (top > 0) {
      const e = stack[--top];
      const o = 4 * e;
      if (qu < b[o] || qu > b[o + 2] || qv < b[o + 1] || qv > b[o + 3]) continue;
      const c = children[e];
      if (c === 0) {
        if (count === this.found.length) {
          const grown = new Uint32Array(2 * count);
          grown.set(this.found);
          this.found = grown;
        }
        this.found[count++] = first[e];
      } else {
        for (let k = first[e], end = first[e] + c; k < end; k++) stack[top++] = k;
      }
    }
    return count;
  }

  /**
   * Reorders the entries `start..start + size` (box, first, count together) in sort-tile-recursive
   * order: by the u of their centres into slabs of ⌈√(size / FAN)⌉ runs of FAN, each slab by the v of
   * its centres. Ties by position, so the tree does not depend on the sort's stability. The order
   * only shapes the tree; no decision depends on it.
   */
  #tileOrder(start: number, size: number): void {
    if (size <= 1) return;
    const b = this.#box;
    // Twice the centres (only their order matters); one that is no number sorts anywhere.
    const cu = new Float64Array(size);
    const cv = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      const o = 4 * (start + i);
      cu[i] = b[o] + b[o + 2];
      cv[i] = b[o + 1] + b[o + 3];
    }
    const order = new Uint32Array(size);
    for (let i = 0; i < size; i++) order[i] = i;
    order.sort((i, j) => cu[i] - cu[j] || i - j);
    const slab = FAN * Math.ceil(Math.sqrt(Math.ceil(size / FAN)));
    for (let s = 0; s < size; s += slab) {
      order.subarray(s, Math.min(s + slab, size)).sort((i, j) => cv[i] - cv[j] || i - j);
    }
    const box = b.slice(4 * start, 4 * (start + size));
    const first = this.#first.slice(start, start + size);
    const count = this.#count.slice(start, start + size);
    for (let i = 0; i < size; i++) {
      const from = order[i];
      const o = 4 * (start + i);
      b[o] = box[4 * from];
      b[o + 1] = box[4 * from + 1];
      b[o + 2] = box[4 * from + 2];
      b[o + 3] = box[4 * from + 3];
      this.#first[start + i] = first[from];
      this.#count[start + i] = count[from];
    }
  }
}
