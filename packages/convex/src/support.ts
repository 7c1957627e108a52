// The support mappings of the cores: the point of a shape, before its margin, farthest along a
// direction. One function for every kind, so that the query loops make one monomorphic call whatever
// the shapes (a call site that sees many classes is slower in V8 than a switch on a small integer).

import { supportPolar } from './hull/polar-table.js';

/** A single point at the origin: the core of a ball. */
export const CORE_POINT = 0;
/** The segment from (0, −e0, 0) to (0, e0, 0): the core of a capsule. */
export const CORE_SEGMENT = 1;
/** The box of half extents (e0, e1, e2) (e2 = 0 in 2-D). */
export const CORE_BOX = 2;
/** The cylinder along y of half height e0 and radius e1. */
export const CORE_CYLINDER = 3;
/** The cone along y of half height e0, base radius e1 at y = −e0, apex at y = e0. */
export const CORE_CONE = 4;
/** A set of points, x y z each: scanned, or climbed over the neighbours of its hull's vertices. */
export const CORE_POINTS = 5;
/** A set of points in the plane, x y each: scanned, or walked around when they form a convex ring. */
export const CORE_POINTS2 = 6;

/**
 * What a support mapping reads of a shape: a lower module's view of it (the shape class implements
 * it), so that this file needs nothing from the shape's own.
 */
export interface CoreData {
  /** One of the `CORE_*` kinds. */
  readonly core: number;
  /** The core's extents (see each kind). */
  readonly e0: number;
  readonly e1: number;
  readonly e2: number;
  /** The points of a point set (3 or 2 numbers each), empty for the other kinds. */
  readonly points: Float64Array;
  /** A 3-D point set's points as a plain array of doubles (`plain.ts`): what scans read. */
  readonly scan: number[];
  /** The owner rewrites `points` between queries: `scan` is copied from them before a scan. */
  readonly rewritten: boolean;
  /** The largest |x| of the core (what the rounding of its supports' heights is measured against). */
  readonly coreReach: number;
  /** How many points. */
  readonly count: number;
  /** Point k's neighbours on its hull: `neighbours[start[k] .. start[k + 1])` (3-D climbing). */
  readonly start: Int32Array;
  /** See {@link CoreData.start}. */
  readonly neighbours: Int32Array;
  /**
   * Cells along a side of the cube map of a hull's support table (0: no table); cell c's vertices
   * are `cellPoints[cellStart[c] .. cellStart[c + 1])` (`hull/support-table.ts`).
   */
  readonly cellK: number;
  /** See {@link CoreData.cellK}. */
  readonly cellStart: Uint16Array;
  /** See {@link CoreData.cellK}. */
  readonly cellPoints: Uint8Array;
  /**
   * A planar point set's polar table when its points are a convex ring (`hull/polar-table.ts`):
   * its scans then read a few points about the farthest. Empty otherwise.
   */
  readonly polar: Int16Array;
  /**
   * Supports are found by climbing from a hint (3-D: over `neighbours`; 2-D: around the ring, the
   * points a strictly convex polygon in order) instead of by a scan of every point.
   */
  readonly climb: boolean;
}

/**
 * The support point of core `c` along `d` (body frame; any length, not zero for a useful answer)
 * into `out[0..2]` (`out[2]` is 0 for a planar core); returns the index of the point of a point set,
 * −1 for the other kinds. `from` is a point index to start a climb from (the last answer), or −1.
 * Ties go to the first point met (scans) or the last climbed to; the result is a farthest point
 * either way.
 */
