import { isShape2, type Shape } from '@firsttouch/convex';
import { PolygonPair, polygonCore } from '@firsttouch/convex/internal';
import { Pool, scaleExponent } from '@firsttouch/mesh/internal';
import { type AbortSignalLike, reduceAngle, throwIfAborted, wrapAngle } from '@firsttouch/pose';
import {
  assertImpactRecord,
  createImpactResult2,
  type Motion2,
  type TimeOfImpact2Result,
} from './impact-record.js';
import {
  DEFAULT_MAX_ITERATIONS,
  defaultTolerance,
  type ResolvedOptions,
  resolveOptions,
  resolveOptionsInto,
} from './options.js';
import { type PolygonPlacement2, polygonStep2 } from './polygon-step2.js';
import { CcdStatus, type CcdStatusValue } from './status.js';

const EMPTY = new Float64Array(0);

/**
 * The time of impact of two small convex polygons that turn (`convexPolygon` below `WALK_FROM`
 * vertices, `cuboid2`, rounded ones: what convex's `PolygonPair` takes), on plain numbers: the poses
 * read and checked once, each gap convex's `PolygonPair` at the placement of B in A's frame, the
 * loop's steps the larger of the plain one and {@link polygonStep2}. The loop, statuses and answer
 * of `timeOfImpact2` on `ShapeMotion2` (the same motion, the same guarantee), without its records: no
 * pose object per gap, no evaluator, no run record. A query any other path answers (a pose or option
 * it would refuse, progress, bodies far from unit size, two polygons that do not turn) is left to
 * the driver; a signal is read as the driver's loop reads it (before the first gap, then after each
 * step), so a query answers the same with one or without: {@link PolygonQuery2.run} returns null then. Not exported by the
 * package's main entry.
 *
 * @example
 * ```ts
 * import { convexPolygon, cuboid2 } from '@firsttouch/convex';
 * import { PolygonQuery2 } from '@firsttouch/ccd/internal';
 * import { pose2 } from '@firsttouch/pose';
 * const query = new PolygonQuery2();
 * const motion = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(1, [-3, 0])] } as const;
 * const r = query.run(cuboid2(0.5, 0.5), convexPolygon([0, 0, 1, 0, 0, 1]), motion, undefined, undefined);
 * console.log(r?.status, r?.toi.toFixed(4)); // contact 0.3831
 * ```
 */
