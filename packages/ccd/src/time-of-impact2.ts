import { Curve } from '@firsttouch/mesh';
import { Pool } from '@firsttouch/mesh/internal';
import { describeValue, FirstTouchError, RigidMotion2 } from '@firsttouch/pose';
import { type AdvanceResult, advanceRecord, advanceResolved, assertSpeedBound } from './advance.js';
import { CurveMotion } from './curve-motion.js';
import {
  assertImpactRecord,
  createImpactResult2,
  type Motion2,
  type TimeOfImpact2Result,
  type TimeOfImpactOptions,
  writeCounts,
} from './impact-record.js';
import { defaultTolerance, type ResolvedOptions, resolveOptions, resolveOptionsInto } from './options.js';
import type { CcdStatusValue } from './status.js';

/**
 * The certified time of first contact of two curves moving over a step: the 2-D twin of
 * {@link timeOfImpact}, with the same guarantee, statuses and options.
 *
 * @param out - a result record to write the answer into (its points and normal in place), and
 *   return: {@link createImpactResult2} makes one, or pass an earlier answer. Without it a new record is
 *   returned.
 * @throws `FirstTouchError` `INVALID_POSE`, `INVALID_OPTION`, `EMPTY` as {@link timeOfImpact}.
 * @example
 * ```ts
 * import { timeOfImpact2 } from '@firsttouch/ccd';
 * import { Curve, disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * // the tutorial's sliding disc: 0.8 along a wall at a gap of 4e-6 (four tolerances)
 * const wall = Curve.fromLoops([0, 1, 1, 0], [-0.1, -0.1, 0, 0], [4]);
 * const motion = { a: [pose2(), pose2()], b: [pose2(0, [0.1, 0.030004]), pose2(0, [0.9, 0.030004])] } as const;
 * const plain = timeOfImpact2(wall, disc(0.03, 32), motion, { tolerance: 1e-6, directional: false });
 * const auto = timeOfImpact2(wall, disc(0.03, 32), motion, { tolerance: 1e-6 });
 * console.log(plain.status, plain.toi.toFixed(6), plain.iterations); // not-converged 0.004375 1000
 * console.log(auto.status, auto.iterations); // separate 9
 * ```
 */
export function timeOfImpact2(
  a: Curve,
  b: Curve,
  motion: Motion2,
  options?: TimeOfImpactOptions,
  out?: TimeOfImpact2Result,
): TimeOfImpact2Result {
  if (out !== undefined) assertImpactRecord(out, 2, 'timeOfImpact2');
  if (!Curve.isCurve(a))
    throw new FirstTouchError('INVALID_OPTION', `timeOfImpact2: a must be a Curve, got ${describeValue(a)}`);
  if (!Curve.isCurve(b))
    throw new FirstTouchError('INVALID_OPTION', `timeOfImpact2: b must be a Curve, got ${describeValue(b)}`);
  a.assertNotEmpty('timeOfImpact2 (curve A)');
  b.assertNotEmpty('timeOfImpact2 (curve B)');
  if (typeof motion !== 'object' || motion === null || !Array.isArray(motion.a) || !Array.isArray(motion.b)) {
    throw new FirstTouchError('INVALID_POSE', 'motion must be {a: [Q0, Q1], b: [Q0, Q1]}');
  }
  // An evaluator kept between queries with its records (cleared of its curves when given back), its
  // motions reset in place; a query started from within (a pose's getter calling back) gets another.
  let slot = evaluators.get();
  if (slot === undefined) {
    const motionA = new RigidMotion2(motion.a[0], motion.a[1], 'motion.a');
    const motionB = new RigidMotion2(motion.b[0], motion.b[1], 'motion.b');
    const resolved = resolveOptions(options, toleranceOf(a, b));
    slot = { bodies: new CurveMotion(a, b, motionA, motionB, resolved), resolved, advanced: advanceRecord() };
    try {
      return run(slot, out);
    } finally {
      evaluators.release(slot);
    }
  }
  try {
    const bodies = slot.bodies;
    bodies.motionA.reset(motion.a[0], motion.a[1], 'motion.a');
    bodies.motionB.reset(motion.b[0], motion.b[1], 'motion.b');
    const resolved = resolveOptionsInto(options, toleranceOf(a, b), slot.resolved);
    bodies.reset(a, b, bodies.motionA, bodies.motionB, resolved);
    return run(slot, out);
  } finally {
    evaluators.release(slot);
  }
}

/** An evaluator with the records of its query: the options resolved, the loop's answer. */
interface Slot {
  bodies: CurveMotion;
  resolved: ResolvedOptions;
  advanced: AdvanceResult;
}