export function coreSupport(c: CoreData, d: Float64Array, out: Float64Array, from: number): number {
  const dx = d[0],
    dy = d[1],
    dz = d[2];
  switch (c.core) {
    // The direction goes on in its array: doubles passed to a call that is not inlined are boxed.
    case CORE_POINTS:
      // Without a hint (a query's first support), a scan: it streams the points into the cache, where
      // the climbs that follow from its answer read a few of them.
      if (c.climb && from >= 0) return climb3(c, d, from, out);
      if (c.rewritten) syncScan(c);
      return c.cellK > 0 ? cells3(c, d, out) : scan3(c.scan, d, out);
    case CORE_POINTS2:
      if (c.climb && from >= 0) return walk2(c, d, from, out);
      return c.polar.length > 0 ? polar2(c, d, from, out) : scan2(c.points, d, out);
    case CORE_BOX:
      out[0] = toward(c.e0, dx);
      out[1] = toward(c.e1, dy);
      out[2] = toward(c.e2, dz);
      return -1;
    case CORE_SEGMENT:
      out[0] = 0;
      out[1] = toward(c.e0, dy);
      out[2] = 0;
      return -1;
    case CORE_CYLINDER:
    case CORE_CONE: {
      // The radial direction (dx, dz) / |(dx, dz)|, scaled first when its squares would underflow
      // or overflow (an affine image's direction may be anything: a square of 1e155 was +∞, and
      // the rim's point became the axis).
      let ux = dx,
        uz = dz,
        uy = dy;
      const r2 = dx * dx + dz * dz;
      if (!(r2 > 1e-280 && r2 < 1e280)) {
        const m = Math.max(Math.abs(dx), Math.abs(dz));
        if (m > 0) {
          ux = dx / m;
          uz = dz / m;
          uy = dy / m;
        }
      }
      const u = Math.sqrt(ux * ux + uz * uz);
      const rimX = u > 0 ? (c.e1 * ux) / u : 0;
      const rimZ = u > 0 ? (c.e1 * uz) / u : 0;
      // A cone's apex against the farthest point of its base's rim: e0·dy against e1·|(dx, dz)| − e0·dy
      // (both sides over the same scale).
      if (c.core === CORE_CONE && 2 * c.e0 * uy >= c.e1 * u) {
        out[0] = 0;
        out[1] = c.e0;
        out[2] = 0;
        return -1;
      }
      out[0] = rimX;
      out[1] = c.core === CORE_CONE || dy < 0 ? -c.e0 : c.e0;
      out[2] = rimZ;
      return -1;
    }
    default:
      out[0] = 0;
      out[1] = 0;
      out[2] = 0;
      return -1;
  }
}

/**
 * A box's (or segment's) support coordinate: the half extent `e` on the side of the direction's
 * component `d` (+e for d ≥ 0, so a zero component takes the positive side). GJK's support steps
 * write this rule out in place (a call there took the inlining budget their scans need).
 */
function toward(e: number, d: number): number {
  return d >= 0 ? e : -e;
}

/**
 * A rewritten point set's `scan` made equal to its `points` (its owner writes the typed array; the
 * scans read the plain one).
 */
export function syncScan(c: CoreData): void {
  const P = c.points;
  const Q = c.scan;
  for (let i = 0; i < P.length; i++) Q[i] = P[i];
}

/** The first point of `P` (x y z each) farthest along `d`, into `out`; returns its index. */
function scan3(P: number[], d: Float64Array, out: Float64Array): number {
  const at = 3 * farthest3(P, d[0], d[1], d[2]);
  out[0] = P[at];
  out[1] = P[at + 1];
  out[2] = P[at + 2];
  return at / 3;
}

/**
 * Reaches of hulls within which support tables are built, and scales of directions (largest
 * |component|) within which they are read: heights then neither overflow nor lose to underflow more
 * than the rounding a table allows for (`hull/support-table.ts`).
 */
export const TABLE_RANGE_LOW = 1e-100;
/** See {@link TABLE_RANGE_LOW}. */
export const TABLE_RANGE_HIGH = 1e100;

/** {@link tableSupport} on core `c` along `d`, the point into `out`; returns its index. */
function cells3(c: CoreData, d: Float64Array, out: Float64Array): number {
  const P = c.scan;
  const at = 3 * tableSupport(P, c.cellK, c.cellStart, c.cellPoints, d[0], d[1], d[2]);
  out[0] = P[at];
  out[1] = P[at + 1];
  out[2] = P[at + 2];
  return at / 3;
}

/**
 * The index of the first point of `P` (x y z each) farthest along (x, y, z), as {@link farthest3}
 * finds it, from the few points of the direction's cell of a hull's support table (`k` cells a side
 * of the cube map; cell c's points `points[start[c] .. start[c + 1])`, ascending): the cell holds
 * every point whose computed height can be the largest for a direction in it (`hull/support-table.ts`),
 * so the first farthest of them is the first farthest of all. Directions whose largest |component|
 * is outside the table's range (zero, tiny, huge, not finite) are scanned. GJK's support step calls
 * it directly on its hot path.
 */
