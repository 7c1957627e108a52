import type { ConvexSurface } from './convex-surface.js';
import { Simplex3 } from './simplex3.js';
import { climbSupport } from './support-climb.js';
import { triangleClosestAt } from './triangle-closest.js';

/**
 * What {@link HullGjk.resolve} asks of the exact query it writes the witness into (a
 * `SurfacePair`): the distance of one facet pair, B placed by `R` and `t`, its fields set as if that
 * pair were the closest.
 *
 * @example
 * ```ts
 * import { type FacetPairQuery, SurfacePair, box } from '@firsttouch/mesh';
 * const query: FacetPairQuery = new SurfacePair(box(1), box(1));
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * console.log(query.evaluateFacets(R, new Float64Array([3, 0, 0]), 0, 0) >= 2); // true
 * ```
 */
export interface FacetPairQuery {
  /** The exact distance of facet `fa` of A and `fb` of B, B placed by `R` (row-major) and `t`. */
  evaluateFacets(R: Float64Array, t: Float64Array, fa: number, fb: number): number;
}

/** GJK iterations at most in one evaluation (warm-started, it takes one to three). */
const MAX_ITERATIONS = 64;
/** Stop once |v| and the lower bound agree to this share of |v| (or to 1e-13 of the scale). */
const RELATIVE_GAP = 1e-14;

/** The vertex sets of an unbound search: none (it is bound before it evaluates). */
const NO_HULL: ConvexSurface = Object.freeze({
  points: new Float64Array(0),
  count: 0,
  start: new Uint32Array(0),
  facets: new Uint32Array(0),
  corners: new Uint32Array(0),
  convex: false,
  reach: 0,
});

/**
 * GJK (Gilbert–Johnson–Keerthi) between the vertex hulls of two point sets at a placement: the
 * search itself, with its simplex and scratch, bound to vertex sets rather than to bodies
 * ({@link ConvexSurfacePair} binds it to two surfaces). {@link HullGjk.evaluate} returns a **lower
 * bound** of the gap between the hulls, to rounding (a few ulps of the coordinates in play): the
 * gap of the two vertex sets along the last search direction, a separating axis, so it holds
 * whatever the simplex did. The search starts from the previous call's simplex (frame coherence),
 * and an evaluation allocates nothing. A caller holds one and binds it to the vertex sets it needs
 * (`convexSurface`, or a `pointSet` it fills in place).
 *
 * @example
 * ```ts
 * import { box, convexSurface, HullGjk } from '@firsttouch/mesh';
 * const gjk = new HullGjk();
 * gjk.bindHulls(convexSurface(box(1)), convexSurface(box(1)));
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * console.log(gjk.evaluate(R, new Float64Array([3, 0.2, 0])).toFixed(9)); // 2.000000000
 * ```
 */
export class HullGjk {
  /** The lower bound of the last evaluation (what it returned). */
  lowerBound = Number.NaN;
  /** |pointB − pointA|: the gap between the two hull points found, an upper bound of the hulls' gap. */
  upperBound = Number.NaN;
  /** The hulls overlap (the search enclosed the origin): the lower bound is 0 and there are no points. */
  overlap = false;
  /** GJK iterations of the last evaluation. */
  iterations = 0;
  /**
   * The last evaluation converged: the lower bound is within 1e-13 of the scene's size of the hulls'
   * gap (it is a valid bound either way, but a loose one when this is false).
   */
  converged = false;
  /**
   * The unit direction (A's frame, from A towards B) along which {@link lowerBound} separates the two
   * vertex sets: every point of B's hull lies at least `lowerBound` beyond every point of A's along
   * it. Zeros when the bound is 0.
   */
  readonly lowerAxis = new Float64Array(3);
  /** The closest point found on A's hull, in A's frame. */
  readonly pointA = new Float64Array(3);
  /** The closest point found on B's hull, in A's frame. */
  readonly pointB = new Float64Array(3);

