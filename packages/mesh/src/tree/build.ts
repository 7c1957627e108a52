/**
 * A bounding-volume tree over the facets of a {@link Surface} (3-D) or the segments of a
 * {@link Curve} (2-D), in the body frame, in flat typed arrays. Nodes are numbered in depth-first
 * order: the left child of an internal node `n` is `n + 1`.
 *
 * @example
 * ```ts
 * import { icosphere } from '@firsttouch/mesh';
 * const t = icosphere(1, 1).tree();
 * console.log(t.dim, t.elementCount, t.count[0] === 0); // 3 80 true
 * ```
 */
export interface BoundingTree {
  /** 3 for a surface, 2 for a curve. */
  readonly dim: 2 | 3;
  /** Facets (or segments) in the tree. */
  readonly elementCount: number;
  /** Nodes in the tree; node 0 is the root. */
  readonly nodeCount: number;
  /** Most elements in a leaf. */
  readonly leafSize: number;
  /**
   * Axis-aligned box of each node, `2 · dim` numbers a node: its smallest coordinates, then its
   * largest. Float32, rounded outward, so each box contains its elements exactly (and the tree stays
   * under 64 bytes a facet).
   */
  readonly boxes: Float32Array;
  /**
   * Surfaces only (empty for a curve): a slab of each node, 5 numbers a node: a unit direction `n`
   * (the node's area-weighted mean facet normal) and the smallest and largest `n · x` over its
   * vertices, float32 rounded outward. A curved patch is thin along its normal where its box is not:
   * the distance query bounds node pairs by the gap across these slabs too.
   */
  readonly slabs: Float32Array;
  /** Internal node: the index of its right child. Leaf: the first index into `order`. */
  readonly child: Uint32Array;
  /** 0 for an internal node; the number of elements of a leaf (at most 255). */
  readonly count: Uint8Array;
  /** Element (facet or segment) indices, leaf by leaf. */
  readonly order: Uint32Array;
  /** Bytes held by the typed arrays of the tree. */
  readonly byteLength: number;
}

/** Elements a leaf holds at most (chosen by measurement: see the package README). */
export const LEAF_SIZE = 2;

/**
 * Builds the tree of the elements (`arity` vertex indices each into `positions`, `dim` numbers a
 * vertex): top-down, splitting each node at the median of its elements' centroids along the longest
 * axis of their spread, then boxes (and slabs) bottom-up. O(n log n), no recursion.
 */