export function tableSupport(
  P: number[],
  k: number,
  start: Uint16Array,
  points: Uint8Array,
  x: number,
  y: number,
  z: number,
): number {
  const ax = Math.abs(x),
    ay = Math.abs(y),
    az = Math.abs(z);
  // The cube face of the largest component, and the other two in cyclic order.
  let face: number, a: number, b: number, m: number;
  if (ax >= ay && ax >= az) {
    m = ax;
    face = x >= 0 ? 0 : 1;
    a = y;
    b = z;
  } else if (ay >= az) {
    m = ay;
    face = y >= 0 ? 2 : 3;
    a = z;
    b = x;
  } else {
    m = az;
    face = z >= 0 ? 4 : 5;
    a = x;
    b = y;
  }
  if (!(m >= TABLE_RANGE_LOW && m <= TABLE_RANGE_HIGH)) return farthest3(P, x, y, z);
  const h = 0.5 * k;
  const s = h / m;
  // a / m and b / m lie in [−1, 1]: cells 0 .. k − 1 (a rounding below 0 truncates to 0).
  let i = (a * s + h) | 0;
  if (i >= k) i = k - 1;
  let j = (b * s + h) | 0;
  if (j >= k) j = k - 1;
  const cell = (face * k + i) * k + j;
  let best = Number.NEGATIVE_INFINITY;
  let at = 0;
  for (let e = start[cell], end = start[cell + 1]; e < end; e++) {
    const p = 3 * points[e];
    const hp = x * P[p] + y * P[p + 1] + z * P[p + 2];
    if (hp > best) {
      best = hp;
      at = p;
    }
  }
  return at / 3;
}

/**
 * The index of the first point of `P` (x y z each) farthest along (x, y, z), two points a turn: the
 * scan of point sets, which GJK's support step also calls directly on its hot path.
 */
