import { isShape2, isShape3, type Shape } from '@firsttouch/convex';
import { describeBody } from '@firsttouch/convex/internal';
import { Compound, Compound2, Curve, distinctPoints, Surface } from '@firsttouch/mesh';
import { describeValue, FirstTouchError, isArrayLike, type Pose2Like, RigidMotion2 } from '@firsttouch/pose';
import { F64, type Scratch } from './scratch.js';

/**
 * What the broad phase knows of each body over the step: its box at s = 0 (`dim` mins then `dim`
 * maxes a body), its translation, how far its spin can carry a point (`2 ρ sin(θ/2)`, the longest
 * chord of the turn), and its speed bound μ; for the time windows and the pair bounds also where its
 * origin starts, the radius of the ball about its origin that holds it (the origin moves on a
 * straight line, so that ball, carried along, holds the body at every s), its largest ρ and its turn
 * θ (the chord of a turn by hθ is `2 ρ sin(hθ/2)`), and the magnitude of its numbers (for the
 * rounding slack).
 *
 * The numbers a pair test reads lie together, one record a body in `body` (see {@link bodyLayout}):
 * a pair's second body is anywhere in memory, and its record is one or two cache lines on one page
 * where seven arrays were seven lines on seven pages (at 10⁵ bodies, most of a pair's cost).
 */
export interface StepBodies {
  dim: 2 | 3;
  count: number;
  /**
   * Each body's record, `4 · dim + 4` numbers from `(4 · dim + 4) · i`: its box at s = 0 (`dim`
   * mins, `dim` maxes), its translation (`dim`), where its origin is at s = 0 (`dim`), the radius of
   * the ball about its origin that holds its vertices, the magnitude of its numbers, its speed
   * bound μ and its chord over the step (its spin). {@link bodyLayout} names the offsets.
   */
  body: Float64Array;
  /** The largest distance of a vertex from the turning axis (2-D: from the origin). */
  rho: Float64Array;
  /** The turn over the step, |θ| ∈ [0, π]. */
  theta: Float64Array;
  /**
   * 3-D: writes body i's oriented box at s = 0 into `out` (15 numbers): its rotation (row-major),
   * the centre of its box in its own frame, placed (world), and the box's half-extents.
   */
  orientedBox?: (i: number, out: Float64Array) => void;
  /**
   * 3-D, with {@link StepBodies.orientedBox}: reads what it reads of body i (its rotation and
   * shape) and returns a number made of those reads, so that a caller can bring them into the cache
   * ahead of the calls (see `PairBound.touch`).
   */
  orientedTouch?: (i: number) => number;
  /**
   * The sums over the bodies, in index order, of each box's largest extent at s = 0 (entry 0) and
   * of μ (entry 1): what the search's first window reads (see `firstWindow`), added up as each
   * record is written (a pass of its own read every record again: 12.8 MB at 10⁵ bodies, 3.5 % of
   * `firstImpact`'s time there against 2 % at 10⁴).
   */
  sums: Float64Array;
  /** The largest bounding-box diagonal of the bodies (body frames). */
  largestDiagonal: number;
  /**
   * The coordinates the pairs compute with, whose rounding floors the default tolerance (ccd's
   * `defaultTolerance`): see {@link inPlayOf}.
   */
  inPlay: number;
  /**
   * 3-D: the largest `|t[k] − t₀[k]|` over the translations of all the poses at s = 0 and s = 1,
   * t₀ body 0's at s = 0: what the scene's scale reads of the poses (see `unitScene`).
   */
  poseSpread?: number;
}

/** Where each number of a body's record lies in {@link StepBodies.body}, from the record's start. */
export interface BodyLayout {
  /** Numbers a record: `4 · dim + 4`. */
  stride: number;
  /** The box at s = 0 starts the record (`dim` mins, then `dim` maxes). */
  box: 0;
  delta: number;
  origin: number;
  radius: number;
  scale: number;
  mu: number;
  spin: number;
}

