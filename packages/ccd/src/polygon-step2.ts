import { climbPolygon } from '@firsttouch/convex/internal';

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
  /** mA + mB, the margins (a rounded shape is its core grown by a disc, which turns into itself). */
  margins: number;
}

/**
 * The certified step of two turning convex polygons from s along a fixed axis n (the loop's
 * directional step, `DistanceEvaluator.directionalStep`): the larger of
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
 *   if they stayed the supports); L is measured there over every vertex, and when it falls short, the
 *   chord from L(0) to that value crosses tol/2 at a certified point.
 *
 * The gap along n at s is measured between the two supports, and L at the probe between the
 * supports along the directions its terms are heights along (each body's vertices x enter L as
 * (n + δθ (n_y, −n_x))·x in its own frame, a linear function of x: its extreme over a convex polygon
 * is a vertex, climbed to from the support at s). Returns 0 when the gap along n is not above tol/2
 * (the loop takes the plain step), `limit` when neither bound closes before it. Allocates nothing;
 * every vertex is read in its body frame (B's through the placement at s: the vertices the gap was
 * measured on).
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
 *   half: 0, floor: 0, limit: 1, step: 0, nextA: -1, nextB: -1, dax: 0, day: 0, dbx: -6, dby: 0, thetaA: 0, thetaB: 0, spins: 0,
 *   curvature: 0, margins: 0 };
 * polygonStep2(p);
 * console.log(p.step.toFixed(6)); // 0.166667
 * ```
 */
export function polygonStep2(p: PolygonPlacement2): void {
  p.nextA = -1;
  p.step = stepOf(p, p.half, p.floor, p.limit);
}

/** {@link polygonStep2}'s step (inlined there). */
function stepOf(p: PolygonPlacement2, half: number, floor: number, limit: number): number {
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
  if (!(margin > 0)) return 0;
  const closing = nx * (p.dax - p.dbx) + ny * (p.day - p.dby);
  const rate = closing + p.spins;
  let step = rate > 0 ? margin / rate : limit;
  if (step >= limit) return limit;
  if (step < floor) step = floor;
  const thetaA = p.thetaA;
  const thetaB = p.thetaB;
  const kappa = p.curvature;
  // The supports' own closing rate along n (a vertex x turning at θ moves along n at θ n·(J x)).
  const w = closing - thetaB * (my * b[j0] - mx * b[j0 + 1]) + thetaA * (ny * a[i0] - nx * a[i0 + 1]);
  let probe: number;
  if (w >= 0) probe = (2 * margin) / (w + Math.sqrt(w * w + 2 * kappa * margin));
  else probe = kappa > 0 ? (Math.sqrt(w * w + 2 * kappa * margin) - w) / kappa : limit;
  if (!(probe > step)) return step;
  if (probe > limit) probe = limit;
  // L at the probe over every vertex: B's terms are its heights along m' = m + δθB (my, −mx), lowest
  // at B's support against m' (climbed from the one at s); A's along n' likewise.
  const kb = probe * thetaB;
  const ux = mx + kb * my;
  const uy = my - kb * mx;
  const j1 = 2 * climbPolygon(b, b.length >> 1, -ux, -uy, j0 >> 1);
  const low = ux * b[j1] + uy * b[j1 + 1];
  p.nextA = i0 >> 1;
  p.nextB = j1 >> 1;
  let high = top;
  if (thetaA !== 0) {
    const ka = probe * thetaA;
    const vx = nx + ka * ny;
    const vy = ny - ka * nx;
    const i1 = 2 * climbPolygon(a, a.length >> 1, vx, vy, i0 >> 1);
    high = vx * a[i1] + vy * a[i1 + 1];
    p.nextA = i1 >> 1;
  }
  const at = low + offset - high - probe * closing - 0.5 * kappa * probe * probe - p.margins;
  if (at >= half) return probe > step ? probe : step;
  // L concave, L(0) − tol/2 = margin > 0 > L(probe) − tol/2: the chord crosses tol/2 below L.
  const chord = (probe * margin) / (gap - at);
  return chord > step ? chord : step;
}
