import { supportPolar } from '../hull/polar-table.js';
import { doubles } from '../plain.js';
import type { Shape } from '../shape.js';
import {
  CORE_BOX,
  CORE_POINT,
  CORE_POINTS,
  CORE_POINTS2,
  CORE_SEGMENT,
  farthest2,
  farthest3,
  syncScan,
  tableSupport,
} from '../support.js';
import { Simplex } from './simplex.js';
import { Simplex2 } from './simplex2.js';

/** Rounding allowed in |v| and in the gap along v, as a share of the scene's scale (the default). */
export const ABSOLUTE_SLACK = 1e-14;

/** The index of a double's high 32-bit word in an Int32Array over it (1 on little-endian machines). */
const HIGH = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? 1 : 0;

/**
 * The state GJK's loops share (the distance of `distance-loop.ts`, the ray cast of
 * `cast/cast-loop.ts`): two shapes, B's placement in A's frame, the query point, the simplex kept from
 * query to query (the warm start) and the scratch of the support searches. Everything is allocated
 * here once; the loops allocate nothing. `GjkPair` is the public face of it.
 */
export class GjkState {
  /**
   * Shape A (the frame of the computation), or null when unbound.
   *
   * @internal @hidden
   */
  shapeA: Shape | null = null;
  /**
   * Shape B, or null.
   *
   * @internal @hidden
   */
  shapeB: Shape | null = null;
  /**
   * B's placement in A's frame: a point x of B is at R x + t (R row-major).
   *
   * @internal @hidden
   */
  readonly R = doubles(9);
  /** @internal @hidden */
  readonly t = doubles(3);
  /**
   * The query point: the origin for a distance, −s·r along a cast.
   *
   * @internal @hidden
   */
  readonly q = doubles(3);
  /** @internal @hidden */
  readonly simplex = new Simplex();
  /**
   * The simplex as a stalled distance left it, kept while it starts again from its last support
   * (see `runDistance`), and taken back if the new start ends farther.
   *
   * @internal @hidden
   */
  readonly stalled = new Simplex();
  /**
   * The planar simplex of 2-D distances (`runDistance2`), kept from query to query as `simplex` is.
   *
   * @internal @hidden
   */
  readonly simplex2 = new Simplex2();
  /**
   * B's planar placement for `runDistance2`: cosine, sine, and the translation (tu, tv).
   *
   * @internal @hidden
   */
  readonly place2 = new Float64Array(4);
  /**
   * The last distance ran in the plane (`simplex2` holds its points): what {@link GjkState.witness} reads.
   *
   * @internal @hidden
   */
  planar = false;
  /**
   * The sum of the two margins: GJK runs on the cores and subtracts it.
   *
   * @internal @hidden
   */
  margin = 0;
  /**
   * |t| + the cores' reaches + |q|: the size rounding is measured against.
   *
   * @internal @hidden
   */
  scale = 0;
  /**
   * The last supports (point indices of point sets), where the next climbs start.
   *
   * @internal @hidden
   */
  hintA = -1;
  /** @internal @hidden */
  hintB = -1;
  /**
   * What {@link GjkState.touch} read: kept, so that the compiler does not drop its loads as unused.
   *
   * @internal @hidden
   */
  touched = 0;
  /** Support calls since the shapes were bound (each call: one support of A and one of B). */
  supports = 0;
  /**
   * Supports may climb from the last ones over the vertices' neighbours where a shape offers it
   * (large hulls; default true). False makes every support a scan: for a caller whose shapes'
   * neighbours do not make a climb exact (a surface that is not convex) and which needs certified
   * bounds.
   */
  climb = true;
  /**
   * A distance stops once |v| and the lower bound agree within this share of the scene's size (its
   * coordinates and placement: the rounding of the gap itself), beside the relative tolerance.
   * Default 1e-14.
   */
  absoluteTolerance = ABSOLUTE_SLACK;
  /**
   * The stopping rules of the next `runDistance`: the relative tolerance, the supports at most and
   * the gap above which it may stop (in an array, so that no number crosses its call: a number passed
   * to a call the compiler does not inline is boxed on the heap, at every gap of a time of impact).
   */
  readonly limits = Float64Array.of(0, 0, Number.POSITIVE_INFINITY);
  /**
   * The search direction in A's frame, then −Rᵀ of it in B's frame.
   *
   * @internal @hidden
   */
  readonly dirA = new Float64Array(3);
  /**
   * A box support's direction, its words read as integers for the signs (`HIGH`: the high word).
   *
   * @internal @hidden
   */
  readonly signs = new Float64Array(3);
  /** @internal @hidden */
  readonly signWords = new Int32Array(this.signs.buffer);
  /** @internal @hidden */
  readonly dirB = new Float64Array(3);
  /**
   * A's support point, and B's in B's frame.
   *
   * @internal @hidden
   */
  readonly supA = new Float64Array(3);
  /** @internal @hidden */
  readonly supB = new Float64Array(3);

