import type { TimeOfImpact2Result } from '@firsttouch/ccd';
import { CURVE_QUERIES, CURVES, SHAPE_QUERIES2, SHAPES2 } from '@firsttouch/ccd/internal';
import type { Shape } from '@firsttouch/convex';
import { type Compound2, Curve } from '@firsttouch/mesh';
import type { Pose2Like } from '@firsttouch/pose';
import { type PairWatch, pairRunner, withQuery } from './pair-runner.js';
import type { PairRunner } from './search.js';

/**
 * A body of the 2-D many-body calls: a curve, a 2-D convex shape or a 2-D compound (mesh's
 * `compound2`).
 *
 * @example
 * ```ts
 * import type { ManyBody2 } from '@firsttouch/broadphase';
 * import { ball2 } from '@firsttouch/convex';
 * import { rectangle } from '@firsttouch/mesh';
 * const bodies: ManyBody2[] = [rectangle(1, 1), ball2(0.5)];
 * console.log(bodies.length); // 2
 * ```
 */
export type ManyBody2 = Curve | Shape<2> | Compound2;

/**
 * The pair runs of the 2-D many-body calls over bodies of both kinds: two curves run on a query of
 * ccd's curve kind (as before shapes came, bit for bit), a pair with a shape or a compound on one of
 * the 2-D shape kind (as `timeOfImpact2` dispatches), each borrowed once for the whole call.
 */
export function bodyRunner2<T>(
  bodies: readonly ManyBody2[],
  poses0: readonly Pose2Like[],
  poses1: readonly Pose2Like[],
  options: { readonly tolerance: number },
  watch: PairWatch,
  use: (runner: PairRunner<TimeOfImpact2Result>) => T,
): T {
  return withQuery(CURVES, CURVE_QUERIES, options, (curves) =>
    withQuery(SHAPES2, SHAPE_QUERIES2, options, (shapes) => {
      const byCurves = pairRunner(
        CURVES,
        curves,
        bodies as readonly Curve[],
        poses0,
        poses1,
        undefined,
        watch,
      );
      const byShapes = pairRunner(SHAPES2, shapes, bodies, poses0, poses1, undefined, watch);
      return use((i, j, horizon) =>
        Curve.isCurve(bodies[i]) && Curve.isCurve(bodies[j])
          ? byCurves(i, j, horizon)
          : byShapes(i, j, horizon),
      );
    }),
  );
}
