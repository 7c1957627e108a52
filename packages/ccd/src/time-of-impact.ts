import { Surface } from '@firsttouch/mesh';
import { Pool } from '@firsttouch/mesh/internal';
import { type Pose3Like, RigidMotion, transformPoint } from '@firsttouch/pose';
import { type ImpactKind, type ImpactQuery, timeOfImpactUnlessSeparate, timeOfImpactWith } from './driver.js';
import { holds } from './held-motion.js';
import {
  createImpactResult,
  type ImpactRun,
  type Motion3,
  type TimeOfImpactOptions,
  type TimeOfImpactResult,
  writeCounts,
} from './impact-record.js';
import type { ResolvedOptions } from './options.js';
import { SHAPE_QUERIES, SHAPES } from './shape-kind.js';
import type { Body3 } from './shape-motion.js';
import { SurfaceMotion } from './surface-motion.js';

/**
 * The certified time of first contact of two bodies moving over a step (surfaces, convex shapes of
 * `@firsttouch/convex`, or one of each), by conservative advancement: every step is bounded by the gap it starts from, so the gap stays ≥ tol/2 on
 * [0, toi] (no tunnelling, whatever the speed or thinness), and a contact is reported at the first
 * iterate with gap ≤ tol. See the package README for the guarantee and the statuses. Two shapes of
 * which neither turns are answered by the GJK ray cast, with the same guarantee; a shape's facet
 * index in the result is 0.
 *
 * @param out - a result record to write the answer into (its points and normal in place), and
 *   return: {@link createImpactResult} makes one, or pass an earlier answer. Without it a new record is
 *   returned.
 * @throws `FirstTouchError` `INVALID_POSE` for an invalid pose, `INVALID_OPTION` for a bad
 *   option or body, `EMPTY` for a surface without facets.
 * @example
 * ```ts
 * import { timeOfImpact } from '@firsttouch/ccd';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * // a pebble thrown through a thin plate: both end poses are clear of it, the contact is found
 * const plate = box([0.001, 1, 1]);
 * const pebble = box(0.04, 2);
 * const r = timeOfImpact(plate, pebble, {
 *   a: [identityPose(), identityPose()],
 *   b: [poseFromAxisAngle([0, 1, 0], 0, [-0.5, 0, 0]), poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.5, 0, 0])],
 * });
 * console.log(r.status, r.toi.toFixed(4), r.iterations); // contact 0.4712 5
 * ```
 */
export function timeOfImpact(
  a: Body3,
  b: Body3,
  motion: Motion3,
  options?: TimeOfImpactOptions,
  out?: TimeOfImpactResult,
): TimeOfImpactResult {
  // Two surfaces take the trees (and the hulls' path); a convex shape on either side takes GJK.
  if (Surface.isSurface(a) && Surface.isSurface(b))
    return timeOfImpactWith(SURFACES, SURFACE_QUERIES, a, b, motion, options, out);
  return timeOfImpactWith(SHAPES, SHAPE_QUERIES, a, b, motion, options, out);
}

/**
 * {@link timeOfImpact}, except that a query that ends `Separate` returns null and writes no record
 * (its witness is not built): see `timeOfImpactUnlessSeparate`. Not exported by the package's main
 * entry.
 *
 * @example
 * ```ts
 * import { separateOrImpact } from '@firsttouch/ccd/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number, y = 0) => poseFromAxisAngle([0, 0, 1], 0, [x, y, 0]);
 * const run = (y: number) => separateOrImpact(box(1), box(1), { a: [at(0), at(0)], b: [at(3, y), at(-3, y)] });
 * console.log(run(0)?.toi.toFixed(4), run(5)); // 0.3333 null
 * ```
 */
export function separateOrImpact(
  a: Body3,
  b: Body3,
  motion: Motion3,
  options?: TimeOfImpactOptions,
  out?: TimeOfImpactResult,
): TimeOfImpactResult | null {
  if (Surface.isSurface(a) && Surface.isSurface(b))
    return timeOfImpactUnlessSeparate(SURFACES, SURFACE_QUERIES, a, b, motion, options, out);
  return timeOfImpactUnlessSeparate(SHAPES, SHAPE_QUERIES, a, b, motion, options, out);
}

/**
 * What the 3-D time of impact is made of beside the driver's common path: surfaces, `RigidMotion`,
 * `SurfaceMotion`, {@link impactResult}. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { SURFACES } from '@firsttouch/ccd/internal';
 * import { box } from '@firsttouch/mesh';
 * console.log(SURFACES.where, SURFACES.isBody(box(1))); // timeOfImpact true
 * ```
 */