  // What the last loop found, for the cores (margins not subtracted).
  /**
   * The largest gap along a search direction: a lower bound of the cores' distance to q.
   *
   * @internal @hidden
   */
  coreLower = 0;
  /**
   * |v|: the distance from q to the simplex, an upper bound of the cores' distance to it.
   *
   * @internal @hidden
   */
  coreUpper = 0;
  /**
   * The simplex enclosed q (to rounding): the cores overlap there.
   *
   * @internal @hidden
   */
  overlap = false;
  /** The bounds met within the tolerance asked (or the cores overlap). */
  converged = false;
  /** Support calls of the last loop. */
  iterations = 0;
  /** Where the last cast stopped (s in [0, 1]). */
  toi = 0;
  /**
   * The unit direction of `coreLower` (A's frame, from A towards B); zeros when it is not positive.
   *
   * @internal @hidden
   */
  readonly axis = new Float64Array(3);
  /**
   * After a distance (`GjkPair.evaluate`): the support of A's core along the axis of the lower bound
   * and that of B's core against it (A's frame, B placed), the two points whose gap along the axis is
   * the lower bound (margins not subtracted). Every point of A's core lies no farther along the axis
   * than the first, every point of B's core no nearer than the second: what a caller needs to know
   * which points of the shapes hold the bound (how fast it can close as they move).
   */
  readonly lowerPointA = new Float64Array(3);
  /** See {@link GjkState.lowerPointA}. */
  readonly lowerPointB = new Float64Array(3);

  /**
   * Sets the shapes and forgets the simplex.
   *
   * @internal @hidden
   */
  bindShapes(a: Shape, b: Shape): void {
    this.shapeA = a;
    this.shapeB = b;
    this.margin = a.margin + b.margin;
    this.simplex.n = 0;
    this.simplex2.n = 0;
    this.hintA = -1;
    this.hintB = -1;
    this.supports = 0;
  }

  /** Drops the shapes (a pooled object must not keep them alive) and forgets the simplex. */
  unbind(): void {
    this.shapeA = null;
    this.shapeB = null;
    this.simplex.n = 0;
    this.simplex2.n = 0;
  }

  /**
   * Sets `scale` for the placement and query point in place.
   *
   * @internal @hidden
   */
  measure(): void {
    const t = this.t;
    const q = this.q;
    this.scale =
      Math.abs(t[0]) +
      Math.abs(t[1]) +
      Math.abs(t[2]) +
      Math.abs(q[0]) +
      Math.abs(q[1]) +
      Math.abs(q[2]) +
      this.shapeA!.coreReach +
      this.shapeB!.coreReach;
  }

