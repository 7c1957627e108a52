/**
 * Exact convex shapes (ball, cuboid, capsule, cylinder, cone, hulls of points, rounded shapes, and
 * their 2-D twins) as support mappings; GJK distance with a certified lower bound; the GJK ray cast
 * for translating pairs. Depends on `@firsttouch/pose`.
 *
 * @packageDocumentation
 */
export { AffinePair } from './affine/affine-pair.js';
export { LinearImage } from './affine/linear-image.js';
export { mappedBoxDiagonal } from './affine/mapped-box.js';
export type { Bounds } from './bounds.js';
export { CastStatus, type CastStatusValue } from './cast/cast-loop.js';
export {
  type CastMotion,
  type CastMotion2,
  type CastOptions,
  castShape,
  castShape2,
  type ShapeCastResult,
} from './cast/cast-shape.js';
export { GjkPair } from './gjk/gjk-pair.js';
export {
  type ShapeDistance2Options,
  type ShapeDistanceOptions,
  type ShapeDistanceResult,
  shapeDistance,
  shapeDistance2,
} from './gjk/shape-distance.js';
export { hull2 } from './hull/hull2.js';
export { CLIMB_FROM, convexHull, pointSet } from './hull/point-set.js';
export { convexPolygon, pointSet2, WALK_FROM } from './hull/polygon.js';
export { type Hull, quickhull } from './hull/quickhull.js';
export { orient2d, orient3d } from './predicates.js';
export {
  deserialize,
  SHAPE_DATA_VERSION,
  type ShapeData,
  type ShapeSerializeOptions,
  serialize,
} from './serialize/shape-data.js';
export { isShape2, isShape3, Shape, type ShapeKind } from './shape.js';
export { ball2, capsule2, cuboid2 } from './shapes/primitives2.js';
export { ball, capsule, cone, cuboid, cylinder } from './shapes/primitives3.js';
export { rounded } from './shapes/rounded.js';
