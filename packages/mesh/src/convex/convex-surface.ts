import type { Shape } from '@firsttouch/convex';
import { adjacency, pointCore, vertexSet } from '@firsttouch/convex/internal';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { distinctPointIndex } from '../distinct-points.js';
import type { Surface } from '../surface.js';
import { isConnected, isConvex, isLocallyConvex } from './convex-check.js';

/**
 * What the convex path needs of a surface, computed once per surface ({@link convexSurface}): its
 * distinct vertices (the support search ranges over them), the facets around each, and whether the
 * surface lies on the boundary of the hull of its vertices (then the hull distance is the gap).
 *
 * @example
 * ```ts
 * import { box, convexSurface } from '@firsttouch/mesh';
 * const c = convexSurface(box(1, 2));
 * console.log(c.count, c.convex); // 26 true
 * ```
 */
export interface ConvexSurface {
  /** The distinct vertices used by facets, x y z each. */
  readonly points: Float64Array;
  /** How many distinct vertices. */
  readonly count: number;
  /** Facets around distinct vertex k: `facets[start[k] .. start[k + 1])`, increasing. */
  readonly start: Uint32Array;
  /** See {@link ConvexSurface.start}. */
  readonly facets: Uint32Array;
  /** The distinct vertex of each facet corner (3 a facet). */
  readonly corners: Uint32Array;
  /**
   * The surface is closed (every edge between two distinct vertices is shared by exactly two facets)
   * and every facet of non-zero area has all vertices on one side of its plane (within 1e-12 of the
   * surface's size): it is the boundary of the hull of its vertices. Past {@link CONVEX_CHECK_LIMIT}
   * point–plane tests, each facet's plane is tested against the facets around its corners only, and
   * the surface must be in one piece.
   */
  readonly convex: boolean;
  /** The sum over the three axes of the largest |coordinate| (the scale of rounding margins). */
  readonly reach: number;
  /**
   * The distinct vertices as a point set of `@firsttouch/convex` (over {@link ConvexSurface.points},
   * not a copy), with their neighbours along the facets' edges to climb over: what GJK
   * (`HullGjk`, a `GjkPair`) is bound to.
   */
  readonly shape: Shape<3>;
}

/** A {@link ConvexSurface} whose points and reach its owner rewrites: see {@link pointSet}. */
export interface PointSet extends ConvexSurface {
  /** The points, x y z each, rewritten in place. */
  readonly points: Float64Array;
  /** The scale of rounding margins, set by the owner. */
  reach: number;
}

/** The most points {@link pointSet} makes (2²⁴: 400 MB of coordinates, and as much for the scans' copy). */
const MAX_POINTS = 2 ** 24;

/**
 * A set of `count` points to fill in place and give to `ConvexSurfacePair.bindHulls`: the facet or
 * box of one body in hand against the hull of another. It has no facets, so supports are scanned
 * (keep the pair's `climb` false). Its `shape` is GJK's scratch, not a body (its bounds and reach
 * are not kept up to date): `timeOfImpact`, `castShape`, `shapeDistance`, `rounded`, compounds and
 * the broad phase refuse it; make a body of the points with convex's `pointSet(points)`.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a count that is not an integer from 1 to 2²⁴.
 * @example
 * ```ts
 * import { ConvexSurfacePair, box, convexSurface, pointSet } from '@firsttouch/mesh';
 * const b = box(1);
 * const triangle = pointSet(3);
 * triangle.points.set([0, 0, 0, 1, 0, 0, 0, 1, 0]);
 * const pair = new ConvexSurfacePair(b, b);
 * pair.bindHulls(triangle, convexSurface(b));
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * console.log(pair.evaluateBound(R, new Float64Array([0, 0, 2])).toFixed(9)); // 1.500000000
 * ```
 */
export function pointSet(count: number): PointSet {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_POINTS) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `pointSet: count must be an integer from 1 to ${MAX_POINTS}, got ${describeValue(count)}`,
    );
  }
  // The points and reach are those of convex's point core, which GJK reads (one array, rewritten).
  const core = pointCore(count);
  return {
    points: core.points,
    count,
    start: new Uint32Array(count + 1),
    facets: new Uint32Array(0),
    corners: new Uint32Array(0),
    convex: true,
    get reach() {
      return core.reach;
    },
    set reach(r: number) {
      core.reach = r;
    },
    shape: core.shape,
  };
}

/**
 * The most point–plane tests (distinct vertices × facets) of the global convexity test (every point
 * against every facet's plane); past it the test is local (each facet's plane against the facets
 * around its corners, a few dozen tests a facet). The check runs once per surface.
 */
export const CONVEX_CHECK_LIMIT = 1 << 22;

/**
 * The convex-path data of a surface, computed on first use and kept with it.
 *
 * @example
 * ```ts
 * import { Surface, convexSurface, icosphere } from '@firsttouch/mesh';
 * console.log(convexSurface(icosphere(1, 1)).convex); // true
 * // two triangles folded into a roof, and a third standing under the ridge: not convex
 * const s = Surface.fromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0.4, 0.4, 0, 0.6, 0.4, 0, 0.5, 0.5, 2]);
 * console.log(convexSurface(s).convex); // false
 * ```
 */
