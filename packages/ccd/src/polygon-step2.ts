import { climbPolygon, climbSlack } from '@firsttouch/convex/internal';

/**
 * Where two turning convex polygons stand at an instant s of their step, as the directional step of
 * {@link polygonStep2} reads it: B placed in A's frame at s, the axis along which the gap was
 * certified, both translations in A's frame, and the step's constants. A query keeps one record and
 * rewrites it (Box2D's `b2TOIInput`). Not exported by the package.
 */
export interface PolygonPlacement2 {
  /** A's core vertices (its body frame, x y each, counter-clockwise), and B's in B's frame. */
  a: Float64Array;
  b: Float64Array;
  /** B in A's frame at s: a point x of B at `rot x + (tu, tv)`, `rot` of cosine `c` and sine `s`. */
  c: number;
  s: number;
  tu: number;
  tv: number;
  /** The unit axis (A's frame at s, from A to B) along which the gap at s was certified. */
  nx: number;
  ny: number;
  /** The supports along that axis: A's vertex farthest along it, B's farthest against it. */
  supportA: number;
  supportB: number;
  /** Whose edge's normal the axis is: 1 A's, 2 B's, 0 neither (convex's `PolygonPair.axisEdge`). */
  edge: number;
  /** Half the loop's tolerance. */
  half: number;
  /** The plain step: the probe is not measured when it would not beat it. */
  floor: number;
  /** What is left of the time step. */
  limit: number;
  /** The answer of {@link polygonStep2} (written there). */
  step: number;
  /**
   * Where the supports stand at the probe, A's and B's (climbed there; −1 when no probe was
   * measured): written by {@link polygonStep2}, the seed of the next gap's search.
   */
  nextA: number;
  nextB: number;
  /** Each body's translation over the step (ΔA, ΔB) in A's frame at s. */
  dax: number;
  day: number;
  dbx: number;
  dby: number;
  /** Each body's turn over the step (θA, θB). */
  thetaA: number;
  thetaB: number;
  /** |θA| reach_A + |θB| reach_B: the rotation's largest speed (margins included). */
  spins: number;
  /** θA² ρA + θB² ρB, ρ a core's largest |x|: a bound of how fast a point's speed along n changes. */
  curvature: number;
  /** ρA and ρB, the cores' largest |x| (the third derivative of a turning vertex's height is at most θ³ ρ). */
  reachA: number;
  reachB: number;
  /** |ΔA − ΔB|, how far the bodies' origins move apart or together over the step (as a vector). */
  relative: number;
  /** mA + mB, the margins (a rounded shape is its core grown by a disc, which turns into itself). */
  margins: number;
  /** The supports' climbs' direction and slack (3 numbers; made on first use where missing). */
  along?: Float64Array;
}

/**
 * The certified step of two turning convex polygons from s along a fixed axis n (the loop's
 * directional step, `DistanceEvaluator.directionalStep`): how long the separation along n, between
 * the two polygons' vertices, stays above tol/2, with n fixed in one body's frame.
 *
 * - n fixed in A's frame, A keeping its angle ({@link stepAlongA}): each of B's vertices turns on its
 *   circle, its height along n a sinusoid in δ bounded to third order; the step is the first root over
 *   B's vertices.
 * - n fixed in A's frame, A turning ({@link stepInA}): the larger of the linear step and a concave
 *   quadratic bound of the separation (every vertex at its polygon's largest reach), at one probe.
 * - n fixed in B's frame, turning with B ({@link stepAlongB}): B rests there; each of A's vertices
 *   follows A's turn relative to B and the curve of A's origin seen from B, bounded to third order;
 *   the first root over A's vertices.
 *
 * The axis is kept in the frame of the body whose edge it is the normal of (`edge`): along an axis
 * fixed in A's frame the far end of B's closest edge dips towards A at first order as B turns, so each
 * step closes only a share of the gap, where along B's own the edge stays put (Box2D's separation
 * functions keep a face's normal in its body's frame in the same way). Where the axis joins two
 * vertices both bounds are taken, and the longer step stands. Each vertex's bound is a quadratic in
 * δ (the cubic term at most its coefficient times δmax δ² on [0, δmax]), so the step is the smallest
 * first root over the vertices, capped at δmax; it is 0 when the gap along n is not above tol/2 (the
 * loop takes the plain step). Allocates nothing; every vertex is read in its body frame (B's through
 * the placement at s: the vertices the gap was measured on). The supports at the step's end (the
 * vertex whose root ended it, the other body's support at s) seed the next gap's search.
 *
 * The step is written into `p.step` rather than returned, and the bounds read from `p`: a call the
 * engine does not inline boxes every number passed or returned.
 *
 * @example
 * ```ts
 * import { polygonStep2 } from '@firsttouch/ccd/internal';
 * const square = new Float64Array([-1, -1, 1, -1, 1, 1, -1, 1]);
 * // B 3 to the right of A, closing at 6 along x without turning: the gap 1 closes at s = 1/6
 * const p = { a: square, b: square, c: 1, s: 0, tu: 3, tv: 0, nx: 1, ny: 0, supportA: 1, supportB: 0,
 *   edge: 1, half: 0, floor: 0, limit: 1, step: 0, nextA: -1, nextB: -1, dax: 0, day: 0, dbx: -6, dby: 0, thetaA: 0, thetaB: 0, spins: 0,
 *   curvature: 0, reachA: 1.5, reachB: 1.5, relative: 6, margins: 0 };
 * polygonStep2(p);
 * console.log(p.step.toFixed(6)); // 0.166667
 * ```
 */