export function buildTree(
  positions: Float64Array,
  elements: Uint32Array,
  dim: 2 | 3,
  leafSize: number = LEAF_SIZE,
): BoundingTree {
  const arity = dim;
  const n = elements.length / arity;
  // Centroids (times arity: only their order matters) travel with `order` during the splits, so the
  // partitioning reads them sequentially rather than through the permutation.
  const key = new Float64Array(n * dim);
  if (dim === 3) {
    for (let e = 0; e < 3 * n; e += 3) {
      const a = 3 * elements[e],
        b = 3 * elements[e + 1],
        c = 3 * elements[e + 2];
      key[e] = 0 + positions[a] + positions[b] + positions[c];
      key[e + 1] = 0 + positions[a + 1] + positions[b + 1] + positions[c + 1];
      key[e + 2] = 0 + positions[a + 2] + positions[b + 2] + positions[c + 2];
    }
  } else {
    for (let e = 0; e < 2 * n; e += 2) {
      const a = 2 * elements[e],
        b = 2 * elements[e + 1];
      key[e] = 0 + positions[a] + positions[b];
      key[e + 1] = 0 + positions[a + 1] + positions[b + 1];
    }
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const nodeCount = nodeTotal(n, leafSize);
  const child = new Uint32Array(nodeCount);
  const count = new Uint8Array(nodeCount);
  // Which nodes get their slab from their own vertices (see SLAB_EXACT), known here from the sizes,
  // so the bottom-up pass can take each such subtree at once, its vertices gathered once.
  const kind = new Uint8Array(nodeCount);
  // Work stack: start, end, parent (or -1), the parent's size, as int quadruples.
  let work = new Int32Array(4 * 64);
  let top = 0;
  work[top++] = 0;
  work[top++] = n;
  work[top++] = -1;
  work[top++] = 0x7fffffff;
  let next = 0;
  while (top > 0) {
    const parentSize = work[--top];
    const parent = work[--top];
    const end = work[--top];
    const start = work[--top];
    const node = next++;
    if (parent >= 0) child[parent] = node; // only right children are linked: left is parent + 1
    const size = end - start;
    if (parentSize <= SLAB_EXACT) kind[node] = INSIDE;
    else if (size <= SLAB_EXACT || size <= leafSize) kind[node] = ROOT;
    if (size <= leafSize) {
      child[node] = start;
      count[node] = size;
      continue;
    }
    const axis = dim === 3 ? longestAxis3(key, start, end) : longestAxis2(key, start, end);
    const mid = (start + end) >>> 1;
    select(order, key, dim, axis, start, end - 1, mid);
    if (top + 8 > work.length) {
      const grown = new Int32Array(2 * work.length);
      grown.set(work);
      work = grown;
    }
    // Right first on the stack, so the left child is numbered node + 1.
    work[top++] = mid;
    work[top++] = end;
    work[top++] = node;
    work[top++] = size;
    work[top++] = start;
    work[top++] = mid;
    work[top++] = -1;
    work[top++] = size;
  }
  const boxes = new Float32Array(nodeCount * 2 * dim);
  const slabs = new Float32Array(dim === 3 ? 5 * nodeCount : 0);
  if (dim === 3) surfaceBounds(positions, elements, order, child, count, kind, leafSize, boxes, slabs);
  else curveBoxes(positions, elements, order, child, count, boxes);
  return {
    dim,
    elementCount: n,
    nodeCount,
    leafSize,
    boxes,
    slabs,
    child,
    count,
    order,
    byteLength: boxes.byteLength + slabs.byteLength + child.byteLength + count.byteLength + order.byteLength,
  };
}

/**
 * Nodes in the tree of `n` elements, so its arrays are allocated once at their size. A node of `s`
 * elements splits into ⌊s/2⌋ and ⌈s/2⌉, so each depth holds sizes ⌊n/2^d⌋ and ⌊n/2^d⌋ + 1 only.
 */
function nodeTotal(n: number, leafSize: number): number {
  let total = 0;
  let size = n;
  let small = 1; // nodes of `size` elements at this depth
  let large = 0; // nodes of `size + 1`
  while (small + large > 0) {
    total += small + large;
    const s = small > 0 && size > leafSize ? small : 0;
    const l = large > 0 && size + 1 > leafSize ? large : 0;
    const half = size >>> 1;
    if (size % 2 === 0) {
      small = 2 * s + l; // s: half and half; l: half and half + 1
      large = l;
    } else {
      small = s; // s: half and half + 1; l: twice half + 1
      large = s + 2 * l;
    }
    size = half;
  }
  return total;
}

/** Nodes of at most this many facets get their slab from their vertices, larger ones from their children's boxes. */
const SLAB_EXACT = 64;

/** `kind` of a node above SLAB_EXACT facets (and not a leaf): everything from its children. */
const UPPER = 0;
/** `kind` of the largest nodes of at most SLAB_EXACT facets (or leaves above it). */
const ROOT = 1;
/** `kind` of the nodes below a ROOT. */
const INSIDE = 2;

/** The axis (0, 1, 2) of the longest spread of the keys `start..end` (3 a key), the first if tied. */
function longestAxis3(key: Float64Array, start: number, end: number): number {
  let lx = Number.POSITIVE_INFINITY,
    ly = Number.POSITIVE_INFINITY,
    lz = Number.POSITIVE_INFINITY;
  let hx = Number.NEGATIVE_INFINITY,
    hy = Number.NEGATIVE_INFINITY,
    hz = Number.NEGATIVE_INFINITY;
  for (let i = 3 * start; i < 3 * end; i += 3) {
    const x = key[i],
      y = key[i + 1],
      z = key[i + 2];
    if (x < lx) lx = x;
    if (x > hx) hx = x;
    if (y < ly) ly = y;
    if (y > hy) hy = y;
    if (z < lz) lz = z;
    if (z > hz) hz = z;
  }
  let axis = 0;
  let spread = hx - lx;
  if (hy - ly > spread) {
    axis = 1;
    spread = hy - ly;
  }
  if (hz - lz > spread) axis = 2;
  return axis;
}

/** {@link longestAxis3} for keys of 2. */
function longestAxis2(key: Float64Array, start: number, end: number): number {
  let lx = Number.POSITIVE_INFINITY,
    ly = Number.POSITIVE_INFINITY;
  let hx = Number.NEGATIVE_INFINITY,
    hy = Number.NEGATIVE_INFINITY;
  for (let i = 2 * start; i < 2 * end; i += 2) {
    const x = key[i],
      y = key[i + 1];
    if (x < lx) lx = x;
    if (x > hx) hx = x;
    if (y < ly) ly = y;
    if (y > hy) hy = y;
  }
  return hy - ly > hx - lx ? 1 : 0;
}

/** The boxes of a curve tree, bottom-up: children have larger numbers than their parent. */
function curveBoxes(
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
    } else {
      const l = o + 4;
      const r = 4 * child[node];
      for (let a = 0; a < 2; a++) {
        boxes[o + a] = Math.min(boxes[l + a], boxes[r + a]);
        boxes[o + 2 + a] = Math.max(boxes[l + 2 + a], boxes[r + 2 + a]);
      }
    }
  }
}

