import { describeBody } from '@firsttouch/convex/internal';
import { type Pool, scaleExponent } from '@firsttouch/mesh/internal';
import { FirstTouchError } from '@firsttouch/pose';
import { advanceResolved, assertSpeedBound, type DistanceEvaluator } from './advance.js';
import { assertImpactRecord, type ImpactRun, impactRun } from './impact-record.js';
import {
  defaultTolerance,
  type MotionOptions,
  type ResolvedOptions,
  resolveOptions,
  resolveOptionsInto,
} from './options.js';
import { CcdStatus, type CcdStatusValue } from './status.js';
import {
  assertApartWithinRange,
  placement,
  type ScaledStep,
  scaledStep,
  spread,
  unitOptions,
  unscaled,
} from './unit-step.js';

/** A body as the driver reads it (a `Surface`, a `Curve`). */
export interface DriverBody {
  extent(): { readonly diagonal: number; readonly largestCoordinate: number };
  assertNotEmpty(what: string): void;
  /** The body scaled by 2^e, exactly (what a query far from unit size runs on). */
  scaledByPowerOfTwo(e: number): DriverBody;
}

/** A body's size as the driver reads it: its bounding box's diagonal and largest |coordinate|. */
export interface Extent {
  diagonal: number;
  largestCoordinate: number;
}

/** The fields of a result that carry lengths (scaled back after a query run at unit size). */
export interface DriverResult {
  status: CcdStatusValue;
  toi: number;
  horizonReached: boolean;
  distance: number;
  tolerance: number;
  mu: number;
  pointA: Float64Array;
  pointB: Float64Array;
}

/** The evaluator of a step (`SurfaceMotion`, `CurveMotion`), as the driver uses it. */
export interface DriverEvaluator<Body, Motion> extends DistanceEvaluator {
  speedBound(): number;
  reset(a: Body, b: Body, motionA: Motion, motionB: Motion, options?: MotionOptions): void;
  unbind(): void;
  /**
   * Answers the step without the loop when the evaluator has a faster certified way (two convex
   * shapes that do not turn: the GJK ray cast), writing `out` as the loop would; false leaves the
   * step to the loop.
   */
  solve?(mu: number, options: ResolvedOptions, out: ImpactRun): boolean;
}

/**
 * What differs between the 3-D and the 2-D time of impact: the kind of body, its motion, its
 * evaluator and its result record. Everything else, validation, options, pooling and the run step,
 * is {@link ImpactQuery}'s and {@link timeOfImpactWith}'s, one code path for both.
 * Not exported by the package's main entry (`@firsttouch/ccd/internal`).
 */
export interface ImpactKind<Body, PoseLike, Motion, Evaluator, Result> {
  /** The entry point, for messages (`timeOfImpact`). */
  readonly where: string;
  /** The dimension of the result's points. */
  readonly dim: 2 | 3;
  /** The body's class name and what a body is called in messages (`Surface`, `body`). */
  readonly body: string;
  readonly label: string;
  /** The motion's shape, for messages (`{a: [P0, P1], b: [P0, P1]}`). */
  readonly motionShape: string;
  isBody(value: unknown): value is Body;
  /**
   * The body's size (its bounding box's diagonal, its largest |coordinate|): the body's own kept
   * record, or `out` written (a kind whose bodies keep none: every query asks, so nothing is made;
   * a new record without it, for the broad phase's scale).
   */
  extent(body: Body, out?: Extent): { readonly diagonal: number; readonly largestCoordinate: number };
  /** A body with nothing in it (what `assertNotEmpty` refuses), told without building its message. */
  isEmpty(body: Body): boolean;
  /**
   * Reads a few of the numbers that the query's first steps read from the two bodies and returns
   * their sum, for nothing but the reads: {@link ImpactQuery.motions} calls it between the two
   * motions' checks, so that the bodies' lines come from memory while B's poses' do, not after (a
   * query usually meets both cold). Optional: a kind without it reads nothing early.
   */
  earlyRead?(a: Body, b: Body): number;
  /** Throws `EMPTY` for a body with nothing in it (`what` names it). */
  assertNotEmpty(body: Body, what: string): void;
  /** The body scaled by 2^e, exactly (what a query far from unit size runs on). */
  scaled(body: Body, e: number): Body;
  /** A new motion from `p0` to `p1` (validated, errors naming `name`). */
  motion(p0: PoseLike, p1: PoseLike, name: string | readonly [string, string]): Motion;
  /** Resets a kept motion to go from `p0` to `p1` (validated, errors naming `name`). */
  setMotion(m: Motion, p0: PoseLike, p1: PoseLike, name: string | readonly [string, string]): void;
  /** A new evaluator of the step. */
  evaluator(a: Body, b: Body, motionA: Motion, motionB: Motion, options: ResolvedOptions): Evaluator;
  /** The result record of the evaluator's last run (into `out` when given). */
  result(evaluator: Evaluator, run: ImpactRun, out?: Result): Result;
  /** The translation of a motion's validated pose at s = `end`. */
  translation(m: Motion, end: 0 | 1): Float64Array;
  /** A pose with the rotation of a motion's pose at s = `end` and the translation `t`. */
  placed(m: Motion, end: 0 | 1, t: Float64Array): PoseLike;
  /**
   * A path of the kind's own for some pairs, tried at unit size (the caller's step, or a far step
   * taken there) before the evaluator: its answer, or null for the evaluator's loop. Optional.
   */
  readonly direct?: (
    a: Body,
    b: Body,
    motion: { a: readonly [PoseLike, PoseLike]; b: readonly [PoseLike, PoseLike] },
    options: unknown,
    out: Result | undefined,
  ) => Result | null;
}

