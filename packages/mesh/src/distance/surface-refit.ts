import type { Surface } from '../surface.js';
import type { BoundingTree } from '../tree/build.js';
import { GAP_BOUND } from '../tree/rss-place.js';
import type { SurfaceScratch } from './surface-scratch.js';

/**
 * B's vertices, facet boxes and node boxes in A's frame, exact (min and max of the very coordinates
 * the facet-pair routine will use): children are numbered after their parent, so one backward
 * pass fills every node from its facets or its two children. `s.R`, `s.t` hold the placement.
 *
 * Each `c ? p : q` on coordinates is taken as a select through `s.pick` (q at a slot, p after it,
 * read at `+c`): a turned body's comparisons are coin tosses, and as branches they cost about 19 µs
 * a refit of the bench's 252-facet robot at the room's poses, against 8 µs as selects (DECISIONS.md,
 * "Slivers"). The numbers are the ternaries', bit for bit; each select has its own slots, so that
 * the three axes do not wait on one another's stores.
 */
export function refitB(b: Surface, tb: BoundingTree, s: SurfaceScratch): void {
  const pb = b.positions;
  const vb = s.vb;
  const stamp = s.stamp;
  const vbStamp = s.vbStamp;
  const R = s.R;
  const t = s.t;
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
  const ib = b.indices;
  const rb = s.rb;
  const fbox = s.fb;
  const m = s.pick;
  const count = tb.count;
  const child = tb.child;
  const order = tb.order;
  for (let node = tb.nodeCount - 1; node >= 0; node--) {
    const o = 6 * node;
    const c = count[node];
    if (c > 0) {
      let x0 = Number.POSITIVE_INFINITY,
        y0 = Number.POSITIVE_INFINITY,
        z0 = Number.POSITIVE_INFINITY;
      let x1 = Number.NEGATIVE_INFINITY,
        y1 = Number.NEGATIVE_INFINITY,
        z1 = Number.NEGATIVE_INFINITY;
      const first = child[node];
      for (let k = first; k < first + c; k++) {
        const f = order[k];
        const a = 3 * ib[3 * f],
          b = 3 * ib[3 * f + 1],
          d = 3 * ib[3 * f + 2];
        const q = 6 * f;
        let u: number, v: number, e: number, lo: number, hi: number, lt: number;
        // x: lo = u < v ? u : v and hi = u < v ? v : u, each widened by e; then the node's.
        u = vb[a];
        v = vb[b];
        e = vb[d];
        lt = +(u < v);
        m[0] = v;
        m[1] = u;
        lo = m[0 + lt];
        m[2] = u;
        m[3] = v;
        hi = m[2 + lt];
        m[4] = lo;
        m[5] = e;
        lo = m[4 + +(e < lo)];
        m[6] = hi;
        m[7] = e;
        hi = m[6 + +(e > hi)];
        fbox[q] = lo;
        fbox[q + 3] = hi;
        m[8] = x0;
        m[9] = lo;
        x0 = m[8 + +(lo < x0)];
        m[10] = x1;
        m[11] = hi;
        x1 = m[10 + +(hi > x1)];
        // y: lo = u < v ? u : v and hi = u < v ? v : u, each widened by e; then the node's.
        u = vb[a + 1];
        v = vb[b + 1];
        e = vb[d + 1];
        lt = +(u < v);
        m[12] = v;
        m[13] = u;
        lo = m[12 + lt];
        m[14] = u;
        m[15] = v;
        hi = m[14 + lt];
        m[16] = lo;
        m[17] = e;
        lo = m[16 + +(e < lo)];
        m[18] = hi;
        m[19] = e;
        hi = m[18 + +(e > hi)];
        fbox[q + 1] = lo;
        fbox[q + 4] = hi;
        m[20] = y0;
        m[21] = lo;
        y0 = m[20 + +(lo < y0)];
        m[22] = y1;
        m[23] = hi;
        y1 = m[22 + +(hi > y1)];
        // z: lo = u < v ? u : v and hi = u < v ? v : u, each widened by e; then the node's.
        u = vb[a + 2];
        v = vb[b + 2];
        e = vb[d + 2];
        lt = +(u < v);
        m[24] = v;
        m[25] = u;
        lo = m[24 + lt];
        m[26] = u;
        m[27] = v;
        hi = m[26 + lt];
        m[28] = lo;
        m[29] = e;
        lo = m[28 + +(e < lo)];
        m[30] = hi;
        m[31] = e;
        hi = m[30 + +(e > hi)];
        fbox[q + 2] = lo;
        fbox[q + 5] = hi;
        m[32] = z0;
        m[33] = lo;
        z0 = m[32 + +(lo < z0)];
        m[34] = z1;
        m[35] = hi;
        z1 = m[34 + +(hi > z1)];
      }
      rb[o] = x0;
      rb[o + 1] = y0;
      rb[o + 2] = z0;
      rb[o + 3] = x1;
      rb[o + 4] = y1;
      rb[o + 5] = z1;
    } else {
      const l = o + 6;
      const r = 6 * child[node];
      // rb[l] < rb[r] ? rb[l] : rb[r] for the mins, rb[l + 3] > rb[r + 3] ? rb[l + 3] : rb[r + 3] for the maxes.
      let p: number, u: number;
      p = rb[l];
      u = rb[r];
      m[36] = u;
      m[37] = p;
      rb[o] = m[36 + +(p < u)];
      p = rb[l + 1];
      u = rb[r + 1];
      m[38] = u;
      m[39] = p;
      rb[o + 1] = m[38 + +(p < u)];
      p = rb[l + 2];
      u = rb[r + 2];
      m[40] = u;
      m[41] = p;
      rb[o + 2] = m[40 + +(p < u)];
      p = rb[l + 3];
      u = rb[r + 3];
      m[42] = u;
      m[43] = p;
      rb[o + 3] = m[42 + +(p > u)];
      p = rb[l + 4];
      u = rb[r + 4];
      m[44] = u;
      m[45] = p;
      rb[o + 4] = m[44 + +(p > u)];
      p = rb[l + 5];
      u = rb[r + 5];
      m[46] = u;
      m[47] = p;
      rb[o + 5] = m[46 + +(p > u)];
    }
  }
}

