import { typedArray } from '@firsttouch/convex/internal';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import type { BoundingTree } from '../tree/build.js';

/**
 * A body's bounding-volume tree as serialized data: the typed arrays of {@link BoundingTree} and its
 * leaf size (the counts follow from them and the body).
 *
 * @example
 * ```ts
 * import { box, serialize } from '@firsttouch/mesh';
 * const tree = serialize(box(1)).tree!;
 * console.log(tree.leafSize, tree.order.length, tree.boxes.length / 6 === tree.count.length); // 2 12 true
 * ```
 */
export interface TreeData {
  /** Most elements in a leaf (1 to 255); every leaf but the last holds exactly that many. */
  readonly leafSize: number;
  /** {@link BoundingTree.boxes}. */
  readonly boxes: Float32Array;
  /** {@link BoundingTree.child}. */
  readonly child: Uint32Array;
  /** {@link BoundingTree.count}. */
  readonly count: Uint8Array;
  /** {@link BoundingTree.order}. */
  readonly order: Uint32Array;
}

/**
 * How much of a serialized tree is checked: `'full'`, everything a query's answer relies on (the
 * boxes against the body, so that an accepted tree answers as one built afresh), or `'safety'`, what
 * keeps every query from crashing or looping (the shape, the permutation, finite boxes; the caller
 * checks the vertex indices), for data whose source is trusted.
 */
export type TreeCheck = 'full' | 'safety';

/**
 * The tree of serialized `data`, checked against its body (`elements`: `dim` vertex indices an element
 * into `positions`, whose coordinates are already checked finite; with `check` `'full'` the indices
 * are checked here, where the leaves read them, else the caller checks them): the arrays' kinds and
 * lengths, the shape the build gives (nodes numbered depth first, the left child of node n is n + 1;
 * the leaves cover `order` in turn, every one but the last full; `order` a permutation of the
 * elements), and the boxes: finite, and with `'full'` each leaf's containing its elements' vertices,
 * each parent's exactly its two children's union. That is what every query's answer relies on; a
 * leaf box looser than the build's (still containing its elements) only makes queries slower, never
 * wrong. The arrays are adopted, not copied. Linear in the tree's size, in one pass.
 *
 * @throws `FirstTouchError` `BAD_DATA` naming what does not match, `BAD_LENGTH` for arrays of the
 *   wrong length, `INDEX_RANGE` for a vertex index out of range.
 */
export function treeFromData(
  data: unknown,
  dim: 2 | 3,
  positions: Float64Array,
  elements: Uint32Array,
  where: string,
  check: TreeCheck = 'full',
): BoundingTree {
  if (typeof data !== 'object' || data === null) {
    throw new FirstTouchError(
      'BAD_DATA',
      `${where}: tree must be an object or null, got ${describeValue(data)}`,
    );
  }
  const d = data as Record<string, unknown>;
  const leafSize = d.leafSize;
  if (typeof leafSize !== 'number' || !Number.isInteger(leafSize) || leafSize < 1 || leafSize > 255) {
    throw new FirstTouchError(
      'BAD_DATA',
      `${where}: tree.leafSize must be an integer in [1, 255], got ${describeValue(leafSize)}`,
    );
  }
  return treeFromArrays(
    typedArray(d.boxes, 'Float32Array', 'tree.boxes', where),
    typedArray(d.child, 'Uint32Array', 'tree.child', where),
    typedArray(d.count, 'Uint8Array', 'tree.count', where),
    typedArray(d.order, 'Uint32Array', 'tree.order', where),
    { leafSize, dim, positions, elements, where, full: check === 'full' },
  );
}

/** What a tree is checked against. */
interface TreeBody {
  leafSize: number;
  dim: 2 | 3;
  positions: Float64Array;
  elements: Uint32Array;
  where: string;
  /** Check the boxes against the body (and the vertex indices on the way), not only the shape. */
  full: boolean;
}