// Motions a query keeps for its next lends (see ImpactQuery.lendMotion): about 2 kB each, so at most
// a megabyte a query, and more than the bodies whose pairs a many-body call on 10⁵ pebbles runs
// (about 280).
const SPARE_MOTIONS = 512;

/**
 * One time-of-impact query with all its state, reusable: the resolved options, the loop's record,
 * the evaluator and the two motions of the step. What the entry points borrow from a pool and what
 * a caller running many queries (the broad phase) holds: {@link ImpactQuery.bind} points it at a
 * step, {@link ImpactQuery.advance} runs the loop, {@link ImpactQuery.result} writes the answer. Holds
 * no body once {@link ImpactQuery.unbind} has run. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { ImpactQuery, SURFACE_QUERIES, SURFACES } from '@firsttouch/ccd/internal';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
 * const query = SURFACE_QUERIES.get() ?? new ImpactQuery(SURFACES);
 * query.options({ tolerance: 1e-6 }, 1e-6);
 * const still = new RigidMotion(identityPose(), identityPose());
 * const thrown = new RigidMotion(poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [-3, 0, 0]));
 * query.bind(box(1), box(1), still, thrown);
 * console.log(query.advance().status, query.result().toi.toFixed(4)); // contact 0.3333
 * SURFACE_QUERIES.release(query);
 * ```
 */
export class ImpactQuery<
  Body,
  PoseLike,
  Motion,
  Evaluator extends DriverEvaluator<Body, Motion>,
  Result extends DriverResult,