export function polygonStep2(p: PolygonPlacement2): void {
  p.nextA = -1;
  p.step = 0;
  // Each bound is certified; the axis is kept in the frame of the body whose edge it is the normal
  // of (the longer step stands where both are taken). From s = 0 (the whole step left) the features
  // are those of bodies far apart, and A's frame, without the turning frame's terms in |t| and |v|,
  // steps farther (975 of the bench's 1 000 first steps).
  const first = p.limit === 1;
  if (first || p.edge !== 2) {
    if (p.thetaA === 0) stepAlongA(p);
    else stepInA(p);
  }
  if (!first && p.edge !== 1 && p.step < p.limit) stepAlongB(p);
}

/**
 * The first δ in (0, ∞] at which `above − rate δ − bend δ²` (positive at 0) reaches 0, or +∞ when it
 * never does: the smaller root, in the form that loses no digits when `rate` dominates.
 */
function firstRoot(above: number, rate: number, bend: number): number {
  const disc = rate * rate + 4 * bend * above;
  if (!(disc >= 0)) return Number.POSITIVE_INFINITY;
  const den = rate + Math.sqrt(disc);
  return den > 0 ? (2 * above) / den : Number.POSITIVE_INFINITY;
}

/**
 * The step along n fixed in A's frame when A keeps its angle, into `p.step`, vertex by vertex: B's
 * vertex y (about B's origin, A's frame at s) stands along n at a cos u + b sin u, u = θB δ, a = n·y,
 * b = n·(J y), J the quarter turn; by Taylor's theorem with its third derivative at most |y| ≤ ρB, at
 * least a + b u − a u²/2 − ρB |u|³/6. With A's top along n fixed and the translations' share
 * n·(ΔA − ΔB) δ, the separation along n stays above tol/2 until the first root of some vertex's
 * `above − rate δ − bend δ²`, bend = θB² a/2 + ρB |θB|³ δmax/6 on [0, δmax] (the cubic term at most
 * that there): the smallest root over B's vertices, or δmax, twice the time at which B's support at s
 * would close the gap at its own first-order rate. Exact to second order in δ where the quadratic
 * bound of {@link stepInA} takes every vertex at the farthest reach: a vertex on the near side of B's
 * origin curves away from A, which that bound counts as closing. 0 when the gap along n is not above
 * tol/2. (Neither this nor the other steps takes or returns a number: the engine does not inline them
 * and would box it.)
 */
function stepAlongA(p: PolygonPlacement2): void {
  const a = p.a;
  const b = p.b;
  const nx = p.nx;
  const ny = p.ny;
  const i0 = 2 * p.supportA;
  const j0 = 2 * p.supportB;
  const mx = p.c * nx + p.s * ny;
  const my = -p.s * nx + p.c * ny;
  // B's vertex x at height m·x + n·t along n; it must stay above A's top + margins + tol/2.
  const roof = nx * p.tu + ny * p.tv - (nx * a[i0] + ny * a[i0 + 1]) - p.margins - p.half;
  const h0 = mx * b[j0] + my * b[j0 + 1];
  if (!(h0 + roof > 0)) {
    p.step = 0;
    return;
  }
  const theta = p.thetaB;
  const t2 = theta * theta;
  const closing = nx * (p.dax - p.dbx) + ny * (p.day - p.dby);
  const limit = p.limit;
  const rate0 = closing - theta * (my * b[j0] - mx * b[j0 + 1]);
  let most = rate0 > 0 ? (2 * (h0 + roof)) / rate0 : limit;
  if (!(most < limit)) most = limit;
  const cubic = (p.reachB * t2 * Math.abs(theta) * most) / 6;
  let step = most;
  let best = j0;
  for (let k = 0; k < b.length; k += 2) {
    const x = b[k];
    const y = b[k + 1];
    const h = mx * x + my * y;
    const r = firstRoot(h + roof, closing - theta * (my * x - mx * y), 0.5 * t2 * h + cubic);
    if (r < step) {
      step = r;
      best = k;
    }
  }
  p.step = step;
  p.nextA = i0 >> 1;
  p.nextB = best >> 1;
}

