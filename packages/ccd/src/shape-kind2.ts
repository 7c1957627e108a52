import { isShape2 } from '@firsttouch/convex';
import { diagonalOf, scaledShape } from '@firsttouch/convex/internal';
import { Compound2, Curve, compound2 } from '@firsttouch/mesh';
import { Pool } from '@firsttouch/mesh/internal';
import { type Pose2Like, RigidMotion2 } from '@firsttouch/pose';
import type { Extent, ImpactKind, ImpactQuery } from './driver.js';
import {
  createImpactResult2,
  type ImpactRun,
  type TimeOfImpact2Result,
  writeCounts,
} from './impact-record.js';
import type { ResolvedOptions } from './options.js';
import { polygonPath2 } from './polygon-query2.js';
import { type Body2, ShapeMotion2 } from './shape-motion2.js';

/**
 * The 2-D time of impact when a 2-D convex shape or a compound is involved (two shapes, a shape and a
 * curve, a compound and any body):
 * {@link ShapeMotion2} and {@link shapeImpactResult2}. Two curves take `CURVES`. Not exported by the
 * package's main entry.
 *
 * @example
 * ```ts
 * import { ball2 } from '@firsttouch/convex';
 * import { SHAPES2 } from '@firsttouch/ccd/internal';
 * import { disc } from '@firsttouch/mesh';
 * console.log(SHAPES2.isBody(ball2(1)), SHAPES2.isBody(disc(1, 8)), SHAPES2.isBody({})); // true true false
 * ```
 */
export const SHAPES2: ImpactKind<Body2, Pose2Like, RigidMotion2, ShapeMotion2, TimeOfImpact2Result> =
  Object.freeze({
    where: 'timeOfImpact2',
    dim: 2,
    body: 'Curve, a 2-D shape or a compound2',
    label: 'curve',
    motionShape: '{a: [Q0, Q1], b: [Q0, Q1]}',
    isBody: (value: unknown): value is Body2 =>
      Curve.isCurve(value) || isShape2(value) || Compound2.isCompound2(value),
    extent: (body: Body2, out?: Extent) =>
      Curve.isCurve(body) || Compound2.isCompound2(body) ? body.extent() : shapeExtent2(body, out),
    isEmpty: (body: Body2) => Curve.isCurve(body) && body.segmentCount === 0,
    assertNotEmpty: (body: Body2, what: string) => {
      if (Curve.isCurve(body)) body.assertNotEmpty(what);
    },
    scaled: scaledBody2,
    motion: (p0: Pose2Like, p1: Pose2Like, name: string | readonly [string, string]) =>
      new RigidMotion2(p0, p1, name),
    setMotion: (m: RigidMotion2, p0: Pose2Like, p1: Pose2Like, name: string | readonly [string, string]) =>
      m.reset(p0, p1, name),
    evaluator: (a: Body2, b: Body2, ma: RigidMotion2, mb: RigidMotion2, options: ResolvedOptions) =>
      new ShapeMotion2(a, b, ma, mb, options),
    result: shapeImpactResult2,
    translation: (m: RigidMotion2, end: 0 | 1) => (end === 0 ? m.q0 : m.q1).t,
    placed: (m: RigidMotion2, end: 0 | 1, t: Float64Array) => ({ angle: (end === 0 ? m.q0 : m.q1).angle, t }),
    direct: polygonPath2,
  });

/**
 * The queries `timeOfImpact2` borrows for steps with a shape. Not exported by the package's main
 * entry.
 *
 * @example
 * ```ts
 * import { ImpactQuery, SHAPE_QUERIES2, SHAPES2 } from '@firsttouch/ccd/internal';
 * const query = SHAPE_QUERIES2.get() ?? new ImpactQuery(SHAPES2);
 * SHAPE_QUERIES2.release(query);
 * console.log(SHAPE_QUERIES2.get() === query); // true
 * ```
 */
export const SHAPE_QUERIES2 = new Pool<
  ImpactQuery<Body2, Pose2Like, RigidMotion2, ShapeMotion2, TimeOfImpact2Result>
>(2, (query) => query.unbind());

/** A body scaled by 2^e, exactly: a compound part by part (bodies and the poses' translations). */
function scaledBody2(body: Body2, e: number): Body2 {
  if (Curve.isCurve(body)) return body.scaledByPowerOfTwo(e);
  if (!Compound2.isCompound2(body)) return scaledShape(body, e);
  const half = e >> 1;
  return compound2(
    body.parts.map((p) => ({
      body: scaledBody2(p.body, e) as Exclude<Body2, Compound2>,
      pose: { angle: p.pose.angle, t: Array.from(p.pose.t, (x) => x * 2 ** half * 2 ** (e - half)) },
    })),
  );
}

/** A 2-D shape's size as the driver reads a curve's. */
function shapeExtent2(
  shape: Exclude<Body2, Curve | Compound2>,
  out: Extent = { diagonal: 0, largestCoordinate: 0 },
): Extent {
  // bounds() read in place (it copies the box): the same numbers.
  const m = shape.margin;
  let largest = 0;
  for (let k = 0; k < 2; k++) {
    largest = Math.max(largest, Math.abs(shape.coreMin[k] - m), Math.abs(shape.coreMax[k] + m));
  }
  // Through a power of two where the squares overflow or underflow (a body far from unit size).
  out.diagonal = diagonalOf(
    shape.coreMax[0] + m - (shape.coreMin[0] - m),
    shape.coreMax[1] + m - (shape.coreMin[1] - m),
    0,
  );
  out.largestCoordinate = largest;
  return out;
}

/**
 * The result record of a {@link ShapeMotion2}'s run: the witness of toi in world coordinates; a
 * shape's segment index is 0 (one part, without segments).
 *
 * @example
 * ```ts
 * import { ball2 } from '@firsttouch/convex';
 * import { conservativeAdvance, ShapeMotion2, shapeImpactResult2 } from '@firsttouch/ccd';
 * import { rectangle } from '@firsttouch/mesh';
 * import { pose2, RigidMotion2 } from '@firsttouch/pose';
 * const still = new RigidMotion2(pose2(), pose2());
 * const thrown = new RigidMotion2(pose2(0, [3, 0]), pose2(1, [-3, 0]));
 * const bodies = new ShapeMotion2(rectangle(1, 1), ball2(0.5), still, thrown);
 * const mu = bodies.speedBound();
 * const r = conservativeAdvance(bodies, mu, { tolerance: 1e-6 });
 * const out = shapeImpactResult2(bodies, { ...r, mu, tolerance: 1e-6 });
 * console.log(out.status, out.toi.toFixed(4), out.segmentB); // contact 0.3333 0
 * ```
 */
export function shapeImpactResult2(
  bodies: ShapeMotion2,
  run: ImpactRun,
  out?: TimeOfImpact2Result,
): TimeOfImpact2Result {
  if (bodies.at !== run.toi) bodies.distance(run.toi);
  const r = out ?? createImpactResult2();
  const w = bodies.witness(r.pointA, r.pointB);
  const dx = r.pointB[0] - r.pointA[0];
  const dy = r.pointB[1] - r.pointA[1];
  const len = Math.hypot(dx, dy);
  r.normal[0] = len > 0 ? dx / len : Number.NaN;
  r.normal[1] = len > 0 ? dy / len : Number.NaN;
  writeCounts(r, run, w.distance, bodies);
  r.segmentA = w.segmentA;
  r.segmentB = w.segmentB;
  return r;
}
