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
  return {
    dim,
    elementCount: n,
    nodeCount,
    leafSize,
    boxes,
    child: childOut,
    count: countOut,
    order,
    byteLength: boxes.byteLength + childOut.byteLength + countOut.byteLength + order.byteLength,
  };
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