/**
 * The boxes and slabs of a surface tree, bottom-up. Slab normals are summed bottom-up
 * (area-weighted, as the cross products come); each node's interval of `n · x` is taken with `n` as
 * stored (float32), so it holds for the direction the query will use. A ROOT subtree (at most
 * SLAB_EXACT facets) is done at once, its vertices gathered once into a small scratch that the
 * boxes, normals and intervals of all its nodes read: reading them through `order` and `elements`
 * again at each level missed the cache (the vertices of a patch lie anywhere in memory).
 */
function surfaceBounds(
  positions: Float64Array,
  elements: Uint32Array,
  order: Uint32Array,
  child: Uint32Array,
  count: Uint8Array,
  kind: Uint8Array,
  leafSize: number,
  boxes: Float32Array,
  slabs: Float32Array,
): void {
  const nodeCount = count.length;
  const cap = Math.max(SLAB_EXACT, leafSize);
  const xyz = new Float64Array(9 * cap);
  const ext = new Float64Array(6); // see storeOutward
  // Per node of the subtree at hand, by node minus its root: its range in `xyz` (facets), its normal.
  const from = new Int32Array(2 * cap);
  const to = new Int32Array(2 * cap);
  const sum = new Float64Array(6 * cap);
  // The normals of the ROOT and UPPER nodes not yet added into their parent's. Going down the
  // preorder numbers visits a node's right subtree, then its left one, then the node: a stack as
  // deep as the tree (at most 32 + 1 levels: the median split halves) holds them.
  const pending = new Float64Array(3 * 40);
  let top = 0;
  for (let node = nodeCount - 1; node >= 0; node--) {
    const k = kind[node];
    if (k === INSIDE) continue; // done with its ROOT
    if (k === UPPER) {
      const o = 6 * node;
      const l = o + 6;
      const r = 6 * child[node];
      for (let a = 0; a < 3; a++) {
        boxes[o + a] = Math.min(boxes[l + a], boxes[r + a]);
        boxes[o + 3 + a] = Math.max(boxes[l + 3 + a], boxes[r + 3 + a]);
      }
      // left on top of right: left + right, as the sum has always been taken
      top -= 3;
      pending[top - 3] = pending[top] + pending[top - 3];
      pending[top - 2] = pending[top + 1] + pending[top - 2];
      pending[top - 1] = pending[top + 2] + pending[top - 1];
      slabDirection(pending, top - 3, slabs, 5 * node);
      slabFromChildren(boxes, child, node, slabs, ext);
      continue;
    }
    // ROOT: its subtree is nodes node..last in preorder, its facets first..end of `order`.
    let last = node;
    while (count[last] === 0) last = child[last];
    let leftmost = node;
    while (count[leftmost] === 0) leftmost++;
    const first = child[leftmost];
    const end = child[last] + count[last];
    for (let i = first, w = 0; i < end; i++, w += 9) {
      const e = 3 * order[i];
      for (let c = 0; c < 3; c++) {
        const v = 3 * elements[e + c];
        xyz[w + 3 * c] = positions[v];
        xyz[w + 3 * c + 1] = positions[v + 1];
        xyz[w + 3 * c + 2] = positions[v + 2];
      }
    }
    for (let m = last; m >= node; m--) {
      const j = m - node;
      const o = 6 * m;
      const p = 3 * j;
      if (count[m] > 0) {
        const f = child[m] - first;
        from[j] = f;
        to[j] = f + count[m];
        let lx = Number.POSITIVE_INFINITY,
          ly = Number.POSITIVE_INFINITY,
          lz = Number.POSITIVE_INFINITY;
        let hx = Number.NEGATIVE_INFINITY,
          hy = Number.NEGATIVE_INFINITY,
          hz = Number.NEGATIVE_INFINITY;
        let nx = 0,
          ny = 0,
          nz = 0;
        for (let w = 9 * f, we = 9 * (f + count[m]); w < we; w += 9) {
          for (let c = w; c < w + 9; c += 3) {
            const x = xyz[c],
              y = xyz[c + 1],
              z = xyz[c + 2];
            if (x < lx) lx = x;
            if (x > hx) hx = x;
            if (y < ly) ly = y;
            if (y > hy) hy = y;
            if (z < lz) lz = z;
            if (z > hz) hz = z;
          }
          const ux = xyz[w + 3] - xyz[w],
            uy = xyz[w + 4] - xyz[w + 1],
            uz = xyz[w + 5] - xyz[w + 2];
          const vx = xyz[w + 6] - xyz[w],
            vy = xyz[w + 7] - xyz[w + 1],
            vz = xyz[w + 8] - xyz[w + 2];
          nx += uy * vz - uz * vy;
          ny += uz * vx - ux * vz;
          nz += ux * vy - uy * vx;
        }
        ext[0] = lx;
        ext[1] = ly;
        ext[2] = lz;
        ext[3] = hx;
        ext[4] = hy;
        ext[5] = hz;
        storeOutward(ext, 3, boxes, o);
        sum[p] = nx;
        sum[p + 1] = ny;
        sum[p + 2] = nz;
      } else {
        const r = child[m] - node;
        from[j] = from[j + 1];
        to[j] = to[r];
        const l = o + 6;
        const b = 6 * child[m];
        for (let a = 0; a < 3; a++) {
          boxes[o + a] = Math.min(boxes[l + a], boxes[b + a]);
          boxes[o + 3 + a] = Math.max(boxes[l + 3 + a], boxes[b + 3 + a]);
        }
        sum[p] = sum[p + 3] + sum[3 * r];
        sum[p + 1] = sum[p + 4] + sum[3 * r + 1];
        sum[p + 2] = sum[p + 5] + sum[3 * r + 2];
      }
      const q = 5 * m;
      slabDirection(sum, p, slabs, q);
      const nx = slabs[q],
        ny = slabs[q + 1],
        nz = slabs[q + 2];
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      let mag = 0;
      for (let c = 9 * from[j], ce = 9 * to[j]; c < ce; c += 3) {
        const px = nx * xyz[c],
          py = ny * xyz[c + 1],
          pz = nz * xyz[c + 2];
        const d = px + py + pz;
        if (d < min) min = d;
        if (d > max) max = d;
        const a = Math.abs(px) + Math.abs(py) + Math.abs(pz);
        if (a > mag) mag = a;
      }
      // Outward by the rounding of the dot products (a few ulps of the terms' size) before float32.
      ext[0] = min - 4e-16 * 4 * mag;
      ext[1] = max + 4e-16 * 4 * mag;
      storeOutward(ext, 1, slabs, q + 3);
    }
    pending[top] = sum[0];
    pending[top + 1] = sum[1];
    pending[top + 2] = sum[2];
    top += 3;
  }
}