const LAYOUT2: BodyLayout = Object.freeze(layoutOf(2));
const LAYOUT3: BodyLayout = Object.freeze(layoutOf(3));

function layoutOf(dim: number): BodyLayout {
  const d = 2 * dim;
  return {
    stride: 4 * dim + 4,
    box: 0,
    delta: d,
    origin: d + dim,
    radius: 4 * dim,
    scale: 4 * dim + 1,
    mu: 4 * dim + 2,
    spin: 4 * dim + 3,
  };
}

/**
 * The offsets of a body's numbers in its record, for bodies of dimension `dim`.
 *
 * @example
 * ```ts
 * import { bodyLayout, stepBodies3 } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * const L = bodyLayout(3);
 * console.log(step.body[L.stride + L.origin], step.body[L.delta]); // 3 1
 * ```
 */
export function bodyLayout(dim: 2 | 3): BodyLayout {
  return dim === 2 ? LAYOUT2 : LAYOUT3;
}

/**
 * The step data of n bodies, to be filled in: fresh arrays, or views of `scratch` (whose contents
 * are left from before: the filler writes every entry).
 */
export function emptyStep<D extends 2 | 3>(dim: D, n: number, scratch?: Scratch): StepBodies & { dim: D } {
  const f =
    scratch === undefined
      ? (_: number, length: number) => new Float64Array(length)
      : scratch.f64.bind(scratch);
  return {
    dim,
    count: n,
    body: f(F64.body, (4 * dim + 4) * n),
    rho: f(F64.rho, n),
    theta: f(F64.theta, n),
    sums: new Float64Array(2),
    largestDiagonal: 0,
    inPlay: 0,
  };
}

/** The largest distance of a vertex from the origin (body frame), a hair over, so it holds them all. */
export function ballRadius(v: Float64Array, dim: number): number {
  return largestNorm(v, dim) * (1 + 1e-12);
}

/**
 * The largest |v| of the vertices `v` (`dim` numbers each), to a few ulps, at any size: where the
 * squares would underflow or overflow (coordinates beyond about 2^±500: a body of 2^-550 had a ball
 * of radius 0, and the world's step left its pairs out) the vertices are measured divided by the
 * largest |coordinate|.
 *
 * @example
 * ```ts
 * import { largestNorm } from '@firsttouch/broadphase/internal';
 * console.log(largestNorm(new Float64Array([3, 4, 0, 1e-300, 0, 0]), 3)); // 5
 * const tiny = 2 ** -1000;
 * console.log(largestNorm(new Float64Array([3 * tiny, 4 * tiny]), 2) / tiny); // 5
 * ```
 */
export function largestNorm(v: Float64Array, dim: number): number {
  let r2 = 0;
  let m = 0;
  for (let k = 0; k < v.length; k += dim) {
    let q = 0;
    for (let a = 0; a < dim; a++) {
      const x = v[k + a];
      q += x * x;
      const ax = x < 0 ? -x : x;
      if (ax > m) m = ax;
    }
    if (q > r2) r2 = q;
  }
  if (m === 0 || (m > 1e-140 && m < 1e140)) return Math.sqrt(r2);
  // (m not finite: no vertex to scale by)
  if (!(m < Number.POSITIVE_INFINITY)) return m;
  r2 = 0;
  for (let k = 0; k < v.length; k += dim) {
    let q = 0;
    for (let a = 0; a < dim; a++) {
      const x = v[k + a] / m;
      q += x * x;
    }
    if (q > r2) r2 = q;
  }
  return m * Math.sqrt(r2);
}

/**
 * Fills in the magnitude of body i's numbers (after its box, translation, origin, radius, μ and
 * spin), and adds its largest extent and μ to {@link StepBodies.sums}: called once a body, in index
 * order.
 */
