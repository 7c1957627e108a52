/**
 * What the packages above `@firsttouch/convex` (mesh, ccd) build on and a user of the package does
 * not need: GJK's loop state, point sets over a caller's arrays, a point set the caller rewrites in
 * place. No compatibility promise beyond the workspace's own packages.
 *
 * @packageDocumentation
 */

export { mappedReach } from './affine/mapped-box.js';
export { OVERLAP_SHARE, runDistance } from './gjk/distance-loop.js';
export { ABSOLUTE_SLACK, GjkState } from './gjk/gjk-state.js';
export { Simplex } from './gjk/simplex.js';
export { adjacency } from './hull/hull-adjacency.js';
export { type PointCore, pointCore, vertexSet, vertexSet2 } from './hull/vertex-set.js';
export { doubles, plainCopy } from './plain.js';
export { type Placement2, PolygonPair, polygonCore } from './polygon/polygon-pair.js';
export { orient2dAt, orient3dAt } from './predicates.js';
export { diagonalOf, scaleExponent, timesPowerOfTwo, toleranceInPlay, toleranceOfDiagonal } from './scale.js';
export {
  inSharedMemory,
  type Packable,
  packArrays,
  type TypedArrays,
  typedArray,
} from './serialize/typed.js';
export { scaledShape } from './shapes/scaled.js';
export {
  CORE_POINTS,
  CORE_POINTS2,
  type CoreData,
  climbPolygon,
  climbSlack,
  coreSupport,
  farthest3,
  tableSupport,
} from './support.js';
export { assertAnswerWritable, describeBody, refuseFarApart, refuseUnwritable } from './validate.js';
