import { Curve } from '@firsttouch/mesh';
import { Pool } from '@firsttouch/mesh/internal';
import { type Pose2Like, RigidMotion2 } from '@firsttouch/pose';
import { CurveMotion } from './curve-motion.js';
import { curvePolygonPath2 } from './curve-polygon2.js';
import { type ImpactKind, type ImpactQuery, timeOfImpactUnlessSeparate, timeOfImpactWith } from './driver.js';
import {
  createImpactResult2,
  type ImpactRun,
  type Motion2,
  type TimeOfImpact2Result,
  type TimeOfImpactOptions,
  writeCounts,
} from './impact-record.js';
import type { ResolvedOptions } from './options.js';
import { polygonPath2 as polygonPath } from './polygon-query2.js';
import { SHAPE_QUERIES2, SHAPES2 } from './shape-kind2.js';
import type { Body2 } from './shape-motion2.js';
import { CcdStatus } from './status.js';

/**
 * The certified time of first contact of two bodies of the plane moving over a step (curves, 2-D
 * convex shapes of `@firsttouch/convex`, mesh's 2-D compounds of them, in any mix): the 2-D twin of
 * {@link timeOfImpact}, with the same guarantee, statuses and options. Two shapes of which neither
 * turns are answered by the GJK ray cast; a shape's segment index in the result is 0, a compound's
 * the index of its part that holds the witness.
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
  a: Body2,
  b: Body2,
  motion: Motion2,
  options?: TimeOfImpactOptions,
  out?: TimeOfImpact2Result,
): TimeOfImpact2Result {
  // Two curves take the trees (and the hulls' path; two small convex rings the polygons' path, the
  // kind's `direct`); a 2-D shape on either side takes GJK.
  if (Curve.isCurve(a) && Curve.isCurve(b))
    // (the rings' path first, before the driver's set-up, as two shapes try theirs: it answers the
    // step at unit size, and the driver's `direct` takes it where a far step is taken there)
    return (
      curvePolygonPath2(a, b, motion, options, out) ??
      timeOfImpactWith(CURVES, CURVE_QUERIES, a, b, motion, options, out)
    );
  return (
    polygonPath(a, b, motion, options, out) ??
    timeOfImpactWith(SHAPES2, SHAPE_QUERIES2, a, b, motion, options, out)
  );
}

/**
 * {@link timeOfImpact2}, except that a query that ends `Separate` returns null and writes no record
 * (its witness is not built): see `timeOfImpactUnlessSeparate`. Two small turning convex polygons,
 * which take a path of their own, still write it (`out`, if given, then holds the Separate
 * answer). Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { separateOrImpact2 } from '@firsttouch/ccd/internal';
 * import { disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const run = (y: number) =>
 *   separateOrImpact2(disc(0.5, 16), disc(0.5, 16), { a: [pose2(), pose2()], b: [pose2(0, [3, y]), pose2(0, [-3, y])] });
 * console.log(run(0)?.status, run(2)); // contact null
 * ```
 */
export function separateOrImpact2(
  a: Body2,
  b: Body2,
  motion: Motion2,
  options?: TimeOfImpactOptions,
  out?: TimeOfImpact2Result,
): TimeOfImpact2Result | null {
  if (Curve.isCurve(a) && Curve.isCurve(b)) {
    const rings = curvePolygonPath2(a, b, motion, options, out);
    if (rings !== null) return rings.status === CcdStatus.Separate ? null : rings;
    return timeOfImpactUnlessSeparate(CURVES, CURVE_QUERIES, a, b, motion, options, out);
  }
  // the same answer as timeOfImpact2's, so the polygons' own path first (it writes its record)
  const polygons = polygonPath(a, b, motion, options, out);
  if (polygons !== null) return polygons.status === CcdStatus.Separate ? null : polygons;
  return timeOfImpactUnlessSeparate(SHAPES2, SHAPE_QUERIES2, a, b, motion, options, out);
}

/**
 * What the 2-D time of impact is made of beside the driver's common path: curves, `RigidMotion2`,
 * `CurveMotion`, {@link impactResult2}. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { CURVES } from '@firsttouch/ccd/internal';
 * import { disc } from '@firsttouch/mesh';
 * console.log(CURVES.where, CURVES.isBody(disc(1, 8))); // timeOfImpact2 true
 * ```
 */
export const CURVES: ImpactKind<Curve, Pose2Like, RigidMotion2, CurveMotion, TimeOfImpact2Result> =
  Object.freeze({
    where: 'timeOfImpact2',
    dim: 2,
    body: 'Curve',
    label: 'curve',
    motionShape: '{a: [Q0, Q1], b: [Q0, Q1]}',
    isBody: (value: unknown): value is Curve => Curve.isCurve(value),
    extent: (body: Curve) => body.extent(),
    isEmpty: (body: Curve) => body.segmentCount === 0,
    assertNotEmpty: (body: Curve, what: string) => body.assertNotEmpty(what),
    scaled: (body: Curve, e: number) => body.scaledByPowerOfTwo(e),
    motion: (p0: Pose2Like, p1: Pose2Like, name: string | readonly [string, string]) =>
      new RigidMotion2(p0, p1, name),
    setMotion: (m: RigidMotion2, p0: Pose2Like, p1: Pose2Like, name: string | readonly [string, string]) =>
      m.reset(p0, p1, name),
    evaluator: (a: Curve, b: Curve, ma: RigidMotion2, mb: RigidMotion2, options: ResolvedOptions) =>
      new CurveMotion(a, b, ma, mb, options),
    result: impactResult2,
    translation: (m: RigidMotion2, end: 0 | 1) => (end === 0 ? m.q0 : m.q1).t,
    placed: (m: RigidMotion2, end: 0 | 1, t: Float64Array) => ({ angle: (end === 0 ? m.q0 : m.q1).angle, t }),
    direct: curvePolygonPath2,
  });

/**
 * The queries {@link timeOfImpact2} and the broad phase borrow, cleared of their curves when given
 * back. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { CURVE_QUERIES, CURVES, ImpactQuery } from '@firsttouch/ccd/internal';
 * const query = CURVE_QUERIES.get() ?? new ImpactQuery(CURVES);
 * CURVE_QUERIES.release(query);
 * console.log(CURVE_QUERIES.get() === query); // true
 * ```
 */
export const CURVE_QUERIES = new Pool<
  ImpactQuery<Curve, Pose2Like, RigidMotion2, CurveMotion, TimeOfImpact2Result>
>(2, (query) => query.unbind());

/**
 * The result record from the evaluator's state at the returned toi and the run (the loop's answer
 * with the step's μ and tolerance): for a caller that runs the loop itself on a {@link CurveMotion}.
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
 * const out = impactResult2(bodies, { ...r, mu, tolerance: 1e-6 });
 * console.log(out.status, out.toi.toFixed(4)); // contact 0.3333
 * ```
 */
export function impactResult2(
  bodies: CurveMotion,
  run: ImpactRun,
  out?: TimeOfImpact2Result,
): TimeOfImpact2Result {
  // A gap from the hulls alone gets its witness now.
  const gap = bodies.settle(run.distance);
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
  writeCounts(r, run, gap, bodies);
  r.segmentA = pair.segmentA;
  r.segmentB = pair.segmentB;
  return r;
}