function treeFromArrays(
  boxes: Float32Array,
  child: Uint32Array,
  count: Uint8Array,
  order: Uint32Array,
  body: TreeBody,
): BoundingTree {
  const { leafSize, dim, where } = body;
  const n = body.elements.length / dim;
  const nodeCount = n === 0 ? 1 : 2 * Math.ceil(n / leafSize) - 1;
  const lengths: Array<[string, number, number]> = [
    ['tree.child', child.length, nodeCount],
    ['tree.count', count.length, nodeCount],
    ['tree.boxes', boxes.length, 2 * dim * nodeCount],
    ['tree.order', order.length, n],
  ];
  for (const [name, got, want] of lengths) {
    if (got !== want) {
      throw new FirstTouchError(
        'BAD_LENGTH',
        `${where}: ${name} has length ${got}, the tree of ${n} elements in leaves of ${leafSize} needs ${want}`,
      );
    }
  }
  checkTree({ boxes, child, count, order }, body);
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

/** The arrays of a tree being checked. */
interface TreeArrays {
  boxes: Float32Array;
  child: Uint32Array;
  count: Uint8Array;
  order: Uint32Array;
}

/**
 * The most levels a build of `nodeCount` nodes makes below its root, with room: each split leaves at
 * most 5/8 of the elements on a side (the middle of the spread, else the median), so a build of L
 * leaves is at most log_{8/5} L + 1 ≈ 1.48 log₂ L + 1 deep; this allows 2 log₂ L + 8.
 */
function maxDepth(nodeCount: number): number {
  const leaves = (nodeCount + 1) / 2;
  return 2 * Math.ceil(Math.log2(leaves + 1)) + 8;
}

/**
 * Everything a query relies on, in one pass over the nodes in their numbers' order (they are checked
 * to be numbered depth first, so that order is the walk from the root), reading each array once and
 * allocating only a bit an element and a stack as deep as the tree:
 *
 * - the shape: a walk from the root, left child first, meets the nodes as 0, 1, 2, ... (each right
 *   child a node still ahead, taken from a stack when a leaf ends a left subtree), so no node is
 *   reached twice and none is missed, and nothing can loop;
 * - the leaves cover `order` in turn, every one but the last full, and `order` holds each element once
 *   (a bit an element); each element's vertex indices are in range;
 * - the boxes: a leaf's finite and containing every vertex of its elements, a parent's exactly the
 *   union of its children's (so finite too). A comparison with NaN is false, so a NaN anywhere fails.
 *
 * The one pass is the point: a tree of 10⁶ facets is 33 MB and its body 24 MB, and what the check
 * costs is reading them (and, in a fresh thread, touching any memory it allocates: hence a bit set,
 * not a byte an element, and a stack that grows with the depth, not with the node count).
 */
function checkTree(tree: TreeArrays, body: TreeBody): void {
  const { boxes, child, count, order } = tree;
  const { leafSize, dim, where, positions: p, elements: el, full } = body;
  const nodeCount = count.length;
  const n = order.length;
  const vertices = p.length / dim;
  const stride = 2 * dim;
  const bad = (what: string) => new FirstTouchError('BAD_DATA', `${where}: tree: ${what}`);
  const seen = new Int32Array((n + 31) >>> 5);
  let stack = new Uint32Array(64);
  // each pending right child's depth, and the node's own: a tree as deep as a chain passes every other
  // check, and made the first query fit its nodes in O(n × depth), quadratic (5 000 facets: 1.6 s)
  let depths = new Uint32Array(64);
  let depth = 0;
  const deepest = maxDepth(nodeCount);
  let top = 0;
  let expected = 0;
  let placed = 0;
  for (let node = 0; node < nodeCount; node++) {
    if (node !== expected)
      throw bad(`node ${expected} is not where a depth-first numbering puts it (found ${node})`);
    const c = count[node];
    const o = stride * node;
    if (c === 0 && n > 0) {
      const right = child[node];
      if (!(right > node + 1 && right < nodeCount))
        throw bad(
          `internal node ${node} has its right child at ${right}, not in (${node + 1}, ${nodeCount})`,
        );
      if (top === stack.length) {
        const grown = new Uint32Array(2 * top);
        grown.set(stack);
        stack = grown;
        const grownDepths = new Uint32Array(2 * top);
        grownDepths.set(depths);
        depths = grownDepths;
      }
      depth++;
      if (depth > deepest)
        throw bad(
          `the children of node ${node} are ${depth} levels deep; a build of ${nodeCount} nodes makes at most ${deepest}`,
        );
      depths[top] = depth;
      stack[top++] = right;
      expected = node + 1;
      if (!full) continue;
      const l = o + stride;
      const r = stride * right;
      for (let a = 0; a < dim; a++) {
        if (
          boxes[o + a] !== Math.min(boxes[l + a], boxes[r + a]) ||
          boxes[o + dim + a] !== Math.max(boxes[l + dim + a], boxes[r + dim + a])
        )
          throw bad(`the box of node ${node} is not the union of its children's`);
      }
      continue;
    }
    if (top > 0) {
      top--;
      expected = stack[top];
      depth = depths[top];
    } else expected = nodeCount;
    const first = child[node];
    if (first !== placed)
      throw bad(`leaf ${node} starts at order[${first}], the leaves before it end at ${placed}`);
    if (c > leafSize || (placed + c < n && c !== leafSize))
      throw bad(`leaf ${node} holds ${c} elements; every leaf but the last holds ${leafSize}`);
    placed += c;
    for (let i = first; i < placed; i++) {
      const e = order[i];
      if (!(e < n) || (seen[e >>> 5] & (1 << (e & 31))) !== 0)
        throw bad(`order[${i}] = ${e} is not a new element index in [0, ${n})`);
      seen[e >>> 5] |= 1 << (e & 31);
    }
    if (!full) continue;
    const outside =
      dim === 3
        ? facetsOutside(boxes, o, order, first, placed, el, p, vertices)
        : segmentsOutside(boxes, o, order, first, placed, el, p, vertices);
    if (outside >= 0) {
      const e = order[outside];
      for (let k = 0; k < dim; k++) {
        if (el[dim * e + k] >= vertices)
          throw new FirstTouchError(
            'INDEX_RANGE',
            `${where}: ${dim === 3 ? 'facet' : 'segment'} ${e}: vertex index ${el[dim * e + k]} is not in [0, ${vertices})`,
          );
      }
      throw bad(`element ${e} lies outside the finite box of its leaf (order[${outside}])`);
    }
  }
  if (!full && !allFinite(boxes)) {
    for (let i = 0; i < boxes.length; i++)
      if (boxes[i] - boxes[i] !== 0) throw bad(`the box of node ${Math.floor(i / stride)} is not finite`);
  }
  if (expected !== nodeCount || placed !== n)
    throw bad(
      `the walk from the root meets ${Math.min(expected, nodeCount)} of ${nodeCount} nodes and ${placed} of ${n} elements`,
    );
}

/**
 * Whether every number of `a` is finite: x − x is 0 for a finite x and NaN for ±Infinity and NaN,
 * and a NaN stays in a sum, so one pass without a branch, four sums apart so that the additions
 * overlap.
 */
export function allFinite(a: Float64Array | Float32Array): boolean {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0;
  const end = a.length - 3;
  let i = 0;
  for (; i < end; i += 4) {
    s0 += a[i] - a[i];
    s1 += a[i + 1] - a[i + 1];
    s2 += a[i + 2] - a[i + 2];
    s3 += a[i + 3] - a[i + 3];
  }
  for (; i < a.length; i++) s0 += a[i] - a[i];
  return s0 + s1 + s2 + s3 === 0;
}

/**
 * The first position in `order[first..end)` of a facet with a vertex index out of range or a vertex
 * outside the box at `boxes[o..o + 6)` (or anywhere, when that box is not finite), or −1. Unrolled:
 * it reads every vertex of a body of millions of facets (a comparison with NaN is false, so a NaN
 * counts as outside; a vertex index out of range reads undefined, which compares false too).
 */
function facetsOutside(
  boxes: Float32Array,
  o: number,
  order: Uint32Array,
  first: number,
  end: number,
  el: Uint32Array,
  p: Float64Array,
  vertices: number,
): number {
  const lx = boxes[o],
    ly = boxes[o + 1],
    lz = boxes[o + 2],
    hx = boxes[o + 3],
    hy = boxes[o + 4],
    hz = boxes[o + 5];
  // x − x is 0 for a finite x, NaN for ±Infinity and NaN.
  if (lx - lx + (ly - ly) + (lz - lz) + (hx - hx) + (hy - hy) + (hz - hz) !== 0) return first;
  for (let i = first; i < end; i++) {
    const e = 3 * order[i];
    const va = el[e],
      vb = el[e + 1],
      vd = el[e + 2];
    if (!(va < vertices && vb < vertices && vd < vertices)) return i;
    const a = 3 * va,
      b = 3 * vb,
      d = 3 * vd;
    const inside =
      p[a] >= lx &&
      p[a] <= hx &&
      p[a + 1] >= ly &&
      p[a + 1] <= hy &&
      p[a + 2] >= lz &&
      p[a + 2] <= hz &&
      p[b] >= lx &&
      p[b] <= hx &&
      p[b + 1] >= ly &&
      p[b + 1] <= hy &&
      p[b + 2] >= lz &&
      p[b + 2] <= hz &&
      p[d] >= lx &&
      p[d] <= hx &&
      p[d + 1] >= ly &&
      p[d + 1] <= hy &&
      p[d + 2] >= lz &&
      p[d + 2] <= hz;
    if (!inside) return i;
  }
  return -1;
}

/** {@link facetsOutside} for the segments of a curve (boxes of 4). */
function segmentsOutside(
  boxes: Float32Array,
  o: number,
  order: Uint32Array,
  first: number,
  end: number,
  el: Uint32Array,
  p: Float64Array,
  vertices: number,
): number {
  const lx = boxes[o],
    ly = boxes[o + 1],
    hx = boxes[o + 2],
    hy = boxes[o + 3];
  if (lx - lx + (ly - ly) + (hx - hx) + (hy - hy) !== 0) return first;
  for (let i = first; i < end; i++) {
    const e = 2 * order[i];
    const va = el[e],
      vb = el[e + 1];
    if (!(va < vertices && vb < vertices)) return i;
    const a = 2 * va,
      b = 2 * vb;
    const inside =
      p[a] >= lx &&
      p[a] <= hx &&
      p[a + 1] >= ly &&
      p[a + 1] <= hy &&
      p[b] >= lx &&
      p[b] <= hx &&
      p[b + 1] >= ly &&
      p[b + 1] <= hy;
    if (!inside) return i;
  }
  return -1;
}