  /**
   * The simplex kept from the last query, at the current placement and query point: B's points
   * placed again from B's frame (they are still points of the cores, so the simplex is still inside
   * the difference), then its nearest point. With no simplex, `v` becomes a first search direction
   * (from A's origin to B's). Returns true when the kept simplex already encloses the query point.
   *
   * @internal @hidden
   */
  warm(): boolean {
    const S = this.simplex;
    const n = S.n;
    // A point set its owner rewrites (mesh's facet in hand) has its scans' copy brought up to date.
    if (this.shapeA!.rewritten && this.shapeA!.core === CORE_POINTS) syncScan(this.shapeA!);
    if (this.shapeB!.rewritten && this.shapeB!.core === CORE_POINTS) syncScan(this.shapeB!);
    if (n === 0) {
      const v = S.v;
      v[0] = this.t[0] - this.q[0];
      v[1] = this.t[1] - this.q[1];
      v[2] = this.t[2] - this.q[2];
      // Only a direction, but the first support's bound divides by |v|: a v whose squares underflow
      // (B's origin a subnormal away from the query point) gave |v| = 0 and a lower bound of +∞ for
      // shapes that touch. Far from 1 it is rescaled (the same direction to rounding; any direction's
      // bound is certified), elsewhere left as it was.
      const m = Math.max(Math.abs(v[0]), Math.abs(v[1]), Math.abs(v[2]));
      if (m === 0) v[0] = 1;
      else if (m < 1e-100 || m > 1e100) {
        v[0] /= m;
        v[1] /= m;
        v[2] /= m;
      }
      return false;
    }
    const A = this.shapeA!;
    const B = this.shapeB!;
    // The points of a point set its owner rewrites (mesh's facet in hand) are read again by their
    // vertex ids; every other shape's are the simplex's own, unchanged.
    const rereadA = A.rewritten;
    const rereadB = B.rewritten;
    for (let k = 0; k < n; k++) {
      if (rereadA) reread(A, S.ia[k], S.a, 3 * k);
      if (rereadB) reread(B, S.ib[k], S.bb, 3 * k);
      this.place(k);
    }
    return S.reduce();
  }

  /**
   * Reads one number of every 64-byte line of both shapes' point sets, before a query's first scan:
   * independent loads that the processor has in flight together, where the scans' own reads come in
   * one stream after the other (a cast on hulls of 256 random points, 1 000 different pairs: 0.90 to
   * 0.93 of the time; a stride of two lines, 0.95 to 0.97). The answers do not depend on it.
   *
   * @internal @hidden
   */
  touch(): void {
    const A = this.shapeA!;
    const B = this.shapeB!;
    this.touched =
      linesOf(A.scan) +
      linesOf(B.scan) +
      linesOf16(A.cellStart) +
      linesOf16(B.cellStart) +
      linesOf8(A.cellPoints) +
      linesOf8(B.cellPoints);
  }

  /**
   * Recomputes y = w − q for the first `count` slots of the simplex (the query point moved).
   *
   * @internal @hidden
   */
  requery(count: number): void {
    const S = this.simplex;
    const q0 = this.q[0],
      q1 = this.q[1],
      q2 = this.q[2];
    for (let k = 0, o = 0; k < count; k++, o += 3) {
      S.y[o] = S.w[o] - q0;
      S.y[o + 1] = S.w[o + 1] - q1;
      S.y[o + 2] = S.w[o + 2] - q2;
    }
  }

  /**
   * Slot k's B point placed from B's frame, and its w and y.
   *
   * @internal @hidden
   */
  place(k: number): void {
    const S = this.simplex;
    const R = this.R;
    const o = 3 * k;
    const x = S.bb[o],
      y = S.bb[o + 1],
      z = S.bb[o + 2];
    const bx = R[0] * x + R[1] * y + R[2] * z + this.t[0],
      by = R[3] * x + R[4] * y + R[5] * z + this.t[1],
      bz = R[6] * x + R[7] * y + R[8] * z + this.t[2];
    S.b[o] = bx;
    S.b[o + 1] = by;
    S.b[o + 2] = bz;
    const wx = bx - S.a[o],
      wy = by - S.a[o + 1],
      wz = bz - S.a[o + 2];
    S.w[o] = wx;
    S.w[o + 1] = wy;
    S.w[o + 2] = wz;
    S.y[o] = wx - this.q[0];
    S.y[o + 1] = wy - this.q[1];
    S.y[o + 2] = wz - this.q[2];
  }