> {
  /** The options of the query, resolved once into this record (the loop reads its `horizon`). */
  readonly resolved: ResolvedOptions = resolveOptions(undefined, 1);
  /** The loop's answer of the last run, with its speed bound and tolerance. */
  readonly run: ImpactRun = impactRun();
  /** The sizes of the two bodies, for a kind that writes them (see {@link ImpactKind.extent}). */
  readonly extentA: Extent = { diagonal: 0, largestCoordinate: 0 };
  readonly extentB: Extent = { diagonal: 0, largestCoordinate: 0 };
  readonly #kind: ImpactKind<Body, PoseLike, Motion, Evaluator, Result>;
  #evaluator: Evaluator | undefined;
  /** The query's own motions (the entry points reset them in place). */
  #motionA: Motion | undefined;
  #motionB: Motion | undefined;
  /** Motions lent since {@link ImpactQuery.returnMotions}, and those kept for the next lends. */
  readonly #lent: Motion[] = [];
  readonly #spare: Motion[] = [];
  /** What the last early read read (kept, so that the read is made). */
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: written, never read: its stores keep the early read's loads
  #touched = 0;

  constructor(kind: ImpactKind<Body, PoseLike, Motion, Evaluator, Result>) {
    this.#kind = kind;
  }

  /** The query's own motion of A (set by {@link motions}). */
  get motionA(): Motion {
    return this.#motionA!;
  }

  /** The query's own motion of B. */
  get motionB(): Motion {
    return this.#motionB!;
  }

  /** The evaluator of the step bound last (after a {@link bind}). */
  get evaluator(): Evaluator {
    return this.#evaluator!;
  }

  /**
   * Resolves `options` into {@link resolved}, `tolerance` the default; the record is written only
   * once every option has passed.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` naming the option.
   */
  options(options: unknown, tolerance: number): void {
    resolveOptionsInto(options as Parameters<typeof resolveOptionsInto>[0], tolerance, this.resolved);
  }

  /**
   * Sets the query's own motions from the poses (validated; errors name `motion.a`, `motion.b`),
   * then binds the bodies with them ({@link bind}). With the bodies `a` and `b`, the kind's
   * {@link ImpactKind.earlyRead} runs between the two motions.
   *
   * @throws `FirstTouchError` `INVALID_POSE` for an invalid pose.
   */
  motions(p0A: PoseLike, p1A: PoseLike, p0B: PoseLike, p1B: PoseLike, a?: Body, b?: Body): void {
    const kind = this.#kind;
    if (this.#motionA === undefined) this.#motionA = kind.motion(p0A, p1A, 'motion.a');
    else kind.setMotion(this.#motionA, p0A, p1A, 'motion.a');
    if (kind.earlyRead !== undefined && a !== undefined && b !== undefined)
      this.#touched = kind.earlyRead(a, b);
    if (this.#motionB === undefined) this.#motionB = kind.motion(p0B, p1B, 'motion.b');
    else kind.setMotion(this.#motionB, p0B, p1B, 'motion.b');
  }

  /**
   * A motion from `p0` to `p1` (validated as {@link ImpactKind.motion} validates, errors naming
   * `name`) for a caller that binds many pairs on this query with a motion a body (the broad
   * phase's runs): one kept from an earlier caller, reset in place, or else a new one. It is the
   * caller's until {@link ImpactQuery.returnMotions}; so a call that runs a few hundred pairs makes
   * no motion once the query has served one like it (at 10⁵ pebbles, about 500 kB of garbage a call).
   *
   * @throws `FirstTouchError` `INVALID_POSE` for an invalid pose (the kept motion stays kept).
   */
  lendMotion(p0: PoseLike, p1: PoseLike, name: string | readonly [string, string]): Motion {
    const kind = this.#kind;
    const kept = this.#spare.pop();
    let m: Motion;
    if (kept === undefined) m = kind.motion(p0, p1, name);
    else {
      try {
        kind.setMotion(kept, p0, p1, name);
      } catch (e) {
        this.#spare.push(kept);
        throw e;
      }
      m = kept;
    }
    this.#lent.push(m);
    return m;
  }

  /**
   * Takes back the motions {@link ImpactQuery.lendMotion} lent, keeping at most 512 for the next
   * lends (the rest go to the collector: a pooled query holds a bounded few).
   */
  returnMotions(): void {
    const lent = this.#lent;
    const spare = this.#spare;
    while (lent.length > 0) {
      const m = lent.pop() as Motion;
      if (spare.length < SPARE_MOTIONS) spare.push(m);
    }
  }

  /**
   * Points the query at two bodies moving by `motionA` and `motionB` (the query's own, set by
   * {@link motions}, when omitted), with the options in {@link resolved}.
   */
  bind(a: Body, b: Body, motionA: Motion = this.#motionA!, motionB: Motion = this.#motionB!): void {
    const e = this.#evaluator;
    if (e === undefined) this.#evaluator = this.#kind.evaluator(a, b, motionA, motionB, this.resolved);
    else e.reset(a, b, motionA, motionB, this.resolved);
  }

  /**
   * Runs the loop on the bound step, up to `resolved.horizon`, and returns its record. `mu`, when
   * given, is the step's speed bound as the evaluator computes it (a caller that knows each body's).
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a speed bound that is not a finite number ≥ 0;
   * `INVALID_POSE` where the evaluator's own overflows.
   */
  advance(mu = Number.NaN): ImpactRun {
    const e = this.#evaluator!;
    const m = Number.isNaN(mu) ? e.speedBound() : mu;
    // (the evaluator's own bound is finite for every finite step but two bodies that each move near
    // float64's range: μ_A + μ_B overflows, which is not a bad option of the caller's)
    if (Number.isNaN(mu) && m === Number.POSITIVE_INFINITY)
      throw new FirstTouchError(
        'INVALID_POSE',
        `${this.#kind.where}: the step moves A and B farther than float64 holds (their speed bounds' sum overflows)`,
      );
    assertSpeedBound(m);
    const run = this.run;
    if (e.solve === undefined || !e.solve(m, this.resolved, run)) advanceResolved(e, m, this.resolved, run);
    run.mu = m;
    run.tolerance = this.resolved.tolerance;
    return run;
  }

  /** The result of the last run, written into `out` when given. */
  result(out?: Result): Result {
    return this.#kind.result(this.#evaluator!, this.run, out);
  }

  /** Drops the bodies (the evaluator's, and what is derived from them), keeping the scratch. */
  unbind(): void {
    this.#evaluator?.unbind();
    // The caller's signal and callback are the caller's: a pooled query keeps neither.
    this.resolved.signal = undefined;
    this.resolved.onProgress = undefined;
  }
}

/**
 * The entry point of a dimension, `timeOfImpact` and `timeOfImpact2` alike: checks the result
 * record, the bodies and the motion's shape, takes the default tolerance of the bodies, borrows a
 * query from `queries` (a query started from within, by a pose's getter calling back, gets another),
 * sets its motions and options, runs it and writes the result. `queries` is the dimension's pool
 * (it unbinds a query it takes back). Not exported by the package's main entry.
 *
 * @throws `FirstTouchError` as `timeOfImpact`.
 * @example
 * ```ts
 * import { timeOfImpact } from '@firsttouch/ccd';
 * import { box } from '@firsttouch/mesh';
 * // timeOfImpact is this driver with the surfaces' kind and pool (or the shapes', when one is not a surface)
 * try {
 *   timeOfImpact(box(1), {} as never, { a: [], b: [] } as never);
 * } catch (e) {
 *   console.log((e as Error).message); // timeOfImpact: b must be a Surface, a 3-D shape or a compound, got object
 * }
 * ```
 */
export function timeOfImpactWith<
  Body,
  PoseLike,
  Motion,
  Evaluator extends DriverEvaluator<Body, Motion>,
  Result extends DriverResult,
>(
  kind: ImpactKind<Body, PoseLike, Motion, Evaluator, Result>,
  queries: Pool<ImpactQuery<Body, PoseLike, Motion, Evaluator, Result>>,
  a: Body,
  b: Body,
  motion: { a: readonly [PoseLike, PoseLike]; b: readonly [PoseLike, PoseLike] },
  options: unknown,
  out: Result | undefined,
): Result {
  return runImpact(kind, queries, a, b, motion, options, out, true)!;
}

/**
 * {@link timeOfImpactWith}, except that a query that ends `Separate` writes no record and returns
 * null: for a caller that reads nothing of such a record (the world's step, whose far pairs are
 * most of its queries), the witness of the last gap (the facets at the closest features) is not
 * built. Every other answer is the record `timeOfImpactWith` writes, bit for bit, and the status is
 * its status. Not exported by the package's main entry.
 *
 * @throws `FirstTouchError` as `timeOfImpact`.
 * @example
 * ```ts
 * import { SURFACE_QUERIES, SURFACES, timeOfImpactUnlessSeparate } from '@firsttouch/ccd/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number, y = 0) => poseFromAxisAngle([0, 0, 1], 0, [x, y, 0]);
 * const run = (y: number) =>
 *   timeOfImpactUnlessSeparate(SURFACES, SURFACE_QUERIES, box(1), box(1), { a: [at(0), at(0)], b: [at(3, y), at(-3, y)] }, undefined, undefined);
 * console.log(run(0)?.status, run(5)); // contact null
 * ```
 */
export function timeOfImpactUnlessSeparate<
  Body,
  PoseLike,
  Motion,
  Evaluator extends DriverEvaluator<Body, Motion>,
  Result extends DriverResult,
>(
  kind: ImpactKind<Body, PoseLike, Motion, Evaluator, Result>,
  queries: Pool<ImpactQuery<Body, PoseLike, Motion, Evaluator, Result>>,
  a: Body,
  b: Body,
  motion: { a: readonly [PoseLike, PoseLike]; b: readonly [PoseLike, PoseLike] },
  options: unknown,
  out: Result | undefined,
): Result | null {
  return runImpact(kind, queries, a, b, motion, options, out, false);
}

/** The two entry points' one path; `witness` false: a `Separate` run gives null, no record. */
function runImpact<
  Body,
  PoseLike,
  Motion,
  Evaluator extends DriverEvaluator<Body, Motion>,
  Result extends DriverResult,
>(
  kind: ImpactKind<Body, PoseLike, Motion, Evaluator, Result>,
  queries: Pool<ImpactQuery<Body, PoseLike, Motion, Evaluator, Result>>,
  a: Body,
  b: Body,
  motion: { a: readonly [PoseLike, PoseLike]; b: readonly [PoseLike, PoseLike] },
  options: unknown,
  out: Result | undefined,
  witness: boolean,
): Result | null {
  const where = kind.where;
  if (out !== undefined) assertImpactRecord(out, kind.dim, where);
  if (!kind.isBody(a))
    throw new FirstTouchError('INVALID_OPTION', `${where}: a must be a ${kind.body}, got ${describeBody(a)}`);
  if (!kind.isBody(b))
    throw new FirstTouchError('INVALID_OPTION', `${where}: b must be a ${kind.body}, got ${describeBody(b)}`);
  // The names are built only for a body that is refused (this runs on every query).
  if (kind.isEmpty(a)) kind.assertNotEmpty(a, `${where} (${kind.label} A)`);
  if (kind.isEmpty(b)) kind.assertNotEmpty(b, `${where} (${kind.label} B)`);
  if (typeof motion !== 'object' || motion === null || !Array.isArray(motion.a) || !Array.isArray(motion.b)) {
    throw new FirstTouchError('INVALID_POSE', `${where}: motion must be ${kind.motionShape}`);
  }
  // (a missing pose is named by the pose checks; a third one was ignored: two a body, the step's ends)
  if (motion.a.length > 2 || motion.b.length > 2) {
    const name = motion.a.length > 2 ? 'motion.a' : 'motion.b';
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: ${name} must hold the poses at s = 0 and 1, got ${(motion.a.length > 2 ? motion.a : motion.b).length} poses`,
    );
  }
  const query = queries.get() ?? new ImpactQuery(kind);
  let scaled: ScaledStep<PoseLike>;
  try {
    const ea = kind.extent(a, query.extentA);
    const eb = kind.extent(b, query.extentB);
    const largest = Math.max(ea.largestCoordinate, eb.largestCoordinate);
    query.motions(motion.a[0], motion.a[1], motion.b[0], motion.b[1], a, b);
    // Two finite poses farther apart than a double holds (±1.7e308) give an infinite offset, and the
    // gap at s = 0 was +∞ or NaN (an InitialContact with NaN points): refused, as the distances do.
    assertApartWithinRange(kind, query, where);
    const inPlay = Math.max(largest, placement(kind, query));
    query.options(options, defaultTolerance(Math.max(ea.diagonal, eb.diagonal), largest, inPlay));
    const e = scaleExponent(Math.max(largest, spread(kind, query)));
    if (e === 0) {
      const direct = kind.direct === undefined ? null : kind.direct(a, b, motion, options, out);
      if (direct !== null) return !witness && direct.status === CcdStatus.Separate ? null : direct;
      query.bind(a, b);
      const run = query.advance();
      if (!witness && run.status === CcdStatus.Separate) return null;
      return query.result(out);
    }
    scaled = scaledStep(kind, query, e);
  } finally {
    queries.release(query);
  }
  // Far from unit size: the same step at unit size (bodies, translations and tolerance scaled by 2^e,
  // the world shifted to A's first position), its answer taken back (with its witness: rare). A
  // Separate answer is null there too (it came back as a record, which the world's step took for an
  // impact at s = 1, and for a pair that does not part after a bounce).
  const r = runImpact(
    kind,
    queries,
    kind.scaled(a, scaled.e),
    kind.scaled(b, scaled.e),
    scaled.motion,
    unitOptions(options, scaled),
    out,
    witness,
  );
  if (r === null) return null;
  unscaled(r, scaled.e, scaled.shift, kind.dim);
  r.tolerance = scaled.given;
  return r;
}