export function fillScale(out: StepBodies, i: number): void {
  const { dim, body, sums } = out;
  const L = bodyLayout(dim);
  const r = L.stride * i;
  let m = body[r + L.radius] + body[r + L.spin];
  let e = 0;
  for (let a = 0; a < 2 * dim; a++) m = Math.max(m, Math.abs(body[r + a]));
  for (let a = 0; a < dim; a++) {
    m += Math.abs(body[r + L.delta + a]);
    m = Math.max(m, Math.abs(body[r + L.origin + a]));
    e = Math.max(e, body[r + dim + a] - body[r + a]);
  }
  body[r + L.scale] = m + body[r + L.radius];
  sums[0] += e;
  sums[1] += body[r + L.mu];
}

/**
 * Refuses entry `i` of the array named `array`, checked already, that answered something else when
 * it was read again (a proxy, or a getter): the stages after the check read the arrays again, and
 * such an entry met them as a raw TypeError (an adversarial probe). Not a copy of the arrays: at 10⁵
 * bodies three fresh arrays a call cost a tenth of the call.
 *
 * @example
 * ```ts
 * import { firstImpact } from '@firsttouch/broadphase';
 * import { box } from '@firsttouch/mesh';
 * import { FirstTouchError, identityPose } from '@firsttouch/pose';
 * let reads = 0;
 * const bodies = new Proxy([box(1)], { get: (t, k, r) => (k === '0' && reads++ > 0 ? 'junk' : Reflect.get(t, k, r)) });
 * let said = '';
 * try {
 *   firstImpact(bodies, [identityPose()], [identityPose()]);
 * } catch (e) {
 *   if (e instanceof FirstTouchError) said = e.message;
 * }
 * console.log(said); // bodies[0] changed after it was checked: read again, it answered "junk"
 * ```
 */
export function changedEntry(array: string, i: number, now: unknown): never {
  throw new FirstTouchError(
    'INVALID_OPTION',
    `${array}[${i}] changed after it was checked: read again, it answered ${describeBody(now)}`,
  );
}

/** Checks the arrays of a many-body call: the same length, bodies of the right kind. */
export function checkArrays(
  bodies: unknown,
  poses0: unknown,
  poses1: unknown,
  kind: 'Surface' | 'Curve',
): void {
  if (!Array.isArray(bodies))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `bodies must be an array of ${kind}s, got ${describeValue(bodies)}`,
    );
  if (!isArrayLike(poses0) || !isArrayLike(poses1))
    throw new FirstTouchError('BAD_LENGTH', 'poses0 and poses1 must be arrays of poses');
  if (poses0.length !== bodies.length || poses1.length !== bodies.length) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `bodies, poses0 and poses1 must have the same length, got ${bodies.length}, ${poses0.length}, ${poses1.length}`,
    );
  }
  const ok =
    kind === 'Surface'
      ? (b: unknown) => Surface.isSurface(b) || isShape3(b) || Compound.isCompound(b)
      : (b: unknown) => Curve.isCurve(b) || isShape2(b) || Compound2.isCompound2(b);
  const what =
    kind === 'Surface' ? 'a Surface, a 3-D shape or a compound' : 'a Curve, a 2-D shape or a compound2';
  // bodies often share one shape: a run of the same one is checked once
  let last: unknown;
  for (let i = 0; i < bodies.length; i++) {
    const b: unknown = bodies[i];
    if (b === last && i > 0) continue;
    if (!ok(b))
      throw new FirstTouchError('INVALID_OPTION', `bodies[${i}] must be ${what}, got ${describeBody(b)}`);
    last = b;
  }
}

/**
 * The step data of curves (or 2-D shapes, or 2-D compounds) moving from poses0 to poses1 (validates
 * the poses). A shape or a compound is held by its box: its 4 corners stand for its points, its reach
 * is its ball's radius.
 *
 * @example
 * ```ts
 * import { stepBodies2 } from '@firsttouch/broadphase/internal';
 * import { disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const step = stepBodies2([disc(1, 16)], [pose2(0, [0, 0])], [pose2(0, [2, 0])]);
 * console.log(step.count, Array.from(step.body.subarray(4, 6))); // 1 [2, 0]
 * ```
 */
