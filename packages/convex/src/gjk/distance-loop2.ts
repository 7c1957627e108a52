import { supportPolar } from '../hull/polar-table.js';
import { CORE_BOX, CORE_POINT, CORE_POINTS, CORE_POINTS2, CORE_SEGMENT, farthest2 } from '../support.js';
import { OVERLAP_SHARE, STALLS } from './distance-loop.js';
import type { GjkState } from './gjk-state.js';

/**
 * {@link runDistance} in the plane: GJK between two 2-D cores, B placed by the state's `place2`
 * (cosine, sine, and the translation), on the planar simplex `simplex2`. The same stopping rules,
 * bounds and result fields as the spatial loop (z = 0 in the axis and the supports behind the bound);
 * the arithmetic is planar throughout (the placement, the supports' directions, the simplex), which
 * a search of one or two supports a call, the common case of a time of impact's later steps, spends
 * most of its time on. Allocates nothing.
 */
export function runDistance2(g: GjkState): void {
  const relative = g.limits[0];
  const maxIterations = g.limits[1];
  const stopAbove = g.limits[2];
  const S = g.simplex2;
  const P = g.place2;
  g.scale = Math.abs(P[2]) + Math.abs(P[3]) + g.shapeA!.coreReach + g.shapeB!.coreReach;
  const floor = OVERLAP_SHARE * g.scale;
  const slack = g.absoluteTolerance * g.scale;
  let n = warm2(g);
  let overlap = n === 3;
  let lower = Number.NEGATIVE_INFINITY;
  let ax = 0,
    ay = 0;
  let converged = overlap;
  let stalls = 0;
  // The least |v|² a support has left (as the spatial loop counts its stalls).
  let least = Number.POSITIVE_INFINITY;
  let iterations = 0;
  const v = S.v;
  const w = S.w;
  while (!overlap && iterations < maxIterations) {
    const vx = v[0],
      vy = v[1];
    const vv = vx * vx + vy * vy;
    if (n > 0 && vv <= floor * floor) {
      overlap = true;
      converged = true;
      break;
    }
    const norm = Math.sqrt(vv);
    iterations++;
    const known = support2(g, n);
    const o = 2 * n;
    // Every point of the difference lies at least this far from the origin along v̂.
    const along = (vx * w[o] + vy * w[o + 1]) / norm;
    if (along > lower) {
      lower = along;
      ax = vx / norm;
      ay = vy / norm;
      const la = g.lowerPointA;
      const lb = g.lowerPointB;
      la[0] = S.a[o];
      la[1] = S.a[o + 1];
      la[2] = 0;
      lb[0] = S.b[o];
      lb[1] = S.b[o + 1];
      lb[2] = 0;
    }
    if (n === 0) {
      // The first point: v was only a direction, no bound on the distance (as in 3-D: made the point
      // before any stop).
      n = S.closest(1);
      if (lower - g.margin > stopAbove) break;
      continue;
    }
    if (lower - g.margin > stopAbove) break;
    if (norm - lower <= relative * norm + slack) {
      converged = true;
      break;
    }
    if (known || stalls >= STALLS) break;
    n = S.closest(n + 1);
    if (n === 3) {
      overlap = true;
      converged = true;
      break;
    }
    const shrunk = v[0] * v[0] + v[1] * v[1];
    if (shrunk < vv && shrunk < least) {
      least = shrunk;
      stalls = 0;
    } else stalls++;
  }
  S.n = n;
  g.iterations = iterations;
  g.overlap = overlap;
  g.converged = converged;
  g.coreUpper = overlap ? 0 : Math.sqrt(v[0] * v[0] + v[1] * v[1]);
  g.coreLower = overlap ? 0 : lower > 0 ? lower : 0;
  const on = g.coreLower > 0;
  g.axis[0] = on ? ax : 0;
  g.axis[1] = on ? ay : 0;
  g.axis[2] = 0;
}

/**
 * The planar simplex kept from the last query at the current placement (B's points placed again
 * from B's frame, point sets' points read again by their ids, as the spatial `warm` does), then its
 * nearest point; with no simplex, `v` becomes the first search direction (from A's origin to B's).
 * Returns the simplex's size (3 when it encloses the origin).
 */
function warm2(g: GjkState): number {
  const S = g.simplex2;
  const n = S.n;
  const P = g.place2;
  const v = S.v;
  if (n === 0) {
    v[0] = P[2];
    v[1] = P[3];
    // Only a direction (rescaled where its squares would underflow or overflow, as in 3-D).
    const m = Math.max(Math.abs(v[0]), Math.abs(v[1]));
    if (m === 0) v[0] = 1;
    else if (m < 1e-100 || m > 1e100) {
      v[0] /= m;
      v[1] /= m;
    }
    return 0;
  }
  const A = g.shapeA!;
  const B = g.shapeB!;
  // (A point set its owner rewrites is read again by its vertex ids, as in 3-D.)
  const rereadA = A.rewritten;
  const rereadB = B.rewritten;
  // (Such a set may hold 3 numbers a point, z = 0: mesh's segment in hand.)
  const strideA = A.core === CORE_POINTS ? 3 : 2;
  const strideB = B.core === CORE_POINTS ? 3 : 2;
  for (let k = 0; k < n; k++) {
    const o = 2 * k;
    if (rereadA) {
      const p = strideA * S.ia[k];
      S.a[o] = A.points[p];
      S.a[o + 1] = A.points[p + 1];
    }
    if (rereadB) {
      const p = strideB * S.ib[k];
      S.bb[o] = B.points[p];
      S.bb[o + 1] = B.points[p + 1];
    }
    place2(g, o);
  }
  return S.closest(n);
}

