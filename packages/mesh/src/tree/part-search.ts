import { NO_PART, type PartTree } from './part-tree.js';

/** Node pairs the stack holds before it grows. */
const STACK_START = 64;

/**
 * The descent of two part trees ({@link PartTree}) at a placement, for the compound pairs of 2-D and
 * 3-D: B's node balls are placed in A's frame ({@link PartSearch.place3}, {@link PartSearch.place2}),
 * then {@link PartSearch.search} visits the leaf pairs (part pairs) whose balls come nearer than the
 * bound, nearer node pairs first, and the visitor lowers the bound as it measures. A node pair whose
 * balls are at least the bound apart is left with all its part pairs. Allocates nothing once its
 * stack has grown to the trees' depth.
 *
 * @example
 * ```ts
 * import { buildPartTree, PartSearch } from '@firsttouch/mesh/internal';
 * const a = buildPartTree(new Float64Array([0, 0, 1, 10, 0, 1]), 2);
 * const b = buildPartTree(new Float64Array([0, 0, 1]), 2);
 * const search = new PartSearch();
 * search.place2(b, 1, 0, 4, 0);
 * const seen: number[] = [];
 * search.search(a, b, Number.POSITIVE_INFINITY, (i, _j, gap) => (seen.push(i), gap));
 * console.log(seen); // [0]
 * ```
 */
export class PartSearch {
  /** B's node balls placed in A's frame: x y z r a node (z = 0 in 2-D). */
  placed = new Float64Array(0);
  /** Node pairs tested in the last search. */
  nodePairs = 0;
  #stack = new Uint32Array(2 * STACK_START);
  #gaps = new Float64Array(STACK_START);

  /** Places B's tree by `x ↦ R x + t` (3-D). */
  place3(tree: PartTree, R: ArrayLike<number>, t: ArrayLike<number>): void {
    const out = this.#room(tree.nodeCount);
    const b = tree.balls;
    for (let n = 0, o = 0; n < tree.nodeCount; n++, o += 4) {
      const x = b[o],
        y = b[o + 1],
        z = b[o + 2];
      out[o] = R[0] * x + R[1] * y + R[2] * z + t[0];
      out[o + 1] = R[3] * x + R[4] * y + R[5] * z + t[1];
      out[o + 2] = R[6] * x + R[7] * y + R[8] * z + t[2];
      out[o + 3] = b[o + 3];
    }
  }

  /** Places B's tree (2-D) by the rotation of cosine `c`, sine `s`, then (tu, tv). */
  place2(tree: PartTree, c: number, s: number, tu: number, tv: number): void {
    const out = this.#room(tree.nodeCount);
    const b = tree.balls;
    for (let n = 0, o = 0, p = 0; n < tree.nodeCount; n++, o += 4, p += 3) {
      const u = b[p],
        v = b[p + 1];
      out[o] = c * u - s * v + tu;
      out[o + 1] = s * u + c * v + tv;
      out[o + 2] = 0;
      out[o + 3] = b[p + 2];
    }
  }

  #room(nodes: number): Float64Array {
    if (this.placed.length < 4 * nodes) this.placed = new Float64Array(4 * nodes);
    return this.placed;
  }

  /**
   * Visits the part pairs (i of A, j of B) whose balls are nearer than `bound` (B placed by the last
   * `place`), nearer node pairs first; `visit(i, j, ballGap)` measures the pair and returns the new
   * bound (never above the one it was given, for the pruning to hold). Returns the last bound.
   */
  search(
    a: PartTree,
    b: PartTree,
    bound: number,
    visit: (partA: number, partB: number, ballGap: number) => number,
  ): number {
    const A = a.balls;
    const wa = a.dim + 1;
    const B = this.placed;
    const pa = a.part;
    const pb = b.part;
    let stack = this.#stack;
    let gaps = this.#gaps;
    let top = 0;
    stack[0] = 0;
    stack[1] = 0;
    gaps[0] = gapOf(A, wa, 0, B, 0);
    top = 1;
    let best = bound;
    this.nodePairs = 1;
    while (top > 0) {
      top--;
      const gap = gaps[top];
      if (gap >= best) continue;
      const i = stack[2 * top];
      const j = stack[2 * top + 1];
      const leafA = pa[i] !== NO_PART;
      const leafB = pb[j] !== NO_PART;
      if (leafA && leafB) {
        best = visit(pa[i], pb[j], gap);
        continue;
      }
      if (top + 2 > gaps.length) {
        const s = new Uint32Array(2 * stack.length);
        s.set(stack);
        stack = this.#stack = s;
        const g = new Float64Array(2 * gaps.length);
        g.set(gaps);
        gaps = this.#gaps = g;
      }
      // Split the node with the larger ball (a leaf is never split).
      let i1 = i;
      let i2 = i;
      let j1 = j;
      let j2 = j;
      if (leafB || (!leafA && A[wa * i + a.dim] >= B[4 * j + 3])) {
        i1 = i + 1;
        i2 = a.child[i];
      } else {
        j1 = j + 1;
        j2 = b.child[j];
      }
      const g1 = gapOf(A, wa, i1, B, j1);
      const g2 = gapOf(A, wa, i2, B, j2);
      this.nodePairs += 2;
      // The nearer pair goes on top, to be searched first.
      if (g1 <= g2) {
        push(stack, gaps, top++, i2, j2, g2);
        push(stack, gaps, top++, i1, j1, g1);
      } else {
        push(stack, gaps, top++, i1, j1, g1);
        push(stack, gaps, top++, i2, j2, g2);
      }
    }
    return best;
  }
}

function push(stack: Uint32Array, gaps: Float64Array, k: number, i: number, j: number, g: number): void {
  stack[2 * k] = i;
  stack[2 * k + 1] = j;
  gaps[k] = g;
}

/** The gap between A's node i (stride wa) and B's placed node j: centre distance less the radii. */
function gapOf(A: Float64Array, wa: number, i: number, B: Float64Array, j: number): number {
  const o = wa * i;
  const p = 4 * j;
  const dx = B[p] - A[o];
  const dy = B[p + 1] - A[o + 1];
  const dz = wa === 4 ? B[p + 2] - A[o + 2] : 0;
  return Math.sqrt(dx * dx + dy * dy + dz * dz) - A[o + wa - 1] - B[p + 3];
}
