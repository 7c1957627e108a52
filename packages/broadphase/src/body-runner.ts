import type { TimeOfImpactResult } from '@firsttouch/ccd';
import { SHAPE_QUERIES, SHAPES, SURFACE_QUERIES, SURFACES } from '@firsttouch/ccd/internal';
import type { Shape } from '@firsttouch/convex';
import { type Compound, Surface } from '@firsttouch/mesh';
import type { Pose3Like } from '@firsttouch/pose';
import { type PairWatch, pairRunner, withQuery } from './pair-runner.js';
import type { PairRunner } from './search.js';

/**
 * A body of the 3-D many-body calls: a surface, a convex shape or a compound.
 *
 * @example
 * ```ts
 * import type { ManyBody3 } from '@firsttouch/broadphase';
 * import { ball } from '@firsttouch/convex';
 * import { box } from '@firsttouch/mesh';
 * const bodies: ManyBody3[] = [box(1), ball(0.5)];
 * console.log(bodies.length); // 2
 * ```
 */
export type ManyBody3 = Surface | Shape<3> | Compound;

/**
 * The pair runs of the 3-D many-body calls over bodies of both kinds: two surfaces run on a query of
 * ccd's surface kind, a pair with a shape on one of the shape kind (as `timeOfImpact` dispatches),
 * each borrowed once for the whole call. With `speeds`, two surfaces' μ is taken from their distinct
 * vertices once a call; a pair with a shape takes its μ as `timeOfImpact` does.
 */
export function bodyRunner3<T>(
  bodies: readonly ManyBody3[],
  poses0: readonly Pose3Like[],
  poses1: readonly Pose3Like[],
  options: { readonly tolerance: number },
  speeds: boolean,
  watch: PairWatch,
  use: (runner: PairRunner<TimeOfImpactResult>) => T,
): T {
  return withQuery(SURFACES, SURFACE_QUERIES, options, (surfaces) =>
    withQuery(SHAPES, SHAPE_QUERIES, options, (shapes) => {
      const bySurfaces = pairRunner(
        SURFACES,
        surfaces,
        bodies as readonly Surface[],
        poses0,
        poses1,
        speeds ? (s: Surface) => s.distinctVertices() : undefined,
        watch,
      );
      // A pair with a shape takes its μ as timeOfImpact does (the shape's reach).
      const byShapes = pairRunner(SHAPES, shapes, bodies, poses0, poses1, undefined, watch);
      return use((i, j, horizon) =>
        Surface.isSurface(bodies[i]) && Surface.isSurface(bodies[j])
          ? bySurfaces(i, j, horizon)
          : byShapes(i, j, horizon),
      );
    }),
  );
}
