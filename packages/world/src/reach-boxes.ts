import { emptyList } from './lists.js';

/** A pose as the reach boxes read it: its translation (both dimensions' poses have one). */
interface Placed {
  readonly t: ArrayLike<number>;
}

/**
 * The box each body's ball sweeps over the step, grown by `margin` (tol/2): the ball about the
 * body's origin that holds it (`radii`), carried from its pose to its target along the straight
 * line its origin follows. It holds the swept box broadphase computes for the body (which is cut
 * down to this same ball's box, with a smaller rounding slack), and it costs only the two
 * translations: no rotation, no vertices. The step keeps its sorted lists and filters its pairs on
 * these boxes, and builds broadphase's full step data only for the bodies of pairs whose boxes meet.
 * A body with no target (its end the same object as its pose) stays where it is.
 *
 * @param out - `2 · dim` numbers a body (at least): its smallest coordinates, then its largest.
 */
export function reachBoxes(
  dim: 2 | 3,
  poses: readonly unknown[],
  ends: readonly unknown[],
  radii: Float64Array,
  margin: number,
  out: Float64Array,
): void {
  const n = poses.length;
  for (let k = 0; k < n; k++)
    reachBox(dim, (poses[k] as Placed).t, (ends[k] as Placed).t, radii[k] + margin, out, k);
}

/**
 * Body k's box of {@link reachBoxes}, its origin going from `p` to `e`, its ball's radius (grown by
 * the margin) `ball`, written at its place in `out`.
 */
export function reachBox(
  dim: 2 | 3,
  p: ArrayLike<number>,
  e: ArrayLike<number>,
  ball: number,
  out: Float64Array,
  k: number,
): void {
  const o = 2 * dim * k;
  for (let a = 0; a < dim; a++) {
    const c = p[a];
    const d = e[a] - c;
    // over broadphase's slack (1e-13 of |c| + |c| + |d| + r), so its ball box lies in this one
    const r = ball + 1e-12 * (Math.abs(c) + Math.abs(d) + ball);
    const moved = c + d;
    out[o + a] = (c < moved ? c : moved) - r;
    out[o + dim + a] = (c > moved ? c : moved) + r;
  }
}

/**
 * Body k's box when it does not move (a static body), from its box at its pose `placed` (`2 · dim`
 * numbers a body, broadphase's box at s = 0): grown by `margin` and a slack over broadphase's own
 * (1e-13 of the coordinates), so it holds the box broadphase sweeps for it; written at its place in
 * `out`.
 */
export function stillBox(
  dim: 2 | 3,
  placed: Float64Array,
  margin: number,
  out: Float64Array,
  k: number,
): void {
  const o = 2 * dim * k;
  for (let a = 0; a < dim; a++) {
    const lo = placed[o + a];
    const hi = placed[o + dim + a];
    const grow = margin + 1e-12 * (Math.abs(lo) + Math.abs(hi));
    out[o + a] = lo - grow;
    out[o + dim + a] = hi + grow;
  }
}

/** The closed boxes i and j of `B` (`2 · dim` numbers a box) overlap. */
export function boxesOverlap(B: Float64Array, dim: number, i: number, j: number): boolean {
  const oi = 2 * dim * i;
  const oj = 2 * dim * j;
  for (let a = 0; a < dim; a++) {
    if (B[oi + dim + a] < B[oj + a] || B[oj + dim + a] < B[oi + a]) return false;
  }
  return true;
}

/**
 * The pairs of `held` (the sorted lists' pairs of fat boxes, `i < j`) whose reach boxes overlap and
 * that `allowed` lets be tested, and the bodies in them: `place[k]` becomes body k's place in
 * `members` (−1 for a body in none of them), `members` the bodies in the order they came.
 */
export function reachPairs(
  dim: 2 | 3,
  held: Uint32Array,
  reach: Float64Array,
  place: Int32Array,
  n: number,
  allowed: (i: number, j: number) => boolean,
  into: { pairs: number[]; members: number[] } = { pairs: [], members: [] },
): { pairs: number[]; members: number[] } {
  place.fill(-1, 0, n);
  const { pairs, members } = into;
  emptyList(pairs);
  emptyList(members);
  // (most held pairs are fat boxes that overlap while the bodies' reach boxes do not: that test
  // first, inline; a 2-D box's third axis never excludes)
  const w = 2 * dim;
  const z = dim === 3 ? 2 : 0;
  for (let x = 0; x < held.length; x += 2) {
    const i = held[x];
    const j = held[x + 1];
    const oi = w * i;
    const oj = w * j;
    if (
      reach[oi + dim] < reach[oj] ||
      reach[oj + dim] < reach[oi] ||
      reach[oi + dim + 1] < reach[oj + 1] ||
      reach[oj + dim + 1] < reach[oi + 1] ||
      reach[oi + dim + z] < reach[oj + z] ||
      reach[oj + dim + z] < reach[oi + z] ||
      !allowed(i, j)
    )
      continue;
    pairs.push(i, j);
    if (place[i] < 0) place[i] = members.push(i) - 1;
    if (place[j] < 0) place[j] = members.push(j) - 1;
  }
  return into;
}
