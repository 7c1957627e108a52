/**
 * Points, or edges, of a run: the runs of `ConvexCurve.chunks` (points 16 g to 16 g + 15) and of
 * `ConvexCurve.runs` (edges 16 g to 16 g + 15, edge k from point k to point k + 1) line up.
 */
export const CURVE_RUN = 16;

/**
 * Distinct vertices from which a closed convex loop's support is found by walking from the last one
 * rather than by trying every vertex: for the 400-vertex section of a wing against a 32-gon, walks
 * and one certifying search an evaluation took less than half the time of full searches at every
 * step (a third without the runs of `ConvexCurve.chunks`); a polygon of a few vertices is searched
 * as fast as walked.
 */
export const WALK_FROM = 24;

/**
 * Slack of a run's bounds on the cosine and sine between its edges and its direction: far above the
 * few roundings of their computation, of the edges' own differences and of the direction's length,
 * so that the bounds hold for the exact edges.
 */
export const ANGLE_SLACK = 1e-12;

/**
 * The least rise a certified edge must have along a search direction, in units of the curve's reach.
 * Less the rounding of the certificate itself (about 1e-15, times an edge no longer than twice the
 * reach), 8e-15 of the reach remain: 18 times what the rounding of the two dot products a search
 * compares can take away (4 ulps of the reach).
 */
export const RISE = 1e-14;

const NO_RUNS = /* @__PURE__ */ new Float64Array(0);

/**
 * The certificates with which the searches of a closed convex loop skip runs of it: for each run of
 * {@link CURVE_RUN} edges along the loop (edge k from point k to point k + 1; the closing edge, from
 * the last point back to the first, belongs to no run), 5 numbers: a unit direction b, a lower bound
 * of the cosine and an upper bound of the |sine| of the angle from b to any of the run's edges, and
 * the least value κ the cosine bound of a direction must exceed for the run's every step to rise
 * along it by more than a search's rounding ({@link RISE}). A run that turns too far to be certified
 * gets a cosine bound of −1. Empty below {@link WALK_FROM} points.
 *
 * @param points - the distinct points of a convex loop, in order along it (u v each).
 * @param reach - the largest |u| plus the largest |v| of the points.
 */
export function supportRuns(points: Float64Array, reach: number): Float64Array {
  const count = points.length / 2;
  if (count < WALK_FROM) return NO_RUNS;
  const runs = Math.ceil((count - 1) / CURVE_RUN);
  const out = new Float64Array(5 * runs);
  for (let r = 0; r < runs; r++) {
    const from = r * CURVE_RUN;
    const to = Math.min(from + CURVE_RUN, count - 1);
    const o = 5 * r;
    out[o + 2] = -1;
    out[o + 4] = Number.POSITIVE_INFINITY;
    // The bisector of the first and last edges: the edges of a convex loop turn one way, so it
    // bisects them all while the run turns by less than a half turn.
    const fx = points[2 * from + 2] - points[2 * from],
      fy = points[2 * from + 3] - points[2 * from + 1];
    const lx = points[2 * to] - points[2 * to - 2],
      ly = points[2 * to + 1] - points[2 * to - 1];
    const fl = Math.hypot(fx, fy),
      ll = Math.hypot(lx, ly);
    if (!(fl > 0 && ll > 0 && fl < Number.POSITIVE_INFINITY && ll < Number.POSITIVE_INFINITY)) continue;
    const sx = fx / fl + lx / ll,
      sy = fy / fl + ly / ll;
    const sl = Math.hypot(sx, sy);
    if (!(sl > 0.5)) continue;
    const bx = sx / sl,
      by = sy / sl;
    // The bounds are taken over the edges themselves, whatever b is.
    let cos = Number.POSITIVE_INFINITY;
    let sin = 0;
    let shortest = Number.POSITIVE_INFINITY;
    for (let k = from; k < to; k++) {
      const ex = points[2 * k + 2] - points[2 * k],
        ey = points[2 * k + 3] - points[2 * k + 1];
      const len = Math.hypot(ex, ey);
      if (!(len > 0 && len < Number.POSITIVE_INFINITY)) {
        cos = Number.NEGATIVE_INFINITY;
        break;
      }
      cos = Math.min(cos, (ex * bx + ey * by) / len);
      sin = Math.max(sin, Math.abs(ex * by - ey * bx) / len);
      shortest = Math.min(shortest, len);
    }
    cos -= ANGLE_SLACK;
    if (!(cos > 0)) continue;
    out[o] = bx;
    out[o + 1] = by;
    out[o + 2] = cos;
    out[o + 3] = sin + ANGLE_SLACK;
    out[o + 4] = ((RISE * reach) / shortest) * (1 + ANGLE_SLACK);
  }
  return out;
}

/**
 * Every edge of run r rises along `sign` (dx, dy) (`sign` 1 or −1, |(dx, dy)| about 1) by more than
 * the rounding of the dot products a search compares: along the run, each point is farther than
 * the one before, in floating point too. For an edge e at angle α from b, and θ the angle from b to
 * the direction d, d·e = |d| |e| cos(θ − α) ≥ |e| ((d·b) cos α − |d×b| |sin α|) once d·b ≥ 0.
 */