/**
 * The step along n fixed in A's frame when A turns, into `p.step`: the larger of
 *
 * - the linear step: every point of B lies at least `gap` beyond every point of A along n, and the
 *   separation along n closes no faster than n·(ΔA − ΔB) + |θA| reach_A + |θB| reach_B;
 * - the concave step: by Taylor's theorem along each vertex's circle (cos(β + x) ≥ cos β − x sin β −
 *   x²/2), after δ vertex j of B stands along n at least h_j + δ β_j − θB² ρB δ²/2 (h_j its height at
 *   s, β_j = θB n·(J x_j) its rotation's speed along n, J the quarter turn), and vertex i of A at most
 *   g_i + δ γ_i + θA² ρA δ²/2. So the separation is at least
 *   L(δ) = min_j (h_j + δ β_j) − max_i (g_i + δ γ_i) − δ n·(ΔA − ΔB) − κ δ²/2 − margins,
 *   κ = θA² ρA + θB² ρB: the minimum of lines less a maximum of lines less a parabola, concave. With
 *   L(0) ≥ tol/2, L(δ) ≥ tol/2 therefore holds on all of [0, δ] once it holds at δ. One probe: where
 *   the two supports at s, at their own speeds along n, with the κ term, reach tol/2 (where L would
 *   if they stayed the supports); L is measured there over every vertex (each body's vertices x enter
 *   L as (n + δθ (n_y, −n_x))·x in its own frame, a linear function of x: its extreme over a convex
 *   polygon is a vertex, climbed to from the support at s), and when it falls short, the chord from
 *   L(0) to that value crosses tol/2 at a certified point.
 */
function stepInA(p: PolygonPlacement2): void {
  const half = p.half;
  const floor = p.floor;
  const limit = p.limit;
  const a = p.a;
  const b = p.b;
  const nx = p.nx;
  const ny = p.ny;
  const i0 = 2 * p.supportA;
  const j0 = 2 * p.supportB;
  // n in B's frame: B's heights along n at s are m·x + n·t, with no vertex placed.
  const mx = p.c * nx + p.s * ny;
  const my = -p.s * nx + p.c * ny;
  const offset = nx * p.tu + ny * p.tv;
  const top = nx * a[i0] + ny * a[i0 + 1];
  const gap = mx * b[j0] + my * b[j0 + 1] + offset - top - p.margins;
  const margin = gap - half;
  if (!(margin > 0)) {
    p.step = 0;
    return;
  }
  const closing = nx * (p.dax - p.dbx) + ny * (p.day - p.dby);
  const rate = closing + p.spins;
  let step = rate > 0 ? margin / rate : limit;
  if (step >= limit) {
    p.step = limit;
    return;
  }
  if (step < floor) step = floor;
  const thetaA = p.thetaA;
  const thetaB = p.thetaB;
  const kappa = p.curvature;
  // The supports' own closing rate along n (a vertex x turning at θ moves along n at θ n·(J x)).
  const w = closing - thetaB * (my * b[j0] - mx * b[j0 + 1]) + thetaA * (ny * a[i0] - nx * a[i0 + 1]);
  let probe: number;
  if (w >= 0) probe = (2 * margin) / (w + Math.sqrt(w * w + 2 * kappa * margin));
  else probe = kappa > 0 ? (Math.sqrt(w * w + 2 * kappa * margin) - w) / kappa : limit;
  if (!(probe > step)) {
    p.step = step;
    return;
  }
  if (probe > limit) probe = limit;
  // L at the probe over every vertex: B's terms are its heights along m' = m + δθB (my, −mx), lowest
  // at B's support against m' (climbed from the one at s); A's along n' likewise.
  const kb = probe * thetaB;
  const ux = mx + kb * my;
  const uy = my - kb * mx;
  // (the climbs' direction and slack in the placement's record: numbers passed to the call are boxed)
  let along = p.along;
  if (along === undefined) {
    along = new Float64Array(3);
    p.along = along;
  }
  along[0] = -ux;
  along[1] = -uy;
  along[2] = climbSlack(ux, uy, p.reachB);
  const j1 = 2 * climbPolygon(b, b.length >> 1, along, j0 >> 1);
  const low = ux * b[j1] + uy * b[j1 + 1];
  p.nextA = i0 >> 1;
  p.nextB = j1 >> 1;
  let high = top;
  if (thetaA !== 0) {
    const ka = probe * thetaA;
    const vx = nx + ka * ny;
    const vy = ny - ka * nx;
    along[0] = vx;
    along[1] = vy;
    along[2] = climbSlack(vx, vy, p.reachA);
    const i1 = 2 * climbPolygon(a, a.length >> 1, along, i0 >> 1);
    high = vx * a[i1] + vy * a[i1 + 1];
    p.nextA = i1 >> 1;
  }
  const at = low + offset - high - probe * closing - 0.5 * kappa * probe * probe - p.margins;
  if (at >= half) {
    p.step = probe > step ? probe : step;
    return;
  }
  // L concave, L(0) − tol/2 = margin > 0 > L(probe) − tol/2: the chord crosses tol/2 below L.
  const chord = (probe * margin) / (gap - at);
  p.step = chord > step ? chord : step;
}

