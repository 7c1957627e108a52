import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { type CastStatusValue, runCast } from '../cast/cast-loop.js';
import type { Shape } from '../shape.js';
import { assertShape } from '../validate.js';
import { OVERLAP_SHARE, runDistance } from './distance-loop.js';
import { runDistance2 } from './distance-loop2.js';
import { GjkState } from './gjk-state.js';

/** Default {@link GjkPair.relativeTolerance}. */
const RELATIVE_TOLERANCE = 1e-13;
/** Default {@link GjkPair.maxIterations}: polytopes settle in a few; curved cores may take dozens. */
const MAX_ITERATIONS = 128;

/**
 * GJK (Gilbert–Johnson–Keerthi) between two shapes, as an object the caller keeps: the distance
 * query that a loop repeats (conservative advancement asks it at every step), allocation-free, each
 * call starting from the simplex the last one ended with (frame coherence: one to three supports
 * once the poses change little). B is placed in A's frame (`R`, `t`), A's frame is the frame of every
 * point and direction of the results.
 *
 * Each call gives two bounds of the gap between the shapes (margins subtracted): {@link
 * GjkPair.lowerBound}, certified to rounding whatever the iteration it stops at (the gap along a
 * search direction between two exact supports: every point of B lies that far beyond every point of
 * A along {@link GjkPair.lowerAxis}), and {@link GjkPair.distance}, the gap between two points of the
 * shapes found ({@link GjkPair.pointA}, {@link GjkPair.pointB}), never below the gap. They meet
 * within {@link GjkPair.relativeTolerance} when {@link GjkPair.converged}. A loop that only needs to
 * know that the gap exceeds a cutoff sets {@link GjkPair.stopAbove}.
 *
 * 2-D shapes are planar shapes in z = 0: {@link GjkPair.evaluate2} places B by an angle.
 *
 * @example
 * ```ts
 * import { GjkPair, ball, cuboid } from '@firsttouch/convex';
 * const pair = new GjkPair(cuboid(1, 1, 1), ball(0.5));
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * console.log(pair.evaluate(R, new Float64Array([3, 0.5, 0])), pair.distance, Array.from(pair.pointB)); // 1.5 1.5 [2.5, 0.5, 0]
 * // a few steps closer: the warm start needs one support
 * pair.evaluate(R, new Float64Array([2.5, 0.5, 0]));
 * console.log(pair.distance, pair.iterations); // 1 1
 * ```
 */
export class GjkPair extends GjkState {
  /**
   * Stop once {@link GjkPair.distance} and {@link GjkPair.lowerBound} agree to this share of the
   * distance (default 1e-13), or to 1e-14 of the scene's size (rounding).
   */
  relativeTolerance = RELATIVE_TOLERANCE;
  /** Supports at most in one call (default 128); the bounds hold when it stops early. */
  maxIterations = MAX_ITERATIONS;
  /**
   * Stop as soon as the lower bound exceeds this (default +∞: run to convergence): for a caller that
   * only asks whether the gap is larger. The bounds hold; {@link GjkPair.converged} is then false.
   */
  stopAbove = Number.POSITIVE_INFINITY;
  /** The gap between the two points found (≥ the gap; 0 when the shapes intersect). */
  distance = Number.NaN;
  /** A lower bound of the gap, certified to rounding (0 when the shapes intersect). */
  lowerBound = Number.NaN;
  /** The shapes overlap or touch (their cores' difference holds the origin to rounding, or the cores are within the margins). */
  intersecting = false;
  /** Calls since the shapes were bound. */
  evaluations = 0;
  /** The unit direction (A's frame, from A to B) along which {@link GjkPair.lowerBound} separates the shapes; zeros when it is 0. */
  readonly lowerAxis = new Float64Array(3);
  /** The point of A found (A's frame); a common point when the shapes intersect. */
  readonly pointA = new Float64Array(3);
  /** The point of B found (A's frame). */
  readonly pointB = new Float64Array(3);
  /** Unit vector from pointA to pointB (A's frame); NaN when the cores overlap. */
  readonly normal = new Float64Array(3);
  /**
   * Leave {@link GjkPair.pointA}, {@link GjkPair.pointB} and {@link GjkPair.normal} as they were
   * (default false) until {@link GjkPair.writePoints}: for a loop that asks for the bound at many
   * poses and for the points at few (the time of impact far from contact).
   */
  deferPoints = false;

  /**
   * @param a - shape A (the frame of the computation); with `b`, optional: {@link GjkPair.bind} sets them later.
   * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a shape, or shapes of different dimensions.
   */
  constructor(a?: Shape, b?: Shape) {
    super();
    if (a !== undefined || b !== undefined) this.bind(a as Shape, b as Shape);
  }