/** Slot `o / 2`'s B point placed from B's frame (the operations of mesh's curve placement), and w. */
function place2(g: GjkState, o: number): void {
  const S = g.simplex2;
  const P = g.place2;
  const c = P[0],
    s = P[1];
  const x = S.bb[o],
    y = S.bb[o + 1];
  const bx = c * x - s * y + P[2],
    by = s * x + c * y + P[3];
  S.b[o] = bx;
  S.b[o + 1] = by;
  S.w[o] = bx - S.a[o];
  S.w[o + 1] = by - S.a[o + 1];
}

/**
 * The support of the difference along −v into slot `n` of the planar simplex (not yet counted):
 * A's point farthest along v, B's least far (searched in B's frame along −rotᵀ v). Returns true when
 * that point is already in the simplex (bit for bit).
 */
function support2(g: GjkState, n: number): boolean {
  const S = g.simplex2;
  const P = g.place2;
  const v = S.v;
  const vx = v[0],
    vy = v[1];
  const c = P[0],
    s = P[1];
  const ux = -(c * vx + s * vy),
    uy = -(c * vy - s * vx);
  const climb = g.climb;
  const A = g.shapeA!;
  const B = g.shapeB!;
  const o = 2 * n;
  let ia: number;
  if (A.core === CORE_POINTS2 && !(climb && A.climb && g.hintA >= 0)) {
    const Q = A.points;
    if (A.polar.length > 0) {
      // A large ring (mesh's convex curves): the polar table's search from the last support, along
      // the unit direction its certificates are made for.
      const d = g.dirA;
      unit2(vx, vy, d);
      ia = supportPolar(Q, A.polar, g.hintA >= 0 ? g.hintA : 0, d, 0);
    } else ia = farthest2(Q, vx, vy);
    S.a[o] = Q[2 * ia];
    S.a[o + 1] = Q[2 * ia + 1];
  } else if (A.core === CORE_BOX) {
    // (`toward` written out, as in GjkState.support: no call to spend the inlining budget on)
    ia = -1;
    S.a[o] = vx >= 0 ? A.e0 : -A.e0;
    S.a[o + 1] = vy >= 0 ? A.e1 : -A.e1;
  } else if (A.core === CORE_POINT) {
    ia = -1;
    S.a[o] = S.a[o + 1] = 0;
  } else if (A.core === CORE_SEGMENT) {
    ia = -1;
    S.a[o] = 0;
    S.a[o + 1] = vy >= 0 ? A.e0 : -A.e0;
  } else {
    const d = g.dirA;
    d[0] = vx;
    d[1] = vy;
    d[2] = 0;
    ia = A.support(d, g.supA, climb ? g.hintA : -1);
    S.a[o] = g.supA[0];
    S.a[o + 1] = g.supA[1];
  }
  let ib: number;
  if (B.core === CORE_POINTS2 && !(climb && B.climb && g.hintB >= 0)) {
    const Q = B.points;
    if (B.polar.length > 0) {
      const d = g.dirB;
      unit2(ux, uy, d);
      ib = supportPolar(Q, B.polar, g.hintB >= 0 ? g.hintB : 0, d, 0);
    } else ib = farthest2(Q, ux, uy);
    S.bb[o] = Q[2 * ib];
    S.bb[o + 1] = Q[2 * ib + 1];
  } else if (B.core === CORE_BOX) {
    ib = -1;
    S.bb[o] = ux >= 0 ? B.e0 : -B.e0;
    S.bb[o + 1] = uy >= 0 ? B.e1 : -B.e1;
  } else if (B.core === CORE_POINT) {
    ib = -1;
    S.bb[o] = S.bb[o + 1] = 0;
  } else if (B.core === CORE_SEGMENT) {
    ib = -1;
    S.bb[o] = 0;
    S.bb[o + 1] = uy >= 0 ? B.e0 : -B.e0;
  } else {
    const d = g.dirB;
    d[0] = ux;
    d[1] = uy;
    d[2] = 0;
    ib = B.support(d, g.supB, climb ? g.hintB : -1);
    S.bb[o] = g.supB[0];
    S.bb[o + 1] = g.supB[1];
  }
  g.hintA = ia;
  g.hintB = ib;
  g.supports++;
  S.ia[n] = ia;
  S.ib[n] = ib;
  place2(g, o);
  const w = S.w;
  const wx = w[o],
    wy = w[o + 1];
  for (let k = 0, p = 0; k < n; k++, p += 2) {
    if (w[p] === wx && w[p + 1] === wy) return true;
  }
  return false;
}

/** (x, y) made unit into `out[0..1]` (its squares scaled first where they would underflow or overflow). */
function unit2(x: number, y: number, out: Float64Array): void {
  let n = Math.sqrt(x * x + y * y);
  if (!(n > 1e-150 && n < 1e150)) n = Math.hypot(x, y);
  out[0] = x / n;
  out[1] = y / n;
}
