// The boxes of a tree's nodes, bottom-up once the splits have placed every element in its leaf.

import { roundDown32, roundUp32 } from './round32.js';

/** The boxes of a curve tree, bottom-up: children have larger numbers than their parent. */
export function curveBoxes(
  positions: Float64Array,
  elements: Uint32Array,
  order: Uint32Array,
  child: Uint32Array,
  count: Uint8Array,
  boxes: Float32Array,
): void {
  const ext = new Float64Array(4);
  for (let node = count.length - 1; node >= 0; node--) {
    const o = 4 * node;
    if (count[node] > 0) {
      let lx = Number.POSITIVE_INFINITY,
        ly = Number.POSITIVE_INFINITY;
      let hx = Number.NEGATIVE_INFINITY,
        hy = Number.NEGATIVE_INFINITY;
      const first = child[node];
      for (let i = first; i < first + count[node]; i++) {
        const e = 2 * order[i];
        for (let k = 0; k < 2; k++) {
          const v = 2 * elements[e + k];
          const x = positions[v],
            y = positions[v + 1];
          if (x < lx) lx = x;
          if (x > hx) hx = x;
          if (y < ly) ly = y;
          if (y > hy) hy = y;
        }
      }
      ext[0] = lx;
      ext[1] = ly;
      ext[2] = hx;
      ext[3] = hy;
      storeOutward(ext, 2, boxes, o);
    } else childrenUnion(boxes, node, child[node], 2);
  }
}

/**
 * The boxes of the nodes `upper[0..uppers)` of a surface tree (in increasing order, every other node
 * done; every node without `upper`), bottom-up (children have larger numbers than their parent): a
 * leaf's, the union of its facets' boxes (rounded outward to float32 already: `facetKeysRounded3`),
 * a parent's from its children's. With `upper` (a surface of slivers) every leaf is in a subtree
 * built whole, so no facet box is read.
 */
export function surfaceBoxes(
  facetBoxes: Float32Array,
  order: Uint32Array,
  child: Uint32Array,
  count: Uint8Array,
  boxes: Float32Array,
  upper: Uint32Array | undefined,
  uppers: number,
): void {
  for (let u = (upper === undefined ? count.length : uppers) - 1; u >= 0; u--) {
    const node = upper === undefined ? u : upper[u];
    const o = 6 * node;
    if (count[node] > 0) {
      const first = child[node];
      let f = 6 * order[first];
      let x0 = facetBoxes[f],
        y0 = facetBoxes[f + 1],
        z0 = facetBoxes[f + 2];
      let x1 = facetBoxes[f + 3],
        y1 = facetBoxes[f + 4],
        z1 = facetBoxes[f + 5];
      for (let i = first + 1; i < first + count[node]; i++) {
        f = 6 * order[i];
        if (facetBoxes[f] < x0) x0 = facetBoxes[f];
        if (facetBoxes[f + 1] < y0) y0 = facetBoxes[f + 1];
        if (facetBoxes[f + 2] < z0) z0 = facetBoxes[f + 2];
        if (facetBoxes[f + 3] > x1) x1 = facetBoxes[f + 3];
        if (facetBoxes[f + 4] > y1) y1 = facetBoxes[f + 4];
        if (facetBoxes[f + 5] > z1) z1 = facetBoxes[f + 5];
      }
      boxes[o] = x0;
      boxes[o + 1] = y0;
      boxes[o + 2] = z0;
      boxes[o + 3] = x1;
      boxes[o + 4] = y1;
      boxes[o + 5] = z1;
    } else childrenUnion(boxes, node, child[node], 3);
  }
}

/**
 * {@link surfaceBoxes} for a surface that shares its vertices: a leaf's box is the union of its
 * facets' vertices, read through `order` and `elements`, rounded outward to float32 once (no facet
 * boxes: a build writes 24 bytes a facet less). Every node is done.
 */
export function surfaceBoxesFromVertices(
  positions: Float64Array,
  elements: Uint32Array,
  order: Uint32Array,
  child: Uint32Array,
  count: Uint8Array,
  boxes: Float32Array,
): void {
  const ext = new Float64Array(6);
  // A leaf's few vertices make each new extreme a coin toss a branch would mispredict: each extreme
  // is picked from `pick` (the current one and the candidate, for each of the six) at the
  // comparison's 0 or 1, the same numbers without a branch.
  const pick = new Float64Array(12);
  for (let node = count.length - 1; node >= 0; node--) {
    const o = 6 * node;
    if (count[node] > 0) {
      const first = child[node];
      const end = first + count[node];
      let v = 3 * elements[3 * order[first]];
      let x0 = positions[v],
        y0 = positions[v + 1],
        z0 = positions[v + 2];
      let x1 = x0,
        y1 = y0,
        z1 = z0;
      // The first facet from its second vertex, then every vertex of the others.
      for (let i = first, k = 1; i < end; i++, k = 0) {
        const e = 3 * order[i];
        for (; k < 3; k++) {
          v = 3 * elements[e + k];
          const x = positions[v],
            y = positions[v + 1],
            z = positions[v + 2];
          pick[0] = x0;
          pick[1] = x;
          x0 = pick[+(x < x0)];
          pick[2] = x1;
          pick[3] = x;
          x1 = pick[2 + +(x > x1)];
          pick[4] = y0;
          pick[5] = y;
          y0 = pick[4 + +(y < y0)];
          pick[6] = y1;
          pick[7] = y;
          y1 = pick[6 + +(y > y1)];
          pick[8] = z0;
          pick[9] = z;
          z0 = pick[8 + +(z < z0)];
          pick[10] = z1;
          pick[11] = z;
          z1 = pick[10 + +(z > z1)];
        }
      }
      ext[0] = x0;
      ext[1] = y0;
      ext[2] = z0;
      ext[3] = x1;
      ext[4] = y1;
      ext[5] = z1;
      storeOutward(ext, 3, boxes, o);
    } else childrenUnion(boxes, node, child[node], 3);
  }
}

/**
 * The box of internal node `node` (`2 · dim` numbers a node) as the union of its children's: the left
 * child is `node + 1`, the right one `right`. The one place every bottom-up box pass takes it.
 */
export function childrenUnion(boxes: Float32Array, node: number, right: number, dim: number): void {
  const o = 2 * dim * node;
  const l = o + 2 * dim;
  const r = 2 * dim * right;
  // Comparisons, not Math.min / Math.max (whose NaN and signed-zero rules cost more: a box holds
  // no NaN, and a zero bound's sign does not matter).
  for (let a = 0; a < dim; a++) {
    const ll = boxes[l + a],
      rl = boxes[r + a];
    boxes[o + a] = rl < ll ? rl : ll;
    const lh = boxes[l + dim + a],
      rh = boxes[r + dim + a];
    boxes[o + dim + a] = rh > lh ? rh : lh;
  }
}

/**
 * Stores `ext[0..k)` rounded down and `ext[k..2k)` rounded up to float32 at `out[o..o + 2k)`. The
 * numbers go through `ext`: a call left out of line boxes every float64 it passes or returns (a
 * heap allocation each), and the roundings have too many sites to be inlined at all of them.
 */
function storeOutward(ext: Float64Array, k: number, out: Float32Array, o: number): void {
  for (let a = 0; a < k; a++) {
    out[o + a] = roundDown32(ext[a]);
    out[o + k + a] = roundUp32(ext[k + a]);
  }
}