  /**
   * Supports found by climbing from the last ones over the vertices' neighbours instead of a scan
   * (false by default): far faster on large bodies, but exact only for convex ones, so the lower
   * bound is then no certificate. For a caller that proves its answer otherwise (`SurfacePair`'s
   * convex path rescans the vertices for its proof).
   */
  climb = false;
  /**
   * An evaluation stops as soon as its lower bound exceeds this (default +∞: it runs to convergence),
   * for a caller that only needs to know that the gap is larger (the bound returned is valid either
   * way; {@link converged} is then false).
   */
  stopAbove = Number.POSITIVE_INFINITY;
  #ca: ConvexSurface = NO_HULL;
  #cb: ConvexSurface = NO_HULL;
  #lastA = 0;
  #lastB = 0;
  /** The simplex (kept from one evaluation to the next: the warm start). */
  readonly #simplex = new Simplex3();
  readonly #tl = new Float64Array(3);
  /** The weights and squared distance of a triangle's closest point (`nearestFacet`'s scratch). */
  readonly #tri = new Float64Array(4);
  #scale = 0;
  /** The last search was {@link evaluateBound}'s: its points are still to be written. */
  #pointsDue = false;

  /**
   * Points the search at two vertex sets and forgets the simplex: the convex data of two surfaces
   * (`convexSurface`), or for a caller that bounds each facet of one body against the hull of
   * another (`SurfacePair`'s search for a small convex B), A a triangle whose three points it
   * rewrites between evaluations (`pointSet`). Keep {@link climb} false for a point set: it has no
   * neighbours to climb.
   *
   * @example
   * ```ts
   * import { ConvexSurfacePair, box, convexSurface, pointSet } from '@firsttouch/mesh';
   * const b = box(1);
   * const pair = new ConvexSurfacePair(b, b);
   * const triangle = pointSet(3);
   * triangle.points.set([0, 0, 0, 1, 0, 0, 0, 1, 0]);
   * pair.bindHulls(triangle, convexSurface(b));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * console.log(pair.evaluateBound(R, new Float64Array([0, 0, 2])).toFixed(9)); // 1.500000000
   * ```
   */
  bindHulls(ca: ConvexSurface, cb: ConvexSurface): void {
    this.#ca = ca;
    this.#cb = cb;
    this.#simplex.n = 0;
    this.#lastA = 0;
    this.#lastB = 0;
  }

  /** A's convex-path data (its distinct vertices, the facets around each). */
  get convexA(): ConvexSurface {
    return this.#ca;
  }

  /** B's convex-path data. */
  get convexB(): ConvexSurface {
    return this.#cb;
  }

  /** Both vertex sets' bodies are convex: the hull distance is the surface distance while they are apart. */
  get usable(): boolean {
    return this.#ca.convex && this.#cb.convex;
  }

  /**
   * Forgets the two vertex sets (and so what they came from), keeping the scratch: what a pool does
   * before it keeps the object. Bind it again before the next evaluation.
   */
  unbind(): void {
    this.bindHulls(NO_HULL, NO_HULL);
  }

  /**
   * A lower bound (to rounding) of the gap between A and B when a point `x` of B is at `R x + t` in A's
   * frame (`R` row-major, 9 numbers), as {@link SurfacePair.evaluate} places them. Sets the fields.
   */
  evaluate(R: Float64Array, t: Float64Array): number {
    const lower = this.#search(R, t);
    this.#points();
    return lower;
  }

  /**
   * {@link evaluate} without {@link pointA} and {@link pointB}, which keep their old values until a
   * {@link resolve} at this placement fills them: for a caller that asks for the bound at many
   * placements and for the closest features at few (the time of impact asks at every step and
   * resolves once, near contact).
   *
   * @example
   * ```ts
   * import { ConvexSurfacePair, SurfacePair, box } from '@firsttouch/mesh';
   * const hulls = new ConvexSurfacePair(box(1), box(1));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * const t = new Float64Array([3, 0.2, 0]);
   * console.log(hulls.evaluateBound(R, t).toFixed(9)); // 2.000000000
   * const pair = new SurfacePair(box(1), box(1));
   * console.log(hulls.resolve(R, t, pair), pair.distance.toFixed(9)); // true 2.000000000
   * ```
   */
  evaluateBound(R: Float64Array, t: Float64Array): number {
    const lower = this.#search(R, t);
    this.#pointsDue = true;
    return lower;
  }