export function stepBodies2(
  bodies: readonly (Curve | Shape<2> | Compound2)[],
  poses0: readonly Pose2Like[],
  poses1: readonly Pose2Like[],
): StepBodies {
  const n = bodies.length;
  const out = emptyStep(2, n);
  const L = bodyLayout(2);
  const cache = new Map<object, Float64Array>();
  const radii = new Map<object, number>();
  // the translations' spread about body 0's at s = 0, and the largest radius (see inPlayOf)
  let spread = 0;
  let x0 = 0;
  let y0 = 0;
  let largestRadius = 0;
  for (let i = 0; i < n; i++) {
    const c = bodies[i];
    const curve = Curve.isCurve(c);
    if (curve) c.assertNotEmpty(`bodies[${i}]`);
    else if (!isShape2(c) && !Compound2.isCompound2(c)) changedEntry('bodies', i, c);
    const m = new RigidMotion2(poses0[i], poses1[i], [`poses0[${i}]`, `poses1[${i}]`]);
    // shared curves are welded once a call
    let v = cache.get(c);
    if (v === undefined) {
      v = curve ? distinctPoints(c.positions, 2) : rectangleCorners(c.bounds());
      cache.set(c, v);
    }
    const diag = c.bounds().diagonal;
    if (diag > out.largestDiagonal) out.largestDiagonal = diag;
    let radius = radii.get(c);
    if (radius === undefined) {
      radius = curve ? ballRadius(v, 2) : c.reach;
      radii.set(c, radius);
    }
    if (i === 0) {
      x0 = m.q0.t[0];
      y0 = m.q0.t[1];
    }
    spread = Math.max(
      spread,
      Math.abs(m.q0.t[0] - x0),
      Math.abs(m.q0.t[1] - y0),
      Math.abs(m.q1.t[0] - x0),
      Math.abs(m.q1.t[1] - y0),
    );
    if (radius > largestRadius) largestRadius = radius;
    // in 2-D a point turns about the origin: its ρ is its distance from it
    const rho = radius;
    const theta = Math.abs(m.theta);
    out.rho[i] = rho;
    out.theta[i] = theta;
    const B = out.body;
    const o = L.stride * i;
    B[o + L.radius] = radius;
    B[o + L.mu] = m.translationLength + theta * rho;
    B[o + L.spin] = 2 * rho * Math.sin(0.5 * theta);
    B[o + L.delta] = m.delta[0];
    B[o + L.delta + 1] = m.delta[1];
    B[o + L.origin] = m.q0.t[0];
    B[o + L.origin + 1] = m.q0.t[1];
    const cs = Math.cos(m.q0.angle);
    const sn = Math.sin(m.q0.angle);
    B[o] = B[o + 1] = Number.POSITIVE_INFINITY;
    B[o + 2] = B[o + 3] = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < v.length; k += 2) {
      const u = cs * v[k] - sn * v[k + 1] + m.q0.t[0];
      const w = sn * v[k] + cs * v[k + 1] + m.q0.t[1];
      if (u < B[o]) B[o] = u;
      if (w < B[o + 1]) B[o + 1] = w;
      if (u > B[o + 2]) B[o + 2] = u;
      if (w > B[o + 3]) B[o + 3] = w;
    }
    fillScale(out, i);
  }
  out.inPlay = inPlayOf(x0, y0, 0, spread, largestRadius);
  return out;
}

/**
 * The largest coordinate in play of a scene, as its many-body calls and the world's step take it
 * for the default tolerance's floor: body 0's translation at s = 0 (x0, y0, z0) plus the largest
 * `|t[k] − t₀[k]|` over every pose (a bound of every translation's |coordinate|, at most the largest
 * double), or the largest radius of a body's ball about its origin.
 *
 * @example
 * ```ts
 * import { inPlayOf } from '@firsttouch/broadphase/internal';
 * console.log(inPlayOf(1e8, -3, 0, 0.5, 0.01)); // 100000000.5
 * ```
 */
