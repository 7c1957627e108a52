import { describeValue, FirstTouchError } from '@firsttouch/pose';
import type { BoundingTree } from '../tree/build.js';
import { typedArray } from './typed.js';

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
 * The tree of serialized `data`, checked against its body (`elements`: `dim` vertex indices an element
 * into `positions`, both already checked): the arrays' kinds and lengths, the shape the build gives
 * (nodes numbered depth first, the left child of node n is n + 1; the leaves cover `order` in turn,
 * every one but the last full; `order` a permutation of the elements), and the boxes: finite, each
 * leaf's containing its elements' vertices, each parent's exactly its two children's union. That is
 * what every query relies on; a leaf box looser than the build's (still containing its elements) only
 * makes queries slower, never wrong. The arrays are adopted, not copied. Linear in the tree's size.
 *
 * @throws `FirstTouchError` `BAD_DATA` naming what does not match, `BAD_LENGTH` for arrays of the
 *   wrong length.
 */
export function treeFromData(
  data: unknown,
  dim: 2 | 3,
  positions: Float64Array,
  elements: Uint32Array,
  where: string,
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
    { leafSize, dim, positions, elements, where },
  );
}

/** What a tree is checked against. */
interface TreeBody {
  leafSize: number;
  dim: 2 | 3;
  positions: Float64Array;
  elements: Uint32Array;
  where: string;
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
  checkShape(child, count, order, leafSize, where);
  checkBoxes(boxes, child, count, order, body);
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
 * The nodes are numbered depth first (a walk from the root, left child first, meets them as 0, 1,
 * 2, ...), so no node is reached twice and none is missed; the leaves cover `order` in turn, every
 * one but the last full, and `order` holds each element once.
 */
function checkShape(
  child: Uint32Array,
  count: Uint8Array,
  order: Uint32Array,
  leafSize: number,
  where: string,
): void {
  const nodeCount = child.length;
  const n = order.length;
  const bad = (what: string) => new FirstTouchError('BAD_DATA', `${where}: tree: ${what}`);
  // The walk's stack: a node pushes at most two and each pop must be the next number, so it never
  // holds more than nodeCount + 1.
  const stack = new Uint32Array(nodeCount + 1);
  let top = 0;
  stack[top++] = 0;
  let next = 0;
  let placed = 0;
  while (top > 0) {
    const node = stack[--top];
    if (node !== next) throw bad(`node ${next} is not where a depth-first numbering puts it (found ${node})`);
    next++;
    const c = count[node];
    if (c > 0) {
      if (child[node] !== placed)
        throw bad(`leaf ${node} starts at order[${child[node]}], the leaves before it end at ${placed}`);
      if (c > leafSize || (placed + c < n && c !== leafSize))
        throw bad(`leaf ${node} holds ${c} elements; every leaf but the last holds ${leafSize}`);
      placed += c;
    } else if (n > 0) {
      const right = child[node];
      if (!(right > node + 1 && right < nodeCount))
        throw bad(
          `internal node ${node} has its right child at ${right}, not in (${node + 1}, ${nodeCount})`,
        );
      if (top + 2 > stack.length) throw bad(`node ${node}: more nodes than a tree of ${n} elements has`);
      stack[top++] = right;
      stack[top++] = node + 1;
    }
  }
  if (next !== nodeCount || placed !== n)
    throw bad(`the walk from the root meets ${next} of ${nodeCount} nodes and ${placed} of ${n} elements`);
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const e = order[i];
    if (!(e < n) || seen[e] === 1) throw bad(`order[${i}] = ${e} is not a new element index in [0, ${n})`);
    seen[e] = 1;
  }
}

/**
 * Every box is finite; a leaf's contains every vertex of its elements; a parent's is exactly the
 * union of its children's (nodes already checked by {@link checkShape}). A comparison with NaN is
 * false, so a NaN anywhere fails one of them.
 */
function checkBoxes(
  boxes: Float32Array,
  child: Uint32Array,
  count: Uint8Array,
  order: Uint32Array,
  body: TreeBody,
): void {
  const { dim, where } = body;
  const stride = 2 * dim;
  // Leaves are checked finite below; a parent equal to the union of finite children is finite.
  for (let node = 0; node < count.length; node++) {
    if (count[node] > 0) continue;
    const o = stride * node;
    const l = o + stride;
    const r = stride * child[node];
    for (let a = 0; a < dim; a++) {
      if (
        boxes[o + a] !== Math.min(boxes[l + a], boxes[r + a]) ||
        boxes[o + dim + a] !== Math.max(boxes[l + dim + a], boxes[r + dim + a])
      ) {
        throw new FirstTouchError(
          'BAD_DATA',
          `${where}: tree: the box of node ${node} is not the union of its children's`,
        );
      }
    }
  }
  const outside =
    dim === 3
      ? facetOutside(boxes, child, count, order, body)
      : segmentOutside(boxes, child, count, order, body);
  if (outside >= 0) {
    throw new FirstTouchError(
      'BAD_DATA',
      `${where}: tree: element ${order[outside]} lies outside the finite box of its leaf (order[${outside}])`,
    );
  }
}

/**
 * The first position in `order` of a facet with a vertex outside its leaf's box, or −1. Unrolled: it
 * reads every vertex of a body of millions of facets (a comparison with NaN is false, so a NaN
 * counts as outside).
 */
function facetOutside(
  boxes: Float32Array,
  child: Uint32Array,
  count: Uint8Array,
  order: Uint32Array,
  body: TreeBody,
): number {
  const p = body.positions;
  const el = body.elements;
  for (let node = 0; node < count.length; node++) {
    const c = count[node];
    if (c === 0) continue;
    const o = 6 * node;
    const lx = boxes[o],
      ly = boxes[o + 1],
      lz = boxes[o + 2],
      hx = boxes[o + 3],
      hy = boxes[o + 4],
      hz = boxes[o + 5];
    const first = child[node];
    // x − x is 0 for a finite x, NaN for ±Infinity and NaN.
    if (lx - lx + (ly - ly) + (lz - lz) + (hx - hx) + (hy - hy) + (hz - hz) !== 0) return first;
    for (let i = first; i < first + c; i++) {
      const e = 3 * order[i];
      const a = 3 * el[e],
        b = 3 * el[e + 1],
        d = 3 * el[e + 2];
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
  }
  return -1;
}

/** {@link facetOutside} for the segments of a curve (boxes of 4). */
function segmentOutside(
  boxes: Float32Array,
  child: Uint32Array,
  count: Uint8Array,
  order: Uint32Array,
  body: TreeBody,
): number {
  const p = body.positions;
  const el = body.elements;
  for (let node = 0; node < count.length; node++) {
    const c = count[node];
    if (c === 0) continue;
    const o = 4 * node;
    const lx = boxes[o],
      ly = boxes[o + 1],
      hx = boxes[o + 2],
      hy = boxes[o + 3];
    const first = child[node];
    if (lx - lx + (ly - ly) + (hx - hx) + (hy - hy) !== 0) return first;
    for (let i = first; i < first + c; i++) {
      const e = 2 * order[i];
      const a = 2 * el[e],
        b = 2 * el[e + 1];
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
  }
  return -1;
}