/**
 * The unit direction of a slab (at `q` in `slabs`) from a summed normal (at `o` in `normal`).
 * Float32 rounding may leave |n| a little above 1, and a gap measured along a longer vector is no
 * lower bound: it is shortened until the stored vector is at most unit (almost always at once).
 */
function slabDirection(normal: Float64Array, o: number, slabs: Float32Array, q: number): void {
  let x = normal[o],
    y = normal[o + 1],
    z = normal[o + 2];
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (m > 0 && m < Number.POSITIVE_INFINITY) {
    x /= m;
    y /= m;
    z /= m;
    let len = Math.sqrt(x * x + y * y + z * z);
    for (;;) {
      const sx = Math.fround(x / len),
        sy = Math.fround(y / len),
        sz = Math.fround(z / len);
      if (sx ** 2 + sy ** 2 + sz ** 2 <= 1 - 1e-15) {
        slabs[q] = sx;
        slabs[q + 1] = sy;
        slabs[q + 2] = sz;
        break;
      }
      len *= 1 + 2 ** -22;
    }
  } else {
    slabs[q] = 1; // no mean normal (a closed part, degenerate facets): any unit axis is valid
  }
}

/**
 * The slab interval of an UPPER node from its children's boxes: looser than from its vertices, but
 * the top of the tree is rarely what prunes, and the build stays linear in the depth below
 * SLAB_EXACT facets.
 */
