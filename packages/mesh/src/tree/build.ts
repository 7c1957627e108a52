import {
  type AbortSignalLike,
  assertCallback,
  assertSignal,
  describeValue,
  FirstTouchError,
  throwIfAborted,
} from '@firsttouch/pose';
import { roundDown32, roundUp32 } from './round32.js';
import { SELECT_SCRATCH, select } from './select.js';
import { mostlySlivers, SMALL_NODE, SmallSubtrees } from './small-split.js';
import { treeArrays } from './tree-arrays.js';

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
  /**
   * 0 for an internal node; the number of elements of a leaf (at most 255). Every leaf but the last
   * holds exactly `leafSize` elements.
   */
  readonly count: Uint8Array;
  /** Element (facet or segment) indices, leaf by leaf. */
  readonly order: Uint32Array;
  /** Bytes held by the typed arrays of the tree. */
  readonly byteLength: number;
  /**
   * What the modules above keep with this tree (see {@link TreeKept}).
   *
   * @internal
   */
  readonly kept: TreeKept;
}

/**
 * What the modules above keep with a tree, computed on first use and held as long as the tree (each
 * node's first element): each adds its own optional field to this interface by declaration merging.
 * Not exported by the package.
 *
 * @internal
 * @example
 * ```ts
 * import { box, firstElementsOf } from '@firsttouch/mesh';
 * const tree = box(1).tree();
 * console.log(firstElementsOf(tree) === firstElementsOf(tree)); // true
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: the modules above add their fields (declaration merging)
export interface TreeKept {}

/** Elements a leaf holds at most (chosen by measurement: see the package's DECISIONS.md). */
export const LEAF_SIZE = 2;

/**
 * Builds the tree of the elements (`arity` vertex indices each into `positions`, `dim` numbers a
 * vertex): top-down, splitting each node along the longest axis of its elements' centroids, at the
 * median rounded to whole leaves (so every leaf but the last is full; where most facets are slivers,
 * a surface's subtrees of at most {@link SMALL_NODE} facets split by the smallest boxes instead), then
 * boxes bottom-up.
 * O(n log n), no recursion.
 */