export class PolygonQuery2 {
  /** The distance of the two polygons at each gap. */
  readonly pair = new PolygonPair();
  /** Scratch of {@link PolygonQuery2.witnessInFrames}'s callers (4 numbers). */
  readonly witness = new Float64Array(4);
  /** The options of a query that passes any (the driver's record and checks). */
  readonly resolved: ResolvedOptions = resolveOptions(undefined, 1);
  /** What the directional step reads, rewritten at each gap. */
  readonly #at: PolygonPlacement2 = {
    a: new Float64Array(0),
    b: new Float64Array(0),
    c: 1,
    s: 0,
    tu: 0,
    tv: 0,
    nx: 0,
    ny: 0,
    supportA: 0,
    supportB: 0,
    edge: 0,
    half: 0,
    floor: 0,
    limit: 0,
    step: 0,
    nextA: -1,
    nextB: -1,
    dax: 0,
    day: 0,
    dbx: 0,
    dby: 0,
    thetaA: 0,
    thetaB: 0,
    spins: 0,
    curvature: 0,
    reachA: 0,
    reachB: 0,
    relative: 0,
    margins: 0,
    along: new Float64Array(3),
  };
  /** The four poses' numbers: angles as given, and wrapped at s = 0; translations; turns. */
  #a0 = 0;
  #a1 = 0;
  #b0 = 0;
  #b1 = 0;
  #wa = 0;
  #wb = 0;
  #thetaA = 0;
  #thetaB = 0;
  #ax = 0;
  #ay = 0;
  #bx = 0;
  #by = 0;
  #ax1 = 0;
  #ay1 = 0;
  #bx1 = 0;
  #by1 = 0;
  #dax = 0;
  #day = 0;
  #dbx = 0;
  #dby = 0;
  /** A's angle at the last gap, and its cosine and sine (A at rest: computed once a query). */
  #angleA = Number.NaN;
  #cosA = 1;
  #sinA = 0;
  /** The loop's answer: the last iterate, and the gaps evaluated. */
  #toi = 0;
  #evaluations = 0;
  readonly #boxA = new Float64Array(8);
  readonly #boxB = new Float64Array(8);
  /** What the early read of the polygons' coordinates read (kept, so that the read is made). */
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: written, never read: its stores keep the early read's loads
  #touched = 0;

  /**
   * After {@link PolygonQuery2.run}: the witness points of the last gap (the toi's), A's in A's frame
   * and B's in B's frame, into `out[0..3]`: where a caller finds the features that hold them.
   *
   * @example
   * ```ts
   * import { cuboid2 } from '@firsttouch/convex';
   * import { PolygonQuery2 } from '@firsttouch/ccd/internal';
   * import { pose2 } from '@firsttouch/pose';
   * const query = new PolygonQuery2();
   * const motion = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(0.1, [0, 0])] } as const;
   * query.run(cuboid2(0.5, 0.5), cuboid2(0.5, 0.5), motion, undefined, undefined);
   * const w = new Float64Array(4);
   * query.witnessInFrames(w);
   * console.log(w[0].toFixed(3), w[2] < 0); // 0.500 true
   * ```
   */
  witnessInFrames(out: Float64Array): void {
    const at = this.#at;
    const pA = this.pair.pointA;
    const pB = this.pair.pointB;
    out[0] = pA[0];
    out[1] = pA[1];
    const x = pB[0] - at.tu,
      y = pB[1] - at.tv;
    out[2] = at.c * x + at.s * y;
    out[3] = at.c * y - at.s * x;
  }

  /** Drops the polygons (a pooled query keeps no body alive). */
  unbind(): void {
    this.pair.unbind();
    this.#at.a = this.#at.b = EMPTY;
    this.resolved.signal = undefined;
    this.resolved.onProgress = undefined;
  }

  /**
   * The answer of `timeOfImpact2(a, b, motion, options, out)` when this path takes the query, else
   * null (nothing written). Checks `out` as the driver does (the same error first). `curves`: the
   * polygons stand for two curves' regions (`convex: false` then leaves the query to the curves'
   * trees).
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a bad `out` or option (as the driver).
   */
  run(
    a: unknown,
    b: unknown,
    motion: Motion2,
    options: unknown,
    out: TimeOfImpact2Result | undefined,
    curves = false,
  ): TimeOfImpact2Result | null {
    if (out !== undefined) assertImpactRecord(out, 2, 'timeOfImpact2');
    if (!isShape2(a) || !isShape2(b) || !PolygonPair.accepts(a, b)) return null;
    // The polygons' first coordinates asked for now (a cuboid2 has none): a query usually meets them
    // cold, and their lines then come from memory while the poses' do, not after.
    const pa = a.points;
    const pb = b.points;
    this.#touched = (pa.length > 0 ? pa[0] : 0) + (pb.length > 0 ? pb[0] : 0);
    if (typeof motion !== 'object' || motion === null) return null;
    const ma = motion.a;
    const mb = motion.b;
    if (!Array.isArray(ma) || !Array.isArray(mb) || ma.length > 2 || mb.length > 2) return null;
    if (!this.#poses(ma[0], ma[1], mb[0], mb[1])) return null;
    // Neither turns: GJK's ray cast answers the step (the driver's evaluator).
    if (this.#a0 === this.#a1 && this.#b0 === this.#b1) return null;
    const largest = Math.max(a.boxLargest, b.boxLargest);
    // The driver's spread: the other translations' largest |coordinate| from A's at s = 0.
    const spread = Math.max(
      Math.abs(this.#dax),
      Math.abs(this.#day),
      Math.abs(this.#bx - this.#ax),
      Math.abs(this.#by - this.#ay),
      Math.abs(this.#bx1 - this.#ax),
      Math.abs(this.#by1 - this.#ay),
    );
    if (scaleExponent(Math.max(largest, spread)) !== 0) return null;
    // (the driver's default: its floor from the four translations' largest |coordinate| too)
    const inPlay = Math.max(
      largest,
      Math.abs(this.#ax),
      Math.abs(this.#ay),
      Math.abs(this.#ax1),
      Math.abs(this.#ay1),
      Math.abs(this.#bx),
      Math.abs(this.#by),
      Math.abs(this.#bx1),
      Math.abs(this.#by1),
    );
    const tolerance = defaultTolerance(Math.max(a.boxDiagonal, b.boxDiagonal), largest, inPlay);
    let tol = tolerance;
    let maxIterations = DEFAULT_MAX_ITERATIONS;
    let directional = true;
    let horizon = 1;
    let signal: AbortSignalLike | undefined;
    if (options !== undefined) {
      const o = resolveOptionsInto(
        options as Parameters<typeof resolveOptionsInto>[0],
        tolerance,
        this.resolved,
      );
      // (A signal is read here as the driver reads it: a pool's workers pass one with every query,
      // and their answers must be the calling thread's.)
      if (o.onProgress !== undefined) return null;
      signal = o.signal;
      // (Curves' regions asked for with `convex: false`: that asks for the trees' search.)
      if (curves && !o.convex) return null;
      horizon = o.horizon;
      tol = o.tolerance;
      maxIterations = o.maxIterations;
      // 'auto' takes the directional step at every step between two shapes (it costs a few flops).
      directional = o.directional !== false;
    }
    return this.#advance(
      a,
      b,
      tol,
      maxIterations,
      directional,
      horizon,
      signal,
      out ?? createImpactResult2(),
    );
  }

  /**
   * Reads the four poses into the query's numbers when each is a pose `RigidMotion2` takes without a
   * second look (a finite angle, a translation of two finite numbers in an array or Float64Array) and
   * the translations over the step do not overflow; false leaves the query to the driver (which
   * names what is wrong).
   */
  #poses(pa0: unknown, pa1: unknown, pb0: unknown, pb1: unknown): boolean {
    if (!isPlainPose2(pa0) || !isPlainPose2(pa1) || !isPlainPose2(pb0) || !isPlainPose2(pb1)) return false;
    const p = pa0 as Pose2Numbers;
    const q = pa1 as Pose2Numbers;
    const u = pb0 as Pose2Numbers;
    const v = pb1 as Pose2Numbers;
    this.#a0 = p.angle;
    this.#a1 = q.angle;
    this.#b0 = u.angle;
    this.#b1 = v.angle;
    this.#ax = p.t[0];
    this.#ay = p.t[1];
    this.#bx = u.t[0];
    this.#by = u.t[1];
    this.#ax1 = q.t[0];
    this.#ay1 = q.t[1];
    this.#bx1 = v.t[0];
    this.#by1 = v.t[1];
    this.#dax = this.#ax1 - this.#ax;
    this.#day = this.#ay1 - this.#ay;
    this.#dbx = this.#bx1 - this.#bx;
    this.#dby = this.#by1 - this.#by;
    // The numbers as read here, checked again: `isPlainPose2` read each once already, and a getter
    // that answered 0 to it and NaN now made a turn of NaN, and a contact where the bodies were 0.8
    // apart. A number that is not finite leaves the query to the driver, which reads once and names it.
    if (!Number.isFinite(this.#dax + this.#day + this.#dbx + this.#dby)) return false;
    if (0 * (this.#a0 + this.#a1 + this.#b0 + this.#b1) !== 0) return false;
    // As RigidMotion2: wrapped first, so that the turn is that of the two rotations.
    this.#wa = wrapAngle(this.#a0);
    this.#wb = wrapAngle(this.#b0);
    this.#thetaA = wrapAngle(wrapAngle(this.#a1) - this.#wa);
    this.#thetaB = wrapAngle(wrapAngle(this.#b1) - this.#wb);
    return true;
  }

  /** The loop (`advanceResolved`'s, on numbers) and the answer into `out`. */
  #advance(
    a: Shape<2>,
    b: Shape<2>,
    tolerance: number,
    maxIterations: number,
    directional: boolean,
    horizon: number,
    signal: AbortSignalLike | undefined,
    out: TimeOfImpact2Result,
  ): TimeOfImpact2Result {
    throwIfAborted(signal, 'the time of impact, before its first gap');
    const pair = this.pair.bind(a, b);
    const at = this.#at;
    // The cores' vertices as the pair reads them (a rectangle's corners written here).
    at.a = polygonCore(a, this.#boxA)!;
    at.b = polygonCore(b, this.#boxB)!;
    const thetaA = this.#thetaA;
    const thetaB = this.#thetaB;
    at.thetaA = thetaA;
    at.thetaB = thetaB;
    at.spins = Math.abs(thetaA) * a.reach + Math.abs(thetaB) * b.reach;
    at.curvature = thetaA * thetaA * a.coreReach + thetaB * thetaB * b.coreReach;
    at.reachA = a.coreReach;
    at.reachB = b.coreReach;
    const ux = this.#dax - this.#dbx;
    const uy = this.#day - this.#dby;
    at.relative = Math.sqrt(ux * ux + uy * uy);
    at.margins = a.margin + b.margin;
    const mu = speed(this.#dax, this.#day, thetaA, a.reach) + speed(this.#dbx, this.#dby, thetaB, b.reach);
    this.#angleA = Number.NaN;
    at.half = 0.5 * tolerance;
    const half = at.half;
    const dax = this.#dax;
    const day = this.#day;
    const dbx = this.#dbx;
    const dby = this.#dby;
    let status: CcdStatusValue = CcdStatus.NotConverged;
    let iterations = maxIterations;
    let s = 0;
    let k0 = 0;
    if (directional) {
      // The first step before any gap: each body lies within its reach of its origin whatever its
      // turn, and the origins move on lines, so the gap is at least |B's origin − A's| less both
      // reaches, until that quadratic's first root at tol/2. The bodies of a step usually start far
      // apart, where the polygons' own first gap and step (its axis, its bounds over a long turn)
      // landed no nearer to contact than this and cost a gap's search.
      const px = this.#bx - this.#ax;
      const py = this.#by - this.#ay;
      const wx = dbx - dax;
      const wy = dby - day;
      const r = a.reach + b.reach + half;
      const c0 = px * px + py * py - r * r;
      if (c0 > 0) {
        const pw = px * wx + py * wy;
        const disc = pw * pw - (wx * wx + wy * wy) * c0;
        // The smaller root of |p + δ w|² = r², in the form that keeps its digits.
        const first = pw < 0 && disc >= 0 ? c0 / (Math.sqrt(disc) - pw) : 1;
        s = first >= 1 ? 1 : first;
        k0 = 1;
      }
    }
    // A caller's horizon (a broad phase that knows a contact there): no iterate past it, as the
    // driver's loop stops. Past it at the first step, the answer is the gap at s = 0.
    let reached = false;
    if (s > horizon) {
      s = 0;
      k0 = -1;
    }
    // The loop of `advanceResolved` with the gap at its head, on locals: every number a call would
    // box (the engine does not inline the pair's search) travels in `at` and the pair's fields.
    for (let k = k0; ; k++) {
      // The poses at s as `RigidMotion2.poseAt` gives them, B placed in A's frame as
      // `relativeTransform2` places it.
      const end = s === 0 || s === 1;
      const angleA = end ? (s === 0 ? this.#a0 : this.#a1) : this.#wa + s * thetaA;
      const angleB = end ? (s === 0 ? this.#b0 : this.#b1) : this.#wb + s * thetaB;
      if (angleA !== this.#angleA) {
        this.#angleA = angleA;
        this.#cosA = Math.cos(angleA);
        this.#sinA = Math.sin(angleA);
      }
      const ca = this.#cosA;
      const sa = this.#sinA;
      const ax = end ? (s === 0 ? this.#ax : this.#ax1) : this.#ax + s * dax;
      const ay = end ? (s === 0 ? this.#ay : this.#ay1) : this.#ay + s * day;
      const du = (end ? (s === 0 ? this.#bx : this.#bx1) : this.#bx + s * dbx) - ax;
      const dv = (end ? (s === 0 ? this.#by : this.#by1) : this.#by + s * dby) - ay;
      const turn = reduceAngle(angleB) - reduceAngle(angleA);
      at.c = Math.cos(turn);
      at.s = Math.sin(turn);
      at.tu = ca * du + sa * dv;
      at.tv = -sa * du + ca * dv;
      pair.evaluatePlacement(at);
      const d = pair.lowerBound;
      if (k < 0) {
        // (the gap at s = 0 of a first step past the horizon: the driver's loop would have measured
        // it, and it says whether the bodies touch there)
        status = d <= tolerance ? CcdStatus.InitialContact : CcdStatus.NotConverged;
        reached = d > tolerance;
        iterations = 0;
        break;
      }
      if (k === 0 ? d <= tolerance : d <= tolerance || s === 1) {
        status = k === 0 ? CcdStatus.InitialContact : d <= tolerance ? CcdStatus.Contact : CcdStatus.Separate;
        iterations = k;
        break;
      }
      if (k === maxIterations) break;
      const left = 1 - s;
      let step = mu > 0 ? (d - half) / mu : Number.POSITIVE_INFINITY;
      if (directional && step < left) {
        at.nx = pair.lowerAxis[0];
        at.ny = pair.lowerAxis[1];
        at.supportA = pair.supportA;
        at.supportB = pair.supportB;
        at.edge = pair.axisEdge;
        at.dax = ca * dax + sa * day;
        at.day = -sa * dax + ca * day;
        at.dbx = ca * dbx + sa * dby;
        at.dby = -sa * dbx + ca * dby;
        at.floor = step;
        at.limit = left;
        polygonStep2(at);
        if (at.step > step) step = at.step;
        // Where the probe found the supports: the next search starts there if the last features
        // no longer separate the polygons.
        if (at.nextA >= 0) pair.seed(at.nextA, at.nextB);
      }
      const next = step >= left ? 1 : s + step;
      if (next > horizon) {
        reached = true;
        iterations = k;
        break;
      }
      s = next;
      if (signal?.aborted)
        throwIfAborted(signal, `the time of impact, at s = ${s} after ${k + 1} steps (last gap ${d})`);
    }
    this.#evaluations = pair.evaluations;
    this.#toi = s;
    const r = this.#result(status, iterations, mu, tolerance, out);
    r.horizonReached = reached;
    return r;
  }

  /** The answer from the pair's witness at the last gap (the toi's), as `shapeImpactResult2` writes it. */
  #result(
    status: CcdStatusValue,
    iterations: number,
    mu: number,
    tolerance: number,
    r: TimeOfImpact2Result,
  ): TimeOfImpact2Result {
    const pair = this.pair;
    const c = this.#cosA;
    const s = this.#sinA;
    const pA = pair.pointA;
    const pB = pair.pointB;
    const pointA = r.pointA;
    const pointB = r.pointB;
    // A's translation at toi, as the loop placed it.
    const toi = this.#toi;
    const end = toi === 0 || toi === 1;
    const tx = end ? (toi === 0 ? this.#ax : this.#ax1) : this.#ax + toi * this.#dax;
    const ty = end ? (toi === 0 ? this.#ay : this.#ay1) : this.#ay + toi * this.#day;
    pointA[0] = c * pA[0] - s * pA[1] + tx;
    pointA[1] = s * pA[0] + c * pA[1] + ty;
    pointB[0] = c * pB[0] - s * pB[1] + tx;
    pointB[1] = s * pB[0] + c * pB[1] + ty;
    const dx = pointB[0] - pointA[0];
    const dy = pointB[1] - pointA[1];
    const m = Math.abs(dx) + Math.abs(dy);
    // (Math.hypot only where the squares could underflow or overflow: its call costs more.)
    const len = m > 1e-150 && m < 1e150 ? Math.sqrt(dx * dx + dy * dy) : Math.hypot(dx, dy);
    r.normal[0] = len > 0 ? dx / len : Number.NaN;
    r.normal[1] = len > 0 ? dy / len : Number.NaN;
    r.status = status;
    r.toi = toi;
    r.distance = pair.distance;
    r.iterations = iterations;
    r.pairEvaluations = 0;
    r.directionalPairEvaluations = 0;
    r.convexEvaluations = this.#evaluations;
    r.mu = mu;
    r.tolerance = tolerance;
    r.horizonReached = false;
    r.segmentA = 0;
    r.segmentB = 0;
    return r;
  }
}

/** The numbers of a 2-D pose as {@link isPlainPose2} found them. */
interface Pose2Numbers {
  angle: number;
  t: ArrayLike<number>;
}

/** A pose `RigidMotion2.reset` takes without a second look (else the driver reads it, and says why not). */
function isPlainPose2(q: unknown): boolean {
  if (typeof q !== 'object' || q === null) return false;
  const angle = (q as { angle?: unknown }).angle;
  if (typeof angle !== 'number' || !Number.isFinite(angle)) return false;
  const t = (q as { t?: unknown }).t;
  if (!(t instanceof Float64Array || Array.isArray(t)) || t.length !== 2) return false;
  const x = t[0];
  const y = t[1];
  return typeof x === 'number' && Number.isFinite(x) && typeof y === 'number' && Number.isFinite(y);
}

/** μ of a body: |Δ| (as `RigidMotion2` takes it) + |θ| reach. */
function speed(dx: number, dy: number, theta: number, reach: number): number {
  const m = Math.abs(dx) + Math.abs(dy);
  const length =
    dy === 0
      ? Math.abs(dx)
      : dx === 0
        ? Math.abs(dy)
        : m > 1e-150 && m < 1e150
          ? Math.sqrt(dx * dx + dy * dy)
          : Math.hypot(dx, dy);
  return theta === 0 ? length : length + Math.abs(theta) * reach;
}

/**
 * The queries `timeOfImpact2` borrows for two small turning polygons, cleared of their polygons when
 * given back. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { POLYGON_QUERIES2, PolygonQuery2 } from '@firsttouch/ccd/internal';
 * const query = POLYGON_QUERIES2.get() ?? new PolygonQuery2();
 * POLYGON_QUERIES2.release(query);
 * console.log(POLYGON_QUERIES2.get() === query); // true
 * ```
 */
export const POLYGON_QUERIES2 = new Pool<PolygonQuery2>(2, (query) => query.unbind());

/**
 * Two small convex polygons that turn, on a borrowed {@link PolygonQuery2}: its answer, or null for
 * the driver's query (the 2-D shape kind's `direct` path, and `timeOfImpact2`'s first try). Not
 * exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { cuboid2 } from '@firsttouch/convex';
 * import { polygonPath2 } from '@firsttouch/ccd/internal';
 * import { pose2 } from '@firsttouch/pose';
 * const motion = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(1, [-3, 0])] } as const;
 * console.log(polygonPath2(cuboid2(0.5, 0.5), cuboid2(0.5, 0.5), motion, undefined, undefined)?.status); // contact
 * ```
 */
export function polygonPath2(
  a: unknown,
  b: unknown,
  motion: Motion2,
  options: unknown,
  out: TimeOfImpact2Result | undefined,
): TimeOfImpact2Result | null {
  const query = POLYGON_QUERIES2.get() ?? new PolygonQuery2();
  try {
    return query.run(a, b, motion, options, out);
  } finally {
    POLYGON_QUERIES2.release(query);
  }
}
