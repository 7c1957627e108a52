import { isShape3 } from '@firsttouch/convex';
import { scaledShape } from '@firsttouch/convex/internal';
import { Compound, compound, Surface } from '@firsttouch/mesh';
import { Pool } from '@firsttouch/mesh/internal';
import { type Pose3Like, RigidMotion } from '@firsttouch/pose';
import type { Extent, ImpactKind, ImpactQuery } from './driver.js';
import { holds } from './held-motion.js';
import { createImpactResult, type ImpactRun, type TimeOfImpactResult, writeCounts } from './impact-record.js';
import type { ResolvedOptions } from './options.js';
import { type Body3, ShapeMotion } from './shape-motion.js';

/**
 * The 3-D time of impact when a convex shape is involved (two shapes, or a shape and a surface):
 * bodies of either kind, `RigidMotion`, {@link ShapeMotion}, {@link shapeImpactResult}. Two surfaces
 * take `SURFACES`. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { ball } from '@firsttouch/convex';
 * import { SHAPES } from '@firsttouch/ccd/internal';
 * import { box } from '@firsttouch/mesh';
 * console.log(SHAPES.isBody(ball(1)), SHAPES.isBody(box(1)), SHAPES.isBody({})); // true true false
 * ```
 */
export const SHAPES: ImpactKind<Body3, Pose3Like, RigidMotion, ShapeMotion, TimeOfImpactResult> =
  Object.freeze({
    where: 'timeOfImpact',
    dim: 3,
    body: 'Surface, a 3-D shape or a compound',
    label: 'body',
    motionShape: '{a: [P0, P1], b: [P0, P1]}',
    isBody: (value: unknown): value is Body3 =>
      Surface.isSurface(value) || isShape3(value) || Compound.isCompound(value),
    extent: (body: Body3, out?: Extent) =>
      Surface.isSurface(body) || Compound.isCompound(body) ? body.extent() : shapeExtent(body, out),
    isEmpty: (body: Body3) => Surface.isSurface(body) && body.facetCount === 0,
    assertNotEmpty: (body: Body3, what: string) => {
      if (Surface.isSurface(body)) body.assertNotEmpty(what);
    },
    earlyRead: (a: Body3, b: Body3) => earlyNumbers(a) + earlyNumbers(b),
    scaled: scaledBody,
    motion: (p0: Pose3Like, p1: Pose3Like, name: string | readonly [string, string]) =>
      new RigidMotion(p0, p1, name),
    // A body at rest across queries (the usual A) keeps its motion, as with surfaces.
    setMotion: (m: RigidMotion, p0: Pose3Like, p1: Pose3Like, name: string | readonly [string, string]) => {
      if (!holds(m, p0, p1)) m.reset(p0, p1, name);
    },
    evaluator: (a: Body3, b: Body3, ma: RigidMotion, mb: RigidMotion, options: ResolvedOptions) =>
      new ShapeMotion(a, b, ma, mb, options),
    result: shapeImpactResult,
    translation: (m: RigidMotion, end: 0 | 1) => (end === 0 ? m.p0 : m.p1).t,
    placed: (m: RigidMotion, end: 0 | 1, t: Float64Array) => ({ R: (end === 0 ? m.p0 : m.p1).R, t }),
  });

/**
 * The queries `timeOfImpact` borrows for steps with a shape. Not exported by the package's main
 * entry.
 *
 * @example
 * ```ts
 * import { ImpactQuery, SHAPE_QUERIES, SHAPES } from '@firsttouch/ccd/internal';
 * const query = SHAPE_QUERIES.get() ?? new ImpactQuery(SHAPES);
 * SHAPE_QUERIES.release(query);
 * console.log(SHAPE_QUERIES.get() === query); // true
 * ```
 */
export const SHAPE_QUERIES = new Pool<
  ImpactQuery<Body3, Pose3Like, RigidMotion, ShapeMotion, TimeOfImpactResult>
>(2, (query) => query.unbind());

/** A point set's numbers read early: its first 64 (a hull of 10 points: every one). */
const EARLY = 64;

/**
 * A shape's reach and a number of each line of its first {@link EARLY} point coordinates, summed (0
 * for a surface or a compound): GJK's first support scans those points, the speed bound reads the
 * reach.
 */
function earlyNumbers(body: Body3): number {
  if (Surface.isSurface(body) || Compound.isCompound(body)) return 0;
  // (the plain copy GJK's scans read)
  const P = body.scan;
  const n = P.length < EARLY ? P.length : EARLY;
  let x = body.reach;
  for (let k = 0; k < n; k += 8) x += P[k];
  return n > 0 ? x + P[n - 1] : x;
}

/** A body scaled by 2^e, exactly: a compound part by part (bodies and the poses' translations). */
function scaledBody(body: Body3, e: number): Body3 {
  if (Surface.isSurface(body)) return body.scaledByPowerOfTwo(e);
  if (!Compound.isCompound(body)) return scaledShape(body, e);
  const half = e >> 1;
  return compound(
    body.parts.map((p) => ({
      body: scaledBody(p.body, e) as Surface | Exclude<Body3, Surface | Compound>,
      pose: { R: p.pose.R, t: p.pose.t.map((x) => x * 2 ** half * 2 ** (e - half)) },
    })),
  );
}

/**
 * A shape's size as the driver reads a surface's: its box's diagonal and largest |coordinate|, kept
 * by the shape (the numbers `bounds()` gives).
 */
function shapeExtent(
  shape: Exclude<Body3, Surface | Compound>,
  out: Extent = { diagonal: 0, largestCoordinate: 0 },
): Extent {
  out.diagonal = shape.boxDiagonal;
  out.largestCoordinate = shape.boxLargest;
  return out;
}

/**
 * The result record of a {@link ShapeMotion}'s run: the witness of its last evaluation (that of toi),
 * in world coordinates; a shape's facet index is 0 (a shape is one part, without facets).
 *
 * @example
 * ```ts
 * import { ball } from '@firsttouch/convex';
 * import { conservativeAdvance, ShapeMotion, shapeImpactResult } from '@firsttouch/ccd';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
 * const still = new RigidMotion(identityPose(), identityPose());
 * const thrown = new RigidMotion(poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 1, [-3, 0, 0]));
 * const bodies = new ShapeMotion(box(1), ball(0.5), still, thrown);
 * const mu = bodies.speedBound();
 * const r = conservativeAdvance(bodies, mu, { tolerance: 1e-6 });
 * const out = shapeImpactResult(bodies, { ...r, mu, tolerance: 1e-6 });
 * console.log(out.status, out.toi.toFixed(4), out.facetB); // contact 0.3333 0
 * ```
 */
export function shapeImpactResult(
  bodies: ShapeMotion,
  run: ImpactRun,
  out?: TimeOfImpactResult,
): TimeOfImpactResult {
  // The witness is that of toi: evaluate there when the loop's last evaluation was elsewhere.
  if (bodies.at !== run.toi) bodies.distance(run.toi);
  const r = out ?? createImpactResult();
  // The facets go straight into the record (its facetA and facetB), the gap comes back.
  const gap = bodies.witnessInto(r.pointA, r.pointB, r);
  const dx = r.pointB[0] - r.pointA[0],
    dy = r.pointB[1] - r.pointA[1],
    dz = r.pointB[2] - r.pointA[2];
  const len = Math.hypot(dx, dy, dz);
  r.normal[0] = len > 0 ? dx / len : Number.NaN;
  r.normal[1] = len > 0 ? dy / len : Number.NaN;
  r.normal[2] = len > 0 ? dz / len : Number.NaN;
  writeCounts(r, run, gap, bodies);
  return r;
}
