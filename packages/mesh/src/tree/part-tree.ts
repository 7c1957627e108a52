/**
 * A bounding-ball tree over a compound's parts (3-D balls or 2-D discs), built once when the compound
 * is made: nodes in depth-first order (the left child of `n` is `n + 1`, the right one `child[n]`),
 * one part a leaf. Balls, not boxes: a ball placed at any pose is the same ball, so a pair of trees
 * is compared at a relative placement by moving one centre.
 *
 * @example
 * ```ts
 * import { buildPartTree } from '@firsttouch/mesh/internal';
 * // two discs (u, v, r) far apart on the u axis
 * const tree = buildPartTree(new Float64Array([-5, 0, 1, 5, 0, 1]), 2);
 * console.log(tree.nodeCount, tree.balls[2] >= 6, Array.from(tree.part)); // 3 true [4294967295, 0, 1]
 * ```
 */
export interface PartTree {
  /** The dimension: 2 (discs u v r) or 3 (balls x y z r). */
  readonly dim: 2 | 3;
  /** Nodes (2 × parts − 1). */
  readonly nodeCount: number;
  /** Each node's ball: its centre (`dim` numbers) then its radius, `dim + 1` numbers a node. */
  readonly balls: Float64Array;
  /** The right child of an inner node (0 for a leaf). */
  readonly child: Uint32Array;
  /** The part of a leaf; `NO_PART` for an inner node. */
  readonly part: Uint32Array;
}

/** `PartTree.part` of an inner node. */
export const NO_PART = 0xffffffff;

/**
 * Builds the tree over `parts` balls (`dim + 1` numbers each: centre then radius, in the compound's
 * frame). Top-down: each node's parts split at the median of their centres along the axis of their
 * widest spread (ties by part index, so the build is deterministic); each node's ball centred on its
 * parts' box and grown to hold every part's ball, a hair over for the rounding. O(n log² n), no
 * recursion.
 *
 * @example
 * ```ts
 * import { buildPartTree } from '@firsttouch/mesh/internal';
 * const tree = buildPartTree(new Float64Array([0, 0, 0, 1]), 3);
 * console.log(tree.nodeCount, Array.from(tree.balls)); // 1 [0, 0, 0, 1]
 * ```
 */
export function buildPartTree(parts: Float64Array, dim: 2 | 3): PartTree {
  const w = dim + 1;
  const n = parts.length / w;
  const nodeCount = 2 * n - 1;
  const balls = new Float64Array(w * nodeCount);
  const child = new Uint32Array(nodeCount);
  const part = new Uint32Array(nodeCount).fill(NO_PART);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  // Each entry: node, first, end (a range of `order`).
  const stack: number[] = [0, 0, n];
  const lo = new Float64Array(dim);
  const hi = new Float64Array(dim);
  while (stack.length > 0) {
    const end = stack.pop()!;
    const first = stack.pop()!;
    const node = stack.pop()!;
    // The node's ball: about the centre of its parts' boxes, reaching every part's ball.
    lo.fill(Number.POSITIVE_INFINITY);
    hi.fill(Number.NEGATIVE_INFINITY);
    for (let k = first; k < end; k++) {
      const o = w * order[k];
      const r = parts[o + dim];
      for (let a = 0; a < dim; a++) {
        lo[a] = Math.min(lo[a], parts[o + a] - r);
        hi[a] = Math.max(hi[a], parts[o + a] + r);
      }
    }
    const b = w * node;
    for (let a = 0; a < dim; a++) balls[b + a] = 0.5 * (lo[a] + hi[a]);
    let radius = 0;
    for (let k = first; k < end; k++) {
      const o = w * order[k];
      let d2 = 0;
      for (let a = 0; a < dim; a++) d2 += (parts[o + a] - balls[b + a]) ** 2;
      radius = Math.max(radius, Math.sqrt(d2) + parts[o + dim]);
    }
    if (end - first === 1) {
      balls[b + dim] = parts[w * order[first] + dim];
      for (let a = 0; a < dim; a++) balls[b + a] = parts[w * order[first] + a];
      part[node] = order[first];
      continue;
    }
    balls[b + dim] = radius * (1 + 1e-12);
    // Split along the widest spread of the centres, at the median (ties by part index).
    let axis = 0;
    let spread = -1;
    for (let a = 0; a < dim; a++) {
      let cl = Number.POSITIVE_INFINITY;
      let ch = Number.NEGATIVE_INFINITY;
      for (let k = first; k < end; k++) {
        const x = parts[w * order[k] + a];
        cl = Math.min(cl, x);
        ch = Math.max(ch, x);
      }
      if (ch - cl > spread) {
        spread = ch - cl;
        axis = a;
      }
    }
    const range = Array.from(order.subarray(first, end));
    range.sort((i, j) => parts[w * i + axis] - parts[w * j + axis] || i - j);
    order.set(range, first);
    const mid = first + ((end - first) >> 1);
    const left = node + 1;
    const right = left + 2 * (mid - first) - 1;
    child[node] = right;
    // Depth-first order: the left subtree takes the nodes right after its parent.
    stack.push(right, mid, end, left, first, mid);
  }
  return Object.freeze({ dim, nodeCount, balls, child, part });
}
