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
const ANGLE_SLACK = 1e-12;

/**
 * The least rise a certified edge must have along a search direction, in units of the curve's reach.
 * Less the rounding of the certificate itself (about 1e-15, times an edge no longer than twice the
 * reach), 8e-15 of the reach remain: 18 times what the rounding of the two dot products a search
 * compares can take away (4 ulps of the reach).
 */
const RISE = 1e-14;

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

const TWO_PI = 2 * Math.PI;
const HALF_PI = Math.PI / 2;

/**
 * Slack of the angles of {@link polarEdges}, in radians: far above the rounding of `atan2`, of the
 * edges' differences, of the unwrapping sums and of the shifts by 2π (below 1e-11 for the loops of
 * at most 2 048 points the convexity check admits), and of a direction's pseudo-angle (below 1e-15
 * rad), so that an edge's interval holds its exact angle and a bin the directions put in it.
 */
const POLAR_SLACK = 1e-9;

/**
 * Bins of directions in {@link polarEdges}' table: 512 bins of at most 0.018 rad, a few edges of the
 * wing section's flat sides, one edge of a 32-gon at most.
 */
const POLAR_BINS = 512;

/**
 * The pseudo-angle of (x, y) in [0, 4): a quarter turn a unit, then |y| / (|x| + |y|) or its like
 * within the quadrant, increasing with the angle; one division where `atan2` costs tens of
 * nanoseconds.
 */
function pseudoAngle(x: number, y: number): number {
  if (y >= 0) return x >= 0 ? y / (x + y) : 1 + -x / (y - x);
  return x < 0 ? 2 + -y / (-x - y) : 3 + x / (x - y);
}

/** The angle, in [0, 2π], of pseudo-angle p (see {@link pseudoAngle}). */
function angleOf(p: number): number {
  const q = Math.min(3, Math.floor(p));
  const f = p - q;
  return q * HALF_PI + Math.atan2(f, 1 - f);
}

/** The first j in [0, n) with `a[at + j]` ≥ x (n when none): `a` is nondecreasing there. */
function firstAtLeast(a: Float64Array, at: number, n: number, x: number): number {
  let l = 0,
    h = n;
  while (l < h) {
    const m = (l + h) >> 1;
    if (a[at + m] >= x) h = m;
    else l = m + 1;
  }
  return l;
}

/** The first j in [0, n) with `a[at + j]` > x (n when none): `a` is nondecreasing there. */
function firstAbove(a: Float64Array, at: number, n: number, x: number): number {
  let l = 0,
    h = n;
  while (l < h) {
    const m = (l + h) >> 1;
    if (a[at + m] > x) h = m;
    else l = m + 1;
  }
  return l;
}

/**
 * The edges of a closed convex loop that every direction of a bin certifies to rise, or to fall, so
 * that a full search ({@link supportPolar}) tries only the points between: for a loop of at least
 * {@link WALK_FROM} points (edge k from point k to point k + 1, the last back to point 0), the loop's
 * sense σ (1 counter-clockwise, −1 clockwise: then every angle is that of the mirrored loop,
 * (u, −v)), then for each of {@link POLAR_BINS} bins of the directions' pseudo-angles 4 edge indices:
 * the first and the last edge of the range every direction of the bin certifies rising (cyclic: the
 * last is before the first when it wraps), then the same for falling; −1 when a range is empty.
 *
 * An edge whose angle lies within π/2 − μ of a direction's rises along it by at least |d| |e| sin μ,
 * more than |e| times the least rise κ of {@link supportRuns} (μ = 4κ + slack, sin μ > 0.63 μ, and
 * |d| > 0.7 for the directions the searches accept, |dx| + |dy| > 0.99): along a rising edge the next
 * point is farther in floating point too. The edges' intervals [angle − μ, angle + μ],
 * twice round (the second round 2π on), are made monotone (the lows a running minimum from the end,
 * the highs a running maximum from the start), which only widens them: the edges whose interval
 * lies in the half turn of the bin's every direction then make one range, found by two binary
 * searches. Empty when the loop does not turn once round (to 1e-6 rad), or an edge is empty or too
 * short to certify.
 *
 * @param points - the distinct points of a convex loop, in order along it (u v each).
 * @param reach - the largest |u| plus the largest |v| of the points.
 */