  /**
   * The support of the difference along −v (v = S.v, from A towards B): A's point farthest along v,
   * B's least far, into slot n of the simplex (not yet counted in `n`). Returns true when that point
   * is already in the simplex (bit for bit): the search can go no further.
   *
   * @internal @hidden
   */
  support(): boolean {
    const S = this.simplex;
    const v = S.v;
    const R = this.R;
    const vx = v[0],
      vy = v[1],
      vz = v[2];
    // B searched in its own frame, along −Rᵀ v (in locals; in `dirB` for a support mapping's call).
    const ux = -(R[0] * vx + R[3] * vy + R[6] * vz),
      uy = -(R[1] * vx + R[4] * vy + R[7] * vz),
      uz = -(R[2] * vx + R[5] * vy + R[8] * vz);
    const climb = this.climb;
    const A = this.shapeA!;
    const B = this.shapeB!;
    const n = S.n;
    const o = 3 * n;
    // Point sets that scan (small hulls and polygons, mesh's vertex sets) are scanned here, the
    // direction in locals: the common case of mesh's hull paths, without the support mapping's calls.
    let ia: number;
    if (A.core === CORE_POINTS && !(climb && A.climb && this.hintA >= 0)) {
      const P = A.scan;
      ia =
        A.cellK > 0
          ? tableSupport(P, A.cellK, A.cellStart, A.cellPoints, vx, vy, vz)
          : farthest3(P, vx, vy, vz);
      S.a[o] = P[3 * ia];
      S.a[o + 1] = P[3 * ia + 1];
      S.a[o + 2] = P[3 * ia + 2];
    } else if (A.core === CORE_POINTS2 && !(climb && A.climb && this.hintA >= 0)) {
      const P = A.points;
      if (A.polar.length > 0) {
        // A large ring (mesh's convex curves): the polar table's search, from the last support,
        // along the unit direction its certificates are made for.
        const dA = this.dirA;
        unit2(vx, vy, dA);
        ia = supportPolar(P, A.polar, this.hintA >= 0 ? this.hintA : 0, dA, 0);
      } else ia = farthest2(P, vx, vy);
      S.a[o] = P[2 * ia];
      S.a[o + 1] = P[2 * ia + 1];
      S.a[o + 2] = 0;
    } else if (A.core === CORE_BOX) {
      // The primitives' supports in place too (`coreSupport`'s own formulas, `toward` written out):
      // no call at all, where a call to `toward` took the compiler's inlining budget that this function
      // spends on the scans once hulls, boxes and capsules all pass here, and its numbers crossed
      // calls boxed (cuboid casts after hull, ball and capsule ones: 1.2x the time, 2.7x the garbage).
      ia = -1;
      const sg = this.signs;
      const hi = this.signWords;
      // the signs read off the numbers' top bits (−0 made +0, as `vx >= 0` reads it)
      sg[0] = vx + 0;
      sg[1] = vy + 0;
      sg[2] = vz + 0;
      S.a[o] = A.e0 * ((hi[HIGH] >> 31) | 1);
      S.a[o + 1] = A.e1 * ((hi[HIGH + 2] >> 31) | 1);
      S.a[o + 2] = A.e2 * ((hi[HIGH + 4] >> 31) | 1);
    } else if (A.core === CORE_POINT) {
      ia = -1;
      S.a[o] = S.a[o + 1] = S.a[o + 2] = 0;
    } else if (A.core === CORE_SEGMENT) {
      ia = -1;
      S.a[o] = 0;
      S.a[o + 1] = vy >= 0 ? A.e0 : -A.e0;
      S.a[o + 2] = 0;
    } else {
      const dA = this.dirA;
      dA[0] = vx;
      dA[1] = vy;
      dA[2] = vz;
      ia = A.support(dA, this.supA, climb ? this.hintA : -1);
      S.a[o] = this.supA[0];
      S.a[o + 1] = this.supA[1];
      S.a[o + 2] = this.supA[2];
    }
    let ib: number;
    if (B.core === CORE_POINTS && !(climb && B.climb && this.hintB >= 0)) {
      const P = B.scan;
      ib =
        B.cellK > 0
          ? tableSupport(P, B.cellK, B.cellStart, B.cellPoints, ux, uy, uz)
          : farthest3(P, ux, uy, uz);
      S.bb[o] = P[3 * ib];
      S.bb[o + 1] = P[3 * ib + 1];
      S.bb[o + 2] = P[3 * ib + 2];
    } else if (B.core === CORE_POINTS2 && !(climb && B.climb && this.hintB >= 0)) {
      const P = B.points;
      if (B.polar.length > 0) {
        // A large ring (mesh's convex curves): the polar table's search, from the last support,
        // along the unit direction its certificates are made for.
        const dB = this.dirB;
        unit2(ux, uy, dB);
        ib = supportPolar(P, B.polar, this.hintB >= 0 ? this.hintB : 0, dB, 0);
      } else ib = farthest2(P, ux, uy);
      S.bb[o] = P[2 * ib];
      S.bb[o + 1] = P[2 * ib + 1];
      S.bb[o + 2] = 0;
    } else if (B.core === CORE_BOX) {
      ib = -1;
      const sg = this.signs;
      const hi = this.signWords;
      sg[0] = ux + 0;
      sg[1] = uy + 0;
      sg[2] = uz + 0;
      S.bb[o] = B.e0 * ((hi[HIGH] >> 31) | 1);
      S.bb[o + 1] = B.e1 * ((hi[HIGH + 2] >> 31) | 1);
      S.bb[o + 2] = B.e2 * ((hi[HIGH + 4] >> 31) | 1);
    } else if (B.core === CORE_POINT) {
      ib = -1;
      S.bb[o] = S.bb[o + 1] = S.bb[o + 2] = 0;
    } else if (B.core === CORE_SEGMENT) {
      ib = -1;
      S.bb[o] = 0;
      S.bb[o + 1] = uy >= 0 ? B.e0 : -B.e0;
      S.bb[o + 2] = 0;
    } else {
      const dB = this.dirB;
      dB[0] = ux;
      dB[1] = uy;
      dB[2] = uz;
      ib = B.support(dB, this.supB, climb ? this.hintB : -1);
      S.bb[o] = this.supB[0];
      S.bb[o + 1] = this.supB[1];
      S.bb[o + 2] = this.supB[2];
    }
    this.hintA = ia;
    this.hintB = ib;
    this.supports++;
    S.ia[n] = ia;
    S.ib[n] = ib;
    this.place(n);
    const wx = S.w[o],
      wy = S.w[o + 1],
      wz = S.w[o + 2];
    for (let k = 0, p = 0; k < n; k++, p += 3) {
      if (S.w[p] === wx && S.w[p + 1] === wy && S.w[p + 2] === wz) return true;
    }
    return false;
  }

