import { describeValue, FirstTouchError } from '@firsttouch/pose';
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
  const cl = new Float64Array(dim);
  const ch = new Float64Array(dim);
  while (stack.length > 0) {
    const end = stack.pop()!;
    const first = stack.pop()!;
    const node = stack.pop()!;
    const b = w * node;
    if (end - first === 1) {
      balls[b + dim] = parts[w * order[first] + dim];
      for (let a = 0; a < dim; a++) balls[b + a] = parts[w * order[first] + a];
      part[node] = order[first];
      continue;
    }
    // The node's ball: about the centre of its parts' boxes, reaching every part's ball; and, in the
    // same pass, the spread of the parts' centres on each axis.
    lo.fill(Number.POSITIVE_INFINITY);
    hi.fill(Number.NEGATIVE_INFINITY);
    cl.fill(Number.POSITIVE_INFINITY);
    ch.fill(Number.NEGATIVE_INFINITY);
    for (let k = first; k < end; k++) {
      const o = w * order[k];
      const r = parts[o + dim];
      for (let a = 0; a < dim; a++) {
        const x = parts[o + a];
        lo[a] = Math.min(lo[a], x - r);
        hi[a] = Math.max(hi[a], x + r);
        cl[a] = Math.min(cl[a], x);
        ch[a] = Math.max(ch[a], x);
      }
    }
    for (let a = 0; a < dim; a++) balls[b + a] = 0.5 * (lo[a] + hi[a]);
    let radius = 0;
    for (let k = first; k < end; k++) {
      const o = w * order[k];
      let d2 = 0;
      for (let a = 0; a < dim; a++) d2 += (parts[o + a] - balls[b + a]) ** 2;
      radius = Math.max(radius, Math.sqrt(d2) + parts[o + dim]);
    }
    balls[b + dim] = radius * (1 + 1e-12);
    // Split along the widest spread of the centres, at the median (ties by part index).
    let axis = 0;
    let spread = -1;
    for (let a = 0; a < dim; a++) {
      if (ch[a] - cl[a] > spread) {
        spread = ch[a] - cl[a];
        axis = a;
      }
    }
    const mid = first + ((end - first) >> 1);
    selectPart(order, parts, w, axis, first, end, mid);
    const left = node + 1;
    const right = left + 2 * (mid - first) - 1;
    child[node] = right;
    // Depth-first order: the left subtree takes the nodes right after its parent.
    stack.push(right, mid, end, left, first, mid);
  }
  return Object.freeze({ dim, nodeCount, balls, child, part });
}

/**
 * Reorders `order[first..end)` so that the parts before `mid` are the `mid − first` least by
 * (coordinate `axis` of their centre, part index): a total order, so the two sides are the same sets
 * as a sort's, whatever the input order (and so is every node below). Quickselect about the median
 * of three; a range that has not halved in three rounds is sorted instead, so a hostile order of parts
 * costs O(n log n), not O(n²).
 */
function selectPart(
  order: Uint32Array,
  parts: Float64Array,
  w: number,
  axis: number,
  first: number,
  end: number,
  mid: number,
): void {
  let lo = first;
  let hi = end - 1;
  let rounds = 0;
  let size = hi - lo + 1;
  while (hi > lo) {
    if (++rounds > 3) {
      if (hi - lo + 1 > size >> 1) {
        const range = Array.from(order.subarray(lo, hi + 1));
        range.sort((i, j) => (before(parts, w, axis, i, j) ? -1 : 1));
        order.set(range, lo);
        return;
      }
      rounds = 1;
      size = hi - lo + 1;
    }
    // The pivot: the median of the first, middle and last parts of the range.
    const m = lo + ((hi - lo) >> 1);
    if (before(parts, w, axis, order[m], order[lo])) swap(order, m, lo);
    if (before(parts, w, axis, order[hi], order[lo])) swap(order, hi, lo);
    if (before(parts, w, axis, order[hi], order[m])) swap(order, hi, m);
    const p = order[m];
    // Hoare's scans; no part equals the pivot but the pivot itself (the order is total).
    let i = lo - 1;
    let j = hi + 1;
    for (;;) {
      do i++;
      while (before(parts, w, axis, order[i], p));
      do j--;
      while (before(parts, w, axis, p, order[j]));
      if (i >= j) break;
      swap(order, i, j);
    }
    // order[lo..j] precede order[j + 1..hi].
    if (mid <= j) hi = j;
    else lo = j + 1;
  }
}

/** Part i comes before part j: its centre's coordinate `axis` is less, or equal with i < j. */
function before(parts: Float64Array, w: number, axis: number, i: number, j: number): boolean {
  const a = parts[w * i + axis];
  const b = parts[w * j + axis];
  return a < b || (a === b && i < j);
}