  /**
   * Points the pair at two shapes and forgets the simplex: one object for many pairs.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a shape, or shapes of different dimensions.
   * @example
   * ```ts
   * import { GjkPair, ball2, cuboid2 } from '@firsttouch/convex';
   * const pair = new GjkPair();
   * pair.bind(cuboid2(1, 1), ball2(1));
   * console.log(pair.evaluate2(1, 0, 0, 4)); // 2
   * ```
   */
  bind(a: Shape, b: Shape): this {
    assertShape(a, 'GjkPair', 'a', undefined, true);
    assertShape(b, 'GjkPair', 'b', undefined, true);
    if (a.dim !== b.dim) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `GjkPair: a and b must have one dimension, got a ${a.dim}-D and a ${b.dim}-D shape`,
      );
    }
    this.bindShapes(a, b);
    this.evaluations = 0;
    return this;
  }

  /**
   * Forgets the simplex: the next call searches from scratch (its answer does not depend on it, to
   * the tolerance).
   */
  reset(): void {
    this.simplex.n = 0;
    this.simplex2.n = 0;
  }

  /**
   * A certified lower bound of the gap between A and B when a point `x` of B is at `R x + t` in A's
   * frame (`R` row-major 3×3, a rotation; not checked here: this is the loop's call); sets the
   * fields. Allocates nothing.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` when no shapes are bound.
   */
  evaluate(R: Float64Array, t: Float64Array): number {
    this.evaluateAt(R, t);
    return this.lowerBound;
  }

  /**
   * {@link GjkPair.evaluate} without its return: the bound is left in {@link GjkPair.lowerBound}
   * only, so that no number crosses the call (a number returned from a call the compiler does not
   * inline is boxed on the heap: a time-of-impact loop calls this at every step).
   *
   * @throws `FirstTouchError` `INVALID_OPTION` when no shapes are bound.
   * @example
   * ```ts
   * import { GjkPair, ball, cuboid } from '@firsttouch/convex';
   * import { identityPose } from '@firsttouch/pose';
   * const pair = new GjkPair(cuboid(1, 1, 1), ball(0.5));
   * pair.evaluateAt(identityPose().R, new Float64Array([3, 0, 0]));
   * console.log(pair.lowerBound.toFixed(4)); // 1.5000
   * ```
   */
  evaluateAt(R: Float64Array, t: Float64Array): void {
    copyRotation(R, this.R);
    this.t[0] = t[0];
    this.t[1] = t[1];
    this.t[2] = t[2];
    this.#run();
  }

  /**
   * {@link GjkPair.evaluate} for 2-D shapes: a point `x` of B is at `rot x + (tu, tv)`, `rot` the
   * rotation of cosine `c` and sine `s`.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` when no shapes are bound.
   * @example
   * ```ts
   * import { GjkPair, capsule2, cuboid2 } from '@firsttouch/convex';
   * // a capsule lying flat (turned a quarter) above a rectangle
   * const pair = new GjkPair(cuboid2(2, 0.5), capsule2(1, 0.25));
   * console.log(pair.evaluate2(0, 1, 0.3, 1)); // 0.25
   * ```
   */
  evaluate2(c: number, s: number, tu: number, tv: number): number {
    // (The planar loop reads the placement as it is given: no rotation matrix is written.)
    const P = this.place2;
    P[0] = c;
    P[1] = s;
    P[2] = tu;
    P[3] = tv;
    return this.#run2();
  }

  /**
   * The GJK ray cast (seed 002) in A's frame: B, placed by `R`, `t` at s = 0, translates by `r` over
   * s ∈ [0, 1] relative to A, neither turns. Returns the status (the strings of ccd's `CcdStatus`) and
   * sets {@link GjkPair.toi}, {@link GjkPair.distance}, the points and the normal at `toi` (A's frame,
   * B moved by `toi · r`); {@link GjkPair.lowerBound} is NaN except after `Separate` (the bound at
   * s = 1). The guarantee is {@link castShape}'s. Allocates nothing; the simplex carries over to the
   * next call.
   *
   * @param tolerance - contact within this gap; the gap stays ≥ tolerance / 2 before `toi`.
   * @param maxIterations - supports at most (default 1000).
   * @throws `FirstTouchError` `INVALID_OPTION` when no shapes are bound or for a bad tolerance or cap;
   *   `NON_FINITE` when `R`, `t` or `r` holds anything but finite numbers (`R` is not checked for
   *   a rotation: the caller's, as for {@link GjkPair.evaluate}).
   * @example
   * ```ts
   * import { GjkPair, ball, cuboid } from '@firsttouch/convex';
   * const pair = new GjkPair(cuboid(1, 1, 1), ball(0.5));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * // the ball from x = 4 towards the cube by 4: it touches the face x = 1 at s = 0.625
   * const status = pair.cast(R, new Float64Array([4, 0, 0]), new Float64Array([-4, 0, 0]), 1e-9);
   * console.log(status, pair.toi.toFixed(9), pair.distance <= 1e-9); // contact 0.625000000 true
   * ```
   */
  cast(
    R: Float64Array,
    t: Float64Array,
    r: Float64Array,
    tolerance: number,
    maxIterations = 1000,
  ): CastStatusValue {
    this.#bound();
    if (!(tolerance > 0 && tolerance < Number.POSITIVE_INFINITY)) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `GjkPair.cast: tolerance must be a positive finite number, got ${describeValue(tolerance)}`,
      );
    }
    if (!Number.isInteger(maxIterations) || maxIterations < 1) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `GjkPair.cast: maxIterations must be an integer ≥ 1, got ${describeValue(maxIterations)}`,
      );
    }
    // The placement and the motion must be numbers: a NaN in r compared false at every test of the
    // loop and answered `separate` (a whole step taken), an infinite t `contact` at 0 (a probe's).
    notFinite(R, 9, 'R');
    notFinite(t, 3, 't');
    notFinite(r, 3, 'r');
    copyRotation(R, this.R);
    this.t[0] = t[0];
    this.t[1] = t[1];
    this.t[2] = t[2];
    this.planar = false;
    const status = runCast(this, r, tolerance, maxIterations);
    this.evaluations++;
    this.#results();
    if (status !== 'separate') {
      this.lowerBound = Number.NaN;
      this.lowerAxis[0] = this.lowerAxis[1] = this.lowerAxis[2] = 0;
    }
    return status;
  }

  #bound(): void {
    if (this.shapeA === null || this.shapeB === null) {
      throw new FirstTouchError('INVALID_OPTION', `GjkPair: no shapes bound (${describeValue(this.shapeA)})`);
    }
  }

  #run2(): number {
    this.#prepare();
    this.planar = true;
    runDistance2(this);
    return this.#finish();
  }

  #run(): number {
    this.#prepare();
    this.planar = false;
    runDistance(this);
    return this.#finish();
  }

  /** A distance's set-up: shapes bound, the query point at the origin, the stopping rules. */
  #prepare(): void {
    this.#bound();
    this.q[0] = this.q[1] = this.q[2] = 0;
    const limits = this.limits;
    limits[0] = this.relativeTolerance;
    limits[1] = this.maxIterations;
    limits[2] = this.stopAbove;
  }

  /** A distance's end: the public fields, and the bound. */
  #finish(): number {
    this.evaluations++;
    this.#results();
    return this.lowerBound;
  }

  /** The public fields from the loop's (cores, margins not subtracted). */
  #results(): void {
    const m = this.margin;
    const upper = this.coreUpper;
    // Within rounding of the margins (or of 0 for sharp cores) the shapes touch: closed sets meet.
    this.intersecting = this.overlap || upper - m <= OVERLAP_SHARE * this.scale;
    this.lowerBound = this.intersecting ? 0 : Math.max(0, this.coreLower - m);
    this.distance = this.intersecting ? 0 : upper - m;
    const axis = this.lowerAxis;
    const on = this.lowerBound > 0;
    axis[0] = on ? this.axis[0] : 0;
    axis[1] = on ? this.axis[1] : 0;
    axis[2] = on ? this.axis[2] : 0;
    if (!this.deferPoints) this.witness(this.pointA, this.pointB, this.normal);
  }

  /**
   * Writes {@link GjkPair.pointA}, {@link GjkPair.pointB} and {@link GjkPair.normal} for the last
   * call (the simplex it ended with), for a caller that set {@link GjkPair.deferPoints}.
   *
   * @example
   * ```ts
   * import { GjkPair, ball, cuboid } from '@firsttouch/convex';
   * const pair = new GjkPair(cuboid(1, 1, 1), ball(0.5));
   * pair.deferPoints = true;
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * pair.evaluate(R, new Float64Array([0, 3, 0]));
   * pair.writePoints();
   * console.log(Array.from(pair.pointA), Array.from(pair.pointB)); // [0, 1, 0] [0, 2.5, 0]
   * ```
   */
  writePoints(): void {
    this.witness(this.pointA, this.pointB, this.normal);
  }
}

/** The 9 numbers of a rotation, element by element (cheaper than TypedArray.prototype.set). */
function copyRotation(from: ArrayLike<number>, to: number[]): void {
  // Written out: a loop of nine costs more here (measured on mesh's hull searches).
  to[0] = from[0];
  to[1] = from[1];
  to[2] = from[2];
  to[3] = from[3];
  to[4] = from[4];
  to[5] = from[5];
  to[6] = from[6];
  to[7] = from[7];
  to[8] = from[8];
}

/** Refuses `a` (named `name`) unless its first `n` entries are finite numbers, naming the first that is not. */
function notFinite(a: ArrayLike<number>, n: number, name: string): void {
  if (typeof a !== 'object' || a === null || !(a.length >= n)) {
    throw new FirstTouchError(
      'NON_FINITE',
      `GjkPair.cast: ${name} must hold ${n} finite numbers, got ${describeValue(a)}`,
    );
  }
  for (let k = 0; k < n; k++) {
    const x = a[k];
    if (typeof x !== 'number' || x - x !== 0) {
      throw new FirstTouchError(
        'NON_FINITE',
        `GjkPair.cast: ${name}[${k}] must be a finite number, got ${describeValue(x)}`,
      );
    }
  }
}