  /**
   * The points of the two shapes from the simplex: the cores' nearest points (B's moved by −q, where
   * the cast has taken it) grown by the margins along the normal; a common point when the cores are
   * within the margins; the middle of the two when the cores overlap (normal NaN). A's frame.
   *
   * @internal @hidden
   */
  witness(pointA: Float64Array, pointB: Float64Array, normal: Float64Array): void {
    let ax = 0,
      ay = 0,
      az = 0,
      bx = -this.q[0],
      by = -this.q[1],
      bz = -this.q[2];
    if (this.planar) {
      const S = this.simplex2;
      for (let k = 0, o = 0; k < S.n; k++, o += 2) {
        const l = S.lam[k];
        ax += l * S.a[o];
        ay += l * S.a[o + 1];
        bx += l * S.b[o];
        by += l * S.b[o + 1];
      }
    } else {
      const S = this.simplex;
      for (let k = 0, o = 0; k < S.n; k++, o += 3) {
        const l = S.lam[k];
        ax += l * S.a[o];
        ay += l * S.a[o + 1];
        az += l * S.a[o + 2];
        bx += l * S.b[o];
        by += l * S.b[o + 1];
        bz += l * S.b[o + 2];
      }
    }
    const upper = this.coreUpper;
    if (this.overlap || !(upper > 0)) {
      pointA[0] = pointB[0] = 0.5 * (ax + bx);
      pointA[1] = pointB[1] = 0.5 * (ay + by);
      pointA[2] = pointB[2] = 0.5 * (az + bz);
      normal[0] = normal[1] = normal[2] = Number.NaN;
      return;
    }
    // The normal from v itself (the simplex's nearest point), whose direction the projections keep
    // to the last bits, rather than from the difference of the two sums.
    const v = this.planar ? this.simplex2.v : this.simplex.v;
    const nx = v[0] / upper,
      ny = v[1] / upper,
      nz = this.planar ? 0 : this.simplex.v[2] / upper;
    normal[0] = nx;
    normal[1] = ny;
    normal[2] = nz;
    const margin = this.margin;
    const marginA = this.shapeA!.margin;
    if (upper <= margin) {
      // Within the margins: the point that far along the segment of the cores lies in both shapes.
      const k = (upper * marginA) / margin;
      pointA[0] = pointB[0] = ax + k * nx;
      pointA[1] = pointB[1] = ay + k * ny;
      pointA[2] = pointB[2] = az + k * nz;
      return;
    }
    const marginB = margin - marginA;
    pointA[0] = ax + marginA * nx;
    pointA[1] = ay + marginA * ny;
    pointA[2] = az + marginA * nz;
    pointB[0] = bx - marginB * nx;
    pointB[1] = by - marginB * ny;
    pointB[2] = bz - marginB * nz;
  }
}