function slabFromChildren(
  boxes: Float32Array,
  child: Uint32Array,
  node: number,
  slabs: Float32Array,
  ext: Float64Array,
): void {
  const q = 5 * node;
  const nx = slabs[q],
    ny = slabs[q + 1],
    nz = slabs[q + 2];
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let mag = 0;
  for (let b = 6 * (node + 1), side = 0; side < 2; b = 6 * child[node], side++) {
    const cx = 0.5 * (boxes[b] + boxes[b + 3]),
      cy = 0.5 * (boxes[b + 1] + boxes[b + 4]),
      cz = 0.5 * (boxes[b + 2] + boxes[b + 5]);
    const r =
      0.5 * Math.abs(nx) * (boxes[b + 3] - boxes[b]) +
      0.5 * Math.abs(ny) * (boxes[b + 4] - boxes[b + 1]) +
      0.5 * Math.abs(nz) * (boxes[b + 5] - boxes[b + 2]);
    const d = nx * cx + ny * cy + nz * cz;
    if (d - r < min) min = d - r;
    if (d + r > max) max = d + r;
    const a = Math.abs(nx * cx) + Math.abs(ny * cy) + Math.abs(nz * cz) + r;
    if (a > mag) mag = a;
  }
  ext[0] = min - 4e-16 * 4 * mag;
  ext[1] = max + 4e-16 * 4 * mag;
  storeOutward(ext, 1, slabs, q + 3);
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

/**
 * Quickselect: reorders `order[lo..hi]` (and its keys with it) so that position `k` holds its median
 * element along `axis`, smaller ones before, larger ones after.
 */
function select(
  order: Uint32Array,
  key: Float64Array,
  dim: number,
  axis: number,
  lo: number,
  hi: number,
  k: number,
): void {
  while (hi > lo) {
    const m = (lo + hi) >>> 1;
    const a = key[lo * dim + axis];
    const b = key[m * dim + axis];
    const c = key[hi * dim + axis];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    // i and j as offsets into `key` too, moved beside them: the scans add rather than multiply
    // (about 5 % off the splits, measured)
    let pi = i * dim + axis;
    let pj = j * dim + axis;
    while (i <= j) {
      while (key[pi] < pivot) {
        i++;
        pi += dim;
      }
      while (key[pj] > pivot) {
        j--;
        pj -= dim;
      }
      if (i <= j) {
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
        const si = pi - axis;
        const sj = pj - axis;
        const x = key[si];
        key[si] = key[sj];
        key[sj] = x;
        const y = key[si + 1];
        key[si + 1] = key[sj + 1];
        key[sj + 1] = y;
        if (dim === 3) {
          const z = key[si + 2];
          key[si + 2] = key[sj + 2];
          key[sj + 2] = z;
        }
        i++;
        pi += dim;
        j--;
        pj -= dim;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

const f32 = /* @__PURE__ */ new Float32Array(1);
const u32 = /* @__PURE__ */ new Uint32Array(f32.buffer);

/** The smallest normal float32. */
const NORMAL32 = 2 ** -126;
/** The largest finite float32. */
const MAX32 = (2 - 2 ** -23) * 2 ** 127;

/** The largest float32 not above `x`. */
function roundDown32(x: number): number {
  const f = Math.fround(x);
  const a = Math.abs(f);
  if (a > NORMAL32 && a < MAX32) {
    // g, the float32 below f: the product is exact in float64 and moves f by 1/2 to 1 of a step
    // (3/4 to 3/2 of a step away from 0 when negative, where 1/2 would tie back to f at a power of
    // two), so it rounds to the next float32. Then f or g by arithmetic, not by a branch: which one
    // is a coin toss the processor would mispredict half the time.
    const g = Math.fround(f - a * (2 ** -24 + +(f < 0) * 2 ** -25));
    return f + (g - f) * +(f > x);
  }
  return f <= x ? f : stepDown32(x);
}

/** The smallest float32 not below `x`: {@link roundDown32} mirrored. */
function roundUp32(x: number): number {
  const f = Math.fround(x);
  const a = Math.abs(f);
  if (a > NORMAL32 && a < MAX32) {
    const g = Math.fround(f + a * (2 ** -24 + +(f > 0) * 2 ** -25));
    return f + (g - f) * +(f < x);
  }
  return f >= x ? f : -stepDown32(-x);
}

/** The float32 below the rounding of `x` to float32, by its bits (zeros, subnormals, infinities). */
function stepDown32(x: number): number {
  f32[0] = x;
  if (f32[0] === 0) return -1.4e-45;
  u32[0] += f32[0] > 0 ? -1 : 1;
  return f32[0];
}