function swap(order: Uint32Array, i: number, j: number): void {
  const t = order[i];
  order[i] = order[j];
  order[j] = t;
}

/**
 * About how far a tree's parts reach from their body's origin: the largest |coordinate| of the root
 * ball's centre plus its radius (0 for an empty tree). What a compound pair checks its placements'
 * range by.
 *
 * @example
 * ```ts
 * import { buildPartTree, treeReach } from '@firsttouch/mesh/internal';
 * console.log(treeReach(buildPartTree(new Float64Array([3, -4, 0, 1]), 3))); // 5
 * ```
 */
export function treeReach(tree: PartTree): number {
  if (tree.nodeCount === 0) return 0;
  const d = tree.dim;
  let c = 0;
  for (let k = 0; k < d; k++) c = Math.max(c, Math.abs(tree.balls[k]));
  return c + tree.balls[d];
}

/** Coordinates below 2^500 (about 3.3e150) keep float64's squares of distances finite, with room. */
export const SQUARES_SAFE = 2 ** 500;

/**
 * Throws unless a placement that reaches `extent` (the largest |coordinate| of the translation plus
 * both trees' reach) keeps float64's squares finite: past about 1e154 they overflow, and a pair's
 * ball distances and part queries answered +∞ as a lower bound of a finite gap. ccd's driver takes
 * such a step to unit size before it measures; a caller of a compound pair must too.
 *
 * @throws `FirstTouchError` `INVALID_POSE` naming `where`.
 * @example
 * ```ts
 * import { assertSquaresInRange } from '@firsttouch/mesh/internal';
 * assertSquaresInRange(1e100, 'evaluate'); // fine
 * try {
 *   assertSquaresInRange(1e155, 'CompoundPair.evaluate');
 * } catch (e) {
 *   console.log((e as { code: string }).code); // INVALID_POSE
 * }
 * ```
 */
export function assertSquaresInRange(extent: number, where: string): void {
  if (!(extent <= SQUARES_SAFE))
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: the placement reaches ${extent} (translation and parts), past 2^500, where float64's squares of distances overflow: take the bodies to unit size first (ccd's timeOfImpact does)`,
    );
}

/**
 * Coordinates within [2^−200, 2^200] (about 1e±60) keep the products that the facet and segment
 * distances take (fourth powers of coordinates) within float64's range, with room: past about 2^250
 * they overflow, below about 2^−260 they underflow, and the distances came out several times the gap.
 */
export const MESH_SAFE = 2 ** 200;

/**
 * Throws unless a placement of surfaces or curves that reaches `extent` (the largest |coordinate| of
 * the translation plus both bodies' reach) lies within [2^−200, 2^200] (0 too: points at the
 * origin), where the facet and segment distances are sound. `surfaceDistance`, `curveDistance` and
 * ccd's `timeOfImpact` take such bodies to unit size first; a caller of the pair queries must too.
 *
 * @throws `FirstTouchError` `INVALID_POSE` naming `where`.
 * @example
 * ```ts
 * import { assertMeshInRange } from '@firsttouch/mesh/internal';
 * assertMeshInRange(1e50, 'SurfacePair.evaluate'); // fine
 * try {
 *   assertMeshInRange(1e100, 'SurfacePair.evaluate');
 * } catch (e) {
 *   console.log((e as { code: string }).code); // INVALID_POSE
 * }
 * ```
 */
export function assertMeshInRange(extent: number, where: string): void {
  if (!(extent <= MESH_SAFE) || (extent > 0 && extent < 1 / MESH_SAFE))
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: the placement reaches ${extent} (translation and bodies), outside [2^-200, 2^200], where the facet and segment distances' products overflow or underflow: take the bodies to unit size first (surfaceDistance, curveDistance and ccd's timeOfImpact do)`,
    );
}

/**
 * The pair queries' check of a 3-D placement (`R` row-major, `t`) of bodies whose largest
 * |coordinate|s sum to `reach` (NaN: no bodies bound): bound bodies, nine finite numbers in `R` (a
 * NaN there answered a contact at distance 0), and the reach within the range of
 * {@link assertMeshInRange}. A few operations a query: every evaluation of a pair runs it.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a pair without bodies, `INVALID_POSE` otherwise.
 * @example
 * ```ts
 * import { assertPlacement3 } from '@firsttouch/mesh/internal';
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * assertPlacement3(R, new Float64Array([3, 0, 0]), 2, 'SurfacePair.evaluate'); // fine
 * try {
 *   assertPlacement3(R.map((x, k) => (k === 4 ? Number.NaN : x)), new Float64Array(3), 2, 'SurfacePair.evaluate');
 * } catch (e) {
 *   console.log((e as { code: string }).code); // INVALID_POSE
 * }
 * ```
 */