/**
 * B's root box in A's frame (node 0 of `s.rb`) from its distinct vertices (x y z each, B's frame),
 * placed as the pairs place B's vertices: the same numbers as {@link refitB}'s root box. For the
 * hull search, which reads no other box of B.
 */
export function placedBox(points: Float64Array, s: SurfaceScratch): void {
  const R = s.R;
  const t = s.t;
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
  let x0 = Number.POSITIVE_INFINITY,
    y0 = Number.POSITIVE_INFINITY,
    z0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY,
    y1 = Number.NEGATIVE_INFINITY,
    z1 = Number.NEGATIVE_INFINITY;
  for (let v = 0; v < points.length; v += 3) {
    const x = points[v],
      y = points[v + 1],
      z = points[v + 2];
    const px = r0 * x + r1 * y + r2 * z + t0;
    const py = r3 * x + r4 * y + r5 * z + t1;
    const pz = r6 * x + r7 * y + r8 * z + t2;
    if (px < x0) x0 = px;
    if (px > x1) x1 = px;
    if (py < y0) y0 = py;
    if (py > y1) y1 = py;
    if (pz < z0) z0 = pz;
    if (pz > z1) z1 = pz;
  }
  const rb = s.rb;
  rb[0] = x0;
  rb[1] = y0;
  rb[2] = z0;
  rb[3] = x1;
  rb[4] = y1;
  rb[5] = z1;
}

/**
 * Lower bound of the gap between node i of A (its own box, body frame) and node j of B (its box
 * refitted in A's frame, `s.rb`), into `s.bound[0]`: the distance between two axis-aligned boxes
 * of the same frame.
 */