export function polarEdges(points: Float64Array, reach: number): Int16Array {
  const count = points.length / 2;
  if (count < WALK_FROM || count > 16_000) return NO_POLAR;
  const n = 2 * count;
  // The lows, then the highs, of the edges twice round: first the unwrapped angles.
  const bounds = new Float64Array(2 * n);
  const length = new Float64Array(count);
  let previous = 0;
  for (let k = 0; k < count; k++) {
    const j = k + 1 === count ? 0 : k + 1;
    const ex = points[2 * j] - points[2 * k],
      ey = points[2 * j + 1] - points[2 * k + 1];
    const len = Math.hypot(ex, ey);
    if (!(len > 0 && len < Number.POSITIVE_INFINITY)) return NO_POLAR;
    length[k] = len;
    const a = Math.atan2(ey, ex);
    if (k === 0) bounds[0] = a;
    else {
      let turn = a - previous;
      if (turn > Math.PI) turn -= TWO_PI;
      else if (turn <= -Math.PI) turn += TWO_PI;
      bounds[k] = bounds[k - 1] + turn;
    }
    previous = a;
  }
  let last = bounds[0] - bounds[count - 1];
  last -= TWO_PI * Math.round(last / TWO_PI);
  const total = bounds[count - 1] - bounds[0] + last;
  if (!(Math.abs(Math.abs(total) - TWO_PI) < 1e-6)) return NO_POLAR;
  const sense = total > 0 ? 1 : -1;
  for (let k = 0; k < count; k++) {
    const least = ((RISE * reach) / length[k]) * (1 + ANGLE_SLACK);
    if (!(least < 0.01)) return NO_POLAR;
    const margin = 4 * least + POLAR_SLACK;
    const a = sense * bounds[k];
    bounds[k] = a - margin;
    bounds[n + k] = a + margin;
    bounds[count + k] = a - margin + TWO_PI;
    bounds[n + count + k] = a + margin + TWO_PI;
  }
  for (let j = n - 2; j >= 0; j--) if (bounds[j + 1] < bounds[j]) bounds[j] = bounds[j + 1];
  for (let j = n + 1; j < 2 * n; j++) if (bounds[j - 1] > bounds[j]) bounds[j] = bounds[j - 1];
  const base = bounds[0];
  const out = new Int16Array(1 + 4 * POLAR_BINS);
  out[0] = sense;
  for (let b = 0; b < POLAR_BINS; b++) {
    // The bin's directions, widened by the slack: a pseudo-angle rounded across the bin's edge is
    // within 1e-15 rad of it.
    const t0 = angleOf((4 * b) / POLAR_BINS) - POLAR_SLACK;
    const t1 = angleOf((4 * (b + 1)) / POLAR_BINS) + POLAR_SLACK;
    const o = 1 + 4 * b;
    for (let side = 0; side < 2; side++) {
      // Rising: within [θ − π/2, θ + π/2] for every θ of the bin; falling: [θ + π/2, θ + 3π/2].
      let lo = t1 + (side === 0 ? -HALF_PI : HALF_PI);
      const width = Math.PI - (t1 - t0);
      while (lo < base) lo += TWO_PI;
      while (lo >= base + TWO_PI) lo -= TWO_PI;
      const j1 = firstAtLeast(bounds, 0, n, lo);
      const j2 = firstAbove(bounds, n, n, lo + width) - 1;
      out[o + 2 * side] = -1;
      out[o + 2 * side + 1] = -1;
      if (j2 >= j1 && j2 - j1 + 1 < count) {
        out[o + 2 * side] = j1 % count;
        out[o + 2 * side + 1] = j2 % count;
      }
    }
  }
  return out;
}

const NO_POLAR = /* @__PURE__ */ new Int16Array(0);

/**
 * {@link support} of a closed convex loop with {@link polarEdges}: the same vertex, to the bit, from
 * a few points. The direction's bin gives the edges certified to rise along (dx, dy) and those
 * certified to fall: along a range of rising edges every point is below the next, so only the range's
 * end can be the farthest (or tie with it), and along a falling range only its start. The points
 * from the end of the rising range to the start of the falling one (about the farthest point) and
 * from the end of the falling range to the start of the rising one (about the nearest) are tried,
 * and ties decided as the plain scan decides them (`from` first, then the smaller index), whatever
 * the order.
 */
