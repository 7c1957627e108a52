import { Shape } from '../shape.js';
import { CORE_BOX, CORE_POINT, CORE_SEGMENT } from '../support.js';
import { assertLength } from '../validate.js';

/**
 * A disc of `radius` about the origin, for `timeOfImpact2`: a point grown by `radius`.
 *
 * @throws `FirstTouchError` `NON_FINITE` or `INVALID_OPTION` for a radius that is not finite or ≤ 0.
 * @example
 * ```ts
 * import { ball2 } from '@firsttouch/convex';
 * console.log(ball2(0.5).dim, Array.from(ball2(0.5).bounds().min)); // 2 [-0.5, -0.5]
 * ```
 */
export function ball2(radius: number): Shape<2> {
  assertLength(radius, 'ball2', 'radius');
  return Shape.create({
    kind: 'ball2',
    dim: 2,
    params: { radius },
    base: null,
    margin: radius,
    core: CORE_POINT,
    min: [0, 0],
    max: [0, 0],
    coreReach: 0,
  });
}

/**
 * A rectangle of half extents `hx`, `hy` about the origin.
 *
 * @throws `FirstTouchError` `NON_FINITE` or `INVALID_OPTION` naming the half extent that is not finite or ≤ 0.
 * @example
 * ```ts
 * import { cuboid2 } from '@firsttouch/convex';
 * console.log(cuboid2(3, 4).reach); // 5
 * ```
 */
export function cuboid2(hx: number, hy: number): Shape<2> {
  assertLength(hx, 'cuboid2', 'hx');
  assertLength(hy, 'cuboid2', 'hy');
  return Shape.create({
    kind: 'cuboid2',
    dim: 2,
    params: { hx, hy },
    base: null,
    margin: 0,
    core: CORE_BOX,
    e0: hx,
    e1: hy,
    min: [-hx, -hy],
    max: [hx, hy],
    coreReach: Math.hypot(hx, hy),
  });
}

/**
 * A 2-D capsule along y: the segment from (0, −halfHeight) to (0, halfHeight) grown by `radius`.
 *
 * @throws `FirstTouchError` `NON_FINITE` or `INVALID_OPTION` naming the argument that is not finite or ≤ 0.
 * @example
 * ```ts
 * import { capsule2 } from '@firsttouch/convex';
 * console.log(capsule2(1, 0.5).reach, capsule2(1, 0.5).margin); // 1.5 0.5
 * ```
 */
export function capsule2(halfHeight: number, radius: number): Shape<2> {
  assertLength(halfHeight, 'capsule2', 'halfHeight');
  assertLength(radius, 'capsule2', 'radius');
  return Shape.create({
    kind: 'capsule2',
    dim: 2,
    params: { halfHeight, radius },
    base: null,
    margin: radius,
    core: CORE_SEGMENT,
    e0: halfHeight,
    min: [0, -halfHeight],
    max: [0, halfHeight],
    coreReach: halfHeight,
  });
}