export function farthest3(P: number[], x: number, y: number, z: number): number {
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
 * A point no hull neighbour beats along (x, y, z), climbed to from `from`: on the hull of a point set
 * the farthest point (a local maximum of a linear function over a closed convex surface's vertices
 * whose star is not flat is a global one; shapes with a flat star are scanned instead, see
 * `hull-adjacency.ts`).
 */
function climb3(c: CoreData, d: Float64Array, from: number, out: Float64Array): number {
  const x = d[0],
    y = d[1],
    z = d[2];
  const P = c.points;
  const start = c.start;
  const next = c.neighbours;
  let at = from >= 0 && from < c.count ? from : 0;
  // Each move by the neighbour's rise along d, d · (q − p), not by comparing rounded heights: over
  // an edge far shorter than the hull (a vertex repeated 1e-16 away) two heights round alike, and
  // the climb stopped there while the hull rose further (supports 0.7 below the top on hulls of 400
  // points with one such twin). The rises are antisymmetric to the bit, so no edge is climbed both
  // ways; the cap only guards a tie of rounding on a flat top.
  for (let moves = 0; moves < c.count; moves++) {
    const p = 3 * at;
    const px = P[p],
      py = P[p + 1],
      pz = P[p + 2];
    let to = at;
    let gain = 0;
    for (let e = start[at], end = start[at + 1]; e < end; e++) {
      const q = next[e];
      const rise = x * (P[3 * q] - px) + y * (P[3 * q + 1] - py) + z * (P[3 * q + 2] - pz);
      if (rise > gain) {
        gain = rise;
        to = q;
      }
    }
    if (to === at) break;
    at = to;
  }
  out[0] = P[3 * at];
  out[1] = P[3 * at + 1];
  out[2] = P[3 * at + 2];
  return at;
}

/** The first point of `P` (x y each) farthest along (x, y). */
function scan2(P: Float64Array, d: Float64Array, out: Float64Array): number {
  const at = 2 * farthest2(P, d[0], d[1]);
  out[0] = P[at];
  out[1] = P[at + 1];
  out[2] = 0;
  return at / 2;
}

/** {@link scan2} of a ring with a polar table, from `from` (or 0): the first farthest point a scan finds. */
function polar2(c: CoreData, d: Float64Array, from: number, out: Float64Array): number {
  const P = c.points;
  const i = supportPolar(P, c.polar, from >= 0 ? from : 0, d, 0);
  out[0] = P[2 * i];
  out[1] = P[2 * i + 1];
  out[2] = 0;
  return i;
}

/**
 * The index of the first point of `P` (x y each) farthest along (x, y): the scan of planar point
 * sets, which GJK's support step also calls directly on its hot path.
 */
export function farthest2(P: Float64Array, x: number, y: number): number {
  let best = Number.NEGATIVE_INFINITY;
  let at = 0;
  for (let p = 0; p < P.length; p += 2) {
    const h = x * P[p] + y * P[p + 1];
    if (h > best) {
      best = h;
      at = p;
    }
  }
  return at / 2;
}

/**
 * The farthest point along (x, y) of a strictly convex polygon (points in order around it), walked
 * to from `from` by {@link climbPolygon}.
 */
function walk2(c: CoreData, d: Float64Array, from: number, out: Float64Array): number {
  const P = c.points;
  const n = c.count;
  const dx = d[0],
    dy = d[1];
  // (the climb's direction and slack passed in `out`, which then takes the point)
  out[0] = dx;
  out[1] = dy;
  out[2] = climbSlack(dx, dy, c.coreReach);
  const i = climbPolygon(P, n, out, from >= 0 && from < n ? from : 0);
  out[0] = P[2 * i];
  out[1] = P[2 * i + 1];
  out[2] = 0;
  return i;
}

/**
 * The vertex of a convex polygon (points `p`, x y each, `n` of them in order around it) farthest along
 * (dx, dy), climbed to from vertex `from`: along a convex ring the heights rise to the top and fall
 * after it. Heights that differ by no more than `slack` (the rounding they carry: of the dot product,
 * and of the placement where the points were placed) are ties, and the climb crosses them: over an
 * edge far shorter than the polygon (a vertex repeated 1e-16 away) two heights round alike, or the
 * placed edge points anywhere, and a climb that stopped there missed the top by as much as the ring
 * rises beyond it. The climb goes forward while the heights do not fall by more than `slack`, and
 * backward from `from` when it found nothing higher forward by more than `slack`; it returns the
 * highest vertex it met, the first of equal ones. A few heights where the last support is near the new one, at most 2n.
 * The direction and the slack are read from `along` (dx, dy, slack): numbers passed to a call the
 * compiler does not inline are boxed, and the long loops that climb (a polygon pair's certificate)
 * are past its inlining budget. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { climbPolygon, climbSlack } from '@firsttouch/convex/internal';
 * const square = new Float64Array([-1, -1, 1, -1, 1, 1, -1, 1]);
 * const slack = climbSlack(1, 0.1, 1);
 * const up = Float64Array.of(1, 0.1, slack);
 * const down = Float64Array.of(-1, -0.1, slack);
 * console.log(climbPolygon(square, 4, up, 0), climbPolygon(square, 4, down, 2)); // 2 0
 * ```
 */
export function climbPolygon(p: Float64Array, n: number, along: Float64Array, from: number): number {
  const dx = along[0];
  const dy = along[1];
  const slack = along[2];
  let best = from;
  let top = dx * p[2 * from] + dy * p[2 * from + 1];
  const start = top;
  let k = from;
  for (let step = 1; step < n; step++) {
    k = k === n - 1 ? 0 : k + 1;
    const h = dx * p[2 * k] + dy * p[2 * k + 1];
    if (h < top - slack) break;
    if (h > top) {
      top = h;
      best = k;
    }
  }
  // Only a rise beyond rounding says the top lies forward: placed points round, and a short edge
  // whose far end rose by an ulp while the ring fell after it had the top behind (a support 0.01
  // below the top, a time of impact after the contact).
  if (top > start + slack) return best;
  k = from;
  for (let step = 1; step < n; step++) {
    k = k === 0 ? n - 1 : k - 1;
    const h = dx * p[2 * k] + dy * p[2 * k + 1];
    if (h < top - slack) break;
    if (h > top) {
      top = h;
      best = k;
    }
  }
  return best;
}

/**
 * The slack of {@link climbPolygon} for points within `size` of the origin of their frame (placed
 * points: their scene's size) along (dx, dy): 8 ulps of the largest height, a bound of a height's
 * rounding with a placement's. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { climbSlack } from '@firsttouch/convex/internal';
 * console.log(climbSlack(1, 0, 1) === 8 * 2 ** -52); // true
 * ```
 */
export function climbSlack(dx: number, dy: number, size: number): number {
  return 8 * 2 ** -52 * (Math.abs(dx) + Math.abs(dy)) * size;
}