export function inPlayOf(x0: number, y0: number, z0: number, spread: number, radius: number): number {
  // Every translation is finite, so the bound is capped at the largest double: bodies at ±1.7e308
  // made it +∞, and the default tolerance with it ("tolerance … got Infinity", none given).
  const placed = Math.max(Math.abs(x0), Math.abs(y0), Math.abs(z0)) + spread;
  return Math.max(placed > Number.MAX_VALUE ? Number.MAX_VALUE : placed, radius);
}

/** The 4 corners of a 2-D box (x y each): they hold a shape inside it. */
function rectangleCorners(b: {
  readonly min: ArrayLike<number>;
  readonly max: ArrayLike<number>;
}): Float64Array {
  return Float64Array.of(b.min[0], b.min[1], b.max[0], b.min[1], b.max[0], b.max[1], b.min[0], b.max[1]);
}

/** The chord of body i's turn over a window [0, h]: `2 ρ sin(hθ/2)` (its spin when h = 1). */
export function spinOver(b: StepBodies, i: number, h: number): number {
  if (h >= 1) {
    const L = bodyLayout(b.dim);
    return b.body[L.stride * i + L.spin];
  }
  return 2 * b.rho[i] * Math.sin(0.5 * h * b.theta[i]);
}

/**
 * Every body's chord over the window [0, h], h < 1, into `out` (as {@link spinOver} computes each).
 * One loop without a call a body: a double returned from a call the compiler does not inline is
 * boxed on the heap (1.4 MB of garbage a window at 10⁵ bodies).
 */
export function windowChords(b: StepBodies, h: number, out: Float64Array): Float64Array {
  const { rho, theta } = b;
  for (let i = 0; i < b.count; i++) out[i] = 2 * rho[i] * Math.sin(0.5 * h * theta[i]);
  return out;
}

/**
 * The box each body sweeps over the window [0, h] of the step (h = 1: the whole step), grown by
 * `margin` (tol/2) and a rounding slack: the box at s = 0 and its translate by hΔ, hulled, grown by
 * the chord of the turn over the window; cut down to the box the ball about the origin sweeps (it
 * holds the body at every s, whatever the turn). Every point of the body stays in it over [0, h].
 * Written into `out` when given (`2 · dim` numbers a body); `chords`, when given, holds each body's
 * chord over the window as {@link spinOver} computes it.
 *
 * @example
 * ```ts
 * import { stepBodies3, sweptBoxes } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * console.log(Array.from(sweptBoxes(step, 0).subarray(0, 6), (x) => Math.round(x * 100) / 100)); // [-0.5, -0.5, -0.5, 1.5, 0.5, 0.5]
 * ```
 */
export function sweptBoxes(
  b: StepBodies,
  margin: number,
  h = 1,
  out: Float64Array = new Float64Array(2 * b.dim * b.count),
  chords?: Float64Array,
): Float64Array {
  const { dim, count, body } = b;
  const L = bodyLayout(dim);
  // (the chords read from an array, or the records' spins over the whole step: a call a body
  // returning a double, where it is not inlined, boxes it)
  const over = chords ?? (h < 1 ? windowChords(b, h, new Float64Array(count)) : undefined);
  for (let i = 0; i < count; i++) {
    const o = 2 * dim * i;
    const rec = L.stride * i;
    const spin = over === undefined ? body[rec + L.spin] : over[i];
    const r = body[rec + L.radius];
    for (let a = 0; a < dim; a++) {
      const lo = body[rec + a];
      const hi = body[rec + dim + a];
      const d = h >= 1 ? body[rec + L.delta + a] : h * body[rec + L.delta + a];
      const c = body[rec + L.origin + a];
      const grow = spin + margin + slack(lo, hi, d, spin);
      const ball = r + margin + slack(c, c, d, r);
      const boxLo = Math.min(lo, lo + d) - grow;
      const boxHi = Math.max(hi, hi + d) + grow;
      const ballLo = Math.min(c, c + d) - ball;
      const ballHi = Math.max(c, c + d) + ball;
      out[o + a] = boxLo > ballLo ? boxLo : ballLo;
      out[o + dim + a] = boxHi < ballHi ? boxHi : ballHi;
    }
  }
  return out;
}

