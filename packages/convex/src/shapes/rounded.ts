import { Shape } from '../shape.js';
import { assertLength, assertShape } from '../validate.js';

/**
 * `shape` grown by a ball of `radius` (the Minkowski sum; seed 002's margin): corners and edges
 * become round, every distance to it shrinks by `radius`. GJK runs on the core and subtracts the
 * margin, so rounding costs nothing. Rounding a rounded shape adds the radii; `base` is the shape
 * before any rounding. Works on 2-D shapes too.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` when `shape` is not a shape; `NON_FINITE` or
 *   `INVALID_OPTION` for a radius that is not finite or ≤ 0.
 * @example
 * ```ts
 * import { cuboid, rounded } from '@firsttouch/convex';
 * const r = rounded(cuboid(1, 1, 1), 0.1);
 * console.log(r.kind, r.base?.kind, r.margin, r.bounds().max[0]); // rounded cuboid 0.1 1.1
 * ```
 */
export function rounded<D extends 2 | 3>(shape: Shape<D>, radius: number): Shape<D> {
  assertShape(shape, 'rounded', 'shape');
  assertLength(radius, 'rounded', 'radius');
  return roundedShape(shape.base ?? shape, radius, shape.margin + radius);
}

/**
 * The rounded shape of `base` (not itself rounded) whose latest rounding was by `radius`, of margin
 * `margin` (the base's and every rounding's radii added up): what {@link rounded} makes, and what
 * `deserialize` rebuilds from its data (which carries the margin, as the radii before the latest are
 * not kept). Arguments not checked. Not exported by the package.
 */
export function roundedShape<D extends 2 | 3>(shape: Shape<D>, radius: number, margin: number): Shape<D> {
  return Shape.create({
    kind: 'rounded',
    dim: shape.dim,
    params: { radius },
    base: shape,
    margin,
    core: shape.core,
    e0: shape.e0,
    e1: shape.e1,
    e2: shape.e2,
    points: shape.points,
    start: shape.start,
    neighbours: shape.neighbours,
    climb: shape.climb,
    table: shape.supportTable,
    facets: shape.facetIndices,
    sources: shape.sources,
    min: shape.coreMin,
    max: shape.coreMax,
    coreReach: shape.coreReach,
  });
}