export function supportPolar(
  P: Float64Array,
  polar: Int16Array,
  from: number,
  dir: Float64Array,
  o: number,
): number {
  const dx = dir[o],
    dy = dir[o + 1];
  let found = from;
  let best = dx * P[2 * from] + dy * P[2 * from + 1];
  const count = P.length / 2;
  // A direction far from unit length (or not a number) is left to the plain scan.
  const size = Math.abs(dx) + Math.abs(dy);
  let bin = (pseudoAngle(dx, polar[0] * dy) * (POLAR_BINS / 4)) | 0;
  if (bin >= POLAR_BINS) bin = POLAR_BINS - 1;
  const q = 1 + 4 * bin;
  const rs = polar[q],
    re = polar[q + 1],
    fs = polar[q + 2],
    fe = polar[q + 3];
  if (!(size > 0.99 && size < 1.5) || rs < 0 || fs < 0) {
    for (let p = 0, k = 0; p < P.length; p += 2, k++) {
      const h = dx * P[p] + dy * P[p + 1];
      if (h > best) {
        best = h;
        found = k;
      }
    }
    return found;
  }
  for (let gap = 0; gap < 2; gap++) {
    // Points re + 1 to fs, then fe + 1 to rs, along the loop.
    let k = gap === 0 ? re + 1 : fe + 1;
    const stop = gap === 0 ? fs : rs;
    for (;;) {
      if (k === count) k = 0;
      const h = dx * P[2 * k] + dy * P[2 * k + 1];
      if (h > best || (h === best && k < found && found !== from)) {
        best = h;
        found = k;
      }
      if (k === stop) break;
      k++;
    }
  }
  return found;
}

/** Edge k lies in the cyclic range of edges from `s` to `e` (`s` −1: the empty range). */
function inRange(k: number, s: number, e: number): boolean {
  return s >= 0 && (e >= s ? k >= s && k <= e : k >= s || k <= e);
}

/**
 * {@link walk} of a closed convex loop with {@link polarEdges}: the vertex the step-by-step walk from
 * `from` stops at, to the bit. A walk that steps forward onto an edge the direction's bin certifies
 * rising would step along the whole rising range, each point farther than the last: it goes to the
 * range's end at once; one that steps backward onto an edge certified falling goes to the falling
 * range's start. Only the points about the farthest one are walked one by one.
 */
export function walkPolar(
  P: Float64Array,
  polar: Int16Array,
  from: number,
  dir: Float64Array,
  o: number,
): number {
  const dx = dir[o],
    dy = dir[o + 1];
  const count = P.length / 2;
  let rs = -1,
    re = -1,
    fs = -1,
    fe = -1;
  // A direction far from unit length (or not a number) is walked step by step.
  const size = Math.abs(dx) + Math.abs(dy);
  if (size > 0.99 && size < 1.5) {
    let bin = (pseudoAngle(dx, polar[0] * dy) * (POLAR_BINS / 4)) | 0;
    if (bin >= POLAR_BINS) bin = POLAR_BINS - 1;
    const q = 1 + 4 * bin;
    rs = polar[q];
    re = polar[q + 1];
    fs = polar[q + 2];
    fe = polar[q + 3];
  }
  let i = from;
  let f = dx * P[2 * i] + dy * P[2 * i + 1];
  let j = i + 1 === count ? 0 : i + 1;
  let g = dx * P[2 * j] + dy * P[2 * j + 1];
  if (g > f) {
    for (;;) {
      i = j;
      f = g;
      // Forward, the next edge is edge i.
      if (inRange(i, rs, re)) {
        i = re + 1 === count ? 0 : re + 1;
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
    // Backward, the next edge is edge i − 1.
    if (inRange(i === 0 ? count - 1 : i - 1, fs, fe)) {
      i = fs;
      f = dx * P[2 * i] + dy * P[2 * i + 1];
    }
    j = i === 0 ? count - 1 : i - 1;
    g = dx * P[2 * j] + dy * P[2 * j + 1];
  }
  return i;
}