export function refitBound(boxesA: Float32Array, i: number, j: number, s: SurfaceScratch): void {
  const rb = s.rb;
  const m = s.pick;
  const p = 6 * i;
  const o = 6 * j;
  // Per axis g = max(B's min − A's max, A's min − B's max), and g² added when g > 0: as selects
  // (`refitB`), slots 0..17; adding 0 when g ≤ 0 leaves the sum as the branches left it.
  let g = rb[o] - boxesA[p + 3];
  let h = boxesA[p] - rb[o + 3];
  m[0] = g;
  m[1] = h;
  g = m[+(h > g)];
  m[2] = 0;
  m[3] = g;
  g = m[2 + +(g > 0)];
  let sum = g * g;
  g = rb[o + 1] - boxesA[p + 4];
  h = boxesA[p + 1] - rb[o + 4];
  m[6] = g;
  m[7] = h;
  g = m[6 + +(h > g)];
  m[8] = 0;
  m[9] = g;
  g = m[8 + +(g > 0)];
  sum += g * g;
  g = rb[o + 2] - boxesA[p + 5];
  h = boxesA[p + 2] - rb[o + 5];
  m[12] = g;
  m[13] = h;
  g = m[12 + +(h > g)];
  m[14] = 0;
  m[15] = g;
  g = m[14 + +(g > 0)];
  sum += g * g;
  s.bound[GAP_BOUND] = Math.sqrt(sum);
}

/**
 * Facet fa of A's box, into `s.fa` (the outer loop of a leaf pair sets it once for its inner loop).
 * Selects, as in {@link refitB} (slots 18..35): A's facets come in no order the branches could learn.
 */
export function facetBoxA(pa: Float64Array, ia: Uint32Array, fa: number, s: SurfaceScratch): void {
  const a = 3 * ia[3 * fa],
    b = 3 * ia[3 * fa + 1],
    c = 3 * ia[3 * fa + 2];
  const box = s.fa;
  const m = s.pick;
  for (let k = 0; k < 3; k++) {
    // lo = x < y ? x : y, hi = x < y ? y : x; then z < lo ? z : lo, z > hi ? z : hi.
    const x = pa[a + k],
      y = pa[b + k],
      z = pa[c + k];
    const o = 18 + 6 * k;
    const lt = +(x < y);
    m[o] = y;
    m[o + 1] = x;
    const lo = m[o + lt];
    m[o + 2] = x;
    m[o + 3] = y;
    const hi = m[o + 2 + lt];
    m[o + 4] = lo;
    m[o + 5] = z;
    box[k] = m[o + 4 + +(z < lo)];
    m[o + 4] = hi;
    box[k + 3] = m[o + 4 + +(z > hi)];
  }
}

/** Squared gap between the box in `s.fa` and facet fb of B's refitted box (selects, as {@link refitBound}'s). */
export function facetBoxGap2(fb: number, s: SurfaceScratch): number {
  const a = s.fa;
  const b = s.fb;
  const m = s.pick;
  const q = 6 * fb;
  let g = b[q] - a[3];
  let h = a[0] - b[q + 3];
  m[0] = g;
  m[1] = h;
  g = m[+(h > g)];
  m[2] = 0;
  m[3] = g;
  g = m[2 + +(g > 0)];
  let sum = g * g;
  g = b[q + 1] - a[4];
  h = a[1] - b[q + 4];
  m[6] = g;
  m[7] = h;
  g = m[6 + +(h > g)];
  m[8] = 0;
  m[9] = g;
  g = m[8 + +(g > 0)];
  sum += g * g;
  g = b[q + 2] - a[5];
  h = a[2] - b[q + 5];
  m[12] = g;
  m[13] = h;
  g = m[12 + +(h > g)];
  m[14] = 0;
  m[15] = g;
  g = m[14 + +(g > 0)];
  sum += g * g;
  return sum;
}
