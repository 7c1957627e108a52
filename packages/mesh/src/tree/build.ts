import {
  type AbortSignalLike,
  assertCallback,
  assertSignal,
  describeValue,
  FirstTouchError,
  throwIfAborted,
} from '@firsttouch/pose';
import { facetKeys3, facetKeysOnly3, facetKeysRounded3, segmentKeys2 } from './first-pass.js';
import { mostlySlivers, type SMALL_NODE, SmallSubtrees } from './small-split.js';
import { type SAMPLE_STEP, type SAMPLED_FROM, splitNodes } from './split-nodes.js';
import { clearBeyondBoxes, treeArrays } from './tree-arrays.js';
import { curveBoxes, surfaceBoxes, surfaceBoxesFromVertices } from './tree-boxes.js';

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
 * vertex): top-down, splitting each node along the longest axis of its elements' centroids, a
 * surface's at the middle of their spread (the median where that would leave less than 3/8 on
 * one side; in nodes of more than {@link SAMPLED_FROM} elements, the spread of every
 * {@link SAMPLE_STEP}-th centroid), a curve's at the median, rounded to whole leaves either way (so
 * every leaf but the last is full); where most facets are slivers, a surface splits at the median, and its subtrees of at
 * most {@link SMALL_NODE} facets by the smallest boxes instead. Then boxes bottom-up.
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
  const nodeCount = nodeTotal(n, leafSize);
  // A surface's subtrees of at most SMALL_NODE facets are built whole, with their boxes, during the
  // splits (so their keys need memory of their own); the nodes above them are listed for their boxes.
  const small = dim === 3 && mostlySlivers(positions, elements, n) ? new SmallSubtrees() : undefined;
  const { order, child, count, boxes, key, keysInBoxes } = treeArrays(
    n,
    nodeCount,
    dim,
    watch?.shared,
    positions,
    small === undefined,
  );
  // Centroids (times arity: only their order matters) travel with `order` during the splits, so the
  // partitioning reads them sequentially rather than through the permutation. A surface that shares
  // its vertices (at most one a facet: a mesh, not a soup) gives each leaf the box of its facets'
  // vertices at the end, where a leaf's facets are neighbours whose vertices lie near each other in
  // memory; other surfaces read one facet box a facet through `order` (a soup's vertices would be
  // three reads anywhere): float64 for the small subtrees of slivers, which weigh their splits by
  // them, rounded to float32 at once elsewhere. The build's loops are each in a function of its own
  // (see `splitNodes`).
  const fromVertices = dim === 3 && small === undefined && positions.length <= 3 * n;
  const facetBoxes = new Float64Array(small !== undefined ? 6 * n : 0);
  const facetBoxes32 = new Float32Array(dim === 3 && small === undefined && !fromVertices ? 6 * n : 0);
  if (small !== undefined) facetKeys3(positions, elements, 0, n, key, facetBoxes, 0, order);
  else if (fromVertices) facetKeysOnly3(positions, elements, n, key, order);
  else if (dim === 3) facetKeysRounded3(positions, elements, n, key, facetBoxes32, order);
  else segmentKeys2(positions, elements, n, key, order);
  const target = { order, key, facetBoxes, child, count, boxes, leafSize };
  const upper = new Uint32Array(small !== undefined ? nodeCount : 0);
  const progress: TreeProgress = { done: 0, total: n };
  const uppers = splitNodes({
    order,
    key,
    dim,
    leafSize,
    child,
    count,
    small,
    target,
    upper,
    signal,
    onProgress,
    progress,
  });
  if (fromVertices) surfaceBoxesFromVertices(positions, elements, order, child, count, boxes);
  else if (dim === 3)
    surfaceBoxes(facetBoxes32, order, child, count, boxes, small !== undefined ? upper : undefined, uppers);
  else curveBoxes(positions, elements, order, child, count, boxes);
  if (keysInBoxes) clearBeyondBoxes(boxes);
  if (onProgress !== undefined && progress.done < n) {
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