/**
 * The step along n fixed in B's frame (turning with B), vertex by vertex; it replaces `p.step` (and the
 * seeds) when longer. Where the gap's axis is the normal of one of B's edges it turns with that edge:
 * along an axis fixed in A's frame the edge's far end dips towards A at first order in δ (each step
 * then closes only a share of the gap); along B's own it stays put, as Box2D's separation functions
 * keep a face's normal in its body's frame.
 *
 * In B's frame B rests, so its lowest vertex along n stays so, at m·x_j. A's vertex x_i (about A's
 * origin) stands at R(−θB δ)[R(θA δ) r_i + d + δ v], r_i that vertex, d A's origin less B's, v =
 * ΔA − ΔB (B's frame at s: dot products with n, J n, x_i, t are those of A's frame at s, where d = −t).
 * Its height along n is (R(ωδ) n)·x_i + g(δ), ω = θB − θA, g(δ) = e(δ)·(d + δ v), e(δ) = R(θB δ) n.
 * The first term is α cos ωδ + β sin ωδ (α = n·x_i, β = (J n)·x_i), at most α + βωδ − αω²δ²/2 +
 * ρA |ω|³ δ³/6; g(0) = −n·t, g′(0) = n·v − θB (J n)·t, g″(0) = θB² n·t + 2 θB (J n)·v and
 * |g‴| = |−θB³ (J e)·(d + δ v) − 3 θB² e·v| ≤ |θB|³ D + 3 θB² |v|, D = |t| + δmax |v| ≥ |d + δ v| on
 * [0, δmax]. So each vertex's height is below a cubic whose δ³ term is at most its coefficient times
 * δmax δ² there, and the step is the first root over A's vertices (as {@link stepAlongA}), or δmax:
 * twice the time at which A's support at s would close the gap at its own first-order rate.
 */
function stepAlongB(p: PolygonPlacement2): void {
  const a = p.a;
  const b = p.b;
  const nx = p.nx;
  const ny = p.ny;
  const i0 = 2 * p.supportA;
  const j0 = 2 * p.supportB;
  const mx = p.c * nx + p.s * ny;
  const my = -p.s * nx + p.c * ny;
  const tu = p.tu;
  const tv = p.tv;
  const nt = nx * tu + ny * tv;
  // Every vertex of A (its height about A's origin, g's −n·t moved here) must stay at most this.
  const roof = mx * b[j0] + my * b[j0 + 1] + nt - p.margins - p.half;
  const top = nx * a[i0] + ny * a[i0 + 1];
  if (!(roof - top > 0)) return;
  const thetaB = p.thetaB;
  const omega = thetaB - p.thetaA;
  const vx = p.dax - p.dbx;
  const vy = p.day - p.dby;
  const drift = nx * vx + ny * vy - thetaB * (nx * tv - ny * tu);
  const o2 = omega * omega;
  const b2 = thetaB * thetaB;
  const bendG = b2 * nt + 2 * thetaB * (nx * vy - ny * vx);
  const limit = p.limit;
  const rate0 = omega * (nx * a[i0 + 1] - ny * a[i0]) + drift;
  let most = rate0 > 0 ? (2 * (roof - top)) / rate0 : limit;
  if (!(most < limit)) most = limit;
  const v = p.relative;
  const c3 =
    p.reachA * o2 * Math.abs(omega) +
    b2 * Math.abs(thetaB) * (Math.sqrt(tu * tu + tv * tv) + most * v) +
    3 * b2 * v;
  const cubic = (c3 * most) / 6;
  let step = most;
  let best = i0;
  for (let k = 0; k < a.length; k += 2) {
    const x = a[k];
    const y = a[k + 1];
    const alpha = nx * x + ny * y;
    const r = firstRoot(roof - alpha, omega * (nx * y - ny * x) + drift, 0.5 * (bendG - o2 * alpha) + cubic);
    if (r < step) {
      step = r;
      best = k;
    }
  }
  if (!(step > p.step)) return;
  p.step = step;
  p.nextA = best >> 1;
  p.nextB = j0 >> 1;
}