export function assertPlacement3(R: Float64Array, t: Float64Array, reach: number, where: string): void {
  if (Number.isNaN(reach)) unbound(where);
  assertFinitePlacement3(R, t, where);
  const far = Math.max(Math.abs(t[0]), Math.abs(t[1]), Math.abs(t[2])) + reach;
  if (!(far <= MESH_SAFE) || far * MESH_SAFE < 1) assertMeshInRange(far, where);
}

/**
 * A 3-D placement's numbers: `R` and `t` Float64Arrays of 9 and 3 finite numbers (a NaN in `R`
 * answered a contact at distance 0; one in `t` was refused as a placement past 2^500). The first
 * part of {@link assertPlacement3}, for the pair queries that check their range their own way.
 *
 * @throws `FirstTouchError` `INVALID_POSE` naming `R` or `t`.
 * @example
 * ```ts
 * import { assertFinitePlacement3 } from '@firsttouch/mesh/internal';
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * try {
 *   assertFinitePlacement3(R, new Float64Array([Number.NaN, 0, 0]), 'CompoundPair.evaluate');
 * } catch (e) {
 *   console.log((e as Error).message); // CompoundPair.evaluate: t must hold finite numbers, got Float64Array of length 3
 * }
 * ```
 */
export function assertFinitePlacement3(R: Float64Array, t: Float64Array, where: string): void {
  if (!(R instanceof Float64Array) || !(t instanceof Float64Array) || R.length < 9 || t.length < 3)
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: R and t must be Float64Arrays of 9 and 3 numbers, got ${describeValue(R)} and ${describeValue(t)}`,
    );
  // 0 times a sum of finite numbers is 0; a NaN or an infinity makes it NaN
  if (0 * (R[0] + R[1] + R[2] + R[3] + R[4] + R[5] + R[6] + R[7] + R[8]) !== 0)
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: R must hold finite numbers, got ${describeValue(R)}`,
    );
  if (0 * (t[0] + t[1] + t[2]) !== 0)
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: t must hold finite numbers, got ${describeValue(t)}`,
    );
}

/**
 * A 2-D placement's numbers: the rotation's cosine `c` and sine `s` and the translation (`tu`, `tv`)
 * finite (see {@link assertFinitePlacement3}).
 *
 * @throws `FirstTouchError` `INVALID_POSE` naming the rotation or the translation.
 * @example
 * ```ts
 * import { assertFinitePlacement2 } from '@firsttouch/mesh/internal';
 * try {
 *   assertFinitePlacement2(Number.NaN, 0, 3, 0, 'CompoundPair2.evaluate');
 * } catch (e) {
 *   console.log((e as { code: string }).code); // INVALID_POSE
 * }
 * ```
 */
export function assertFinitePlacement2(c: number, s: number, tu: number, tv: number, where: string): void {
  if (0 * (c + s) !== 0)
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: the rotation's cosine and sine must be finite numbers, got ${describeValue(c)} and ${describeValue(s)}`,
    );
  if (0 * (tu + tv) !== 0)
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: the translation must be finite numbers, got ${describeValue(tu)} and ${describeValue(tv)}`,
    );
}

/**
 * {@link assertPlacement3} in 2-D: a rotation of cosine `c` and sine `s`, a translation (`tu`, `tv`).
 *
 * @example
 * ```ts
 * import { assertPlacement2 } from '@firsttouch/mesh/internal';
 * assertPlacement2(1, 0, 3, 0, 2, 'CurvePair.evaluate'); // fine
 * try {
 *   assertPlacement2(Number.NaN, 0, 3, 0, 2, 'CurvePair.evaluate');
 * } catch (e) {
 *   console.log((e as { code: string }).code); // INVALID_POSE
 * }
 * ```
 */
export function assertPlacement2(
  c: number,
  s: number,
  tu: number,
  tv: number,
  reach: number,
  where: string,
): void {
  if (Number.isNaN(reach)) unbound(where);
  assertFinitePlacement2(c, s, tu, tv, where);
  const far = Math.max(Math.abs(tu), Math.abs(tv)) + reach;
  if (!(far <= MESH_SAFE) || far * MESH_SAFE < 1) assertMeshInRange(far, where);
}

/** Refuses an evaluation of a pair without bodies (never bound, or unbound). */
function unbound(where: string): never {
  throw new FirstTouchError('INVALID_OPTION', `${where}: the pair has no bodies (bind them first)`);
}
