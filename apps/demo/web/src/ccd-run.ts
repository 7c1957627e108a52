// The query the page shows, and the iterates of its advancement. The result is the library's own
// `timeOfImpact`; the iterates come from replaying the same loop (`conservativeAdvance`, same μ,
// same tolerance, default options) over a `SurfaceMotion` set as timeOfImpact sets it, wrapped to
// record every gap it is asked for. The replay must end where the query did: `consistent` says that
// it did.
import {
  conservativeAdvance,
  type DistanceEvaluator,
  type Motion3,
  ShapeMotion,
  SurfaceMotion,
  type TimeOfImpactResult,
  timeOfImpact,
} from '@firsttouch/ccd';
import type { Shape } from '@firsttouch/convex';
import { Surface } from '@firsttouch/mesh';
import { RigidMotion } from '@firsttouch/pose';

/** One iterate s_k of the advancement and the gap d_k there. */
export interface Iterate {
  s: number;
  gap: number;
}

export interface CcdRun {
  result: TimeOfImpactResult;
  /** s_0 = 0, s_1, …: every instant the loop evaluated, in order. */
  iterates: Iterate[];
  /** Steps of the replay for which the directional (C2A) bound was asked. */
  directionalSteps: number;
  /** The replay ended at the query's toi, status and iteration count. */
  consistent: boolean;
}

export function runCcd(a: Surface | Shape<3>, b: Surface | Shape<3>, motion: Motion3): CcdRun {
  if (!Surface.isSurface(a) || !Surface.isSurface(b)) return runShapes(a, b, motion);
  const result = timeOfImpact(a, b, motion);
  const bodies = new SurfaceMotion(
    a,
    b,
    new RigidMotion(motion.a[0], motion.a[1], 'motion.a'),
    new RigidMotion(motion.b[0], motion.b[1], 'motion.b'),
    // With the tolerance, it steps as timeOfImpact does by default (the convex path, and the steps
    // from a lower bound of the gap where the hull search answers).
    { tolerance: result.tolerance },
  );
  const iterates: Iterate[] = [];
  const recorder: DistanceEvaluator = {
    distance(s) {
      const gap = bodies.distance(s);
      iterates.push({ s, gap });
      return gap;
    },
    // Delegated as is, so that 'auto' switches to the directional bound exactly when the query did.
    directionalStep: (s, gap, tolerance, floor, limit) =>
      bodies.directionalStep(s, gap, tolerance, floor, limit),
  };
  const replay = conservativeAdvance(recorder, result.mu, { tolerance: result.tolerance });
  const consistent =
    replay.toi === result.toi && replay.status === result.status && replay.iterations === result.iterations;
  return { result, iterates, directionalSteps: replay.directionalSteps, consistent };
}

/**
 * A pair with an exact shape: the query, and the iterates of the same loop over a `ShapeMotion`,
 * its directional step delegated as is (two turning shapes take it at every step, as the query
 * does). Where neither body turns, timeOfImpact answers two shapes by the GJK ray cast instead of
 * the loop: the replay then differs, and `consistent` says so.
 */
function runShapes(a: Surface | Shape<3>, b: Surface | Shape<3>, motion: Motion3): CcdRun {
  const result = timeOfImpact(a, b, motion);
  const bodies = new ShapeMotion(
    a,
    b,
    new RigidMotion(motion.a[0], motion.a[1], 'motion.a'),
    new RigidMotion(motion.b[0], motion.b[1], 'motion.b'),
  );
  const iterates: Iterate[] = [];
  const recorder: DistanceEvaluator = {
    distance(s) {
      const gap = bodies.distance(s);
      iterates.push({ s, gap });
      return gap;
    },
    directionalStep: (s, gap, tolerance, floor, limit) =>
      bodies.directionalStep(s, gap, tolerance, floor, limit),
    directionalEveryStep: bodies.directionalEveryStep,
  };
  const replay = conservativeAdvance(recorder, result.mu, { tolerance: result.tolerance });
  const consistent =
    replay.toi === result.toi && replay.status === result.status && replay.iterations === result.iterations;
  return { result, iterates, directionalSteps: replay.directionalSteps, consistent };
}
