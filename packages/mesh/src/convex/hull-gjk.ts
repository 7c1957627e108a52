import { GjkPair } from '@firsttouch/convex';
import type { ConvexSurface } from './convex-surface.js';
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
/** Stop once |v| and the lower bound agree to this share of |v| ... */
const RELATIVE_GAP = 1e-14;
/**
 * ... or to this share of the scene's size: rounding in the simplex's closest point is some ulps of
 * the scale, not of |v| (more for slivers of the difference set).
 */
const SETTLED = 1e-13;

/**
 * GJK (Gilbert–Johnson–Keerthi) between the vertex hulls of two point sets at a placement: convex's
 * `GjkPair` bound to the vertex sets of surfaces rather than to shapes ({@link ConvexSurfacePair}
 * binds it to two surfaces), with the facets around the vertices behind its simplex to find the
 * witness facets ({@link HullGjk.resolve}). {@link HullGjk.evaluate} returns a **lower bound** of
 * the gap between the hulls, to rounding (a few ulps of the coordinates in play): the gap of the two
 * vertex sets along a search direction, a separating axis, so it holds whatever the simplex did. The
 * search starts from the previous call's simplex (frame coherence), and an evaluation allocates
 * nothing. A caller holds one and binds it to the vertex sets it needs (`convexSurface`, or a
 * `pointSet` it fills in place). The GJK is `@firsttouch/convex`'s, the one of the codebase.
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
export class HullGjk extends GjkPair {
  #ca: ConvexSurface | undefined;
  #cb: ConvexSurface | undefined;
  /** The weights and squared distance of a triangle's closest point (`nearestFacet`'s scratch). */
  readonly #tri = new Float64Array(4);
  readonly #tl = new Float64Array(3);
  /** The last search was {@link HullGjk.evaluateBound}'s: its points are still to be written. */
  #pointsDue = false;

  constructor() {
    super();
    this.relativeTolerance = RELATIVE_GAP;
    this.absoluteTolerance = SETTLED;
    this.maxIterations = MAX_ITERATIONS;
    // Supports scan every vertex unless the caller proves its answer otherwise: a climb is exact
    // only on convex bodies, and the lower bound is a certificate only with exact supports.
    this.climb = false;
  }

  /**
   * |pointB − pointA|: the gap between the two hull points found, an upper bound of the hulls' gap
   * (0 when they overlap).
   */
  get upperBound(): number {
    return this.distance;
  }

  /**
   * Points the search at two vertex sets and forgets the simplex: the convex data of two surfaces
   * (`convexSurface`), or for a caller that bounds each facet of one body against the hull of
   * another (`SurfacePair`'s search for a small convex B), A a triangle whose three points it
   * rewrites between evaluations (`pointSet`).
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
    this.bindShapes(ca.shape, cb.shape);
    this.evaluations = 0;
  }

  /** A's convex-path data (its distinct vertices, the facets around each). */
  get convexA(): ConvexSurface {
    return this.#ca!;
  }

  /** B's convex-path data. */
  get convexB(): ConvexSurface {
    return this.#cb!;
  }

  /** Both vertex sets' bodies are convex: the hull distance is the surface distance while they are apart. */
  get usable(): boolean {
    return this.#ca?.convex === true && this.#cb?.convex === true;
  }

  /**
   * Forgets the two vertex sets (and so what they came from), keeping the scratch: what a pool does
   * before it keeps the object. Bind it again before the next evaluation.
   */
  override unbind(): void {
    this.#ca = undefined;
    this.#cb = undefined;
    super.unbind();
  }

  /**
   * {@link HullGjk.evaluate} without {@link GjkPair.pointA} and {@link GjkPair.pointB}, which keep
   * their old values until a {@link HullGjk.resolve} at this placement fills them: for a caller that
   * asks for the bound at many placements and for the closest features at few (the time of impact
   * asks at every step and resolves once, near contact).
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
    this.evaluateBoundAt(R, t);
    return this.lowerBound;
  }

  /**
   * {@link HullGjk.evaluateBound} with the bound left in {@link GjkPair.lowerBound} rather than
   * returned (a float returned from a call that is not inlined is boxed: the hull search asks once a
   * facet).
   */
  evaluateBoundAt(R: Float64Array, t: Float64Array): void {
    this.deferPoints = true;
    this.#pointsDue = false;
    this.evaluateAt(R, t);
    this.deferPoints = false;
    this.#pointsDue = true;
  }

  /** {@link GjkPair.evaluate}, its points written. */
  override evaluate(R: Float64Array, t: Float64Array): number {
    this.#pointsDue = false;
    return super.evaluate(R, t);
  }

  /**
   * After {@link HullGjk.evaluate} at the same placement (hulls apart): the facet of A nearest
   * `pointA` among those around A's vertices of the simplex, the same for B, evaluated exactly into
   * `pair` (a `SurfacePair`: {@link FacetPairQuery}). True when that facet pair's distance is the gap
   * found (no more than {@link HullGjk.upperBound} plus 1e-13 of the scene's size): `pair` then holds
   * the witness.
   */
  resolve(R: Float64Array, t: Float64Array, pair: FacetPairQuery): boolean {
    const simplex = this.simplex;
    if (this.overlap || simplex.n === 0) return false;
    if (this.#pointsDue) {
      this.#pointsDue = false;
      this.writePoints();
    }
    const pa = this.pointA;
    const near = (1e-13 * this.scale) ** 2;
    const fa = nearestFacet(this.#ca!, simplex.ia, simplex.n, pa, this.#tri, near);
    // pointB in B's frame: Rᵀ (pointB − t)
    const pb = this.pointB;
    const dx = pb[0] - t[0],
      dy = pb[1] - t[1],
      dz = pb[2] - t[2];
    const q = this.#tl;
    q[0] = R[0] * dx + R[3] * dy + R[6] * dz;
    q[1] = R[1] * dx + R[4] * dy + R[7] * dz;
    q[2] = R[2] * dx + R[5] * dy + R[8] * dz;
    const fb = nearestFacet(this.#cb!, simplex.ib, simplex.n, q, this.#tri, near);
    if (fa < 0 || fb < 0) return false;
    const d = pair.evaluateFacets(R, t, fa, fb);
    return d <= this.upperBound + 1e-13 * this.scale;
  }
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