export function buildTree(
  positions: Float64Array,
  elements: Uint32Array,
  dim: 2 | 3,
  leafSize: number = LEAF_SIZE,
  watch?: TreeBuildOptions,
): BoundingTree {
  const signal = watch?.signal;
  const onProgress = watch?.onProgress;
  throwIfAborted(signal, 'the tree build, before it started');
  const arity = dim;
  const n = elements.length / arity;
  // Centroids (times arity: only their order matters) travel with `order` during the splits, so the
  // partitioning reads them sequentially rather than through the permutation.
  const key = new Float64Array(n * dim);
  // Each facet's box, made here while the facets are read in their own order: the leaves read one
  // facet box each through `order` rather than three vertices anywhere in memory (a random soup of
  // 10⁶ facets: the build's largest cost). Kept in float64 and rounded outward to float32 once a
  // leaf, after the union (the rounding is monotone: the same numbers as rounding each facet's box
  // first, at half the roundings).
  const facetBoxes = new Float64Array(dim === 3 ? 6 * n : 0);
  const pick = new Float64Array(18);
  if (dim === 3) {
    for (let e = 0; e < 3 * n; e += 3) {
      const a = 3 * elements[e],
        b = 3 * elements[e + 1],
        c = 3 * elements[e + 2];
      const ax = positions[a],
        ay = positions[a + 1],
        az = positions[a + 2];
      const bx = positions[b],
        by = positions[b + 1],
        bz = positions[b + 2];
      const cx = positions[c],
        cy = positions[c + 1],
        cz = positions[c + 2];
      key[e] = 0 + ax + bx + cx;
      key[e + 1] = 0 + ay + by + cy;
      key[e + 2] = 0 + az + bz + cz;
      const o = 2 * e;
      // The least and largest of the three vertices on each axis, the first of equal ones (so ±0
      // come out as a scan in order gives them), each picked from `pick` at a comparison's 0 or 1:
      // the vertices of a soup's facets lie any way round, a coin toss at every branch.
      pick[0] = ax;
      pick[1] = bx;
      pick[2] = ay;
      pick[3] = by;
      pick[4] = az;
      pick[5] = bz;
      const lx = pick[+(bx < ax)],
        ly = pick[2 + +(by < ay)],
        lz = pick[4 + +(bz < az)];
      const hx = pick[+(bx > ax)],
        hy = pick[2 + +(by > ay)],
        hz = pick[4 + +(bz > az)];
      pick[6] = lx;
      pick[7] = cx;
      pick[8] = ly;
      pick[9] = cy;
      pick[10] = lz;
      pick[11] = cz;
      pick[12] = hx;
      pick[13] = cx;
      pick[14] = hy;
      pick[15] = cy;
      pick[16] = hz;
      pick[17] = cz;
      facetBoxes[o] = pick[6 + +(cx < lx)];
      facetBoxes[o + 1] = pick[8 + +(cy < ly)];
      facetBoxes[o + 2] = pick[10 + +(cz < lz)];
      facetBoxes[o + 3] = pick[12 + +(cx > hx)];
      facetBoxes[o + 4] = pick[14 + +(cy > hy)];
      facetBoxes[o + 5] = pick[16 + +(cz > hz)];
    }
  } else {
    for (let e = 0; e < 2 * n; e += 2) {
      const a = 2 * elements[e],
        b = 2 * elements[e + 1];
      key[e] = 0 + positions[a] + positions[b];
      key[e + 1] = 0 + positions[a + 1] + positions[b + 1];
    }
  }
  const nodeCount = nodeTotal(n, leafSize);
  const [order, child, count, boxes] = treeArrays(n, nodeCount, dim, watch?.shared, positions);
  for (let i = 0; i < n; i++) order[i] = i;
  // A surface's subtrees of at most SMALL_NODE facets are built whole, with their boxes; the nodes
  // above them are listed for their boxes.
  const small = dim === 3 && mostlySlivers(positions, elements, n) ? new SmallSubtrees() : undefined;
  const target = { order, key, facetBoxes, child, count, boxes, leafSize };
  const upper = new Uint32Array(small !== undefined ? nodeCount : 0);
  let uppers = 0;
  // Work stack: start, end, parent (or -1), as int triples.
  let work = new Int32Array(3 * 64);
  let top = 0;
  work[top++] = 0;
  work[top++] = n;
  work[top++] = -1;
  let next = 0;
  const scratch = new Int32Array(SELECT_SCRATCH);
  // Told every TELL elements placed in their leaves (and checked for an abort there), then at the end.
  const progress: TreeProgress = { done: 0, total: n };
  let told = 0;
  while (top > 0) {
    const parent = work[--top];
    const end = work[--top];
    const start = work[--top];
    const node = next++;
    if (parent >= 0) child[parent] = node; // only right children are linked: left is parent + 1
    const size = end - start;
    const whole = small !== undefined && size <= SMALL_NODE;
    if (whole) next = small.build(target, start, end, node);
    else if (small !== undefined) upper[uppers++] = node;
    if (whole || size <= leafSize) {
      if (!whole) {
        child[node] = start;
        count[node] = size;
      }
      if (end - told >= TELL && (onProgress !== undefined || signal !== undefined)) {
        told = end;
        progress.done = end;
        onProgress?.(progress);
        throwIfAborted(signal, `the tree build, after ${end} of ${n} elements`);
      }
      continue;
    }
    const axis =
      dim === 3
        ? size <= PICKED
          ? longestAxisPicked3(key, start, end, pick)
          : longestAxis3(key, start, end)
        : longestAxis2(key, start, end);
    // Half the leaves to the left, whole: the tree has ⌈n / leafSize⌉ leaves, the fewest nodes.
    const mid = start + leafSize * (Math.ceil(size / leafSize) >>> 1);
    select(order, key, dim, axis, start, end - 1, mid, scratch);
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
  if (dim === 3)
    surfaceBoxes(facetBoxes, order, child, count, boxes, small !== undefined ? upper : undefined, uppers);
  else curveBoxes(positions, elements, order, child, count, boxes);
  if (onProgress !== undefined && told < n) {
    progress.done = n;
    onProgress(progress);
  }
  return {
    dim,
    elementCount: n,
    nodeCount,
    leafSize,
    boxes,
    child,
    count,
    order,
    byteLength: boxes.byteLength + child.byteLength + count.byteLength + order.byteLength,
    kept: {},
  };
}

/** Elements placed between two progress reports. */
const TELL = 1 << 15;

/**
 * What a tree build can be given: a signal that stops it (`FirstTouchError` `ABORTED`, the tree
 * not kept), and a callback told how many elements have their leaf, every 32 768 and at the end.
 *
 * @example
 * ```ts
 * import { icosphere, type TreeBuildOptions } from '@firsttouch/mesh';
 * const seen: number[] = [];
 * const options: TreeBuildOptions = { onProgress: (p) => seen.push(p.done / p.total) };
 * icosphere(1, 7).tree(options);
 * console.log(seen.length > 2, seen[seen.length - 1]); // true 1
 * ```
 */
export interface TreeBuildOptions {
  signal?: AbortSignalLike;
  onProgress?: (progress: TreeProgress) => void;
  /**
   * Build the tree's arrays in one `SharedArrayBuffer`, so that `serialize` sends them without a copy
   * and every worker they are posted to reads the same memory. Default: where the body's vertices
   * are (true for a surface made with `{shared: true}`).
   */
  shared?: boolean;
}

/**
 * What {@link TreeBuildOptions.onProgress} is told (one record, rewritten each time).
 *
 * @example
 * ```ts
 * import type { TreeProgress } from '@firsttouch/mesh';
 * const half: TreeProgress = { done: 50, total: 100 };
 * ```
 */
export interface TreeProgress {
  /** Elements placed in their leaves so far. */
  done: number;
  /** Elements in all. */
  total: number;
}

/**
 * The options of a tree build, checked (undefined stays undefined).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` naming the option.
 */
export function treeBuildOptions(options: unknown): TreeBuildOptions | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `tree: options must be an object, got ${describeValue(options)}`,
    );
  }
  const o = options as TreeBuildOptions;
  assertSignal(o.signal, 'tree: signal');
  assertCallback(o.onProgress, 'tree: onProgress');
  if (o.shared !== undefined && typeof o.shared !== 'boolean') {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `tree: shared must be a boolean, got ${describeValue(o.shared)}`,
    );
  }
  return o;
}

