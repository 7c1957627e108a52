import type { Surface } from '../surface.js';
import type { BoundingTree } from '../tree/build.js';
import { S } from './surface-scratch.js';

/**
 * B's vertices, facet boxes and node boxes in A's frame, exact (min and max of the very coordinates
 * the facet-pair routine will use): children are numbered after their parent, so one backward
 * pass fills every node from its facets or its two children. `S.R`, `S.t` hold the placement.
 */
export function refitB(b: Surface, tb: BoundingTree): void {
  placeB(b);
  const vb = S.vb;
  const ib = b.indices;
  const rb = S.rb;
  const fbox = S.fb;
  const count = tb.count;
  const child = tb.child;
  const order = tb.order;
  for (let node = tb.nodeCount - 1; node >= 0; node--) {
    const o = 6 * node;
    const c = count[node];
    if (c > 0) {
      const first = child[node];
      for (let k = first; k < first + c; k++) boxFacet(vb, ib, fbox, order[k]);
      boxOf(fbox, order, first, first + c, rb, o);
    } else {
      const l = o + 6;
      const r = 6 * child[node];
      rb[o] = rb[l] < rb[r] ? rb[l] : rb[r];
      rb[o + 1] = rb[l + 1] < rb[r + 1] ? rb[l + 1] : rb[r + 1];
      rb[o + 2] = rb[l + 2] < rb[r + 2] ? rb[l + 2] : rb[r + 2];
      rb[o + 3] = rb[l + 3] > rb[r + 3] ? rb[l + 3] : rb[r + 3];
      rb[o + 4] = rb[l + 4] > rb[r + 4] ? rb[l + 4] : rb[r + 4];
      rb[o + 5] = rb[l + 5] > rb[r + 5] ? rb[l + 5] : rb[r + 5];
    }
  }
}

/**
 * {@link refitB} for the hull search, which reads B's facet boxes and its whole box only: the facets
 * in tree order, the root's box (node 0) from theirs (the same numbers as the backward pass: a min
 * and a max are exact in any order).
 */
export function refitFacets(b: Surface, tb: BoundingTree): void {
  placeB(b);
  const vb = S.vb;
  const ib = b.indices;
  const fbox = S.fb;
  const order = tb.order;
  for (let k = 0; k < order.length; k++) boxFacet(vb, ib, fbox, order[k]);
  boxOf(fbox, order, 0, order.length, S.rb, 0);
}

/** B's vertices placed in A's frame (`S.R`, `S.t`), all stamped as placed. */
function placeB(b: Surface): void {
  const pb = b.positions;
  const vb = S.vb;
  const stamp = S.stamp;
  const vbStamp = S.vbStamp;
  const R = S.R;
  const t = S.t;
  const r0 = R[0],
    r1 = R[1],
    r2 = R[2],
    r3 = R[3],
    r4 = R[4],
    r5 = R[5],
    r6 = R[6],
    r7 = R[7],
    r8 = R[8];
  const t0 = t[0],
    t1 = t[1],
    t2 = t[2];
  let w = 0;
  for (let v = 0; v < pb.length; v += 3) {
    const x = pb[v],
      y = pb[v + 1],
      z = pb[v + 2];
    vb[v] = r0 * x + r1 * y + r2 * z + t0;
    vb[v + 1] = r3 * x + r4 * y + r5 * z + t1;
    vb[v + 2] = r6 * x + r7 * y + r8 * z + t2;
    vbStamp[w++] = stamp;
  }
}

/** Facet f's box from its placed corners in `vb`, into `fbox` (min, max; 6 numbers a facet). */
function boxFacet(vb: Float64Array, ib: Uint32Array, fbox: Float64Array, f: number): void {
  const q = 6 * f;
  for (let k = 0; k < 3; k++) {
    const x = vb[3 * ib[3 * f] + k],
      y = vb[3 * ib[3 * f + 1] + k],
      z = vb[3 * ib[3 * f + 2] + k];
    const lo = x < y ? x : y;
    const hi = x < y ? y : x;
    fbox[q + k] = z < lo ? z : lo;
    fbox[q + k + 3] = z > hi ? z : hi;
  }
}

/** The box of the facets `order[from .. to)` from their boxes in `fbox`, into `out` at `o`. */
function boxOf(
  fbox: Float64Array,
  order: Uint32Array,
  from: number,
  to: number,
  out: Float64Array,
  o: number,
): void {
  for (let k = 0; k < 3; k++) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let x = from; x < to; x++) {
      const q = 6 * order[x] + k;
      if (fbox[q] < lo) lo = fbox[q];
      if (fbox[q + 3] > hi) hi = fbox[q + 3];
    }
    out[o + k] = lo;
    out[o + k + 3] = hi;
  }
}

/**
 * Lower bound of the gap between node i of A (its own box, body frame) and node j of B (its box
 * refitted in A's frame): the distance between two axis-aligned boxes of the same frame.
 */
export function refitBound(boxesA: Float32Array, slabsA: Float32Array, i: number, j: number): void {
  const rb = S.rb;
  const p = 6 * i;
  const o = 6 * j;
  let s = 0;
  let g = rb[o] - boxesA[p + 3];
  let h = boxesA[p] - rb[o + 3];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  g = rb[o + 1] - boxesA[p + 4];
  h = boxesA[p + 1] - rb[o + 4];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  g = rb[o + 2] - boxesA[p + 5];
  h = boxesA[p + 2] - rb[o + 5];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  const bound = Math.sqrt(s);
  // Across A's slab: B's refitted box projected on A's direction.
  const u = 5 * i;
  const nx = slabsA[u],
    ny = slabsA[u + 1],
    nz = slabsA[u + 2];
  const c = 0.5 * (nx * (rb[o] + rb[o + 3]) + ny * (rb[o + 1] + rb[o + 4]) + nz * (rb[o + 2] + rb[o + 5]));
  const r =
    0.5 *
    (Math.abs(nx) * (rb[o + 3] - rb[o]) +
      Math.abs(ny) * (rb[o + 4] - rb[o + 1]) +
      Math.abs(nz) * (rb[o + 5] - rb[o + 2]));
  g = slabsA[u + 3] - c - r;
  h = c - r - slabsA[u + 4];
  if (h > g) g = h;
  S.bound[0] = g > bound ? g : bound;
}

/** Facet fa of A's box, into `S.fa` (the outer loop of a leaf pair sets it once for its inner loop). */
export function facetBoxA(pa: Float64Array, ia: Uint32Array, fa: number): void {
  const a = 3 * ia[3 * fa],
    b = 3 * ia[3 * fa + 1],
    c = 3 * ia[3 * fa + 2];
  const box = S.fa;
  for (let k = 0; k < 3; k++) {
    const x = pa[a + k],
      y = pa[b + k],
      z = pa[c + k];
    const lo = x < y ? x : y;
    const hi = x < y ? y : x;
    box[k] = z < lo ? z : lo;
    box[k + 3] = z > hi ? z : hi;
  }
}

/** Squared gap between the box in `S.fa` and facet fb of B's refitted box. */
export function facetBoxGap2(fb: number): number {
  const a = S.fa;
  const b = S.fb;
  const q = 6 * fb;
  let s = 0;
  let g = b[q] - a[3];
  let h = a[0] - b[q + 3];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  g = b[q + 1] - a[4];
  h = a[1] - b[q + 4];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  g = b[q + 2] - a[5];
  h = a[2] - b[q + 5];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  return s;
}
