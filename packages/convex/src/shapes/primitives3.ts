import { Shape } from '../shape.js';
import { CORE_BOX, CORE_CONE, CORE_CYLINDER, CORE_POINT, CORE_SEGMENT } from '../support.js';
import { assertLength } from '../validate.js';

/**
 * A ball of `radius` about the origin: a point grown by a margin of `radius`.
 *
 * @throws `FirstTouchError` `NON_FINITE` or `INVALID_OPTION` for a radius that is not finite or ≤ 0.
 * @example
 * ```ts
 * import { ball } from '@firsttouch/convex';
 * const b = ball(0.5);
 * console.log(b.margin, b.reach, b.bounds().diagonal.toFixed(4)); // 0.5 0.5 1.7321
 * ```
 */
export function ball(radius: number): Shape<3> {
  assertLength(radius, 'ball', 'radius');
  return Shape.create({
    kind: 'ball',
    dim: 3,
    params: { radius },
    base: null,
    margin: radius,
    core: CORE_POINT,
    min: [0, 0, 0],
    max: [0, 0, 0],
    coreReach: 0,
  });
}

/**
 * A box of half extents `hx`, `hy`, `hz` about the origin (Rapier's `cuboid`).
 *
 * @throws `FirstTouchError` `NON_FINITE` or `INVALID_OPTION` naming the half extent that is not finite or ≤ 0.
 * @example
 * ```ts
 * import { cuboid } from '@firsttouch/convex';
 * console.log(cuboid(1, 2, 2).reach); // 3
 * ```
 */
export function cuboid(hx: number, hy: number, hz: number): Shape<3> {
  assertLength(hx, 'cuboid', 'hx');
  assertLength(hy, 'cuboid', 'hy');
  assertLength(hz, 'cuboid', 'hz');
  return Shape.create({
    kind: 'cuboid',
    dim: 3,
    params: { hx, hy, hz },
    base: null,
    margin: 0,
    core: CORE_BOX,
    e0: hx,
    e1: hy,
    e2: hz,
    min: [-hx, -hy, -hz],
    max: [hx, hy, hz],
    coreReach: length3(hx, hy, hz),
  });
}

/**
 * A capsule along y (Rapier's convention): the segment from (0, −halfHeight, 0) to
 * (0, halfHeight, 0) grown by `radius`.
 *
 * @throws `FirstTouchError` `NON_FINITE` or `INVALID_OPTION` naming the argument that is not finite or ≤ 0.
 * @example
 * ```ts
 * import { capsule } from '@firsttouch/convex';
 * console.log(Array.from(capsule(1, 0.5).bounds().max)); // [0.5, 1.5, 0.5]
 * ```
 */
export function capsule(halfHeight: number, radius: number): Shape<3> {
  assertLength(halfHeight, 'capsule', 'halfHeight');
  assertLength(radius, 'capsule', 'radius');
  return Shape.create({
    kind: 'capsule',
    dim: 3,
    params: { halfHeight, radius },
    base: null,
    margin: radius,
    core: CORE_SEGMENT,
    e0: halfHeight,
    min: [0, -halfHeight, 0],
    max: [0, halfHeight, 0],
    coreReach: halfHeight,
  });
}

/**
 * A solid cylinder along y (Rapier's convention): the disc of `radius` in the plane y = 0, swept from
 * y = −halfHeight to y = halfHeight.
 *
 * @throws `FirstTouchError` `NON_FINITE` or `INVALID_OPTION` naming the argument that is not finite or ≤ 0.
 * @example
 * ```ts
 * import { cylinder } from '@firsttouch/convex';
 * const out = new Float64Array(3);
 * cylinder(1, 0.5).support(new Float64Array([3, 1, 4]), out);
 * console.log(Array.from(out)); // [0.3, 1, 0.4]
 * ```
 */
export function cylinder(halfHeight: number, radius: number): Shape<3> {
  assertLength(halfHeight, 'cylinder', 'halfHeight');
  assertLength(radius, 'cylinder', 'radius');
  return Shape.create({
    kind: 'cylinder',
    dim: 3,
    params: { halfHeight, radius },
    base: null,
    margin: 0,
    core: CORE_CYLINDER,
    e0: halfHeight,
    e1: radius,
    min: [-radius, -halfHeight, -radius],
    max: [radius, halfHeight, radius],
    coreReach: length3(radius, halfHeight, 0),
  });
}

/**
 * A solid cone along y (Rapier's convention): its base, a disc of `radius`, at y = −halfHeight, its
 * apex at (0, halfHeight, 0).
 *
 * @throws `FirstTouchError` `NON_FINITE` or `INVALID_OPTION` naming the argument that is not finite or ≤ 0.
 * @example
 * ```ts
 * import { cone } from '@firsttouch/convex';
 * const out = new Float64Array(3);
 * cone(1, 0.5).support(new Float64Array([0, 1, 0]), out);
 * console.log(Array.from(out), cone(1, 0.5).reach.toFixed(4)); // [0, 1, 0] 1.1180
 * ```
 */
export function cone(halfHeight: number, radius: number): Shape<3> {
  assertLength(halfHeight, 'cone', 'halfHeight');
  assertLength(radius, 'cone', 'radius');
  return Shape.create({
    kind: 'cone',
    dim: 3,
    params: { halfHeight, radius },
    base: null,
    margin: 0,
    core: CORE_CONE,
    e0: halfHeight,
    e1: radius,
    min: [-radius, -halfHeight, -radius],
    max: [radius, halfHeight, radius],
    // The base's rim is the farthest (√(h² + r²) ≥ h, the apex).
    coreReach: length3(radius, halfHeight, 0),
  });
}

/** |(x, y, z)| for the sizes of shapes (scaled: no overflow for any finite sizes). */
export function length3(x: number, y: number, z: number): number {
  return Math.hypot(x, y, z);
}
