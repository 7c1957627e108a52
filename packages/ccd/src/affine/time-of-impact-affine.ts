import { mappedBoxDiagonal, type Shape } from '@firsttouch/convex';
import {
  mappedReach,
  refuseFarApart,
  scaledShape,
  scaleExponent,
  timesPowerOfTwo,
} from '@firsttouch/convex/internal';
import { Pool } from '@firsttouch/mesh/internal';
import { FirstTouchError } from '@firsttouch/pose';
import { advanceResolved } from '../advance.js';
import {
  assertImpactRecord,
  createImpactResult,
  type ImpactRun,
  impactRun,
  type TimeOfImpactOptions,
  type TimeOfImpactResult,
  writeCounts,
} from '../impact-record.js';
import { defaultTolerance, type ResolvedOptions, resolveOptions, resolveOptionsInto } from '../options.js';
import { unitOptions, unscaled } from '../unit-step.js';
import { type AffineBody, affineShape } from './affine-body.js';
import { AffineEvaluator } from './affine-evaluator.js';
import { type AffineMap, type AffineMotion, AffineStep } from './affine-map.js';

const WHERE = 'timeOfImpactAffine';

/**
 * The certified time of first contact of two convex bodies under affine motion (seed 004, C5D):
 * each body's map `x̄ ↦ L x̄ + t` goes linearly from X0 = {L, t} at s = 0 to X1 at s = 1, so bodies
 * may grow, shrink, shear and turn (a turn only as the chord of its rotation matrices). Conservative
 * advancement with C5D-Linear's cone cast: at each iterate GJK gives a certified gap along an axis
 * n, and the separation along n can fall no faster than the closing speed V of the supports of
 * `ΔLᵀn` (README, "Affine motion"), so the step `(gap − tol/2) / V` keeps the gap ≥ tol/2; V ≤ 0
 * proves separation for the rest of the step. The separation along n is concave in s, so chords of
 * it (two supports each) give longer certified steps, and its value at s = 1 can prove the rest of
 * the step clear at once. Same statuses, fields, tolerance rule and guarantee
 * as {@link timeOfImpact}: the gap stays ≥ tol/2 on [0, toi], contact at the first iterate with gap
 * ≤ tol. `directional: false` takes only the plain steps of a global speed bound (slower, also
 * certified); `true` and `'auto'` cast the cone (and its chords) at every step. `facetA` and `facetB` are −1 (the
 * bodies are support mappings). Other options: `tolerance` (default 1e-6 of the largest world
 * bounding-box diagonal of either body at either end: the widths are convex in s, so the ends bound
 * the step), `maxIterations`, `horizon`, `signal`, `onProgress`.
 *
 * A body whose L(s) becomes singular inside the step is valid: at that instant it is flat (a plane,
 * a segment or a point), past it mirrored; the gap to it is still the distance between two convex
 * sets, and the bound of every step still holds (it never inverts L).
 *
 * @param out - a result record to write the answer into (see {@link timeOfImpact}).
 * @throws `FirstTouchError` `INVALID_POSE` for a motion that is not `{a: [X0, X1], b: [X0, X1]}`, or
 *   an end map that is not `{L: 9 finite numbers, t: 3}` or whose L has a determinant ≤ 0 (the
 *   message names it: `motion.b[1].L`); `INVALID_OPTION` for a bad option, a body that is not a 3-D
 *   convex shape or a convex Surface; `EMPTY` for a surface without facets.
 * @example
 * ```ts
 * import { timeOfImpactAffine } from '@firsttouch/ccd';
 * import { ball } from '@firsttouch/convex';
 * const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
 * // a unit ball at rest; another, 4 away, grows from radius 1 to 5 (r(s) = 1 + 4s): they touch
 * // when 1 + r(s) = 4, at s = 0.5
 * const r = timeOfImpactAffine(ball(1), ball(1), {
 *   a: [{ L: I, t: [0, 0, 0] }, { L: I, t: [0, 0, 0] }],
 *   b: [{ L: I, t: [4, 0, 0] }, { L: I.map((x) => 5 * x), t: [4, 0, 0] }],
 * });
 * console.log(r.status, r.toi.toFixed(4), r.distance <= r.tolerance); // contact 0.5000 true
 * ```
 */
