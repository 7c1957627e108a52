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
 * axis of their spread, then boxes bottom-up. O(n log n), no recursion.
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
  for (let e = 0; e < n; e++) {
    for (let a = 0; a < dim; a++) {
      let s = 0;
      for (let k = 0; k < arity; k++) s += positions[elements[arity * e + k] * dim + a];
      key[e * dim + a] = s;
    }
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const maxNodes = Math.max(1, 2 * n - 1);
  const child = new Uint32Array(maxNodes);
  const count = new Uint8Array(maxNodes);
  // Work stack: start, end, parent (or -1), as int triples.
  let work = new Int32Array(3 * 64);
  let top = 0;
  work[top++] = 0;
  work[top++] = n;
  work[top++] = -1;
  let next = 0;
  const lo = new Float64Array(dim);
  const hi = new Float64Array(dim);
  while (top > 0) {
    const parent = work[--top];
    const end = work[--top];
    const start = work[--top];
    const node = next++;
    if (parent >= 0) child[parent] = node; // only right children are linked: left is parent + 1
    const size = end - start;
    if (size <= leafSize) {
      child[node] = start;
      count[node] = size;
      continue;
    }
    // Longest axis of the centroids' spread, in one pass.
    lo.fill(Number.POSITIVE_INFINITY);
    hi.fill(Number.NEGATIVE_INFINITY);
    for (let i = start * dim; i < end * dim; i += dim) {
      for (let a = 0; a < dim; a++) {
        const c = key[i + a];
        if (c < lo[a]) lo[a] = c;
        if (c > hi[a]) hi[a] = c;
      }
    }
    let axis = 0;
    for (let a = 1; a < dim; a++) if (hi[a] - lo[a] > hi[axis] - lo[axis]) axis = a;
    const mid = (start + end) >>> 1;
    select(order, key, dim, axis, start, end - 1, mid);
    if (top + 6 > work.length) {
      const grown = new Int32Array(2 * work.length);
      grown.set(work);
      work = grown;
    }
    // Right first on the stack, so the left child is numbered node + 1.
    work[top++] = mid;
    work[top++] = end;
    work[top++] = node;
    work[top++] = start;
    work[top++] = mid;
    work[top++] = -1;
  }
  const nodeCount = next;
  const stride = 2 * dim;
  const boxes = new Float32Array(nodeCount * stride);
  const mins = new Float64Array(dim);
  const maxs = new Float64Array(dim);
  // Bottom-up: children have larger numbers than their parent.
  for (let node = nodeCount - 1; node >= 0; node--) {
    const o = node * stride;
    if (count[node] > 0) {
      mins.fill(Number.POSITIVE_INFINITY);
      maxs.fill(Number.NEGATIVE_INFINITY);
      const first = child[node];
      for (let i = first; i < first + count[node]; i++) {
        const e = order[i];
        for (let k = 0; k < arity; k++) {
          const v = elements[arity * e + k] * dim;
          for (let a = 0; a < dim; a++) {
            const x = positions[v + a];
            if (x < mins[a]) mins[a] = x;
            if (x > maxs[a]) maxs[a] = x;
          }
        }
      }
      for (let a = 0; a < dim; a++) {
        boxes[o + a] = roundDown32(mins[a]);
        boxes[o + dim + a] = roundUp32(maxs[a]);
      }
    } else {
      const l = (node + 1) * stride;
      const r = child[node] * stride;
      for (let a = 0; a < dim; a++) {
        boxes[o + a] = Math.min(boxes[l + a], boxes[r + a]);
        boxes[o + dim + a] = Math.max(boxes[l + dim + a], boxes[r + dim + a]);
      }
    }
  }
  const childOut = child.slice(0, nodeCount);
  const countOut = count.slice(0, nodeCount);
  const slabs =
    dim === 3
      ? buildSlabs(positions, elements, boxes, order, childOut, countOut, nodeCount)
      : new Float32Array(0);
  return {
    dim,
    elementCount: n,
    nodeCount,
    leafSize,
    boxes,
    slabs,
    child: childOut,
    count: countOut,
    order,
    byteLength:
      boxes.byteLength + slabs.byteLength + childOut.byteLength + countOut.byteLength + order.byteLength,
  };
}

/**
 * The slab of every node of a surface tree: normals summed bottom-up (area-weighted, as the cross
 * products come), then each node's interval of `n · x` over the vertices of its facets, with `n`
 * as stored (float32), so the interval holds for the direction the query will use.
 */
