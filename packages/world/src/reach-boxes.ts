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
  const w = 2 * dim;
  for (let k = 0; k < n; k++) {
    const p = (poses[k] as Placed).t;
    const e = (ends[k] as Placed).t;
    const r = radii[k];
    const o = w * k;
    for (let a = 0; a < dim; a++) {
      const c = p[a];
      const d = e[a] - c;
      // over broadphase's slack (1e-13 of |c| + |c| + |d| + r), so its ball box lies in this one
      const ball = r + margin + 1e-12 * (Math.abs(c) + Math.abs(d) + r);
      const moved = c + d;
      out[o + a] = (c < moved ? c : moved) - ball;
      out[o + dim + a] = (c > moved ? c : moved) + ball;
    }
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
): { pairs: number[]; members: number[] } {
  place.fill(-1, 0, n);
  const pairs: number[] = [];
  const members: number[] = [];
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
  return { pairs, members };
}