/** A few ulps of the magnitudes in play, so that rounding never drops a pair. */
export function slack(lo: number, hi: number, d: number, spin: number): number {
  return 1e-13 * (Math.abs(lo) + Math.abs(hi) + Math.abs(d) + spin);
}

/**
 * True when the boxes of bodies i and j, each moving with its translation and grown by its chord
 * over the window (`spin`, one number a body; without it, the chord over the whole step) and
 * `margin`, overlap at some s in [0, h] (the 4-D box test: one interval of s a side, intersected).
 *
 * @example
 * ```ts
 * import { boxesMeetInStep, stepBodies3 } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * console.log(boxesMeetInStep(step, 0, 1, 0)); // false
 * ```
 */
export function boxesMeetInStep(
  b: StepBodies,
  i: number,
  j: number,
  margin: number,
  h = 1,
  spin?: Float64Array,
): boolean {
  const { dim, body } = b;
  const L = bodyLayout(dim);
  let s0 = 0;
  // (+h: a number for certain. With the bare parameter, of any type to the compiler, the Math.min
  // below made 48 bytes of garbage a pair, 2.4 MB a call at 10⁵ bodies; with +h, none)
  let s1 = +h;
  const oi = L.stride * i;
  const oj = L.stride * j;
  const spinI = spin === undefined ? body[oi + L.spin] : spin[i];
  const spinJ = spin === undefined ? body[oj + L.spin] : spin[j];
  for (let a = 0; a < dim; a++) {
    const loI = body[oi + a],
      hiI = body[oi + dim + a];
    const loJ = body[oj + a],
      hiJ = body[oj + dim + a];
    const di = body[oi + L.delta + a],
      dj = body[oj + L.delta + a];
    const grow = spinI + spinJ + 2 * margin + slack(loI, hiI, di, spinI) + slack(loJ, hiJ, dj, spinJ);
    const v = di - dj;
    // loI + s di − grow ≤ hiJ + s dj  and  loJ + s dj ≤ hiI + s di + grow
    const c1 = hiJ - loI + grow; // s v ≤ c1
    const c2 = hiI - loJ + grow; // −s v ≤ c2
    if (v > 0) {
      s1 = Math.min(s1, c1 / v);
      s0 = Math.max(s0, -c2 / v);
    } else if (v < 0) {
      s0 = Math.max(s0, c1 / v);
      s1 = Math.min(s1, -c2 / v);
    } else if (c1 < 0 || c2 < 0) {
      return false;
    }
    if (s0 > s1) return false;
  }
  return true;
}

/**
 * The specification's lower bound of a pair's time of impact: `max(0, box gap at s = 0 − tol) /
 * (μ_i + μ_j)`, the box gap the Euclidean distance of the boxes at s = 0. No iterate of the pair's
 * advancement comes before it (its first step already reaches it).
 *
 * @example
 * ```ts
 * import { impactLowerBound, stepBodies3 } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * console.log(impactLowerBound(step, 0, 1, 0).toFixed(4)); // 2.0000
 * ```
 */
export function impactLowerBound(b: StepBodies, i: number, j: number, tolerance: number): number {
  const { dim, body } = b;
  const L = bodyLayout(dim);
  const oi = L.stride * i;
  const oj = L.stride * j;
  let g2 = 0;
  for (let a = 0; a < dim; a++) {
    const g = Math.max(body[oj + a] - body[oi + dim + a], body[oi + a] - body[oj + dim + a], 0);
    g2 += g * g;
  }
  const gap = Math.sqrt(g2) - tolerance;
  if (!(gap > 0)) return 0;
  const mu = body[oi + L.mu] + body[oj + L.mu];
  // shaved by a relative 1e-9, so that rounding never puts it after the pair's first iterate
  return mu > 0 ? (gap / mu) * (1 - 1e-9) : Number.POSITIVE_INFINITY;
}