/** Nodes in the tree of `n` elements: ⌈n / leafSize⌉ leaves (one, empty, for no element). */
function nodeTotal(n: number, leafSize: number): number {
  return n === 0 ? 1 : 2 * Math.ceil(n / leafSize) - 1;
}

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

/** Nodes of at most this many elements take {@link longestAxisPicked3}. */
const PICKED = 32;

/**
 * {@link longestAxis3} for a few keys, where each new extreme is a coin toss a branch would
 * mispredict: each extreme is picked from `pick` (12 slots: the current one and the candidate, for
 * each of the six) at the comparison's 0 or 1, the same numbers without a branch.
 */
function longestAxisPicked3(key: Float64Array, start: number, end: number, pick: Float64Array): number {
  let i = 3 * start;
  let lx = key[i],
    ly = key[i + 1],
    lz = key[i + 2];
  let hx = lx,
    hy = ly,
    hz = lz;
  for (i += 3; i < 3 * end; i += 3) {
    const x = key[i],
      y = key[i + 1],
      z = key[i + 2];
    pick[0] = lx;
    pick[1] = x;
    lx = pick[+(x < lx)];
    pick[2] = hx;
    pick[3] = x;
    hx = pick[2 + +(x > hx)];
    pick[4] = ly;
    pick[5] = y;
    ly = pick[4 + +(y < ly)];
    pick[6] = hy;
    pick[7] = y;
    hy = pick[6 + +(y > hy)];
    pick[8] = lz;
    pick[9] = z;
    lz = pick[8 + +(z < lz)];
    pick[10] = hz;
    pick[11] = z;
    hz = pick[10 + +(z > hz)];
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
 * The boxes of the nodes `upper[0..uppers)` of a surface tree (in increasing order, every other node
 * done; every node without `upper`), bottom-up (children have larger numbers than their parent): a leaf's from its facets'
 * boxes (float32 already), a parent's from its children's.
 */
function surfaceBoxes(
  facetBoxes: Float64Array,
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
      boxes[o] = roundDown32(x0);
      boxes[o + 1] = roundDown32(y0);
      boxes[o + 2] = roundDown32(z0);
      boxes[o + 3] = roundUp32(x1);
      boxes[o + 4] = roundUp32(y1);
      boxes[o + 5] = roundUp32(z1);
    } else {
      const l = o + 6;
      const r = 6 * child[node];
      for (let a = 0; a < 3; a++) {
        boxes[o + a] = Math.min(boxes[l + a], boxes[r + a]);
        boxes[o + 3 + a] = Math.max(boxes[l + 3 + a], boxes[r + 3 + a]);
      }
    }
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