function buildSlabs(
  positions: Float64Array,
  elements: Uint32Array,
  boxes: Float32Array,
  order: Uint32Array,
  child: Uint32Array,
  count: Uint8Array,
  nodeCount: number,
): Float32Array {
  const normal = new Float64Array(3 * nodeCount);
  for (let node = nodeCount - 1; node >= 0; node--) {
    const o = 3 * node;
    if (count[node] > 0) {
      for (let i = child[node]; i < child[node] + count[node]; i++) {
        const e = 3 * order[i];
        const a = 3 * elements[e],
          b = 3 * elements[e + 1],
          c = 3 * elements[e + 2];
        const ux = positions[b] - positions[a],
          uy = positions[b + 1] - positions[a + 1],
          uz = positions[b + 2] - positions[a + 2];
        const vx = positions[c] - positions[a],
          vy = positions[c + 1] - positions[a + 1],
          vz = positions[c + 2] - positions[a + 2];
        normal[o] += uy * vz - uz * vy;
        normal[o + 1] += uz * vx - ux * vz;
        normal[o + 2] += ux * vy - uy * vx;
      }
    } else {
      const l = o + 3;
      const r = 3 * child[node];
      normal[o] = normal[l] + normal[r];
      normal[o + 1] = normal[l + 1] + normal[r + 1];
      normal[o + 2] = normal[l + 2] + normal[r + 2];
    }
  }
  const slabs = new Float32Array(5 * nodeCount);
  for (let node = 0; node < nodeCount; node++) {
    const o = 3 * node;
    const q = 5 * node;
    let x = normal[o],
      y = normal[o + 1],
      z = normal[o + 2];
    const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
    if (m > 0 && m < Number.POSITIVE_INFINITY) {
      x /= m;
      y /= m;
      z /= m;
      let len = Math.sqrt(x * x + y * y + z * z);
      // Float32 rounding may leave |n| a little above 1, and a gap measured along a longer vector
      // is no lower bound: shorten until the stored vector is at most unit (almost always at once).
      for (;;) {
        slabs[q] = x / len;
        slabs[q + 1] = y / len;
        slabs[q + 2] = z / len;
        if (slabs[q] ** 2 + slabs[q + 1] ** 2 + slabs[q + 2] ** 2 <= 1 - 1e-15) break;
        len *= 1 + 2 ** -22;
      }
    } else {
      slabs[q] = 1; // no mean normal (a closed part, degenerate facets): any unit axis is valid
    }
  }
  // Intervals: a node of up to SLAB_EXACT facets ranges over its own vertices; a larger one over
  // its children's boxes (looser, but the top of the tree is rarely what prunes, and the build stays
  // linear in the depth below that size).
  for (let node = nodeCount - 1; node >= 0; node--) {
    const q = 5 * node;
    const nx = slabs[q],
      ny = slabs[q + 1],
      nz = slabs[q + 2];
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let mag = 0;
    const [first, last] = span(node, child, count);
    if (last - first <= SLAB_EXACT) {
      for (let i = first; i < last; i++) {
        const e = 3 * order[i];
        for (let k = 0; k < 3; k++) {
          const v = 3 * elements[e + k];
          const px = nx * positions[v],
            py = ny * positions[v + 1],
            pz = nz * positions[v + 2];
          const d = px + py + pz;
          if (d < min) min = d;
          if (d > max) max = d;
          const a = Math.abs(px) + Math.abs(py) + Math.abs(pz);
          if (a > mag) mag = a;
        }
      }
    } else {
      for (const c of [node + 1, child[node]]) {
        const b = 6 * c;
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
    }
    // Outward by the rounding of the dot products (a few ulps of the terms' size) before float32.
    slabs[q + 3] = roundDown32(min - 4e-16 * 4 * mag);
    slabs[q + 4] = roundUp32(max + 4e-16 * 4 * mag);
  }
  return slabs;
}

/** Nodes of at most this many facets get their slab from their vertices, larger ones from their children's boxes. */
const SLAB_EXACT = 64;

/** The range of `order` under a node: its leaves are contiguous, from its leftmost to its rightmost. */
function span(node: number, child: Uint32Array, count: Uint8Array): [number, number] {
  let l = node;
  while (count[l] === 0) l = l + 1;
  let r = node;
  while (count[r] === 0) r = child[r];
  return [child[l], child[r] + count[r]];
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
    while (i <= j) {
      while (key[i * dim + axis] < pivot) i++;
      while (key[j * dim + axis] > pivot) j--;
      if (i <= j) {
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
        for (let d = 0; d < dim; d++) {
          const x = key[i * dim + d];
          key[i * dim + d] = key[j * dim + d];
          key[j * dim + d] = x;
        }
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

const f32 = /* @__PURE__ */ new Float32Array(1);
const u32 = /* @__PURE__ */ new Uint32Array(f32.buffer);

/** The largest float32 not above `x`. */
function roundDown32(x: number): number {
  f32[0] = x;
  if (f32[0] <= x) return f32[0];
  // f32[0] > x: step one float32 towards −∞.
  if (f32[0] === 0) return -1.4e-45;
  u32[0] += f32[0] > 0 ? -1 : 1;
  return f32[0];
}

/** The smallest float32 not below `x`. */
function roundUp32(x: number): number {
  return -roundDown32(-x);
}
