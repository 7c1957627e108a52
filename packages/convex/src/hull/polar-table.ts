// The polar table of a convex ring of points (a planar point set whose neighbours in the array are
// neighbours around its hull), and the support search that reads it: for each bin of search
// directions, the ranges of edges certified to rise and to fall, so that only the points between
// them can be the farthest. Moved here from mesh's 2-D convex path, whose curves are point sets of
// this package.

/**
 * Points of a ring from which {@link polarEdges} builds a table: below, a scan of every point is as
 * fast.
 */
export const POLAR_FROM = 24;

/**
 * Slack of the bounds on the angles between edges and directions: far above the few roundings of
 * their computation, of the edges' own differences and of the direction's length, so that the bounds
 * hold for the exact edges.
 */
const ANGLE_SLACK = 1e-12;

/**
 * The least rise a certified edge must have along a search direction, in units of the ring's reach.
 * Less the rounding of the certificate itself (about 1e-15, times an edge no longer than twice the
 * reach), 8e-15 of the reach remain: 18 times what the rounding of the two dot products a search
 * compares can take away (4 ulps of the reach).
 */
const RISE = 1e-14;

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
 * {@link POLAR_FROM} points (edge k from point k to point k + 1, the last back to point 0), the loop's
 * sense σ (1 counter-clockwise, −1 clockwise: then every angle is that of the mirrored loop,
 * (u, −v)), then for each of {@link POLAR_BINS} bins of the directions' pseudo-angles 4 edge indices:
 * the first and the last edge of the range every direction of the bin certifies rising (cyclic: the
 * last is before the first when it wraps), then the same for falling; −1 when a range is empty.
 *
 * An edge whose angle lies within π/2 − μ of a direction's rises along it by at least |d| |e| sin μ,
 * more than |e| times the least rise κ = RISE · reach / |e| (μ = 4κ + slack, sin μ > 0.63 μ, and
 * |d| > 0.7 for the directions the searches accept, |dx| + |dy| > 0.99): along a rising edge the next
 * point is farther in floating point too. The edges' intervals [angle − μ, angle + μ],
 * twice round (the second round 2π on), are made monotone (the lows a running minimum from the end,
 * the highs a running maximum from the start), which only widens them: the edges whose interval
 * lies in the half turn of the bin's every direction then make one range, found by two binary
 * searches. Empty when the loop does not turn once round (to 1e-6 rad), or an edge is empty or too
 * short to certify.
 *
 * @param points - the distinct points of a convex ring, in order along it (u v each).
 * @param reach - the largest |u| plus the largest |v| of the points.
 */
export function polarEdges(points: Float64Array, reach: number): Int16Array {
  const count = points.length / 2;
  if (count < POLAR_FROM || count > 16_000) return NO_POLAR;
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
 * The support of a convex ring with its {@link polarEdges} table along `dir[o..o + 1]` (of about unit
 * length: others are scanned point by point): the vertex a scan of every point finds (the first
 * farthest, `farthest2`'s answer), to the bit, from a few points. The direction's bin gives the
 * edges certified to rise along (dx, dy) and those certified to fall: along a range of rising edges
 * every point is below the next, so only the range's end can be the farthest (or tie with it), and
 * along a falling range only its start. The points from the end of the rising range to the start of
 * the falling one (about the farthest point) and from the end of the falling range to the start of
 * the rising one (about the nearest) are tried, and `from` (a guess: the last answer); every
 * farthest point is among them, and of those that tie the smallest index is kept, whatever the order.
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
  // A direction far from unit length (or not a number) is left to the plain scan: the certificates
  // are for directions of about unit length.
  const size = Math.abs(dx) + Math.abs(dy);
  let bin = (pseudoAngle(dx, polar[0] * dy) * (POLAR_BINS / 4)) | 0;
  if (bin >= POLAR_BINS) bin = POLAR_BINS - 1;
  const q = 1 + 4 * bin;
  const rs = polar[q],
    re = polar[q + 1],
    fs = polar[q + 2],
    fe = polar[q + 3];
  if (!(size > 0.99 && size < 1.5) || rs < 0 || fs < 0) {
    best = Number.NEGATIVE_INFINITY;
    found = 0;
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
      if (h > best || (h === best && k < found)) {
        best = h;
        found = k;
      }
      if (k === stop) break;
      k++;
    }
  }
  return found;
}