/** The evaluators {@link timeOfImpact2} reuses, cleared of their curves when given back. */
const evaluators = new Pool<Slot>(2, (slot) => slot.bodies.unbind());

/** The default tolerance of two curves (1e-6 of the larger bounding-box diagonal). */
function toleranceOf(a: Curve, b: Curve): number {
  const ea = a.extent();
  const eb = b.extent();
  return defaultTolerance(
    Math.max(ea.diagonal, eb.diagonal),
    Math.max(ea.largestCoordinate, eb.largestCoordinate),
  );
}

function run(slot: Slot, record?: TimeOfImpact2Result): TimeOfImpact2Result {
  const { bodies, resolved } = slot;
  const mu = bodies.speedBound();
  assertSpeedBound(mu);
  // The options are resolved once, above. The loop's record is shared by every query: read at once,
  // before the witness is settled, although no code of the caller runs in between to start another.
  const r = advanceResolved(
    bodies,
    mu,
    resolved.tolerance,
    resolved.maxIterations,
    resolved.directional,
    resolved.horizon,
    slot.advanced,
  );
  const horizonReached = r.horizonReached;
  const out = impactResult2(
    bodies,
    r.status,
    r.toi,
    r.distance,
    r.iterations,
    mu,
    resolved.tolerance,
    record,
  );
  out.horizonReached = horizonReached;
  return out;
}

/**
 * The result record from the evaluator's state at the returned toi: for a caller that runs the loop
 * itself on a {@link CurveMotion}.
 *
 * @param out - the record to write into (a new one, from {@link createImpactResult2}, without it).
 * @example
 * ```ts
 * import { conservativeAdvance, CurveMotion, impactResult2 } from '@firsttouch/ccd';
 * import { disc } from '@firsttouch/mesh';
 * import { pose2, RigidMotion2 } from '@firsttouch/pose';
 * const still = new RigidMotion2(pose2(), pose2());
 * const thrown = new RigidMotion2(pose2(0, [3, 0]), pose2(0, [-3, 0]));
 * const bodies = new CurveMotion(disc(0.5, 16), disc(0.5, 16), still, thrown, { tolerance: 1e-6 });
 * const mu = bodies.speedBound();
 * const r = conservativeAdvance(bodies, mu, { tolerance: 1e-6 });
 * const out = impactResult2(bodies, r.status, r.toi, r.distance, r.iterations, mu, 1e-6);
 * console.log(out.status, out.toi.toFixed(4)); // contact 0.3333
 * ```
 */
export function impactResult2(
  bodies: CurveMotion,
  status: CcdStatusValue,
  toi: number,
  distance: number,
  iterations: number,
  mu: number,
  tolerance: number,
  out?: TimeOfImpact2Result,
): TimeOfImpact2Result {
  // A gap from the hulls alone gets its witness now.
  const gap = bodies.settle(distance);
  const pair = bodies.witness;
  // Both points through A's pose at toi (as transformPoint2, bit for bit, one cosine and sine); the
  // record's normal, written below, holds the cosine and sine meanwhile.
  const q = bodies.poseA;
  const r = out ?? createImpactResult2();
  const cs = bodies.rotationA(r.normal);
  const c = cs[0];
  const s = cs[1];
  const tx = q.t[0];
  const ty = q.t[1];
  const pointA = r.pointA;
  const pointB = r.pointB;
  const ax = pair.pointA[0],
    ay = pair.pointA[1],
    bx = pair.pointB[0],
    by = pair.pointB[1];
  pointA[0] = c * ax - s * ay + tx;
  pointA[1] = s * ax + c * ay + ty;
  pointB[0] = c * bx - s * by + tx;
  pointB[1] = s * bx + c * by + ty;
  const dx = pointB[0] - pointA[0];
  const dy = pointB[1] - pointA[1];
  // Math.hypot (slow) only where the squares could underflow or overflow.
  const m = Math.abs(dx) + Math.abs(dy);
  const len = m > 1e-150 && m < 1e150 ? Math.sqrt(dx * dx + dy * dy) : Math.hypot(dx, dy);
  const normal = r.normal;
  if (len > 0) {
    normal[0] = dx / len;
    normal[1] = dy / len;
  } else {
    normal[0] = Number.NaN;
    normal[1] = Number.NaN;
  }
  const directional = bodies.directionalPairEvaluations;
  const evaluations = bodies.distancePairEvaluations + directional;
  writeCounts(
    r,
    status,
    toi,
    gap,
    iterations,
    evaluations,
    directional,
    bodies.convexEvaluations,
    mu,
    tolerance,
  );
  r.segmentA = pair.segmentA;
  r.segmentB = pair.segmentB;
  return r;
}