/** (x, y) made unit into `out[0..1]` (its squares scaled first where they would underflow or overflow). */
function unit2(x: number, y: number, out: Float64Array): void {
  let n = Math.sqrt(x * x + y * y);
  if (!(n > 1e-150 && n < 1e150)) n = Math.hypot(x, y);
  out[0] = x / n;
  out[1] = y / n;
}

/** Vertex `id` of point set `c` (2 or 3 numbers a point) into `out[o..o + 3)`, z = 0 in the plane. */
function reread(c: Shape, id: number, out: number[], o: number): void {
  const P = c.points;
  if (c.dim === 3) {
    const p = 3 * id;
    out[o] = P[p];
    out[o + 1] = P[p + 1];
    out[o + 2] = P[p + 2];
  } else {
    const p = 2 * id;
    out[o] = P[p];
    out[o + 1] = P[p + 1];
    out[o + 2] = 0;
  }
}

/** The sum of one number a 64-byte line of `P` (every 8th double, and the last: lines need not align). */
function linesOf(P: number[]): number {
  const n = P.length;
  let sum = n > 0 ? P[n - 1] : 0;
  for (let k = 0; k < n; k += 8) sum += P[k];
  return sum;
}

/** {@link linesOf} for 16-bit entries (32 a line). */
function linesOf16(P: Uint16Array): number {
  const n = P.length;
  let sum = n > 0 ? P[n - 1] : 0;
  for (let k = 0; k < n; k += 32) sum += P[k];
  return sum;
}

/** {@link linesOf} for bytes (64 a line). */
function linesOf8(P: Uint8Array): number {
  const n = P.length;
  let sum = n > 0 ? P[n - 1] : 0;
  for (let k = 0; k < n; k += 64) sum += P[k];
  return sum;
}