export function timeOfImpactAffine(
  a: AffineBody,
  b: AffineBody,
  motion: AffineMotion,
  options?: TimeOfImpactOptions,
  out?: TimeOfImpactResult,
): TimeOfImpactResult {
  if (out !== undefined) assertImpactRecord(out, 3, WHERE);
  const shapeA = affineShape(a, WHERE, 'a');
  const shapeB = affineShape(b, WHERE, 'b');
  if (typeof motion !== 'object' || motion === null || !Array.isArray(motion.a) || !Array.isArray(motion.b)) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `${WHERE}: motion must be {a: [X0, X1], b: [X0, X1]}, X = {L, t}`,
    );
  }
  // (a third end was ignored: the rigid driver refuses it, in the same words)
  if (motion.a.length > 2 || motion.b.length > 2) {
    const name = motion.a.length > 2 ? 'motion.a' : 'motion.b';
    throw new FirstTouchError(
      'INVALID_POSE',
      `${WHERE}: ${name} must hold the maps at s = 0 and 1, got ${(motion.a.length > 2 ? motion.a : motion.b).length} maps`,
    );
  }
  const query = AFFINE_QUERIES.get() ?? new AffineQuery();
  let unit: AffineMotion;
  let e: number;
  let tolerance = 0;
  try {
    query.stepA.set(motion.a[0], motion.a[1], WHERE, 'motion.a');
    query.stepB.set(motion.b[0], motion.b[1], WHERE, 'motion.b');
    // A and B farther apart than a double holds at an end: refused as the rigid query refuses it
    // (a probe: ±1e308 apart answered separate at a distance of the largest double)
    const { stepA: sa, stepB: sb } = query;
    if (0 * (sb.t0[0] - sa.t0[0]) + 0 * (sb.t0[1] - sa.t0[1]) + 0 * (sb.t0[2] - sa.t0[2]) !== 0)
      refuseFarApart(WHERE, 0);
    if (0 * (sb.t1[0] - sa.t1[0]) + 0 * (sb.t1[1] - sa.t1[1]) + 0 * (sb.t1[2] - sa.t1[2]) !== 0)
      refuseFarApart(WHERE, 1);
    const inPlay = Math.max(extentOf(query.stepA, shapeA), extentOf(query.stepB, shapeB));
    e = scaleExponent(inPlay);
    const diagonal = Math.max(
      mappedBoxDiagonal(shapeA, query.stepA.L0),
      mappedBoxDiagonal(shapeA, query.stepA.L1),
      mappedBoxDiagonal(shapeB, query.stepB.L0),
      mappedBoxDiagonal(shapeB, query.stepB.L1),
    );
    // The default of the step as given, also for a step carried out at unit size: there the bodies,
    // scaled with the travel, may underflow to no extent (a unit cube travelling 1e200 got the
    // fallback of a point, 1e39 times the rule's tolerance, and InitialContact 1e200 away).
    resolveOptionsInto(options, defaultTolerance(diagonal, 1, inPlay), query.resolved);
    tolerance = query.resolved.tolerance;
    if (e !== 0) {
      unit = { a: scaledMaps(query.stepA, e), b: scaledMaps(query.stepB, e) };
    } else {
      const ev = query.evaluator;
      ev.bind(shapeA, shapeB, query.stepA, query.stepB);
      const mu = ev.speedBound();
      const o = query.resolved;
      // The cone cast costs two supports: it is taken at every step unless refused (the record is the
      // query's own, resolved again at the next call).
      o.directional = o.directional !== false;
      const run = query.run;
      advanceResolved(ev, mu, o, run);
      run.mu = mu;
      run.tolerance = o.tolerance;
      return affineResult(ev, run, out ?? createImpactResult());
    }
  } finally {
    AFFINE_QUERIES.release(query);
  }
  // Far from unit size (squares overflow beyond about 1e154): the same step at unit size (bodies and
  // translations scaled by 2^e, the maps L as they are), its answer taken back, as ccd's driver does.
  const r = timeOfImpactAffine(
    scaledShape(shapeA, e),
    scaledShape(shapeB, e),
    unit,
    unitOptions(options, { e, tolerance: timesPowerOfTwo(tolerance, e) }),
    out,
  );
  // (No shift: the world's origin stays; a fresh zero on this rare path, not module state.)
  return unscaled(r, e, new Float64Array(3), 3);
}

/**
 * How far a body's points reach in the world over its step: |t| at both ends, and the reach of its
 * image through L at both ends (`mappedReach`: a slab of thickness 2/k sheared by k reaches about 2,
 * where k times its reach sent a step of bodies 4 across to be carried out 2^−512 smaller).
 */
function extentOf(step: AffineStep, shape: Shape<3>): number {
  let m = 0;
  for (let i = 0; i < 3; i++) m = Math.max(m, Math.abs(step.t0[i]), Math.abs(step.t1[i]));
  return Math.max(m, mappedReach(shape, step.L0), mappedReach(shape, step.L1));
}

/** The step's two maps with their translations scaled by 2^e (fresh arrays: the query is given back). */
function scaledMaps(step: AffineStep, e: number): [AffineMap, AffineMap] {
  const t = (v: Float64Array) => Array.from(v, (x) => timesPowerOfTwo(x, e));
  return [
    { L: Array.from(step.L0), t: t(step.t0) },
    { L: Array.from(step.L1), t: t(step.t1) },
  ];
}

/** The state of one affine query, pooled: the two steps, the evaluator, options and the loop's record. */
class AffineQuery {
  readonly stepA = new AffineStep();
  readonly stepB = new AffineStep();
  readonly evaluator = new AffineEvaluator();
  readonly resolved: ResolvedOptions = resolveOptions(undefined, 1);
  readonly run: ImpactRun = impactRun();

  unbind(): void {
    this.evaluator.unbind();
    this.resolved.signal = undefined;
    this.resolved.onProgress = undefined;
  }
}

/** The queries {@link timeOfImpactAffine} borrows, cleared of their bodies when given back. */
const AFFINE_QUERIES = new Pool<AffineQuery>(2, (query) => query.unbind());

/** The result record from the evaluator's last evaluation (at the returned toi) and the run. */
function affineResult(e: AffineEvaluator, run: ImpactRun, r: TimeOfImpactResult): TimeOfImpactResult {
  const pair = e.pair;
  writeCounts(r, run, pair.distance, e);
  for (let k = 0; k < 3; k++) {
    r.pointA[k] = pair.pointA[k];
    r.pointB[k] = pair.pointB[k];
  }
  const n = pair.normal;
  const axis = pair.lowerAxis;
  // Where the points coincide GJK has no normal: the separating axis when there is one, else NaN.
  const useAxis = Number.isNaN(n[0]) && (axis[0] !== 0 || axis[1] !== 0 || axis[2] !== 0);
  for (let k = 0; k < 3; k++) r.normal[k] = useAxis ? axis[k] : n[k];
  r.facetA = -1;
  r.facetB = -1;
  return r;
}