export const SURFACES: ImpactKind<Surface, Pose3Like, RigidMotion, SurfaceMotion, TimeOfImpactResult> =
  Object.freeze({
    where: 'timeOfImpact',
    dim: 3,
    body: 'Surface',
    label: 'body',
    motionShape: '{a: [P0, P1], b: [P0, P1]}',
    isBody: (value: unknown): value is Surface => Surface.isSurface(value),
    extent: (body: Surface) => body.extent(),
    isEmpty: (body: Surface) => body.facetCount === 0,
    assertNotEmpty: (body: Surface, what: string) => body.assertNotEmpty(what),
    scaled: (body: Surface, e: number) => body.scaledByPowerOfTwo(e),
    motion: (p0: Pose3Like, p1: Pose3Like, name: string | readonly [string, string]) =>
      new RigidMotion(p0, p1, name),
    // A body at rest across queries (the usual A) keeps its motion: the same numbers would give it
    // the same state.
    setMotion: (m: RigidMotion, p0: Pose3Like, p1: Pose3Like, name: string | readonly [string, string]) => {
      if (!holds(m, p0, p1)) m.reset(p0, p1, name);
    },
    evaluator: (a: Surface, b: Surface, ma: RigidMotion, mb: RigidMotion, options: ResolvedOptions) =>
      new SurfaceMotion(a, b, ma, mb, options),
    result: impactResult,
    translation: (m: RigidMotion, end: 0 | 1) => (end === 0 ? m.p0 : m.p1).t,
    placed: (m: RigidMotion, end: 0 | 1, t: Float64Array) => ({ R: (end === 0 ? m.p0 : m.p1).R, t }),
  });

/**
 * The queries {@link timeOfImpact} and the broad phase borrow (each keeps its evaluator and
 * scratch), cleared of their bodies when given back. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { ImpactQuery, SURFACE_QUERIES, SURFACES } from '@firsttouch/ccd/internal';
 * const query = SURFACE_QUERIES.get() ?? new ImpactQuery(SURFACES);
 * SURFACE_QUERIES.release(query);
 * console.log(SURFACE_QUERIES.get() === query); // true
 * ```
 */
export const SURFACE_QUERIES = new Pool<
  ImpactQuery<Surface, Pose3Like, RigidMotion, SurfaceMotion, TimeOfImpactResult>
>(2, (query) => query.unbind());

/**
 * The result record, from the evaluator's state at the returned toi (its last evaluation) and the
 * run (the loop's answer with the step's μ and tolerance): for a caller that runs the loop itself on
 * a {@link SurfaceMotion}.
 *
 * @param out - the record to write into (a new one, from {@link createImpactResult}, without it).
 * @example
 * ```ts
 * import { conservativeAdvance, impactResult, SurfaceMotion } from '@firsttouch/ccd';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
 * const still = new RigidMotion(identityPose(), identityPose());
 * const thrown = new RigidMotion(poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [-3, 0, 0]));
 * const bodies = new SurfaceMotion(box(1), box(1), still, thrown, { tolerance: 1e-6 });
 * const mu = bodies.speedBound();
 * const r = conservativeAdvance(bodies, mu, { tolerance: 1e-6 });
 * const out = impactResult(bodies, { ...r, mu, tolerance: 1e-6 });
 * console.log(out.status, out.toi.toFixed(4)); // contact 0.3333
 * ```
 */
export function impactResult(
  bodies: SurfaceMotion,
  run: ImpactRun,
  out?: TimeOfImpactResult,
): TimeOfImpactResult {
  // A gap from the hulls alone gets its witness now.
  const gap = bodies.settle(run.distance);
  const pair = bodies.pair;
  const r = out ?? createImpactResult();
  const pointA = transformPoint(bodies.poseA, pair.pointA, r.pointA);
  const pointB = transformPoint(bodies.poseA, pair.pointB, r.pointB);
  const normal = r.normal;
  const dx = pointB[0] - pointA[0],
    dy = pointB[1] - pointA[1],
    dz = pointB[2] - pointA[2];
  const len = Math.hypot(dx, dy, dz);
  if (len > 0) {
    normal[0] = dx / len;
    normal[1] = dy / len;
    normal[2] = dz / len;
  } else {
    // facet A's normal, its corners read in place (a copy of the facet and an array for the normal
    // were garbage at every exact contact: a world of resting bodies makes many)
    const a = pair.a;
    const fa = pair.facetA;
    // (an index out of range: the error `facet` gives)
    if (!(fa >= 0 && fa < a.facetCount)) a.facet(fa);
    const P = a.positions;
    const I = a.indices;
    const o0 = 3 * I[3 * fa],
      o1 = 3 * I[3 * fa + 1],
      o2 = 3 * I[3 * fa + 2];
    const ux = P[o1] - P[o0],
      uy = P[o1 + 1] - P[o0 + 1],
      uz = P[o1 + 2] - P[o0 + 2];
    const vx = P[o2] - P[o0],
      vy = P[o2 + 1] - P[o0 + 1],
      vz = P[o2 + 2] - P[o0 + 2];
    const n0 = uy * vz - uz * vy,
      n1 = uz * vx - ux * vz,
      n2 = ux * vy - uy * vx;
    const m = Math.hypot(n0, n1, n2);
    const R = bodies.poseA.R;
    for (let i = 0; i < 3; i++)
      normal[i] = m > 0 ? (R[3 * i] * n0 + R[3 * i + 1] * n1 + R[3 * i + 2] * n2) / m : Number.NaN;
  }
  writeCounts(r, run, gap, bodies);
  r.facetA = pair.facetA;
  r.facetB = pair.facetB;
  return r;
}