export function runRises(runs: Float64Array, r: number, dx: number, dy: number, sign: number): boolean {
  const o = 5 * r;
  const bx = runs[o],
    by = runs[o + 1];
  return sign * (dx * bx + dy * by) * runs[o + 2] - Math.abs(dx * by - dy * bx) * runs[o + 3] > runs[o + 4];
}

/**
 * A vertex of the closed loop `P` (neighbours in the array are neighbours on the loop) farther along
 * (dx, dy) = `dir[o]`, `dir[o + 1]` than both its neighbours, walked to from `from` (the direction
 * comes in an array: doubles passed to a call that is not inlined are boxed). On a convex loop the
 * farthest, unless rounding or a flat stretch stops it early: the caller checks with {@link support}.
 *
 * The walk steps while the next dot product is larger; with the certificates of {@link supportRuns}
 * (empty: none) it crosses at once each run whose every step it would take, so it stops where the
 * step-by-step walk stops, to the bit.
 */
export function walk(
  P: Float64Array,
  count: number,
  from: number,
  dir: Float64Array,
  o: number,
  runs: Float64Array,
): number {
  const dx = dir[o],
    dy = dir[o + 1];
  const last = runs.length === 0 ? 0 : count - 1;
  let i = from;
  let f = dx * P[2 * i] + dy * P[2 * i + 1];
  let j = i + 1 === count ? 0 : i + 1;
  let g = dx * P[2 * j] + dy * P[2 * j + 1];
  // The run last asked: a run that cannot be crossed is then walked point by point.
  let asked = -1;
  if (g > f) {
    for (;;) {
      i = j;
      f = g;
      // Forward, the next edge is edge i.
      while (i < last) {
        const r = (i / CURVE_RUN) | 0;
        if (r === asked) break;
        asked = r;
        if (!runRises(runs, r, dx, dy, 1)) break;
        const end = (r + 1) * CURVE_RUN;
        i = end < last ? end : last;
        f = dx * P[2 * i] + dy * P[2 * i + 1];
      }
      j = i + 1 === count ? 0 : i + 1;
      g = dx * P[2 * j] + dy * P[2 * j + 1];
      if (!(g > f)) return i;
    }
  }
  j = i === 0 ? count - 1 : i - 1;
  g = dx * P[2 * j] + dy * P[2 * j + 1];
  while (g > f) {
    i = j;
    f = g;
    // Backward, the next edge is edge i − 1 (from vertex 0, the closing edge).
    while (i > 0 && i <= last) {
      const r = ((i - 1) / CURVE_RUN) | 0;
      if (r === asked) break;
      asked = r;
      if (!runRises(runs, r, dx, dy, -1)) break;
      i = r * CURVE_RUN;
      f = dx * P[2 * i] + dy * P[2 * i + 1];
    }
    j = i === 0 ? count - 1 : i - 1;
    g = dx * P[2 * j] + dy * P[2 * j + 1];
  }
  return i;
}

/**
 * {@link support} of a curve without chunks or runs (a polygon of a few vertices): every vertex is
 * tried. Small, so that it is inlined where it is called.
 */
export function supportAll(P: Float64Array, from: number, dir: Float64Array, o: number): number {
  const dx = dir[o],
    dy = dir[o + 1];
  let found = from;
  let best = dx * P[2 * from] + dy * P[2 * from + 1];
  for (let p = 0, k = 0; p < P.length; p += 2, k++) {
    const h = dx * P[p] + dy * P[p + 1];
    if (h > best) {
      best = h;
      found = k;
    }
  }
  return found;
}

/**
 * The vertex of `P` (u v each) farthest along (dx, dy) = `dir[o]`, `dir[o + 1]`, ties to the first
 * found, starting from vertex `from` (a good guess prunes the most) and then run by run in order. A
 * run whose disc (`chunks`, see `ConvexCurve`) does not reach beyond the best so far is skipped; one
 * certified to rise or fall all along (`runs`, see {@link supportRuns}) has its farthest point at its
 * last or its first point and nowhere else, so only that one is tried. Either way the answer is that
 * of trying every vertex.
 */
export function support(
  P: Float64Array,
  chunks: Float64Array,
  runs: Float64Array,
  from: number,
  dir: Float64Array,
  o: number,
): number {
  const dx = dir[o],
    dy = dir[o + 1];
  let found = from;
  let best = dx * P[2 * from] + dy * P[2 * from + 1];
  const certified = runs.length / 5;
  for (let r = 0, p0 = 0; p0 < P.length; r++, p0 += 2 * CURVE_RUN) {
    if (chunks.length > 0) {
      const q = 3 * r;
      if (dx * chunks[q] + dy * chunks[q + 1] + chunks[q + 2] <= best) continue;
    }
    const end = p0 + 2 * CURVE_RUN < P.length ? p0 + 2 * CURVE_RUN : P.length;
    let from = p0;
    if (r < certified) {
      if (runRises(runs, r, dx, dy, 1)) from = end - 2;
      else if (runRises(runs, r, dx, dy, -1)) {
        const h = dx * P[p0] + dy * P[p0 + 1];
        if (h > best) {
          best = h;
          found = p0 >> 1;
        }
        continue;
      }
    }
    for (let p = from; p < end; p += 2) {
      const h = dx * P[p] + dy * P[p + 1];
      if (h > best) {
        best = h;
        found = p >> 1;
      }
    }
  }
  return found;
}