export function convexSurface(surface: Surface): ConvexSurface {
  let c = surface.kept.convex;
  if (!c) {
    c = build(surface);
    surface.kept.convex = c;
  }
  return c;
}

declare module '../surface.js' {
  interface SurfaceKept {
    /** The convex-path data ({@link convexSurface}). */
    convex?: ConvexSurface;
    /** Whether its facets cover its vertex hull exactly (`hullCovered`). */
    hullCovered?: boolean;
  }
}

function build(surface: Surface): ConvexSurface {
  const pos = surface.positions;
  const idx = surface.indices;
  const facetCount = surface.facetCount;
  // Corners welded onto distinct points (bit for bit); the points numbered by first use in the
  // facets, so that vertices no facet uses are not part of the hull.
  const weld = distinctPointIndex(pos, 3);
  const renumber = new Int32Array(surface.vertexCount).fill(-1);
  const corners = new Uint32Array(idx.length);
  const used: number[] = [];
  for (let k = 0; k < idx.length; k++) {
    const v = idx[k];
    const w = weld[v];
    if (renumber[w] < 0) {
      renumber[w] = used.length;
      used.push(v);
    }
    corners[k] = renumber[w];
  }
  const count = used.length;
  const points = new Float64Array(3 * count);
  for (let k = 0; k < count; k++) {
    points[3 * k] = pos[3 * used[k]];
    points[3 * k + 1] = pos[3 * used[k] + 1];
    points[3 * k + 2] = pos[3 * used[k] + 2];
  }
  const start = new Uint32Array(count + 1);
  for (let k = 0; k < corners.length; k++) start[corners[k] + 1]++;
  for (let v = 0; v < count; v++) start[v + 1] += start[v];
  const facets = new Uint32Array(corners.length);
  const fill = start.slice(0, count);
  for (let f = 0; f < facetCount; f++) {
    // A degenerate facet may name one point twice: list it once.
    const a = corners[3 * f],
      b = corners[3 * f + 1],
      c = corners[3 * f + 2];
    facets[fill[a]++] = f;
    if (b !== a) facets[fill[b]++] = f;
    if (c !== a && c !== b) facets[fill[c]++] = f;
  }
  // Compact the slots left by repeated corners.
  let w = 0;
  let from = 0;
  for (let v = 0; v < count; v++) {
    const to = fill[v];
    for (let k = from; k < to; k++) facets[w++] = facets[k];
    from = start[v + 1];
    start[v + 1] = w;
  }
  let reach = 0;
  let size = 0;
  for (let a = 0; a < 3; a++) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    let m = 0;
    for (let v = a; v < points.length; v += 3) {
      const x = points[v];
      if (x < lo) lo = x;
      if (x > hi) hi = x;
      const ax = Math.abs(x);
      if (ax > m) m = ax;
    }
    reach += m;
    if (hi - lo > size) size = hi - lo;
  }
  const around = facets.slice(0, w);
  // Past the limit of the global test, convexity is checked around each facet, with the surface in
  // one piece: a closed, connected, locally convex surface bounds a convex body (van Heijenoort).
  const convex =
    isClosed(corners, count) &&
    (count * facetCount <= CONVEX_CHECK_LIMIT
      ? isConvex(points, corners, facetCount, size)
      : isLocallyConvex(points, corners, start, around, size) && isConnected(corners, start, around, count));
  // The four arrays back to back in one buffer: a query reads them all for bodies it has not seen
  // for a while, and one block comes in from memory faster than four scattered ones.
  const buffer = new ArrayBuffer(8 * points.length + 4 * (start.length + around.length + corners.length));
  const p = new Float64Array(buffer, 0, points.length);
  p.set(points);
  let at = p.byteLength;
  const c = new Uint32Array(buffer, at, corners.length);
  c.set(corners);
  at += c.byteLength;
  const s = new Uint32Array(buffer, at, start.length);
  s.set(start);
  at += s.byteLength;
  const f = new Uint32Array(buffer, at, around.length);
  f.set(around);
  // GJK's view of the vertices: climbing (where its caller allows) goes along the facets' edges.
  const shape = vertexSet(p, adjacency(count, c), reach);
  return { points: p, count, start: s, facets: f, corners: c, convex, reach, shape };
}

/** Every edge between two distinct points is shared by exactly two facets. */
function isClosed(corners: Uint32Array, count: number): boolean {
  const uses = new Map<number, number>();
  for (let f = 0; f < corners.length; f += 3) {
    for (let e = 0; e < 3; e++) {
      const p = corners[f + e];
      const q = corners[f + ((e + 1) % 3)];
      if (p === q) continue;
      const key = p < q ? p * count + q : q * count + p;
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  if (uses.size === 0) return false;
  for (const n of uses.values()) if (n !== 2) return false;
  return true;
}