  /** GJK from the last simplex: sets every field but the two points, returns the lower bound. */
  #search(R: Float64Array, t: Float64Array): number {
    const A = this.#ca.points;
    const B = this.#cb.points;
    const t0 = t[0],
      t1 = t[1],
      t2 = t[2];
    // R in locals, and the placements below written out here rather than in a method: after each
    // store to the simplex's arrays the engine reads R and t again from theirs (typed arrays may
    // share memory).
    const r0 = R[0],
      r1 = R[1],
      r2 = R[2],
      r3 = R[3],
      r4 = R[4],
      r5 = R[5],
      r6 = R[6],
      r7 = R[7],
      r8 = R[8];
    const scale = Math.abs(t0) + Math.abs(t1) + Math.abs(t2) + this.#ca.reach + this.#cb.reach;
    this.#scale = scale;
    const floor = 1e-15 * scale;
    // Rounding in the simplex's closest point is some ulps of the scale, not of |v| (more for slivers
    // of the difference set): |v| and the bound are taken to agree within 1e-13 of the scale.
    const settled = 1e-13 * scale;
    const simplex = this.#simplex;
    const ia = simplex.ia;
    const ib = simplex.ib;
    const pa = simplex.pa;
    const pb = simplex.pb;
    const w = simplex.w;
    const v = simplex.v;
    // The previous simplex at the new pose (its vertices are still hull vertices): slot k := A's
    // vertex ia[k] and B's vertex ib[k] taken into A's frame, and their difference.
    let n = simplex.n;
    for (let k = 0; k < n; k++) {
      const o = 3 * k;
      const i = 3 * ia[k];
      const j = 3 * ib[k];
      const x = B[j],
        y = B[j + 1],
        z = B[j + 2];
      const ax = A[i],
        ay = A[i + 1],
        az = A[i + 2];
      const bx = r0 * x + r1 * y + r2 * z + t0,
        by = r3 * x + r4 * y + r5 * z + t1,
        bz = r6 * x + r7 * y + r8 * z + t2;
      pa[o] = ax;
      pa[o + 1] = ay;
      pa[o + 2] = az;
      pb[o] = bx;
      pb[o + 1] = by;
      pb[o + 2] = bz;
      w[o] = bx - ax;
      w[o + 1] = by - ay;
      w[o + 2] = bz - az;
    }
    if (n === 0) {
      // First call: search from B's origin seen from A's.
      v[0] = t0;
      v[1] = t1;
      v[2] = t2;
      if (v[0] === 0 && v[1] === 0 && v[2] === 0) v[0] = 1;
    } else {
      n = simplex.closest(n);
    }
    let lower = 0;
    let axisX = 0;
    let axisY = 0;
    let axisZ = 0;
    let overlap = false;
    let converged = false;
    let stalled = false;
    let iterations = 0;
    for (; iterations < MAX_ITERATIONS; iterations++) {
      const vx = v[0],
        vy = v[1],
        vz = v[2];
      const vv = vx * vx + vy * vy + vz * vz;
      if (n > 0 && vv <= floor * floor) {
        overlap = true;
        converged = true;
        break;
      }
      // Support of B − A in −v: A's vertex farthest along v, B's least far (B searched in its frame).
      const ux = r0 * vx + r3 * vy + r6 * vz,
        uy = r1 * vx + r4 * vy + r7 * vz,
        uz = r2 * vx + r5 * vy + r8 * vz;
      let sa = 0;
      let sb = 0;
      if (this.climb) {
        sa = this.#lastA = climbSupport(this.#ca, this.#lastA, vx, vy, vz);
        sb = this.#lastB = climbSupport(this.#cb, this.#lastB, -ux, -uy, -uz);
      } else {
        // B's lowest along u is its highest along −u: each height is negated exactly, so the same
        // vertex (the first of the lowest) is found.
        sa = highest(A, vx, vy, vz);
        sb = highest(B, -ux, -uy, -uz);
      }
      let known = false;
      for (let k = 0; k < n; k++) if (ia[k] === sa && ib[k] === sb) known = true;
      // The new point in slot n, placed as the warm start's.
      const o = 3 * n;
      ia[n] = sa;
      ib[n] = sb;
      const x = B[3 * sb],
        y = B[3 * sb + 1],
        z = B[3 * sb + 2];
      const ax = A[3 * sa],
        ay = A[3 * sa + 1],
        az = A[3 * sa + 2];
      const bx = r0 * x + r1 * y + r2 * z + t0,
        by = r3 * x + r4 * y + r5 * z + t1,
        bz = r6 * x + r7 * y + r8 * z + t2;
      pa[o] = ax;
      pa[o + 1] = ay;
      pa[o + 2] = az;
      pb[o] = bx;
      pb[o + 1] = by;
      pb[o + 2] = bz;
      const wx = bx - ax,
        wy = by - ay,
        wz = bz - az;
      w[o] = wx;
      w[o + 1] = wy;
      w[o + 2] = wz;
      // The gap along v: every point of B − A lies at least this far along v̂.
      const norm = Math.sqrt(vv);
      const along = (vx * wx + vy * wy + vz * wz) / norm;
      if (along > lower) {
        lower = along;
        axisX = vx / norm;
        axisY = vy / norm;
        axisZ = vz / norm;
      }
      if (lower > this.stopAbove) break;
      if (n === 0) {
        n = 1;
        simplex.lam[0] = 1;
        v[0] = wx;
        v[1] = wy;
        v[2] = wz;
        continue;
      }
      if (known || stalled || norm - lower <= RELATIVE_GAP * norm + settled) {
        converged = norm - lower <= RELATIVE_GAP * norm + settled;
        break;
      }
      n = simplex.closest(n + 1);
      // No progress (rounding): one more bound along the new v, then stop.
      stalled = !(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] < vv);
    }
    simplex.n = overlap ? 0 : n;
    this.iterations = iterations;
    this.overlap = overlap;
    this.converged = converged;
    this.upperBound = overlap ? 0 : Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    // No margin: the bound carries the rounding of one placement and one dot product (a few ulps of
    // the coordinates in play), as the trees' own distances do, so both paths take the same steps.
    this.lowerBound = overlap ? 0 : lower > 0 ? lower : 0;
    const axis = this.lowerAxis;
    const on = this.lowerBound > 0;
    axis[0] = on ? axisX : 0;
    axis[1] = on ? axisY : 0;
    axis[2] = on ? axisZ : 0;
    return this.lowerBound;
  }

  /** The two points of the last search, from the simplex it left (NaN when the hulls overlap). */
  #points(): void {
    this.#pointsDue = false;
    if (this.overlap) {
      this.pointA.fill(Number.NaN);
      this.pointB.fill(Number.NaN);
      return;
    }
    const simplex = this.#simplex;
    const n = simplex.n;
    const lam = simplex.lam;
    const pa = simplex.pa;
    const pb = simplex.pb;
    for (let c = 0; c < 3; c++) {
      let x = 0;
      let y = 0;
      for (let k = 0; k < n; k++) {
        x += lam[k] * pa[3 * k + c];
        y += lam[k] * pb[3 * k + c];
      }
      this.pointA[c] = x;
      this.pointB[c] = y;
    }
  }

  /**
   * After {@link evaluate} or {@link evaluateBound} at the same placement (hulls apart): the facet of
   * A nearest `pointA` among those around A's vertices of the simplex, the same for B, evaluated
   * exactly into `pair` (a `SurfacePair`: {@link FacetPairQuery}). True when that facet pair's
   * distance is the gap found (no more than {@link upperBound} plus 1e-13 of the scene's size):
   * `pair` then holds the witness.
   */
  resolve(R: Float64Array, t: Float64Array, pair: FacetPairQuery): boolean {
    const simplex = this.#simplex;
    if (this.overlap || simplex.n === 0) return false;
    if (this.#pointsDue) this.#points();
    const pa = this.pointA;
    const near = (1e-13 * this.#scale) ** 2;
    const fa = nearestFacet(this.#ca, simplex.ia, simplex.n, pa, this.#tri, near);
    // pointB in B's frame: Rᵀ (pointB − t)
    const pb = this.pointB;
    const dx = pb[0] - t[0],
      dy = pb[1] - t[1],
      dz = pb[2] - t[2];
    const q = this.#tl;
    q[0] = R[0] * dx + R[3] * dy + R[6] * dz;
    q[1] = R[1] * dx + R[4] * dy + R[7] * dz;
    q[2] = R[2] * dx + R[5] * dy + R[8] * dz;
    const fb = nearestFacet(this.#cb, simplex.ib, simplex.n, q, this.#tri, near);
    if (fa < 0 || fb < 0) return false;
    const d = pair.evaluateFacets(R, t, fa, fb);
    return d <= this.upperBound + 1e-13 * this.#scale;
  }

  /** Forgets the simplex (the next evaluation searches from scratch). */
  reset(): void {
    this.#simplex.n = 0;
  }
}

/**
 * The index of the first point of `P` (x y z each) highest along (x, y, z): the support scan, two
 * points a turn (fewer loop tests; DECISIONS.md).
 */
function highest(P: Float64Array, x: number, y: number, z: number): number {
  let best = Number.NEGATIVE_INFINITY;
  let at = 0;
  const end = P.length - 5;
  let p = 0;
  for (; p < end; p += 6) {
    const h0 = x * P[p] + y * P[p + 1] + z * P[p + 2];
    const h1 = x * P[p + 3] + y * P[p + 4] + z * P[p + 5];
    if (h0 > best) {
      best = h0;
      at = p;
    }
    if (h1 > best) {
      best = h1;
      at = p + 3;
    }
  }
  if (p < P.length && x * P[p] + y * P[p + 1] + z * P[p + 2] > best) at = p;
  return at / 3;
}

/**
 * The facet nearest the point `q[0..2]` among those around the simplex's vertices of this body
 * (`ids[0..n)`), ties to the smallest index. A point inside a face split into a fan can lie in a
 * facet around none of them: when the nearest is farther than `near` (squared), every facet is
 * searched. `out` is the scratch of `triangleClosestAt` (4 numbers).
 */
function nearestFacet(
  c: ConvexSurface,
  ids: Int32Array,
  n: number,
  q: Float64Array,
  out: Float64Array,
  near: number,
): number {
  const P = c.points;
  const corners = c.corners;
  let best = Number.POSITIVE_INFINITY;
  let found = -1;
  for (let k = 0; k < n; k++) {
    const id = ids[k];
    for (let e = c.start[id]; e < c.start[id + 1]; e++) {
      const f = c.facets[e];
      const a = corners[3 * f],
        b = corners[3 * f + 1],
        d = corners[3 * f + 2];
      // A facet with a corner among the vertices before was measured with it (a vertex met twice in
      // the simplex, the facets on both sides of an edge): the answer does not depend on the order.
      let before = false;
      for (let j = 0; j < k; j++) {
        const o = ids[j];
        if (o === a || o === b || o === d) before = true;
      }
      if (before) continue;
      triangleClosestAt(P, 3 * a, 3 * b, 3 * d, q, 0, out);
      const g = out[3];
      if (g < best || (g === best && f < found)) {
        best = g;
        found = f;
      }
    }
  }
  if (best <= near) return found;
  const facetCount = corners.length / 3;
  for (let f = 0; f < facetCount; f++) {
    triangleClosestAt(P, 3 * corners[3 * f], 3 * corners[3 * f + 1], 3 * corners[3 * f + 2], q, 0, out);
    const g = out[3];
    if (g < best || (g === best && f < found)) {
      best = g;
      found = f;
    }
  }
  return found;
}
